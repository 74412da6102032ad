"""What every harness's contract shares: the table and the ``Contract`` protocol, and
the assertions that hold for several vendors alike."""

from __future__ import annotations

import importlib
import json
import os

import pytest

from caveat import chain
from caveat import dispatch
from caveat import harnesses
from caveat.event import Event
from tests.harnesses.contract_helpers import NEW_PACKAGE
from tests.harnesses.contract_helpers import normalized
from tests.harnesses.contract_helpers import package_repo


@pytest.mark.parametrize("harness_id", sorted(harnesses.HARNESSES))
def test_every_contract_satisfies_the_protocol(harness_id):
    module = importlib.import_module(f"caveat.harnesses.{harness_id}")
    assert harness_id == module.ID
    assert isinstance(module.EVENTS, frozenset) and module.EVENTS
    assert isinstance(module.HOOK_EVENTS, frozenset) and module.EVENTS <= module.HOOK_EVENTS
    assert callable(module.normalize)
    assert callable(module.envelope)
    assert harnesses.load(harness_id) is module


def test_unknown_contract():
    assert harnesses.load("nope") is None


@pytest.mark.parametrize(
    ("harness_id", "event_name", "tool", "tool_input"),
    [
        pytest.param("codebuddy", "PreToolUse", "WebFetch", {"url": "x"}, id="codebuddy"),
        pytest.param("codex", "PreToolUse", "mcp__fs__write", {"path": "a"}, id="codex"),
        pytest.param("gemini", "AfterTool", "google_web_search", {"query": "x"}, id="gemini"),
        pytest.param("qwen", "PreToolUse", "grep_search", {"pattern": "x"}, id="qwen"),
    ],
)
def test_unknown_tools_reach_no_guard(harness_id, event_name, tool, tool_input):
    contract = harnesses.load(harness_id)
    assert contract is not None
    data = {
        "session_id": "s1",
        "cwd": "/repo",
        "hook_event_name": event_name,
        "tool_name": tool,
        "tool_input": tool_input,
    }
    event = normalized(contract, data)
    # Only guards that look at every tool (custom rules, context size) may run.
    assert {s.id for s in chain.select(event)} <= {"custom", "compaction"}


def _cases(harness_id, *names, listed=()):
    """(harness_id, event name, whether the contract lists it) for each of ``names``."""
    return [pytest.param(harness_id, n, n in listed, id=f"{harness_id}-{n}") for n in names]


# Each vendor's own payload fields are left out: these cases turn on the event name alone.
@pytest.mark.parametrize(
    ("harness_id", "event_name", "listed"),
    [
        *_cases("codebuddy", "BeforeTool", "preToolUse", "nope"),
        *_cases("codex", "BeforeTool", "AfterTool", "Setup", ""),
        *_cases(
            "gemini",
            "PreToolUse",
            "PostToolUse",
            "BeforeModel",
            "AfterModel",
            "BeforeToolSelection",
            "nope",
        ),
        *_cases("qwen", "BeforeTool", "AfterTool", "Setup", "postToolUse"),
        # Kiro and Cursor list some events (a user may register them) that map to nothing.
        *_cases(
            "kiro",
            "PostFileSave",
            "Manual",
            "PreTaskExec",
            "fileEdited",
            "BeforeTool",
            "",
            listed={"PostFileSave", "Manual", "PreTaskExec", "fileEdited"},
        ),
        # agy documents its loop events (they parse and do not run) and sends no
        # ``hook_event_name``: only its own two tool events are read.
        *_cases("antigravity", "PreInvocation", "PostInvocation", "Stop", "BeforeTool", ""),
        *_cases(
            "cursor",
            "afterAgentResponse",
            "afterTabFileEdit",
            "workspaceOpen",
            "PreToolUse",
            "",
            listed={"afterAgentResponse", "afterTabFileEdit", "workspaceOpen"},
        ),
    ],
)
def test_unknown_or_unmapped_events_are_dropped(harness_id, event_name, listed):
    contract = harnesses.load(harness_id)
    assert contract is not None
    assert (event_name in contract.EVENTS) is listed
    data = {"session_id": "s1", "cwd": "/repo", "hook_event_name": event_name}
    assert contract.normalize(data, "", {}) is None


def _silent(harness_id, events, denies=(False,)):
    """(harness_id, event, the ``deny`` values that get no envelope) for each event."""
    which = "-".join("deny" if d else "context" for d in denies)
    return [
        pytest.param(harness_id, e, denies, id=f"{harness_id}-{e.vendor_event or e.name}-{which}")
        for e in events
    ]


def _by_vendor_event(pairs):
    """Events from (name, vendor event) pairs: the vendor event picks the output channel."""
    return [Event(n, vendor_event=v) for n, v in pairs]


@pytest.mark.parametrize(
    ("harness_id", "event", "denies"),
    [
        *_silent(
            "claude",
            [Event(n) for n in ("PreCompact", "PostCompact", "SessionEnd", "Notification")],
            denies=(False, True),
        ),
        *_silent(
            "codebuddy",
            [
                Event(n, contract="codebuddy")
                for n in ("PreToolUse", "Stop", "PreCompact", "Notification", "SessionEnd")
            ],
        ),
        *_silent(
            "qwen",
            [
                Event(n, contract="qwen")
                for n in (
                    "PreToolUse",
                    "Stop",
                    "PreCompact",
                    "PostCompact",
                    "SessionEnd",
                )
            ],
        ),
        *_silent(
            "kiro",
            _by_vendor_event(
                [
                    ("PreToolUse", "preToolUse"),
                    ("PreToolUse", "PreToolUse"),
                    ("PostToolUse", "postToolUse"),
                    ("PostToolUse", "PostToolUse"),
                    ("UserPromptSubmit", "userPromptSubmit"),
                    ("Stop", "stop"),
                ]
            ),
        ),
        # Kiro CLI 2.x blocks by exit code only, so a deny has no envelope either.
        *_silent("kiro", [Event("PreToolUse", vendor_event="preToolUse")], denies=(True,)),
        *_silent(
            "cursor",
            [
                Event("PostToolUse", vendor_event=v)
                for v in (
                    "preToolUse",
                    "postToolUse",
                    "beforeShellExecution",
                    "afterShellExecution",
                    "afterFileEdit",
                    "beforeSubmitPrompt",
                    "stop",
                    "preCompact",
                    "sessionEnd",
                )
            ],
        ),
        # Where Cursor cannot block with a message, a deny has no envelope.
        *_silent(
            "cursor",
            [
                Event("PostToolUse", vendor_event=v)
                for v in ("afterFileEdit", "postToolUse", "beforeReadFile", "stop")
            ],
            denies=(True,),
        ),
        *_silent(
            "copilot",
            _by_vendor_event(
                [
                    ("PreToolUse", "preToolUse"),
                    ("UserPromptSubmit", "userPromptSubmitted"),
                    ("Stop", "agentStop"),
                    ("SessionEnd", "sessionEnd"),
                    ("PreCompact", "preCompact"),
                    ("Notification", "notification"),
                    ("PreToolUse", "PreToolUse"),
                    ("UserPromptSubmit", "UserPromptSubmit"),
                    ("Stop", "Stop"),
                ]
            ),
        ),
        # agy: only a PreToolUse deny reaches the model; the hook answers SILENT instead.
        *_silent("antigravity", _by_vendor_event([("PreToolUse", "PreToolUse")])),
        *_silent(
            "antigravity",
            _by_vendor_event([("PostToolUse", "PostToolUse")]),
            denies=(False, True),
        ),
        # Devin CLI's PreToolUse takes a deny; nothing else here does, nor any Windsurf event.
        *_silent("devin", [Event("PreToolUse", vendor_event="PreToolUse")]),
        *_silent(
            "devin",
            _by_vendor_event(
                [
                    ("UserPromptSubmit", "UserPromptSubmit"),
                    ("Stop", "Stop"),
                    ("SessionEnd", "SessionEnd"),
                    ("PreToolUse", "pre_write_code"),
                    ("PostToolUse", "post_write_code"),
                    ("PostToolUse", "post_run_command"),
                    ("UserPromptSubmit", "pre_user_prompt"),
                ]
            ),
            denies=(False, True),
        ),
    ],
)
def test_no_envelope_where_the_vendor_drops_the_output(harness_id, event, denies):
    contract = harnesses.load(harness_id)
    assert contract is not None
    for deny in denies:
        assert contract.envelope(event, "text", deny) is None


WRITE_A_JSON = {"file_path": "a.json", "content": ""}
ADD_A_JSON = "*** Begin Patch\n*** Add File: a.json\n+{}\n*** End Patch\n"


def _edited(data, cwd):
    """The paths a payload edits: its tool call's relative ``a.json`` resolves against cwd."""
    return [os.path.join(cwd, "a.json")] if "tool_input" in data else []


@pytest.mark.parametrize(
    ("harness_id", "data", "variables", "fallback", "foreign"),
    [
        pytest.param(
            "claude",
            {"hook_event_name": "PreToolUse"},
            ["CLAUDE_PROJECT_DIR"],
            None,
            {},
            id="claude",
        ),
        pytest.param(
            "codebuddy",
            {"hook_event_name": "PostToolUse"},
            ["CODEBUDDY_PROJECT_DIR"],
            None,
            {},
            id="codebuddy",
        ),
        pytest.param(
            "qwen",
            {
                "hook_event_name": "PreToolUse",
                "tool_name": "write_file",
                "tool_input": WRITE_A_JSON,
            },
            [
                "QWEN_PROJECT_DIR",
                "QWEN_CODE_PROJECT_DIR",
                "CLAUDE_PROJECT_DIR",
                "GEMINI_PROJECT_DIR",
            ],
            None,
            {},
            id="qwen",
        ),
        pytest.param(
            "gemini",
            {
                "hook_event_name": "BeforeTool",
                "tool_name": "write_file",
                "tool_input": WRITE_A_JSON,
            },
            ["GEMINI_PROJECT_DIR", "GEMINI_CWD", "CLAUDE_PROJECT_DIR"],
            # A cwd that is not a string counts as none.
            {
                "hook_event_name": "BeforeTool",
                "tool_name": "write_file",
                "tool_input": WRITE_A_JSON,
                "cwd": 5,
            },
            {},
            id="gemini",
        ),
        pytest.param(
            "cursor",
            # A workspace root that is not a string counts as none.
            {"hook_event_name": "sessionStart", "workspace_roots": [7]},
            ["CURSOR_PROJECT_DIR"],
            {"hook_event_name": "stop"},
            {},
            id="cursor",
        ),
        pytest.param(
            "devin",
            {"agent_action_name": "pre_user_prompt", "trajectory_id": "s1", "execution_id": "p1"},
            ["DEVIN_PROJECT_DIR"],
            {"session_id": "s1", "prompt_id": "p1", "hook_event_name": "SessionStart"},
            {},
            id="devin",
        ),
        pytest.param("kiro", {"hook_event_name": "agentSpawn"}, [], None, {}, id="kiro"),
        # agy names its workspace folders only; a folder that is not a string is none.
        pytest.param(
            "antigravity",
            {"hookEventName": "PreToolUse", "workspacePaths": [7]},
            [],
            None,
            {"CLAUDE_PROJECT_DIR": "/elsewhere", "GEMINI_PROJECT_DIR": "/elsewhere"},
            id="antigravity",
        ),
        # Codex has no project-dir variable and must not borrow Claude's.
        pytest.param(
            "codex",
            {
                "hook_event_name": "PreToolUse",
                "tool_name": "apply_patch",
                "tool_input": {"command": ADD_A_JSON},
            },
            [],
            None,
            {"CLAUDE_PROJECT_DIR": "/elsewhere"},
            id="codex",
        ),
    ],
)
def test_cwd_falls_back_to_project_dir_variables_then_process_cwd(
    harness_id, data, variables, fallback, foreign, monkeypatch, tmp_path
):
    """With no cwd in the payload, each of ``variables`` in turn wins over the ones after it,
    then the process cwd is used (and ``foreign`` variables stay unread)."""
    contract = harnesses.load(harness_id)
    assert contract is not None

    env = {name: f"/p{i}" for i, name in enumerate(variables, 1)}
    for name in variables:
        event = normalized(contract, data, env=env)
        assert event.cwd == env[name]
        assert [e.path for e in event.edits] == _edited(data, env[name])
        del env[name]
    monkeypatch.chdir(tmp_path)
    data = data if fallback is None else fallback
    event = normalized(contract, data, env=foreign)
    assert event.cwd == str(tmp_path)
    assert [e.path for e in event.edits] == _edited(data, str(tmp_path))


def _lifecycle(harness_id, event_name, **fields):
    data = {"session_id": "s1", "cwd": "/repo", "hook_event_name": event_name, **fields}
    return pytest.param(harness_id, data, id=f"{harness_id}-{event_name}")


@pytest.mark.parametrize(
    ("harness_id", "data"),
    [
        _lifecycle("codebuddy", "SessionStart", source="compact"),
        _lifecycle("codebuddy", "UserPromptSubmit", prompt="add zod"),
        _lifecycle("codebuddy", "Stop", stop_hook_active=True),
        _lifecycle("codebuddy", "PreCompact", trigger="auto", custom_instructions=""),
        _lifecycle("codebuddy", "Notification", notification_type="idle", message="waiting"),
        _lifecycle("codebuddy", "SessionEnd", reason="exit"),
        _lifecycle("qwen", "SessionStart", source="startup", model="fake-model"),
        _lifecycle("qwen", "UserPromptSubmit", prompt="add axios", submitted_prompt="add axios"),
        _lifecycle("qwen", "Stop", stop_hook_active=True),
        _lifecycle("qwen", "PreCompact", trigger="auto"),
        _lifecycle("qwen", "SessionEnd", reason="exit"),
    ],
)
def test_normalize_lifecycle_events(harness_id, data):
    contract = harnesses.load(harness_id)
    assert contract is not None
    event = normalized(contract, data)
    assert (event.name, event.tool, event.edits) == (data["hook_event_name"], "", ())
    assert event.source == data.get("source", "")
    assert event.stop_hook_active is data.get("stop_hook_active", False)


# End to end through the dispatcher, for the Claude-shaped contracts.


@pytest.fixture
def repo(tmp_path):
    return package_repo(tmp_path)


def _write_package(harness_id, repo, vendor_event, tool):
    data = {
        "session_id": "s1",
        "cwd": str(repo),
        "hook_event_name": vendor_event,
        "tool_name": tool,
        "tool_input": {"file_path": str(repo / "package.json"), "content": NEW_PACKAGE},
    }
    return dispatch.run(["--contract", harness_id], json.dumps(data).encode(), dict(os.environ))


# (contract, its events before and after a tool, its write tool)
DISPATCHED = [
    pytest.param("codebuddy", "PreToolUse", "PostToolUse", "Write", id="codebuddy"),
    pytest.param("qwen", "PreToolUse", "PostToolUse", "write_file", id="qwen"),
    pytest.param("gemini", "BeforeTool", "AfterTool", "write_file", id="gemini"),
]


@pytest.mark.parametrize(("harness_id", "before", "vendor_event", "tool"), DISPATCHED)
def test_dispatch_post_tool_write_of_package_json_fires(
    repo, harness_id, before, vendor_event, tool
):
    envelope = json.loads(_write_package(harness_id, repo, vendor_event, tool).output)
    assert list(envelope) == ["hookSpecificOutput"]
    assert envelope["hookSpecificOutput"]["hookEventName"] == vendor_event
    assert "axios" in envelope["hookSpecificOutput"]["additionalContext"]


@pytest.mark.parametrize(("harness_id", "vendor_event", "after", "tool"), DISPATCHED)
def test_dispatch_pre_tool_stays_silent(repo, harness_id, vendor_event, after, tool):
    outcome = _write_package(harness_id, repo, vendor_event, tool)
    assert outcome.findings  # the guard found it; the vendor would drop the context
    assert outcome.output == ""
    assert "does not hand" in outcome.reason
