from __future__ import annotations

import json
import os

import pytest

from caveat import dispatch
from caveat.event import CELL
from caveat.event import FRAGMENT
from caveat.event import HUNK
from caveat.event import WHOLE
from caveat.event import Event
from caveat.event import FileEdit
from caveat.harnesses import claude
from tests.harnesses.contract_helpers import normalized

BASE = {"session_id": "s1", "cwd": "/repo", "transcript_path": "/t.jsonl"}


def payload(event="PreToolUse", tool=None, tool_input=None, **extra):
    data = {**BASE, "hook_event_name": event, **extra}
    if tool is not None:
        data["tool_name"] = tool
        data["tool_input"] = tool_input
    return data


@pytest.mark.parametrize(
    ("data", "tool", "edits", "command"),
    [
        pytest.param(
            payload(tool="Write", tool_input={"file_path": "/repo/a.py", "content": "x = 1\n"}),
            "Write",
            (FileEdit("/repo/a.py", "x = 1\n", WHOLE),),
            "",
            id="write",
        ),
        pytest.param(
            payload(tool="Write", tool_input={"file_path": "rel/a.py", "content": "x"}),
            "Write",
            (FileEdit("/repo/rel/a.py", "x", WHOLE),),
            "",
            id="write-relative-path",
        ),
        pytest.param(
            payload(
                tool="Edit",
                tool_input={
                    "file_path": "/repo/a.py",
                    "old_string": "a",
                    "new_string": "b",
                    "replace_all": False,
                },
            ),
            "Edit",
            (FileEdit("/repo/a.py", "b", FRAGMENT, "a"),),
            "",
            id="edit",
        ),
        pytest.param(
            payload(
                tool="MultiEdit",
                tool_input={
                    "file_path": "/repo/a.py",
                    "edits": [
                        {"old_string": "a", "new_string": "b"},
                        "junk",
                        {"old_string": "c", "new_string": "d"},
                    ],
                },
            ),
            "MultiEdit",
            (
                FileEdit("/repo/a.py", "b", FRAGMENT, "a"),
                FileEdit("/repo/a.py", "d", FRAGMENT, "c"),
            ),
            "",
            id="multiedit",
        ),
        pytest.param(
            payload(
                tool="NotebookEdit",
                tool_input={
                    "notebook_path": "/repo/n.ipynb",
                    "new_source": "import os",
                    "cell_type": "code",
                },
            ),
            "NotebookEdit",
            (FileEdit("/repo/n.ipynb", "import os", CELL),),
            "",
            id="notebook-code-cell",
        ),
        pytest.param(
            payload(
                tool="NotebookEdit",
                tool_input={
                    "notebook_path": "/repo/n.ipynb",
                    "new_source": "eval(x) prose",
                    "cell_type": "markdown",
                },
            ),
            "NotebookEdit",
            (FileEdit("/repo/n.ipynb", "", CELL),),
            "",
            id="notebook-markdown-cell-is-not-code",
        ),
        pytest.param(
            payload(tool="Bash", tool_input={"command": "npm i x", "description": "d"}),
            "Bash",
            (),
            "npm i x",
            id="bash",
        ),
        pytest.param(
            payload(tool="PowerShell", tool_input={"command": "iex (iwr x)"}),
            "PowerShell",
            (),
            "iex (iwr x)",
            id="powershell",
        ),
        pytest.param(
            payload(
                tool="apply_patch",
                tool_input={"command": "*** Begin Patch\n*** Add File: n.md\n+hi\n*** End Patch\n"},
            ),
            "Edit",
            (FileEdit("/repo/n.md", "hi\n", WHOLE),),
            "",
            id="codex-apply-patch",
        ),
        pytest.param(
            payload(
                tool="apply_patch",
                tool_input={
                    "command": "*** Begin Patch\n*** Update File: a.py\n@@\n-x\n+y\n*** End Patch\n"
                },
            ),
            "Edit",
            (FileEdit("/repo/a.py", "y", HUNK, "x"),),
            "",
            id="codex-apply-patch-update",
        ),
        pytest.param(
            payload(tool="shell", tool_input={"command": ["bash", "-lc", "pip install x"]}),
            "Bash",
            (),
            "pip install x",
            id="codex-legacy-shell-argv",
        ),
        pytest.param(
            payload(tool="Read", tool_input={"file_path": "/repo/a.py"}),
            "Read",
            (),
            "",
            id="read-has-no-edits",
        ),
        pytest.param(
            payload(tool="Write", tool_input={"file_path": 7, "content": None}),
            "Write",
            (),
            "",
            id="wrong-types-are-absent",
        ),
        pytest.param(
            payload(tool="Write", tool_input="nope"), "Write", (), "", id="tool-input-not-object"
        ),
        pytest.param(
            payload(tool="Bash", tool_input={"command": {"x": 1}}),
            "Bash",
            (),
            "",
            id="command-not-string",
        ),
    ],
)
def test_normalize_tools(data, tool, edits, command):
    event = claude.normalize(data, "", {})
    assert event is not None
    assert (event.tool, event.edits, event.command) == (tool, edits, command)
    assert event.cwd == "/repo"
    assert event.session_id == "s1"


def test_normalize_common_fields():
    data = payload(
        "SessionStart", source="compact", permission_mode="plan", turn_id="7", stop_hook_active=True
    )
    event = claude.normalize(data, "", {})
    assert event == Event(
        "SessionStart",
        cwd="/repo",
        session_id="s1",
        turn_id="7",
        transcript_path="/t.jsonl",
        source="compact",
        permission_mode="plan",
        stop_hook_active=True,
        contract="claude",
    )


def test_event_argument_wins_and_unknown_events_are_dropped():
    assert normalized(claude, payload("PreToolUse"), "PostToolUse").name == "PostToolUse"
    assert claude.normalize(payload("BeforeTool"), "", {}) is None
    assert claude.normalize({"hook_event_name": 3}, "", {}) is None


@pytest.mark.parametrize(
    ("event_name", "deny"),
    [
        ("PreToolUse", False),
        ("PreToolUse", True),
        ("PostToolUse", False),
        ("SessionStart", False),
        ("UserPromptSubmit", False),
    ],
)
def test_envelope(event_name, deny, snapshot):
    out = claude.envelope(Event(event_name), 'Advice with "quotes", \\ and ünïcode\nline 2', deny)
    assert out is not None
    assert json.loads(out)["hookSpecificOutput"]["hookEventName"] == event_name
    assert out == snapshot


def test_a_failed_call_counts_its_error_text():
    """PostToolUseFailure carries ``error`` in place of ``tool_response``: the size the
    context-size guard counts is that text's."""
    bash = {"command": "git push --force origin main"}
    failed = payload("PostToolUseFailure", "Bash", bash, error="x" * 40, is_interrupt=False)
    assert normalized(claude, failed).output_size == 40
    ran = payload("PostToolUse", "Bash", bash, tool_response={"stdout": "ok", "stderr": ""})
    assert normalized(claude, ran).output_size == 2
    assert normalized(claude, payload("PostToolUseFailure", "Bash", bash)).output_size == 0


def test_a_subagents_payload_names_the_agent():
    start = payload("SubagentStart", agent_id="agent-9", agent_type="Plan")
    event = normalized(claude, start)
    assert (event.name, event.agent_id, event.agent_type) == ("SubagentStart", "agent-9", "Plan")
    assert normalized(claude, payload("PreToolUse", "Bash", {"command": "ls"})).agent_id == ""


def test_subagent_start_context_reaches_the_subagent():
    out = claude.envelope(Event("SubagentStart"), "essentials", False)
    assert out is not None
    inner = json.loads(out)["hookSpecificOutput"]
    assert inner == {"hookEventName": "SubagentStart", "additionalContext": "essentials"}


# Grok Build runs the hooks of Claude Code's settings with its own payload
# (docs.x.ai/build/features/hooks): camelCase fields, GROK_HOOK_EVENT in the environment.
GROK_PRE_TOOL = {
    "hookEventName": "PreToolUse",
    "sessionId": "g1",
    "cwd": "/repo",
    "workspaceRoot": "/repo",
    "toolName": "run_terminal_cmd",
    "toolInput": {"command": "git push --force"},
}


@pytest.mark.parametrize(
    ("data", "env"),
    [
        pytest.param(GROK_PRE_TOOL, {}, id="camel-case-payload"),
        pytest.param({"hookEventName": "SessionStart", "sessionId": "g1"}, {}, id="session-start"),
        pytest.param({"toolName": "Bash", "toolInput": {}}, {}, id="tool-fields-alone"),
        pytest.param(
            {"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "ls"}},
            {"GROK_HOOK_EVENT": "PreToolUse"},
            id="snake-case-under-grok",
        ),
    ],
)
def test_a_grok_call_is_not_read(data, env):
    for event_arg in ("", "PreToolUse", "SessionStart"):
        assert claude.normalize(data, event_arg, env) is None


def test_a_claude_payload_with_stray_camel_case_keys_is_still_read():
    data: dict[str, object] = {
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "ls"},
        "toolName": "x",
    }
    assert normalized(claude, data).command == "ls"
    assert claude.normalize(data, "", {"GROK_HOOK_EVENT": ""}) is not None


def test_a_grok_call_through_the_hook_answers_nothing(tmp_path):
    data = {**GROK_PRE_TOOL, "cwd": str(tmp_path), "workspaceRoot": str(tmp_path)}
    for args in (["--contract", "claude", "PreToolUse"], ["--contract", "claude", "SessionStart"]):
        out = dispatch.run(args, json.dumps(data).encode(), dict(os.environ))
        assert out.output == "" and out.event is None
