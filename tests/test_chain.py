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
    """A registry line with its guard: ``result`` True finds one unnamed finding."""

    def check(event, ctx):
        if isinstance(result, BaseException):
            raise result
        if callable(result):
            return result()
        return [Finding({"n": guard_id})] if result else []

    return Spec(
        guard_id,
        frozenset(events),
        frozenset(tools),
        tuple(messages or (f"msg-{guard_id}",)),
        budget_s=budget,
        guard=SimpleNamespace(check=check),
    )


EVENT = Event("PreToolUse", tool="Write")


def test_select_by_event_tool_and_guard_id(monkeypatch):
    a, b, c = fake("a"), fake("b", tools=("Bash",)), fake("c", events=("PostToolUse",))
    anytool = fake("d", tools=())
    monkeypatch.setattr(chain, "REGISTRY", (a, b, c, anytool))
    assert chain.select(EVENT) == [a, anytool]
    assert chain.select(EVENT, frozenset({"d"})) == [anytool]
    assert chain.select(EVENT, frozenset({"b"})) == []  # narrowed to a guard of another tool


def test_the_chain_stamps_the_guard_and_its_default_message():
    named = fake("two", lambda: [Finding({}), Finding({}, message="second")])
    named = Spec("two", named.events, named.tools, ("first", "second"), guard=named.guard)
    found = chain.run(EVENT, Context(EVENT, {}), [named])
    assert [(f.guard, f.message) for f in found] == [("two", "first"), ("two", "second")]


def test_findings_in_registry_order_and_faults_isolated(monkeypatch, capfd):
    def slow():
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            pass
        return []

    specs = [
        fake("first", True),
        fake("raises", RuntimeError("boom")),
        fake("recursion", RecursionError("deep")),
        fake("overruns", slow, budget=0.05),
        fake("swallower", lambda: _swallow(slow), budget=0.05),
        fake("last", True),
    ]
    trace: list[chain.Row] = []
    found = chain.run(EVENT, Context(EVENT, {}), specs, trace)
    assert [f.guard for f in found] == ["first", "last"]
    assert [(row.guard, row.outcome) for row in trace] == [
        ("first", "fired"),
        ("raises", "error"),
        ("recursion", "error"),
        ("overruns", "overrun"),
        ("swallower", "overrun"),
        ("last", "fired"),
    ]
    assert max(row.seconds for row in trace) < 2.0
    err = capfd.readouterr().err
    assert "guard raises failed (RuntimeError: boom); skipped" in err
    assert "guard overruns exceeded its 0.05 s budget; skipped" in err


def _spin():
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        pass
    return []


def test_a_shell_guard_out_of_time_on_a_command_says_none_of_it_was_checked():
    slow = fake("slow-shell", _spin, tools=("Bash", "Write"), budget=0.05)
    slow = Spec(
        slow.id, slow.events, slow.tools, slow.messages, budget_s=0.05, guard=slow.guard,
        unread="unread",
    )  # fmt: skip
    command = Event("PreToolUse", tool="Bash", command="echo hi; " * 1000 + "npm i lodahs")
    found = chain.run(command, Context(command, {}), [slow])
    assert [(f.guard, f.variant, f.key, f.value_map()) for f in found] == [
        ("slow-shell", "unread", "unread", {"unread": "all 9,012 characters"})
    ]
    # A file is not a command line: the guard's own deadline says what it did not read.
    assert chain.run(EVENT, Context(EVENT, {}), [slow]) == []
    # A guard that does not read command lines says nothing of them.
    quiet = fake("quiet", _spin, tools=("Bash",), budget=0.05)
    assert chain.run(command, Context(command, {}), [quiet]) == []


def test_a_silent_guard_can_say_why_when_explain_asks():
    def quiet():
        return []

    def noting(event, ctx):
        if ctx.explaining:
            ctx.notes.append("nothing to judge")
        return quiet()

    spec = fake("quiet")
    spec = Spec(
        "quiet", spec.events, spec.tools, spec.messages, guard=SimpleNamespace(check=noting)
    )
    for explaining, detail in ((False, ""), (True, "nothing to judge")):
        trace: list[chain.Row] = []
        chain.run(EVENT, Context(EVENT, {}, explaining=explaining), [spec], trace)
        assert [(row.outcome, row.detail) for row in trace] == [("silent", detail)]


def _swallow(work):
    try:
        return work()
    except Exception:  # a guard that catches everything still cannot keep the chain waiting
        return [Finding({})]


def test_budget_outside_main_thread_runs_unguarded():
    import threading

    results = []
    spec = fake("ok", True)

    def target():
        results.extend(chain.run(EVENT, Context(EVENT, {}), [spec]))

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    assert [f.guard for f in results] == ["ok"]


@pytest.mark.parametrize("guard_id", [spec.id for spec in REGISTRY])
def test_every_registry_line_is_a_whole_declaration(guard_id):
    spec = next(s for s in REGISTRY if guard_id == s.id)
    assert spec.messages and all(isinstance(m, str) for m in spec.messages)
    assert isinstance(spec.events, frozenset) and spec.events
    assert isinstance(spec.tools, frozenset)
    assert 0 < spec.budget_s <= 10
    assert isinstance(spec.strict, bool)
    assert all(isinstance(keys, dict) for keys in spec.settings.values())
    assert callable(spec.load().check)


def test_guard_ids_are_unique_and_well_formed():
    ids = [spec.id for spec in REGISTRY]
    assert len(ids) == len(set(ids))
    assert all(i.replace("-", "").isalnum() and i.islower() for i in ids)
