from __future__ import annotations

import json
import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from caveat import dispatch
from caveat.event import FRAGMENT
from caveat.event import WHOLE
from caveat.event import Event
from caveat.event import FileEdit
from caveat.harnesses import cursor
from tests.harnesses.contract_helpers import normalized

ADVICE = 'Advice with "quotes", \\ and ünïcode\nline 2'
BASE = {
    "conversation_id": "c1",
    "generation_id": "g1",
    "model": "default",
    "cursor_version": "2.1.0",
    "workspace_roots": ["/repo"],
    "user_email": "dev@example.com",
    "transcript_path": "/t.jsonl",
}


def payload(event, **fields):
    return {**BASE, "hook_event_name": event, **fields}


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        pytest.param(
            payload("beforeShellExecution", command="npm i x", cwd="/repo/sub"),
            ("PreToolUse", "Bash", (), "npm i x", "/repo/sub"),
            id="before-shell",
        ),
        pytest.param(
            payload("afterShellExecution", command="pip install x", output="ok", duration=3),
            ("PostToolUse", "Bash", (), "pip install x", "/repo"),
            id="after-shell",
        ),
        pytest.param(
            payload(
                "afterFileEdit",
                file_path="/repo/src/app.py",
                edits=[
                    {"old_string": "DEBUG = True", "new_string": "DEBUG = False"},
                    "junk",
                    {"old_string": "a", "new_string": "b"},
                ],
            ),
            (
                "PostToolUse",
                "MultiEdit",
                (
                    FileEdit("/repo/src/app.py", "DEBUG = False", FRAGMENT, "DEBUG = True"),
                    FileEdit("/repo/src/app.py", "b", FRAGMENT, "a"),
                ),
                "",
                "/repo",
            ),
            id="after-file-edit",
        ),
        pytest.param(
            payload("afterFileEdit", file_path="rel.py", edits=None),
            ("PostToolUse", "MultiEdit", (), "", "/repo"),
            id="after-file-edit-without-edits",
        ),
        pytest.param(
            payload("beforeReadFile", file_path="/repo/.env", content="X=1", attachments=[]),
            ("PreToolUse", "Read", (), "", "/repo"),
            id="before-read-file",
        ),
        pytest.param(
            payload(
                "preToolUse",
                tool_name="Write",
                tool_input={"file_path": "/repo/package.json", "contents": "{}"},
                tool_use_id="t1",
                cwd="/repo",
            ),
            ("PreToolUse", "Write", (FileEdit("/repo/package.json", "{}", WHOLE),), "", "/repo"),
            id="pre-tool-write",
        ),
        pytest.param(
            payload(
                "preToolUse",
                tool_name="StrReplace",
                tool_input={"path": "a.py", "old_string": "a", "new_string": "b"},
            ),
            ("PreToolUse", "Edit", (FileEdit("/repo/a.py", "b", FRAGMENT, "a"),), "", "/repo"),
            id="pre-tool-str-replace",
        ),
        pytest.param(
            payload("preToolUse", tool_name="Shell", tool_input={"command": "cargo add x"}),
            ("PreToolUse", "Bash", (), "cargo add x", "/repo"),
            id="pre-tool-shell",
        ),
        pytest.param(
            payload("postToolUse", tool_name="Shell", tool_input='{"command": "go get x"}'),
            ("PostToolUse", "Bash", (), "go get x", "/repo"),
            id="tool-input-as-json-string",
        ),
        pytest.param(
            payload("postToolUse", tool_name="Write", tool_input="{garbage"),
            ("PostToolUse", "Write", (), "", "/repo"),
            id="tool-input-garbage",
        ),
        pytest.param(
            payload(
                "beforeMCPExecution",
                tool_name="MCP:fs_write",
                tool_input='{"path": "/repo/a"}',
                url="https://x",
            ),
            ("PreToolUse", "MCP:fs_write", (), "", "/repo"),
            id="mcp-unknown-tool",
        ),
        pytest.param(
            payload("sessionStart", session_id="c1", composer_mode="agent"),
            ("SessionStart", "", (), "", "/repo"),
            id="session-start",
        ),
        pytest.param(
            payload("beforeSubmitPrompt", prompt="hi", attachments=[]),
            ("UserPromptSubmit", "", (), "", "/repo"),
            id="before-submit-prompt",
        ),
        pytest.param(
            payload("stop", status="completed", loop_count=0),
            ("Stop", "", (), "", "/repo"),
            id="stop",
        ),
    ],
)
def test_normalize(data, expected):
    event = cursor.normalize(data, "", {})
    assert event is not None
    assert (event.name, event.tool, event.edits, event.command, event.cwd) == expected
    assert (event.session_id, event.turn_id, event.transcript_path) == ("c1", "g1", "/t.jsonl")
    assert event.vendor_event == data["hook_event_name"]
    assert event.contract == "cursor"


def test_event_argument_wins():
    event = normalized(cursor, payload("stop"), "sessionStart")
    assert (event.name, event.vendor_event) == ("SessionStart", "sessionStart")


@pytest.mark.parametrize(
    ("vendor_event", "deny"),
    [("sessionStart", False), ("preToolUse", True), ("beforeShellExecution", True)],
)
def test_envelope(vendor_event, deny, snapshot):
    out = cursor.envelope(Event("PreToolUse", vendor_event=vendor_event), ADVICE, deny)
    assert out == snapshot
    assert out is not None
    parsed = json.loads(out)
    if deny:
        assert parsed == {"permission": "deny", "agent_message": ADVICE}
    else:
        assert parsed == {"additional_context": ADVICE}


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)
KEYS = ("hook_event_name", "conversation_id", "generation_id", "workspace_roots", "cwd",
        "command", "file_path", "edits", "tool_name", "tool_input", "transcript_path")  # fmt: skip


@given(
    data=st.dictionaries(st.sampled_from(KEYS), JSONISH),
    event_arg=st.sampled_from(["", "afterFileEdit", "preToolUse", "sessionStart", "stop"]),
)
def test_any_field_types_never_raise(data, event_arg):
    event = cursor.normalize(data, event_arg, {})
    if event is not None:
        out = cursor.envelope(event, "t", True)
        assert out is None or isinstance(json.loads(out), dict)


def test_end_to_end_post_tool_advice_is_dropped(tmp_path):
    """A guard fires on the edit, but Cursor shows after-hook output to nobody."""
    root = tmp_path / "project"
    os.mkdir(root)
    os.mkdir(root / ".git")
    (root / "requirements.txt").write_text("flask==3.0.3\n")
    data = payload(
        "afterFileEdit",
        workspace_roots=[str(root)],
        file_path=str(root / "requirements.txt"),
        edits=[{"old_string": "flask==3.0.3\n", "new_string": "flask==3.0.3\npyyaml==6.0.2\n"}],
    )
    out = dispatch.run(["--contract", "cursor"], json.dumps(data).encode(), os.environ)
    assert out.findings
    assert out.output == ""


def test_end_to_end_session_start_gives_the_bootstrap_context(tmp_path):
    data = payload("sessionStart", workspace_roots=[str(tmp_path)])
    out = dispatch.run(
        ["--contract", "cursor", "sessionStart"], json.dumps(data).encode(), dict(os.environ)
    )
    assert out.event is not None
    assert out.event.name == "SessionStart"
    assert "caveat is watching this session" in json.loads(out.output)["additional_context"]


def test_a_grok_call_through_cursors_file_is_not_read():
    """Grok Build reads .cursor/hooks.json too, with its own camelCase payload."""
    grok: dict[str, object] = {
        "hookEventName": "sessionStart",
        "sessionId": "g1",
        "workspaceRoot": "/repo",
    }
    assert cursor.normalize(grok, "sessionStart", {}) is None
    ours = payload("sessionStart")
    assert cursor.normalize(ours, "sessionStart", {"GROK_HOOK_EVENT": "SessionStart"}) is None
    assert cursor.normalize(ours, "sessionStart", {}) is not None
