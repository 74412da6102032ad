from __future__ import annotations

import time
from types import SimpleNamespace

import pytest

from caveat import chain
from caveat.event import Event
from caveat.event import Finding
from caveat.guards import REGISTRY
from caveat.guards import Spec
from caveat.guards.base import Context


def fake(guard_id, result=(), events=("PreToolUse",), tools=("Write",), messages=None, budget=1.0):
    def check(event, ctx):
        if isinstance(result, BaseException):
            raise result
        if callable(result):
            return result()
        return [Finding(guard_id, f"msg-{guard_id}", {"n": guard_id})] if result else []

    return SimpleNamespace(
        ID=guard_id,
        MESSAGES=tuple(messages or (f"msg-{guard_id}",)),
        EVENTS=frozenset(events),
        TOOLS=frozenset(tools),
        BUDGET_S=budget,
        STRICT=False,
        SETTINGS={},
        check=check,
    )


def routed(guard):
    return Spec(guard.ID, guard.EVENTS, guard.TOOLS, *guard.MESSAGES, guard=guard)


EVENT = Event("PreToolUse", tool="Write")


def test_select_by_event_tool_and_message(monkeypatch):
    a, b, c = fake("a"), fake("b", tools=("Bash",)), fake("c", events=("PostToolUse",))
    anytool = fake("d", tools=())
    monkeypatch.setattr(chain, "REGISTRY", tuple(routed(g) for g in (a, b, c, anytool)))
    assert chain.select(EVENT) == [a, anytool]
    assert chain.select(EVENT, frozenset({"msg-d"})) == [anytool]
    assert chain.select(EVENT, frozenset({"nothing-bound"})) == []


def test_findings_in_registry_order_and_faults_isolated(monkeypatch, capfd):
    def slow():
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            pass
        return []

    guards = [
        fake("first", True),
        fake("raises", RuntimeError("boom")),
        fake("recursion", RecursionError("deep")),
        fake("overruns", slow, budget=0.05),
        fake("swallower", lambda: _swallow(slow), budget=0.05),
        fake("last", True),
    ]
    trace: chain.Trace = []
    found = chain.run(EVENT, Context(EVENT, {}), guards, trace)
    assert [f.guard for f in found] == ["first", "last"]
    assert [(row[0], row[1]) for row in trace] == [
        ("first", "fired"),
        ("raises", "error"),
        ("recursion", "error"),
        ("overruns", "overrun"),
        ("swallower", "overrun"),
        ("last", "fired"),
    ]
    assert max(row[2] for row in trace) < 2.0
    err = capfd.readouterr().err
    assert "guard raises failed (RuntimeError: boom); skipped" in err
    assert "guard overruns exceeded its 0.05 s budget; skipped" in err


def _swallow(work):
    try:
        return work()
    except Exception:  # a guard that catches everything still cannot keep the chain waiting
        return [Finding("swallower", "m", {})]


def test_budget_outside_main_thread_runs_unguarded():
    import threading

    results = []
    guard = fake("ok", True)

    def target():
        results.extend(chain.run(EVENT, Context(EVENT, {}), [guard]))

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    assert [f.guard for f in results] == ["ok"]


@pytest.mark.parametrize("guard_id", [spec.id for spec in REGISTRY])
def test_registered_guards_satisfy_the_protocol(guard_id):
    spec = next(s for s in REGISTRY if guard_id == s.id)
    guard = spec.load()
    assert spec.id == guard.ID  # the package names itself as the registry does
    assert spec.messages and all(isinstance(m, str) for m in spec.messages)
    assert isinstance(spec.events, frozenset) and spec.events
    assert isinstance(spec.tools, frozenset)
    assert 0 < guard.BUDGET_S <= 10
    assert isinstance(guard.STRICT, bool)
    assert all(isinstance(keys, dict) for keys in guard.SETTINGS.values())
    assert callable(guard.check)


def test_guard_ids_are_unique_and_well_formed():
    ids = [spec.id for spec in REGISTRY]
    assert len(ids) == len(set(ids))
    assert all(i.replace("-", "").isalnum() and i.islower() for i in ids)
