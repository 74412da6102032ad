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
from caveat.harnesses import devin
from tests.harnesses.contract_helpers import normalized

ADVICE = 'Advice with "quotes", \\ and ünïcode\nline 2'
ENV = {"DEVIN_PROJECT_DIR": "/repo"}


def cli(event="PreToolUse", tool=None, tool_input=None, **extra):
    """Devin CLI: Claude-shaped, but no ``cwd``."""
    data = {"session_id": "s1", "prompt_id": "p1", "hook_event_name": event, **extra}
    if tool is not None:
        data["tool_name"] = tool
        data["tool_input"] = tool_input
    return data


def cascade(event, tool_info=None):
    """Windsurf Cascade / Devin Desktop."""
    data = {
        "agent_action_name": event,
        "trajectory_id": "s1",
        "execution_id": "p1",
        "timestamp": "2026-11-01T10:00:00Z",
        "model_name": "SWE-1.5",
    }
    if tool_info is not None:
        data["tool_info"] = tool_info
    return data


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        pytest.param(
            cli(tool="exec", tool_input={"command": "npm i x", "shell_id": "main"}),
            ("PreToolUse", "Bash", (), "npm i x", "/repo"),
            id="cli-exec",
        ),
        pytest.param(
            cli(
                "PostToolUse",
                "edit",
                {"file_path": "/repo/a.py", "old_string": "a", "new_string": "b"},
            ),
            ("PostToolUse", "Edit", (FileEdit("/repo/a.py", "b", FRAGMENT, "a"),), "", "/repo"),
            id="cli-edit",
        ),
        pytest.param(
            cli(tool="edit", tool_input={"path": "a.py", "old_str": "a", "new_str": "b"}),
            ("PreToolUse", "Edit", (FileEdit("/repo/a.py", "b", FRAGMENT, "a"),), "", "/repo"),
            id="cli-edit-str-replace-keys",
        ),
        pytest.param(
            cli(tool="write", tool_input={"file_path": "/repo/package.json", "content": "{}"}),
            ("PreToolUse", "Write", (FileEdit("/repo/package.json", "{}", WHOLE),), "", "/repo"),
            id="cli-write",
        ),
        pytest.param(
            cli(tool="write", tool_input={"file_path": "/repo/empty.txt", "content": ""}),
            ("PreToolUse", "Write", (FileEdit("/repo/empty.txt", "", WHOLE),), "", "/repo"),
            id="cli-write-empty-file",
        ),
        pytest.param(
            cli(tool="read", tool_input={"file_path": "/repo/a.py"}),
            ("PreToolUse", "Read", (), "", "/repo"),
            id="cli-read",
        ),
        pytest.param(
            cli(tool="mcp__git__commit", tool_input={"file_path": "/repo/a", "content": "x"}),
            ("PreToolUse", "mcp__git__commit", (), "", "/repo"),
            id="cli-unknown-tool",
        ),
        pytest.param(
            cli(tool="exec", tool_input={"command": ["git", "status"]}),
            ("PreToolUse", "Bash", (), "git status", "/repo"),
            id="cli-exec-argv",
        ),
        pytest.param(
            cli("SessionStart", source="startup"),
            ("SessionStart", "", (), "", "/repo"),
            id="cli-session-start",
        ),
        pytest.param(
            cascade(
                "pre_write_code",
                {
                    "file_path": "/repo/src/app.py",
                    "edits": [{"old_string": "DEBUG = True", "new_string": "DEBUG = False"}],
                },
            ),
            (
                "PreToolUse",
                "MultiEdit",
                (FileEdit("/repo/src/app.py", "DEBUG = False", FRAGMENT, "DEBUG = True"),),
                "",
                "/repo",
            ),
            id="cascade-pre-write",
        ),
        pytest.param(
            cascade("post_write_code", {"file_path": "/repo/a.py", "edits": "junk"}),
            ("PostToolUse", "MultiEdit", (), "", "/repo"),
            id="cascade-post-write-junk-edits",
        ),
        pytest.param(
            cascade("pre_run_command", {"command_line": "pip install x", "cwd": "/repo/sub"}),
            ("PreToolUse", "Bash", (), "pip install x", "/repo/sub"),
            id="cascade-pre-run",
        ),
        pytest.param(
            cascade("post_run_command", {"command_line": "cargo add x", "cwd": "/repo"}),
            ("PostToolUse", "Bash", (), "cargo add x", "/repo"),
            id="cascade-post-run",
        ),
        pytest.param(
            cascade("pre_read_code", {"file_path": "/repo/a.py"}),
            ("PreToolUse", "Read", (), "", "/repo"),
            id="cascade-pre-read",
        ),
        pytest.param(
            cascade(
                "pre_mcp_tool_use",
                {"mcp_server_name": "git", "mcp_tool_name": "commit", "mcp_tool_arguments": {}},
            ),
            ("PreToolUse", "mcp__git__commit", (), "", "/repo"),
            id="cascade-mcp",
        ),
        pytest.param(
            cascade("pre_user_prompt", {"user_prompt": "hi"}),
            ("UserPromptSubmit", "", (), "", "/repo"),
            id="cascade-prompt",
        ),
        pytest.param(
            cascade("pre_write_code", "not an object"),
            ("PreToolUse", "MultiEdit", (), "", "/repo"),
            id="cascade-tool-info-not-object",
        ),
    ],
)
def test_normalize(data, expected):
    event = devin.normalize(data, "", ENV)
    assert event is not None
    assert (event.name, event.tool, event.edits, event.command, event.cwd) == expected
    assert (event.session_id, event.turn_id) == ("s1", "p1")
    assert event.vendor_event == (data.get("hook_event_name") or data.get("agent_action_name"))
    assert event.contract == "devin"


def test_event_argument_wins():
    assert normalized(devin, cli("Stop"), "SessionStart", ENV).name == "SessionStart"
    event = normalized(devin, cascade("x"), "post_run_command", ENV)
    assert event.vendor_event == "post_run_command"


@pytest.mark.parametrize(
    "data", [cli("BeforeTool"), cli("PreCompact"), cascade("pre_unknown"), cli(""), {"x": 1}]
)
def test_unknown_events_are_dropped(data):
    assert devin.normalize(data, "", ENV) is None


@pytest.mark.parametrize(
    ("vendor_event", "deny"),
    [("SessionStart", False), ("PostToolUse", False), ("PreToolUse", True)],
)
def test_envelope(vendor_event, deny, snapshot):
    out = devin.envelope(Event(vendor_event), ADVICE, deny)
    assert out == snapshot
    assert out is not None
    parsed = json.loads(out)
    if deny:
        assert parsed == {"decision": "block", "reason": ADVICE}
    else:
        assert parsed["hookSpecificOutput"]["hookEventName"] == vendor_event
        assert parsed["hookSpecificOutput"]["additionalContext"] == ADVICE


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)
KEYS = ("hook_event_name", "agent_action_name", "session_id", "tool_name", "tool_input",
        "tool_info", "trajectory_id", "execution_id", "cwd")  # fmt: skip
NAMES = st.sampled_from(["PreToolUse", "pre_write_code", "post_run_command", "edit", "exec"])


@given(data=st.dictionaries(st.sampled_from(KEYS), JSONISH | NAMES))
def test_any_field_types_never_raise(data):
    event = devin.normalize(data, "", {})
    if event is not None:
        out = devin.envelope(event, "t", False)
        assert out is None or isinstance(json.loads(out), dict)


def _project(tmp_path):
    root = tmp_path / "project"
    os.mkdir(root)
    os.mkdir(root / ".git")
    return root


def test_end_to_end_post_tool_write_reaches_the_model(tmp_path):
    root = _project(tmp_path)
    manifest = '{"name": "a", "dependencies": {"lodahs": "^4.17.21"}}\n'
    data = cli(
        "PostToolUse", "write", {"file_path": str(root / "package.json"), "content": manifest}
    )
    env = {**os.environ, "DEVIN_PROJECT_DIR": str(root)}
    out = dispatch.run(["--contract", "devin", "PostToolUse"], json.dumps(data).encode(), env)
    context = json.loads(out.output)["hookSpecificOutput"]
    assert context["hookEventName"] == "PostToolUse"
    assert "lodahs" in context["additionalContext"]


def test_end_to_end_windsurf_output_is_dropped(tmp_path):
    root = _project(tmp_path)
    data = cascade("pre_run_command", {"command_line": "npm install lodahs", "cwd": str(root)})
    out = dispatch.run(["--contract", "devin"], json.dumps(data).encode(), os.environ)
    assert out.findings  # the guard fired; Windsurf has no channel to the model
    assert out.output == ""
