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
from caveat.harnesses import kiro
from tests.harnesses.contract_helpers import normalized

ADVICE = 'Advice with "quotes", \\ and ünïcode\nline 2'


def payload(event="preToolUse", tool=None, tool_input=None, **extra):
    data = {"hook_event_name": event, "cwd": "/repo", **extra}
    if tool is not None:
        data["tool_name"] = tool
        data["tool_input"] = tool_input
    return data


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        pytest.param(
            payload(
                tool="fs_write",
                tool_input={"command": "create", "path": "/repo/package.json", "file_text": "{}"},
            ),
            ("PreToolUse", "Edit", (FileEdit("/repo/package.json", "{}", WHOLE),), ""),
            id="fs-write-create",
        ),
        pytest.param(
            payload(
                tool="fs_write",
                tool_input={
                    "command": "str_replace",
                    "path": "src/app.py",
                    "old_str": "DEBUG = True",
                    "new_str": "DEBUG = False",
                },
            ),
            (
                "PreToolUse",
                "Edit",
                (FileEdit("/repo/src/app.py", "DEBUG = False", FRAGMENT, "DEBUG = True"),),
                "",
            ),
            id="fs-write-str-replace",
        ),
        pytest.param(
            payload(
                "postToolUse",
                "fs_write",
                {"command": "append", "path": "/repo/requirements.txt", "new_str": "pyyaml\n"},
                tool_response={"success": True, "result": []},
            ),
            (
                "PostToolUse",
                "Edit",
                (FileEdit("/repo/requirements.txt", "pyyaml\n", FRAGMENT, ""),),
                "",
            ),
            id="fs-write-append",
        ),
        pytest.param(
            payload(
                "PreToolUse",
                "str_replace",
                {"path": "/repo/a.py", "old_str": "a", "new_str": "b"},
            ),
            ("PreToolUse", "Edit", (FileEdit("/repo/a.py", "b", FRAGMENT, "a"),), ""),
            id="v3-str-replace",
        ),
        pytest.param(
            payload(tool="execute_bash", tool_input={"command": "npm i x", "summary": "s"}),
            ("PreToolUse", "Bash", (), "npm i x"),
            id="execute-bash",
        ),
        pytest.param(
            payload(tool="fs_read", tool_input={"operations": [{"mode": "Line", "path": "/a"}]}),
            ("PreToolUse", "Read", (), ""),
            id="fs-read",
        ),
        pytest.param(
            payload(tool="@git/status", tool_input={"path": "/repo", "file_text": "x"}),
            ("PreToolUse", "@git/status", (), ""),
            id="mcp-unknown-tool",
        ),
        pytest.param(
            payload(tool="fs_write", tool_input="nope"),
            ("PreToolUse", "Edit", (), ""),
            id="tool-input-not-object",
        ),
        pytest.param(
            payload(tool="fs_write", tool_input={"command": "create", "path": 3, "file_text": []}),
            ("PreToolUse", "Edit", (), ""),
            id="wrong-types-are-absent",
        ),
        pytest.param(payload("agentSpawn"), ("SessionStart", "", (), ""), id="agent-spawn"),
        pytest.param(payload("SessionStart"), ("SessionStart", "", (), ""), id="v3-session-start"),
        pytest.param(
            payload("userPromptSubmit", prompt="hi"),
            ("UserPromptSubmit", "", (), ""),
            id="user-prompt-submit",
        ),
        pytest.param(payload("stop"), ("Stop", "", (), ""), id="stop"),
    ],
)
def test_normalize(data, expected):
    event = kiro.normalize(data, "", {})
    assert event is not None
    assert (event.name, event.tool, event.edits, event.command) == expected
    assert event.cwd == "/repo"
    assert event.vendor_event == data["hook_event_name"]
    assert event.contract == "kiro"


def test_event_argument_wins():
    assert normalized(kiro, payload("stop"), "agentSpawn").vendor_event == "agentSpawn"


@pytest.mark.parametrize(
    ("vendor_event", "deny"), [("agentSpawn", False), ("SessionStart", False), ("PreToolUse", True)]
)
def test_envelope(vendor_event, deny, snapshot):
    out = kiro.envelope(Event("SessionStart", vendor_event=vendor_event), ADVICE, deny)
    assert out == snapshot
    assert out is not None
    inner = json.loads(out)["hookSpecificOutput"]
    assert inner["permissionDecisionReason" if deny else "additionalContext"] == ADVICE


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


@given(
    data=st.dictionaries(
        st.sampled_from(["hook_event_name", "cwd", "tool_name", "tool_input", "prompt"]),
        JSONISH | st.sampled_from(["fs_write", "preToolUse", "agentSpawn"]),
    )
)
def test_any_field_types_never_raise(data):
    event = kiro.normalize(data, "", {})
    if event is not None:
        out = kiro.envelope(event, "t", True)
        assert out is None or isinstance(json.loads(out), dict)


def test_end_to_end_tool_advice_is_dropped(tmp_path):
    """Kiro forwards only session-start output: a firing write stays silent."""
    root = tmp_path / "project"
    os.mkdir(root)
    os.mkdir(root / ".git")
    manifest = '{"name": "a", "dependencies": {"lodahs": "^4.17.21"}}\n'
    data = payload(
        "postToolUse",
        "fs_write",
        {"command": "create", "path": str(root / "package.json"), "file_text": manifest},
        cwd=str(root),
    )
    out = dispatch.run(["--contract", "kiro"], json.dumps(data).encode(), os.environ)
    assert out.findings
    assert out.output == ""
