"""The error detectors recognise what each client printed when a registered hook
failed (lines captured from the pinned CLIs with a hook that exits 1 after printing
non-JSON), and let a clean run through. No CLI runs here.

Codex CLI 0.169.0 has no such line: a hook that exits 1, prints non-JSON, or prints
JSON its schema rejects leaves no trace in ``exec --json`` output, on stderr or in
its logs; only the advisory's arrival (or absence) shows whether the hook worked.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import pytest
from clients import CLIENTS
from verdict import Case
from verdict import client_errors

pytestmark = pytest.mark.e2e

HOOK = '"/venv/bin/python" -I "/x/_launch.py" --contract qwen SessionStart sessionstart'
CLAUDE_FAILED = {
    "attachment": {
        "type": "hook_non_blocking_error",
        "hookName": "SessionStart:startup",
        "hookEvent": "SessionStart",
        "stderr": "Failed with non-blocking status code: boom",
        "stdout": "this is not json {\n",
        "exitCode": 1,
    }
}
CLAUDE_OK = {"attachment": {"type": "hook_additional_context", "hookEvent": "SessionStart"}}
GEMINI_FAILED = (
    "Hook system message: Warning: this is not json {\n"
    "Hook execution for AfterTool: 0 succeeded, 1 failed (caveat), total duration: 110ms\n"
    "Hook(s) [caveat] failed for event AfterTool. Press F12 to see the debug drawer.\n"
)
GEMINI_OK = (
    "YOLO mode is enabled. All tool calls will be automatically approved.\n"
    "WARNING: The following project-level hooks have been detected in this workspace:\n"
    "These hooks will be executed. If you did not configure these hooks or do not trust\n"
    "Error executing tool write_file: Tool execution denied by policy. Modifying build "
    "configuration files requires explicit user confirmation\n"
)
QWEN_FAILED = (
    f"2026-11-30T03:59:50.883Z [DEBUG] [TRUSTED_HOOKS] Hook {HOOK} ended for event "
    "SessionStart: failed\n"
)
QWEN_OK = (
    f"2026-11-30T04:00:13.034Z [DEBUG] [TRUSTED_HOOKS] Hook {HOOK} ended for event "
    "SessionStart: success\n"
    "2026-11-30T04:00:13.035Z [DEBUG] [TRUSTED_HOOKS] Hook execution for SessionStart: "
    "1 hooks executed successfully, total duration: 240ms\n"
)
CODEX_NOTICE = {
    "type": "item.completed",
    "item": {
        "id": "item_0",
        "type": "error",
        "message": "`--dangerously-bypass-hook-trust` is enabled. Enabled hooks may run "
        "without review for this invocation.",
    },
}


def _case(tmp_path: Path, harness: str, stdout: str = "", stderr: str = "") -> Case:
    result = {"returncode": 0, "timed_out": False, "home": str(tmp_path)}
    return Case(str(tmp_path), {"harness": harness, **result}, [], stdout, stderr, {})


def _claude(tmp_path: Path, attachment: Mapping[str, object]) -> Case:
    folder = tmp_path / ".claude" / "projects" / "p"
    folder.mkdir(parents=True)
    (folder / "session.jsonl").write_text(json.dumps(attachment) + "\n")
    stdout = json.dumps({"type": "result", "subtype": "success", "is_error": False})
    return _case(tmp_path, "claude", stdout)


def _qwen(tmp_path: Path, log: str) -> Case:
    folder = tmp_path / ".qwen" / "debug"
    folder.mkdir(parents=True)
    (folder / "session.txt").write_text(log)
    stdout = json.dumps([{"type": "result", "subtype": "success", "is_error": False}])
    return _case(tmp_path, "qwen", stdout)


def test_claude_transcript_error(tmp_path: Path) -> None:
    assert client_errors(CLIENTS["claude"], _claude(tmp_path, CLAUDE_FAILED))
    assert client_errors(CLIENTS["claude"], _claude(tmp_path / "ok", CLAUDE_OK)) == []


def test_gemini_stderr(tmp_path: Path) -> None:
    stdout = json.dumps({"response": "done"})
    failed = _case(tmp_path, "gemini", stdout, GEMINI_FAILED)
    assert len(client_errors(CLIENTS["gemini"], failed)) >= 3
    assert client_errors(CLIENTS["gemini"], _case(tmp_path, "gemini", stdout, GEMINI_OK)) == []


def test_qwen_debug_log(tmp_path: Path) -> None:
    assert client_errors(CLIENTS["qwen"], _qwen(tmp_path, QWEN_FAILED))
    assert client_errors(CLIENTS["qwen"], _qwen(tmp_path / "ok", QWEN_OK)) == []


@pytest.mark.parametrize(
    ("line", "flagged"),
    [
        (CODEX_NOTICE, False),
        ({"type": "item.completed", "item": {"type": "error", "message": "bad hooks"}}, True),
        ({"type": "turn.failed", "error": {"message": "stream closed"}}, True),
    ],
)
def test_codex_events(tmp_path: Path, line: Mapping[str, object], flagged: bool) -> None:
    case = _case(tmp_path, "codex", json.dumps(line) + "\n")
    assert bool(client_errors(CLIENTS["codex"], case)) is flagged


def test_exit_status(tmp_path: Path) -> None:
    case = _case(tmp_path, "codex")
    failed = Case(case.folder, {**case.result, "returncode": 41}, [], "", "", {})
    assert client_errors(CLIENTS["codex"], failed)
