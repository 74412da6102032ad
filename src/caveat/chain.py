"""Run the guards that apply to an event, in registry order, each in isolation.

A guard that raises, or that overruns its time budget, is skipped and logged; the
chain goes on, and the hook still answers (SPEC §1.7). The timer and ``Overrun`` are
those of ``caveat.common.budget``. A guard that faulted three times in the session steps
aside for the rest of it (``caveat.stepaside``).
"""

from __future__ import annotations

import os
import time

from caveat.common import state
from caveat.common.budget import Overrun
from caveat.common.budget import Timer
from caveat.guards import REGISTRY

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.event import Event
    from caveat.event import Finding
    from caveat.guards import Guard
    from caveat.guards.base import Context


def select(event: Event, messages: frozenset[str] = frozenset()) -> list[Guard]:
    """Guards that handle the event's name and tool, limited to those bound to one of
    ``messages`` when any are named."""
    chosen = []
    for spec in REGISTRY:
        if event.name not in spec.events:
            continue
        if spec.tools and event.tool not in spec.tools:
            continue
        if messages and messages.isdisjoint(spec.messages):
            continue
        chosen.append(spec.load())
    return chosen


# One row per guard for ``caveat explain`` and the audit log: (guard id, outcome,
# seconds, detail); outcome is silent, fired, overrun, error or skipped.
Trace = list[tuple[str, str, float, str]]


# ``caveat.stepaside.FOLDER``, named here so that a call in a day without faults costs
# one ``stat`` and imports nothing more.
_FAULTS = "faults"


def _aside(ctx: Context, session_id: str) -> frozenset[str]:
    """The guards that stepped aside in this session."""
    if not session_id or not os.path.isdir(os.path.join(state.location(ctx.env), _FAULTS)):
        return frozenset()
    from caveat import stepaside

    return stepaside.benched(ctx.env, session_id)


def _count(ctx: Context, session_id: str, guard_id: str) -> None:
    from caveat import stepaside

    try:
        stepaside.count(ctx.env, session_id, guard_id)
    except Exception as exc:  # counting is best effort; the chain goes on
        _log(f"could not count the fault of guard {guard_id}: {exc}")


def _log(message: str) -> None:
    from caveat.common.log import log  # only on a fault: kept off the silent path

    log(message)


def run(
    event: Event, ctx: Context, guards: list[Guard], trace: Trace | None = None
) -> list[Finding]:
    findings: list[Finding] = []
    # No session, nothing to count: the benchmark and tests run the chain on stand-ins.
    session = getattr(event, "session_id", "")
    aside = _aside(ctx, session) if session else frozenset()
    for guard in guards:
        if guard.ID in aside:
            if trace is not None:
                from caveat.stepaside import REASON  # loaded: ``_aside`` found the record

                trace.append((guard.ID, "skipped", 0.0, REASON))
            continue
        started = time.perf_counter()
        outcome, detail = "silent", ""
        try:
            with Timer(guard.BUDGET_S):
                found = guard.check(event, ctx)
            findings.extend(found)
            if found:
                outcome, detail = "fired", f"{len(found)} finding(s)"
        except Overrun:
            outcome, detail = "overrun", f"exceeded its {guard.BUDGET_S:g} s budget"
            _log(f"guard {guard.ID} {detail}; skipped")
        except Exception as exc:
            outcome, detail = "error", f"{type(exc).__name__}: {exc}"
            _log(f"guard {guard.ID} failed ({detail}); skipped")
        if outcome in ("overrun", "error") and session:
            _count(ctx, session, guard.ID)
        if trace is not None:
            trace.append((guard.ID, outcome, time.perf_counter() - started, detail))
    return findings
