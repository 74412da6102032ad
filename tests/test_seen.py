"""The same finding is advised once per session; a compaction re-arms it."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from caveat import hook
from caveat import seen
from caveat.event import Finding
from tests.helpers import LAUNCHER


def payload(project, session, packages, event="PreToolUse", source=""):
    deps = ", ".join(f'"{p}": "1.0.0"' for p in packages)
    data = {
        "session_id": session,
        "cwd": str(project),
        "hook_event_name": event,
        "tool_name": "Write",
        "tool_input": {
            "file_path": str(project / "package.json"),
            "content": f'{{"dependencies": {{{deps}}}}}',
        },
    }
    if source:
        data = {
            "session_id": session,
            "cwd": str(project),
            "hook_event_name": event,
            "source": source,
        }
    return json.dumps(data).encode()


def test_once_per_session_new_finding_speaks_compaction_rearms(project):
    env = dict(os.environ)
    first = hook.dispatch([], payload(project, "s1", ["a"]), env)
    assert first.output
    again = hook.dispatch([], payload(project, "s1", ["a"]), env)
    assert again.output == ""
    assert again.reason == "everything found was already advised in this session"
    other = hook.dispatch([], payload(project, "s2", ["a"]), env)
    assert other.output  # another session has not seen it
    more = hook.dispatch([], payload(project, "s1", ["a", "b"]), env)
    assert "b 1.0.0" in more.output  # a different finding in the same file
    hook.dispatch([], payload(project, "s1", [], "SessionStart", "compact"), env)
    assert hook.dispatch([], payload(project, "s1", ["a"]), env).output


def test_dropped_output_is_not_recorded(project):
    env = dict(os.environ)
    data = payload(project, "g1", ["a"], event="BeforeTool")
    dropped = hook.dispatch(["--contract", "gemini"], data, env)
    assert dropped.findings and dropped.output == ""
    after = payload(project, "g1", ["a"], event="AfterTool")
    assert hook.dispatch(["--contract", "gemini"], after, env).output


def test_advice_survives_a_record_that_cannot_be_written(project, monkeypatch, capfd):
    def broken(*args):
        raise UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates not allowed")

    monkeypatch.setattr(seen, "record", broken)
    outcome = hook.dispatch([], payload(project, "r1", ["a"]), dict(os.environ))
    assert "additionalContext" in outcome.output
    assert "could not record the advice given" in capfd.readouterr().err


def test_denials_are_never_filtered(tmp_path):
    env = {**os.environ, "CAVEAT_STATE_DIR": str(tmp_path / "state")}
    deny = Finding("askuser", "m", {"path": "p"}, key="k", deny=True)
    seen.record(env, "s", [deny])
    assert seen.unseen(env, "s", [deny]) == [deny]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("abc-123_x.y", "abc-123_x.y"),
        ("", None),
        ("../../etc/passwd", None),
        (".hidden", None),
        ("a" * 129, None),
        ("sp ace", None),
        ("ünï", None),
    ],
)
def test_session_keys_are_safe_file_names(raw, expected):
    key = seen.session_key(raw)
    if expected is not None:
        assert key == expected
    else:
        assert key.startswith("session-") and set(key) <= seen._ALLOWED and "/" not in key


def test_unreadable_record_advises_again(project, tmp_path):
    env = {**os.environ, "CAVEAT_STATE_DIR": str(tmp_path / "state")}
    assert hook.dispatch([], payload(project, "c1", ["a"]), env).output
    record = tmp_path / "state" / seen.FOLDER / "c1.json"
    record.write_bytes(b"\x00garbage{")
    assert hook.dispatch([], payload(project, "c1", ["a"]), env).output


def test_fifty_concurrent_hooks_lose_no_record(project, tmp_path):
    env = {**os.environ, "CAVEAT_STATE_DIR": str(tmp_path / "state")}
    procs = [
        subprocess.Popen(
            [sys.executable, "-I", LAUNCHER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        for _ in range(50)
    ]
    for i, proc in enumerate(procs):  # all fed before any is waited for: they race
        assert proc.stdin is not None
        proc.stdin.write(payload(project, "many", [f"pkg{i}"]))
        proc.stdin.close()
    for proc in procs:
        assert proc.wait(timeout=120) == 0
        assert proc.stdout is not None and proc.stderr is not None
        assert json.loads(proc.stdout.read())["hookSpecificOutput"]["additionalContext"]
        proc.stdout.close()
        proc.stderr.close()
    record = json.loads((tmp_path / "state" / seen.FOLDER / "many.json").read_text())
    assert len(record["keys"]) == 50
