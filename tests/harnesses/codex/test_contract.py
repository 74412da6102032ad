from __future__ import annotations

import json
import os

import pytest

from caveat import dispatch
from caveat.event import HUNK
from caveat.event import WHOLE
from caveat.event import Event
from caveat.event import FileEdit
from caveat.harnesses import codex
from tests.harnesses.contract_helpers import normalized

# Payloads as Codex CLI 0.169.0 sent them (reference/delivery-matrix.md), <tmp> = /tmp/e2e.
PROJECT = "/tmp/e2e/project"
BASE = {
    "session_id": "01a229cf-d226-70a1-a522-f30fe11b6ac1",
    "turn_id": "01a229cf-d24e-71d3-92f7-5ca865c54c04",
    "transcript_path": "/tmp/e2e/home/.codex/sessions/rollout-01a229cf.jsonl",
    "cwd": PROJECT,
    "model": "gpt-5.5",
    "permission_mode": "bypassPermissions",
}
ADD_NOTES = "*** Begin Patch\n*** Add File: notes.md\n+# Notes\n+\n+hello\n*** End Patch\n"
UPDATE_APP = (
    "*** Begin Patch\n*** Update File: src/app.py\n"
    "@@\n-DEBUG = True\n+DEBUG = False\n*** End Patch\n"
)
SHELL = "echo shell-ran > shell_marker.txt"


def payload(event, tool=None, tool_input=None, **extra):
    data = {**BASE, "hook_event_name": event, **extra}
    if tool is not None:
        data["tool_name"] = tool
        data["tool_input"] = tool_input
        data["tool_use_id"] = "call_49c77d1af12143c581bd17bd"
    return data


NOTES_EDIT = (FileEdit(f"{PROJECT}/notes.md", "# Notes\n\nhello\n", WHOLE),)


@pytest.mark.parametrize(
    ("data", "tool", "edits", "command"),
    [
        pytest.param(
            payload("PreToolUse", "apply_patch", {"command": ADD_NOTES}),
            "Edit",
            NOTES_EDIT,
            "",
            id="pretooluse-apply_patch-add",
        ),
        pytest.param(
            payload("PreToolUse", "apply_patch", {"command": UPDATE_APP}),
            "Edit",
            (FileEdit(f"{PROJECT}/src/app.py", "DEBUG = False", HUNK, "DEBUG = True"),),
            "",
            id="pretooluse-apply_patch-update",
        ),
        pytest.param(
            payload("PreToolUse", "Bash", {"command": SHELL}), "Bash", (), SHELL, id="pre-bash"
        ),
        pytest.param(
            payload(
                "PostToolUse",
                "apply_patch",
                {"command": ADD_NOTES},
                tool_response="Exit code: 0\nOutput:\nSuccess. Updated the following files:\n",
            ),
            "Edit",
            NOTES_EDIT,
            "",
            id="posttooluse-apply_patch",
        ),
        pytest.param(
            payload("PostToolUse", "Bash", {"command": SHELL}, tool_response=""),
            "Bash",
            (),
            SHELL,
            id="posttooluse-bash",
        ),
        pytest.param(
            payload("PermissionRequest", "Bash", {"command": SHELL}),
            "Bash",
            (),
            SHELL,
            id="permissionrequest-bash",
        ),
        pytest.param(
            payload("PreToolUse", "shell", {"command": ["bash", "-lc", "pip install x"]}),
            "Bash",
            (),
            "pip install x",
            id="legacy-shell-argv",
        ),
        pytest.param(
            payload("PreToolUse", "local_shell", {"command": ["npm", "i", "zod"]}),
            "Bash",
            (),
            "npm i zod",
            id="legacy-local_shell-argv",
        ),
        pytest.param(
            payload("PreToolUse", "exec_command", {"cmd": "cargo add serde"}),
            "Bash",
            (),
            "cargo add serde",
            id="legacy-exec_command-cmd",
        ),
        pytest.param(
            payload("PreToolUse", "exec_command", {"cmd": ["uv", "add", "x"]}),
            "Bash",
            (),
            "uv add x",
            id="legacy-exec_command-cmd-argv",
        ),
        pytest.param(
            payload("PreToolUse", "spawn_agent", {"message": "go"}),
            "spawn_agent",
            (),
            "",
            id="unknown-tool-has-no-edits",
        ),
        pytest.param(
            payload("PreToolUse", "apply_patch", {"command": 7}),
            "Edit",
            (),
            "",
            id="patch-not-string",
        ),
        pytest.param(
            payload("PreToolUse", "exec_command", {"cmd": {"x": 1}}),
            "Bash",
            (),
            "",
            id="cmd-not-string",
        ),
        pytest.param(
            payload("PreToolUse", "apply_patch", "nope"), "Edit", (), "", id="tool-input-not-object"
        ),
    ],
)
def test_normalize_tools(data, tool, edits, command):
    event = codex.normalize(data, "", {})
    assert event is not None
    assert (event.name, event.vendor_event) == (data["hook_event_name"],) * 2
    assert (event.tool, event.edits, event.command) == (tool, edits, command)
    assert event.shell == ("bash" if tool == "Bash" else "")
    assert event.cwd == PROJECT
    assert (event.session_id, event.turn_id) == (BASE["session_id"], BASE["turn_id"])
    assert event.contract == "codex"


@pytest.mark.parametrize("event_name", sorted(codex.EVENTS))
def test_every_codex_event_is_read(event_name):
    event = normalized(codex, payload(event_name))
    assert (event.name, event.vendor_event) == (event_name, event_name)
    assert event.permission_mode == "bypassPermissions"


def test_session_start_and_stop_fields():
    start = normalized(
        codex, {**payload("SessionStart", source="compact"), "transcript_path": None}
    )
    assert (start.source, start.transcript_path) == ("compact", "")
    assert normalized(codex, payload("Stop", stop_hook_active=True)).stop_hook_active


TEXT = 'Advice with "quotes", \\ and ünïcode\nline 2'

# The keys Codex's strict output schema allows in hookSpecificOutput, per event.
CONTEXT_KEYS = {"hookEventName", "additionalContext"}
DENY_KEYS = {"hookEventName", "permissionDecision", "permissionDecisionReason"}


@pytest.mark.parametrize(
    "event_name", ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse"]
)
def test_context_envelope(event_name, snapshot):
    out = codex.envelope(Event(event_name, contract="codex"), TEXT, False)
    assert out is not None
    assert json.loads(out) == {
        "hookSpecificOutput": {"hookEventName": event_name, "additionalContext": TEXT}
    }
    assert out == snapshot


def test_strict_deny(snapshot):
    out = codex.envelope(Event("PreToolUse", contract="codex"), TEXT, True)
    assert out is not None
    assert json.loads(out) == {
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": TEXT,
        }
    }
    assert out == snapshot


@pytest.mark.parametrize("deny", [False, True])
@pytest.mark.parametrize("event_name", sorted(codex.EVENTS))
def test_envelope_keys_are_exactly_the_schema(event_name, deny):
    out = codex.envelope(Event(event_name, contract="codex"), "t", deny)
    if event_name not in codex.CONTEXT_EVENTS:
        assert out is None
        return
    assert out is not None
    envelope = json.loads(out)
    assert list(envelope) == ["hookSpecificOutput"]
    expected = DENY_KEYS if deny and event_name == "PreToolUse" else CONTEXT_KEYS
    assert set(envelope["hookSpecificOutput"]) == expected


# End to end through the dispatcher.

PACKAGE = '{\n  "name": "app",\n  "dependencies": {\n    "express": "^4.19.2"\n  }\n}\n'
PATCH = (
    "*** Begin Patch\n*** Update File: package.json\n@@\n"
    '-    "express": "^4.19.2"\n+    "express": "^4.19.2",\n+    "axios": "^1.7.7"\n'
    "*** End Patch\n"
)


def test_dispatch_apply_patch_to_package_json_fires(tmp_path):
    os.mkdir(tmp_path / ".git")
    (tmp_path / "package.json").write_text(PACKAGE, encoding="utf-8")
    data = {**payload("PreToolUse", "apply_patch", {"command": PATCH}), "cwd": str(tmp_path)}
    outcome = dispatch.run(["--contract", "codex"], json.dumps(data).encode(), dict(os.environ))
    envelope = json.loads(outcome.output)
    assert list(envelope) == ["hookSpecificOutput"]
    assert set(envelope["hookSpecificOutput"]) == CONTEXT_KEYS
    assert "axios" in envelope["hookSpecificOutput"]["additionalContext"]
