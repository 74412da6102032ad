"""What every harness's contract shares: the table and the ``Contract`` protocol, and
the assertions that hold for several vendors alike."""

from __future__ import annotations

import importlib

import pytest

from caveat import chain
from caveat import harnesses
from caveat.event import Event
from tests.harnesses.contract_helpers import normalized


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
    assert {g.ID for g in chain.select(event)} <= {"custom", "compaction"}


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
                    "PostToolUseFailure",
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
                    ("PostToolUseFailure", "postToolUseFailure"),
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
