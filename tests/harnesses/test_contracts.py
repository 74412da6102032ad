"""What every harness's contract shares: the table and the ``Contract`` protocol, and
the assertions that hold for several vendors alike."""

from __future__ import annotations

import importlib

import pytest

from caveat import chain
from caveat import harnesses
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
