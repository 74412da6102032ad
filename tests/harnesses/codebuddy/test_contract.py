from __future__ import annotations

import json

import pytest

from caveat.event import FRAGMENT
from caveat.event import WHOLE
from caveat.event import Event
from caveat.event import FileEdit
from caveat.harnesses import codebuddy

# CodeBuddy Code payloads are Claude Code's (reference/harness-contracts.md §2.9, docs
# only: no CodeBuddy run in the delivery matrix); these follow the documented fields.
BASE = {
    "session_id": "cb-1",
    "transcript_path": "/home/u/.codebuddy/projects/repo/cb-1.jsonl",
    "cwd": "/repo",
    "permission_mode": "default",
}


def payload(event, tool=None, tool_input=None, **extra):
    data = {**BASE, "hook_event_name": event, **extra}
    if tool is not None:
        data["tool_name"] = tool
        data["tool_input"] = tool_input
    return data


@pytest.mark.parametrize(
    ("data", "tool", "edits", "command"),
    [
        pytest.param(
            payload("PreToolUse", "Write", {"file_path": "/repo/a.py", "content": "x = 1\n"}),
            "Write",
            (FileEdit("/repo/a.py", "x = 1\n", WHOLE),),
            "",
            id="pretooluse-write",
        ),
        pytest.param(
            payload(
                "PostToolUse",
                "Edit",
                {"file_path": "a.py", "old_string": "a", "new_string": "b"},
                tool_response={"filePath": "/repo/a.py", "success": True},
            ),
            "Edit",
            (FileEdit("/repo/a.py", "b", FRAGMENT, "a"),),
            "",
            id="posttooluse-edit",
        ),
        pytest.param(
            payload(
                "PostToolUse",
                "Bash",
                {"command": "npm i zod", "description": "add zod"},
                tool_response={"stdout": "", "stderr": "", "exitCode": 0},
            ),
            "Bash",
            (),
            "npm i zod",
            id="posttooluse-bash",
        ),
        pytest.param(
            payload("PreToolUse", "Read", {"file_path": "/repo/a.py"}),
            "Read",
            (),
            "",
            id="unknown-tool-has-no-edits",
        ),
        pytest.param(
            payload("PreToolUse", "Write", {"file_path": ["x"], "content": 1}),
            "Write",
            (),
            "",
            id="wrong-types-are-absent",
        ),
        pytest.param(
            payload("PreToolUse", "Bash", None), "Bash", (), "", id="tool-input-not-object"
        ),
    ],
)
def test_normalize_tools(data, tool, edits, command):
    event = codebuddy.normalize(data, "", {})
    assert event is not None
    assert (event.name, event.vendor_event) == (data["hook_event_name"],) * 2
    assert (event.tool, event.edits, event.command) == (tool, edits, command)
    assert (event.cwd, event.session_id, event.contract) == ("/repo", "cb-1", "codebuddy")


TEXT = 'Advice with "quotes", \\ and ünïcode\nline 2'


@pytest.mark.parametrize("event_name", ["SessionStart", "UserPromptSubmit", "PostToolUse"])
def test_context_envelope(event_name, snapshot):
    out = codebuddy.envelope(Event(event_name, contract="codebuddy"), TEXT, False)
    assert out is not None
    assert json.loads(out) == {
        "hookSpecificOutput": {"hookEventName": event_name, "additionalContext": TEXT}
    }
    assert out == snapshot


def test_strict_deny(snapshot):
    out = codebuddy.envelope(Event("PreToolUse", contract="codebuddy"), TEXT, True)
    assert out is not None
    assert json.loads(out) == {
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": TEXT,
        }
    }
    assert out == snapshot
