from __future__ import annotations

import json
import os

import pytest

from caveat import dispatch
from caveat.event import FRAGMENT
from caveat.event import WHOLE
from caveat.event import Event
from caveat.event import FileEdit
from caveat.harnesses import gemini
from tests.harnesses.contract_helpers import NEW_PACKAGE
from tests.harnesses.contract_helpers import normalized
from tests.harnesses.contract_helpers import package_repo

# Payloads as Gemini CLI 0.61.0 sent them (reference/delivery-matrix.md), <tmp> = /tmp/e2e.
PROJECT = "/tmp/e2e/project"
BASE = {
    "session_id": "61a59254-72bf-46d6-9abb-bfc139de8e65",
    "transcript_path": "/tmp/e2e/home/.gemini/tmp/project/chats/session-61a59254.jsonl",
    "cwd": PROJECT,
    "timestamp": "2026-11-30T00:17:07.453Z",
}
NOTES = {"file_path": f"{PROJECT}/notes.md", "content": "# Notes\n\nhello\n"}
SHELL = {"command": "echo shell-ran > shell_marker.txt", "description": "Run the command"}
REPLACE = {
    "file_path": f"{PROJECT}/src/app.py",
    "instruction": "disable debug",
    "old_string": "DEBUG = True",
    "new_string": "DEBUG = False",
    "allow_multiple": False,
}


def payload(event, tool=None, tool_input=None, **extra):
    data = {**BASE, "hook_event_name": event, **extra}
    if tool is not None:
        data["tool_name"] = tool
        data["tool_input"] = tool_input
    return data


AFTER_WRITE = payload(
    "AfterTool", "write_file", NOTES, tool_response={"llmContent": "ok", "returnDisplay": {}}
)
AFTER_SHELL = payload(
    "AfterTool",
    "run_shell_command",
    SHELL,
    tool_response={"llmContent": "<untrusted_context>\nOutput: (empty)\n", "returnDisplay": ""},
)


@pytest.mark.parametrize(
    ("data", "name", "tool", "edits", "command"),
    [
        pytest.param(
            payload("BeforeTool", "write_file", NOTES),
            "PreToolUse",
            "Write",
            (FileEdit(f"{PROJECT}/notes.md", "# Notes\n\nhello\n", WHOLE),),
            "",
            id="beforetool-write_file",
        ),
        pytest.param(
            payload("BeforeTool", "run_shell_command", SHELL),
            "PreToolUse",
            "Bash",
            (),
            "echo shell-ran > shell_marker.txt",
            id="beforetool-run_shell_command",
        ),
        pytest.param(
            payload("BeforeTool", "replace", REPLACE),
            "PreToolUse",
            "Edit",
            (FileEdit(f"{PROJECT}/src/app.py", "DEBUG = False", FRAGMENT, "DEBUG = True"),),
            "",
            id="beforetool-replace",
        ),
        pytest.param(
            payload("BeforeTool", "replace", {**REPLACE, "file_path": "new.py", "old_string": ""}),
            "PreToolUse",
            "Edit",
            (FileEdit(f"{PROJECT}/new.py", "DEBUG = False", WHOLE),),
            "",
            id="replace-with-empty-old-string-creates-the-file",
        ),
        pytest.param(
            AFTER_WRITE,
            "PostToolUse",
            "Write",
            (FileEdit(f"{PROJECT}/notes.md", "# Notes\n\nhello\n", WHOLE),),
            "",
            id="aftertool-write_file",
        ),
        pytest.param(
            AFTER_SHELL,
            "PostToolUse",
            "Bash",
            (),
            "echo shell-ran > shell_marker.txt",
            id="aftertool-run_shell_command",
        ),
        pytest.param(
            payload("SessionStart", source="startup"), "SessionStart", "", (), "", id="sessionstart"
        ),
        pytest.param(
            payload("BeforeAgent", prompt="add axios"),
            "UserPromptSubmit",
            "",
            (),
            "",
            id="beforeagent",
        ),
        pytest.param(
            payload("AfterAgent", prompt="p", prompt_response="r", stop_hook_active=False),
            "Stop",
            "",
            (),
            "",
            id="afteragent",
        ),
        pytest.param(
            payload("PreCompress", trigger="auto"), "PreCompact", "", (), "", id="precompress"
        ),
        pytest.param(payload("SessionEnd", reason="exit"), "SessionEnd", "", (), "", id="end"),
        pytest.param(
            payload("Notification", notification_type="ToolPermission"),
            "Notification",
            "",
            (),
            "",
            id="notification",
        ),
        pytest.param(
            payload("BeforeTool", "read_file", {"file_path": f"{PROJECT}/notes.md"}),
            "PreToolUse",
            "read_file",
            (),
            "",
            id="unknown-tool-has-no-edits",
        ),
        pytest.param(
            payload("BeforeTool", "write_file", {"file_path": 7, "content": None}),
            "PreToolUse",
            "Write",
            (),
            "",
            id="wrong-types-are-absent",
        ),
        pytest.param(
            payload("BeforeTool", "replace", ["not", "an", "object"]),
            "PreToolUse",
            "Edit",
            (),
            "",
            id="tool-input-not-object",
        ),
        pytest.param(
            payload("BeforeTool", "run_shell_command", {"command": 12}),
            "PreToolUse",
            "Bash",
            (),
            "",
            id="command-not-string",
        ),
    ],
)
def test_normalize(data, name, tool, edits, command):
    event = gemini.normalize(data, "", {})
    assert event is not None
    assert (event.name, event.vendor_event) == (name, data["hook_event_name"])
    assert (event.tool, event.edits, event.command) == (tool, edits, command)
    assert event.cwd == PROJECT
    assert event.session_id == BASE["session_id"]
    assert event.transcript_path == BASE["transcript_path"]
    assert event.contract == "gemini"


def test_normalize_keeps_stop_hook_active_and_source():
    stop = normalized(gemini, payload("AfterAgent", stop_hook_active=True))
    assert stop.stop_hook_active is True
    assert normalized(gemini, payload("SessionStart", source="resume")).source == "resume"


def test_event_argument_wins():
    event = normalized(gemini, payload("BeforeTool", "write_file", NOTES), "AfterTool")
    assert (event.name, event.vendor_event) == ("PostToolUse", "AfterTool")
    assert gemini.normalize({"hook_event_name": 3}, "", {}) is None


TEXT = 'Advice with "quotes", \\ and ünïcode <b>\nline 2'


@pytest.mark.parametrize("vendor_event", ["AfterTool", "SessionStart", "BeforeAgent"])
def test_context_envelope(vendor_event, snapshot):
    event = normalized(gemini, payload(vendor_event))
    out = gemini.envelope(event, TEXT, False)
    assert out is not None
    assert json.loads(out) == {
        "hookSpecificOutput": {"hookEventName": vendor_event, "additionalContext": TEXT}
    }
    assert out == snapshot


@pytest.mark.parametrize(
    "vendor_event", ["BeforeTool", "AfterAgent", "PreCompress", "SessionEnd", "Notification"]
)
def test_no_context_where_gemini_drops_it(vendor_event):
    event = normalized(gemini, payload(vendor_event))
    assert gemini.envelope(event, "text", False) is None


def test_strict_deny_is_a_top_level_decision(snapshot):
    event = normalized(gemini, payload("BeforeTool", "write_file", NOTES))
    out = gemini.envelope(event, TEXT, True)
    assert out is not None
    assert json.loads(out) == {"decision": "deny", "reason": TEXT}
    assert out == snapshot


def test_deny_after_the_tool_stays_context():
    # An AfterTool deny would replace the tool result; the advice is added instead.
    out = gemini.envelope(normalized(gemini, AFTER_WRITE), "t", True)
    assert out is not None
    assert json.loads(out)["hookSpecificOutput"]["additionalContext"] == "t"
    assert gemini.envelope(Event("Stop", vendor_event="AfterAgent"), "t", True) is None


# End to end through the dispatcher.


@pytest.fixture
def repo(tmp_path):
    return package_repo(tmp_path)


def _write_package(repo, event):
    tool_input = {"file_path": str(repo / "package.json"), "content": NEW_PACKAGE}
    data = {**payload(event, "write_file", tool_input), "cwd": str(repo)}
    return json.dumps(data).encode()


def test_dispatch_event_name_from_the_command_line(repo):
    args = ["--contract", "gemini", "AfterTool"]
    outcome = dispatch.run(args, _write_package(repo, "BeforeTool"), dict(os.environ))
    assert outcome.event is not None
    assert outcome.event.vendor_event == "AfterTool"
    assert "axios" in outcome.output


def test_dispatch_aftertool_write_with_the_new_text_already_on_disk(repo):
    (repo / "package.json").write_text(NEW_PACKAGE, encoding="utf-8")
    outcome = dispatch.run(
        ["--contract", "gemini"], _write_package(repo, "AfterTool"), dict(os.environ)
    )
    assert "axios" in outcome.output
