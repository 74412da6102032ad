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
