from __future__ import annotations

import json
import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from caveat import dispatch
from caveat.event import FRAGMENT
from caveat.event import HUNK
from caveat.event import WHOLE
from caveat.event import Event
from caveat.event import FileEdit
from caveat.harnesses import copilot
from tests.harnesses.contract_helpers import normalized

ADVICE = 'Advice with "quotes", \\ and ünïcode\nline 2'


def native(tool=None, args=None, **extra):
    """A camelCase payload; ``args`` is JSON-encoded as Copilot does unless a str."""
    data = {"sessionId": "s1", "timestamp": 1764461827000, "cwd": "/repo", **extra}
    if tool is not None:
        data["toolName"] = tool
        data["toolArgs"] = args if isinstance(args, str) else json.dumps(args)
    return data


def compat(event="PreToolUse", tool=None, tool_input=None, **extra):
    """A PascalCase (VS Code / Claude-compatible) payload."""
    data = {
        "hook_event_name": event,
        "session_id": "s1",
        "timestamp": "2026-11-30T00:17:07.699Z",
        "cwd": "/repo",
        **extra,
    }
    if tool is not None:
        data["tool_name"] = tool
        data["tool_input"] = tool_input
    return data


PATCH = "*** Begin Patch\n*** Add File: n.md\n+hi\n*** End Patch\n"


@pytest.mark.parametrize(
    ("data", "event_arg", "expected"),
    [
        pytest.param(
            native("create", {"path": "/repo/package.json", "file_text": "{}"}),
            "preToolUse",
            ("PreToolUse", "Write", (FileEdit("/repo/package.json", "{}", WHOLE),), ""),
            id="native-create",
        ),
        pytest.param(
            native("create", {"path": "rel/a.py", "file_text": "x"}),
            "postToolUse",
            ("PostToolUse", "Write", (FileEdit("/repo/rel/a.py", "x", WHOLE),), ""),
            id="native-create-relative-path",
        ),
        pytest.param(
            native("edit", {"path": "/repo/a.py", "old_str": "a", "new_str": "b"}),
            "postToolUse",
            ("PostToolUse", "Edit", (FileEdit("/repo/a.py", "b", FRAGMENT, "a"),), ""),
            id="native-edit",
        ),
        pytest.param(
            native(
                "str_replace_editor",
                {"command": "create", "path": "/repo/a.py", "file_text": "x"},
            ),
            "preToolUse",
            ("PreToolUse", "Edit", (FileEdit("/repo/a.py", "x", WHOLE),), ""),
            id="native-str-replace-editor-create",
        ),
        pytest.param(
            native("str_replace_editor", {"command": "view", "path": "/repo/a.py"}),
            "preToolUse",
            ("PreToolUse", "Edit", (), ""),
            id="native-str-replace-editor-view-has-no-edits",
        ),
        pytest.param(
            native("apply_patch", json.dumps(PATCH)),
            "postToolUse",
            ("PostToolUse", "Edit", (FileEdit("/repo/n.md", "hi\n", WHOLE),), ""),
            id="native-apply-patch-json-string",
        ),
        pytest.param(
            native(
                "apply_patch", PATCH.replace("Add File: n.md\n+hi", "Update File: a\n@@\n-x\n+y")
            ),
            "postToolUse",
            ("PostToolUse", "Edit", (FileEdit("/repo/a", "y", HUNK, "x"),), ""),
            id="native-apply-patch-bare-text",
        ),
        pytest.param(
            native("bash", {"command": "npm i x", "description": "d", "sessionId": "m"}),
            "preToolUse",
            ("PreToolUse", "Bash", (), "npm i x"),
            id="native-bash",
        ),
        pytest.param(
            native("powershell", {"command": "iex (iwr x)"}),
            "preToolUse",
            ("PreToolUse", "PowerShell", (), "iex (iwr x)"),
            id="native-powershell",
        ),
        pytest.param(
            native("view", {"path": "/repo/a.py"}),
            "postToolUse",
            ("PostToolUse", "Read", (), ""),
            id="native-view",
        ),
        pytest.param(
            native("create", "{not json"),
            "postToolUse",
            ("PostToolUse", "Write", (), ""),
            id="tool-args-garbage",
        ),
        pytest.param(
            native("create", "[1, 2]"),
            "postToolUse",
            ("PostToolUse", "Write", (), ""),
            id="tool-args-json-non-object",
        ),
        pytest.param(
            {**native("bash", {}), "toolArgs": {"command": "pip install x"}},
            "preToolUse",
            ("PreToolUse", "Bash", (), "pip install x"),
            id="tool-args-already-an-object",
        ),
        pytest.param(
            {**native("bash", {}), "toolArgs": 7},
            "preToolUse",
            ("PreToolUse", "Bash", (), ""),
            id="tool-args-a-number",
        ),
        pytest.param(
            native("some_mcp_tool", {"path": "/repo/a.py", "file_text": "x"}),
            "postToolUse",
            ("PostToolUse", "some_mcp_tool", (), ""),
            id="native-unknown-tool",
        ),
        pytest.param(
            native("edit", {"path": "/repo/a.py", "old_str": "a", "new_str": "b"}, toolResult={}),
            "",
            ("PostToolUse", "Edit", (FileEdit("/repo/a.py", "b", FRAGMENT, "a"),), ""),
            id="native-post-inferred-from-tool-result",
        ),
        pytest.param(
            native("bash", {"command": "ls"}),
            "",
            ("PreToolUse", "Bash", (), "ls"),
            id="native-pre-inferred-from-tool-name",
        ),
        pytest.param(
            compat("PreToolUse", "Write", {"path": "/repo/a.py", "file_text": "x"}),
            "PreToolUse",
            ("PreToolUse", "Write", (FileEdit("/repo/a.py", "x", WHOLE),), ""),
            id="compat-write-keeps-copilot-keys",
        ),
        pytest.param(
            compat("PostToolUse", "Edit", {"path": "/repo/a.py", "old_str": "a", "new_str": "b"}),
            "",
            ("PostToolUse", "Edit", (FileEdit("/repo/a.py", "b", FRAGMENT, "a"),), ""),
            id="compat-edit",
        ),
        pytest.param(
            compat("PostToolUse", "Edit", {"file_path": "/repo/a.py", "content": "x"}),
            "PostToolUse",
            ("PostToolUse", "Edit", (FileEdit("/repo/a.py", "x", WHOLE),), ""),
            id="compat-claude-keys",
        ),
        pytest.param(
            compat("PreToolUse", "Bash", {"command": "cargo add serde"}),
            "PreToolUse",
            ("PreToolUse", "Bash", (), "cargo add serde"),
            id="compat-bash",
        ),
        pytest.param(
            compat("PreToolUse", "Write", json.dumps({"path": "/repo/a.py", "file_text": "x"})),
            "PreToolUse",
            ("PreToolUse", "Write", (FileEdit("/repo/a.py", "x", WHOLE),), ""),
            id="compat-tool-input-left-as-a-string",
        ),
        pytest.param(
            compat("PostToolUse", "Edit", {"path": "/repo/a.py", "new_str": "b"}),
            "postToolUse",
            ("PostToolUse", "Edit", (FileEdit("/repo/a.py", "b", FRAGMENT, ""),), ""),
            id="vscode-runs-camelcase-registration-with-compat-payload",
        ),
    ],
)
def test_normalize(data, event_arg, expected):
    event = copilot.normalize(data, event_arg, {})
    assert event is not None
    assert (event.name, event.tool, event.edits, event.command) == expected
    assert event.cwd == "/repo"
    assert event.session_id == "s1"
    assert event.contract == "copilot"
    native_payload = "sessionId" in data
    assert event.vendor_event[:1].islower() is native_payload


def test_native_common_fields():
    data = native(transcriptPath="/t.jsonl", stopReason="end_turn", stop_hook_active=True)
    event = copilot.normalize(data, "agentStop", {})
    assert event == Event(
        "Stop",
        cwd="/repo",
        session_id="s1",
        transcript_path="/t.jsonl",
        stop_hook_active=True,
        contract="copilot",
        vendor_event="agentStop",
    )
    start = normalized(copilot, native(source="resume"))
    assert (start.name, start.source, start.vendor_event) == (
        "SessionStart",
        "resume",
        "sessionStart",
    )


def test_compat_common_fields():
    event = normalized(copilot, compat("SessionStart", source="startup"))
    assert (event.name, event.vendor_event, event.source, event.session_id) == (
        "SessionStart",
        "SessionStart",
        "startup",
        "s1",
    )
    assert normalized(copilot, compat("Stop"), "agentStop").vendor_event == "Stop"


@pytest.mark.parametrize(
    ("data", "event_arg"),
    [
        (native(), "beforeTool"),
        (native(prompt="p", transformedPrompt="q"), "userPromptTransformed"),
        (native(error={"message": "x"}), "errorOccurred"),
        (native(), ""),  # no event argument and nothing to infer it from
        (compat("ErrorOccurred"), ""),
        (compat("BeforeTool"), ""),
        ({"hook_event_name": 3}, ""),
    ],
)
def test_unknown_or_unmapped_events_are_dropped(data, event_arg):
    assert copilot.normalize(data, event_arg, {}) is None


def test_cwd_falls_back_to_process_cwd(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    assert normalized(copilot, {"sessionId": "s"}, "sessionStart").cwd == str(tmp_path)
    assert normalized(copilot, {"hook_event_name": "SessionStart"}).cwd == str(tmp_path)


def test_tool_args():
    assert copilot.tool_args('{"a": 1}') == {"a": 1}
    assert copilot.tool_args({"a": 1}) == {"a": 1}
    assert copilot.tool_args("[1]") == {}
    assert copilot.tool_args(None) == {}
    assert copilot.tool_args("*** Begin Patch") == {"input": "*** Begin Patch"}
    assert copilot.tool_args('"x"') == {"input": "x"}
    assert copilot.tool_args("[" * 100_000) == {"input": "[" * 100_000}


@pytest.mark.parametrize(
    ("vendor_event", "deny"),
    [
        ("postToolUse", False),
        ("postToolUseFailure", False),
        ("sessionStart", False),
        ("preToolUse", True),
        ("PostToolUse", False),
        ("PostToolUseFailure", False),
        ("SessionStart", False),
        ("PreToolUse", True),
    ],
)
def test_envelope(vendor_event, deny, snapshot):
    event = Event(vendor_event[:1].upper() + vendor_event[1:], vendor_event=vendor_event)
    out = copilot.envelope(event, ADVICE, deny)
    assert out == snapshot
    assert out is not None
    parsed = json.loads(out)
    if deny:
        assert parsed["permissionDecision"] == "deny"
        assert parsed["permissionDecisionReason"] == ADVICE
    else:
        assert parsed["additionalContext"] == ADVICE
    if vendor_event[:1].isupper():  # the compat dialect also gets Claude's form
        assert parsed["hookSpecificOutput"]["hookEventName"] == vendor_event


def test_deny_only_before_a_tool():
    for vendor_event in ("postToolUse", "sessionStart"):
        out = copilot.envelope(Event("PostToolUse", vendor_event=vendor_event), "t", True)
        assert out is not None
        assert "permissionDecision" not in json.loads(out)
    assert copilot.envelope(Event("Stop", vendor_event="agentStop"), "t", True) is None


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)
KEYS = ("sessionId", "cwd", "toolName", "toolArgs", "toolResult", "source", "hook_event_name",
        "session_id", "tool_name", "tool_input", "transcriptPath", "stop_hook_active")  # fmt: skip


@given(
    payload=st.dictionaries(st.sampled_from(KEYS), JSONISH | st.just("create")),
    event_arg=st.sampled_from(["", "preToolUse", "postToolUse", "PostToolUse", "sessionStart"]),
)
def test_any_field_types_never_raise(payload, event_arg):
    event = copilot.normalize(payload, event_arg, {})
    if event is not None:
        out = copilot.envelope(event, "t", False)
        assert out is None or isinstance(json.loads(out), dict)


def _project(tmp_path):
    root = tmp_path / "project"
    os.mkdir(root)
    os.mkdir(root / ".git")
    return str(root)


def test_end_to_end_post_tool_write_reaches_the_model(tmp_path):
    root = _project(tmp_path)
    manifest = '{"name": "a", "dependencies": {"lodahs": "^4.17.21"}}\n'
    data = native(
        "create",
        {"path": os.path.join(root, "package.json"), "file_text": manifest},
        cwd=root,
        toolResult={"resultType": "success", "textResultForLlm": "Created file"},
    )
    out = dispatch.run(
        ["--contract", "copilot", "postToolUse"], json.dumps(data).encode(), os.environ
    )
    assert set(json.loads(out.output)) == {"additionalContext"}
    assert "lodahs" in json.loads(out.output)["additionalContext"]


def test_end_to_end_pre_tool_advice_is_dropped(tmp_path):
    root = _project(tmp_path)
    data = native("bash", {"command": "npm install lodahs"}, cwd=root)
    env = {**os.environ, "CAVEAT_HOLD": "off"}
    out = dispatch.run(["--contract", "copilot", "preToolUse"], json.dumps(data).encode(), env)
    assert out.findings  # the guard fired; Copilot would not show it
    assert out.output == ""


def test_end_to_end_a_new_package_is_held_once(tmp_path):
    root = _project(tmp_path)
    data = native("bash", {"command": "npm install lodahs"}, cwd=root)
    args = ["--contract", "copilot", "preToolUse", "--hold"]
    out = dispatch.run(args, json.dumps(data).encode(), os.environ)
    answer = json.loads(out.output)
    assert list(answer) == ["permissionDecision", "permissionDecisionReason"]
    assert answer["permissionDecision"] == "deny" and "lodahs" in answer["permissionDecisionReason"]
    again = dispatch.run(args, json.dumps(data).encode(), os.environ)
    assert again.output == "" and again.hold is not None and again.hold.kind == "retried"
