from __future__ import annotations

import json
import os

import pytest

from caveat import dispatch
from caveat.event import CELL
from caveat.event import FRAGMENT
from caveat.event import WHOLE
from caveat.event import Event
from caveat.event import FileEdit
from caveat.harnesses import qwen
from tests.harnesses.contract_helpers import NEW_PACKAGE
from tests.harnesses.contract_helpers import package_repo

# Payloads as Qwen Code 0.24.4 sent them (reference/delivery-matrix.md), <tmp> = /tmp/e2e.
PROJECT = "/tmp/e2e/project"
BASE = {
    "session_id": "6f77a87f-3a47-44ce-a837-bb766db13a5f",
    "transcript_path": "/tmp/e2e/home/.qwen/projects/project/chats/6f77a87f.jsonl",
    "cwd": PROJECT,
    "timestamp": "2026-11-30T00:17:35.853Z",
    "permission_mode": "yolo",
}
PROMPT_ID = "6f77a87f-3a47-44ce-a837-bb766db13a5f########0"
NOTES = {"file_path": f"{PROJECT}/notes.md", "content": "# Notes\n\nhello\n"}
SHELL = {
    "command": "echo shell-ran > shell_marker.txt",
    "is_background": False,
    "description": "Run the requested command",
}
EDIT = {
    "file_path": f"{PROJECT}/src/app.py",
    "old_string": "DEBUG = True",
    "new_string": "DEBUG = False",
    "replace_all": False,
}


def payload(event, tool=None, tool_input=None, **extra):
    data = {**BASE, "hook_event_name": event, **extra}
    if tool is not None:
        data.update(prompt_id=PROMPT_ID, tool_name=tool, tool_input=tool_input)
        data.update(tool_use_id="toolu_1795997855834", tool_call_id="call_943c229144")
    return data


RESPONSE = {"llmContent": "Successfully created and wrote to new file.", "returnDisplay": {}}
NOTES_EDIT = (FileEdit(f"{PROJECT}/notes.md", "# Notes\n\nhello\n", WHOLE),)


@pytest.mark.parametrize(
    ("data", "tool", "edits", "command"),
    [
        pytest.param(
            payload("PreToolUse", "write_file", NOTES),
            "Write",
            NOTES_EDIT,
            "",
            id="pretooluse-write_file",
        ),
        pytest.param(
            payload("PreToolUse", "run_shell_command", SHELL),
            "Bash",
            (),
            SHELL["command"],
            id="pretooluse-run_shell_command",
        ),
        pytest.param(
            payload("PreToolUse", "edit", EDIT),
            "Edit",
            (FileEdit(f"{PROJECT}/src/app.py", "DEBUG = False", FRAGMENT, "DEBUG = True"),),
            "",
            id="pretooluse-edit",
        ),
        pytest.param(
            payload("PreToolUse", "edit", {**EDIT, "file_path": "new.py", "old_string": ""}),
            "Edit",
            (FileEdit(f"{PROJECT}/new.py", "DEBUG = False", WHOLE),),
            "",
            id="edit-with-empty-old-string-creates-the-file",
        ),
        pytest.param(
            payload(
                "PreToolUse",
                "notebook_edit",
                {"notebook_path": "n.ipynb", "new_source": "import os", "cell_type": "code"},
            ),
            "NotebookEdit",
            (FileEdit(f"{PROJECT}/n.ipynb", "import os", CELL),),
            "",
            id="pretooluse-notebook_edit",
        ),
        pytest.param(
            payload("PostToolUse", "write_file", NOTES, tool_response=RESPONSE, duration_ms=40),
            "Write",
            NOTES_EDIT,
            "",
            id="posttooluse-write_file",
        ),
        pytest.param(
            payload(
                "PostToolUse",
                "run_shell_command",
                SHELL,
                tool_response={"llmContent": "Exit Code: 0", "returnDisplay": ""},
                duration_ms=73,
            ),
            "Bash",
            (),
            SHELL["command"],
            id="posttooluse-run_shell_command",
        ),
        pytest.param(
            payload("PostToolUseFailure", "run_shell_command", SHELL),
            "Bash",
            (),
            SHELL["command"],
            id="posttoolusefailure",
        ),
        pytest.param(
            payload("PreToolUse", "Write", NOTES), "Write", NOTES_EDIT, "", id="claude-name-write"
        ),
        pytest.param(
            payload("PreToolUse", "read_file", {"absolute_path": f"{PROJECT}/notes.md"}),
            "read_file",
            (),
            "",
            id="unknown-tool-has-no-edits",
        ),
        pytest.param(
            payload("PreToolUse", "edit", {"file_path": None, "new_string": 3}),
            "Edit",
            (),
            "",
            id="wrong-types-are-absent",
        ),
        pytest.param(
            payload("PreToolUse", "write_file", 42), "Write", (), "", id="tool-input-not-object"
        ),
    ],
)
def test_normalize_tools(data, tool, edits, command):
    event = qwen.normalize(data, "", {})
    assert event is not None
    assert (event.name, event.vendor_event) == (data["hook_event_name"],) * 2
    assert (event.tool, event.edits, event.command) == (tool, edits, command)
    assert event.cwd == PROJECT
    assert (event.session_id, event.turn_id) == (BASE["session_id"], PROMPT_ID)
    assert event.permission_mode == "yolo"
    assert event.contract == "qwen"


TEXT = 'Advice with "quotes", \\ and ünïcode <b>\nline 2'


@pytest.mark.parametrize(
    "event_name", ["PostToolUse", "PostToolUseFailure", "SessionStart", "UserPromptSubmit"]
)
def test_context_envelope(event_name, snapshot):
    out = qwen.envelope(Event(event_name, contract="qwen"), TEXT, False)
    assert out is not None
    assert json.loads(out) == {
        "hookSpecificOutput": {"hookEventName": event_name, "additionalContext": TEXT}
    }
    assert out == snapshot


def test_strict_deny(snapshot):
    out = qwen.envelope(Event("PreToolUse", contract="qwen"), TEXT, True)
    assert out is not None
    assert json.loads(out) == {
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": TEXT,
        }
    }
    assert out == snapshot


def test_deny_after_the_tool_stays_context():
    # Qwen ignores a post-tool block; the advice goes out as context instead.
    out = qwen.envelope(Event("PostToolUse", contract="qwen"), "t", True)
    assert out is not None
    assert json.loads(out)["hookSpecificOutput"] == {
        "hookEventName": "PostToolUse",
        "additionalContext": "t",
    }


# End to end through the dispatcher.


@pytest.fixture
def repo(tmp_path):
    return package_repo(tmp_path)


def _dispatch(repo, event, tool, tool_input):
    data = {**payload(event, tool, tool_input), "cwd": str(repo)}
    return dispatch.run(["--contract", "qwen"], json.dumps(data).encode(), dict(os.environ))


def test_dispatch_posttooluse_pip_install_fires(repo):
    shell = {"command": "pip install requests", "is_background": False}
    outcome = _dispatch(repo, "PostToolUse", "run_shell_command", shell)
    assert "requests" in json.loads(outcome.output)["hookSpecificOutput"]["additionalContext"]


def test_dispatch_posttooluse_append_with_the_new_text_already_on_disk(repo):
    (repo / "package.json").write_text(NEW_PACKAGE, encoding="utf-8")
    edit = {
        "file_path": str(repo / "package.json"),
        "old_string": '"express": "^4.19.2"',
        "new_string": '"express": "^4.19.2",\n    "axios": "^1.7.7"',
    }
    outcome = _dispatch(repo, "PostToolUse", "edit", edit)
    assert "axios" in outcome.output
