"""Choose the guards for an event, and run them in registry order, each in isolation.

A guard that raises, or that overruns its time budget, is skipped and logged; the
chain goes on, and the hook still answers (SPEC §1.7). The timer and ``Overrun`` are
those of ``caveat.common.budget``. A guard that faulted three times in the session
steps aside for the rest of it (``caveat.stepaside``).

The chain is where a finding learns whose it is: it stamps the guard's id, and the
guard's default message when the finding names none, so analysis code never
imports its own package's declaration.
"""

from __future__ import annotations

import os
import time

from caveat.common import state
from caveat.common.budget import Overrun
from caveat.common.budget import Timer
from caveat.event import Record
from caveat.guards import REGISTRY

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.event import Event
    from caveat.event import Finding
    from caveat.guards import Spec
    from caveat.guards.base import Context

# Outcomes of a trace row.
SILENT, FIRED, OVERRUN, ERROR, SKIPPED = "silent", "fired", "overrun", "error", "skipped"
_set = object.__setattr__


class Row(Record):
    """What one guard did with one call, for ``caveat explain`` and the audit log."""

    __slots__ = ("detail", "guard", "outcome", "seconds")

    guard: str
    outcome: str  # SILENT, FIRED, OVERRUN, ERROR or SKIPPED
    seconds: float
    detail: str  # the count found, the fault, or why the guard stayed silent

    def __init__(self, guard: str, outcome: str, seconds: float, detail: str) -> None:
        _set(self, "guard", guard)
        _set(self, "outcome", outcome)
        _set(self, "seconds", seconds)
        _set(self, "detail", detail)


def select(event: Event, only: frozenset[str] = frozenset()) -> list[Spec]:
    """The guards that handle the event's name and tool, limited to the guard ids in
    ``only`` when any are named."""
    return [s for s in REGISTRY if s.handles(event) and (not only or s.id in only)]


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


def stamp(found: list[Finding], spec: Spec) -> list[Finding]:
    default = spec.messages[0]
    return [f.replace(guard=spec.id, message=f.message or default) for f in found]


def _unread(spec: Spec, command: str) -> Finding:
    """What a guard that ran out of time on a command line says: none of it was
    checked (how far it got is not known)."""
    from caveat.event import Finding

    return Finding(
        {"unread": f"all {len(command):,} characters"}, variant=spec.unread, key="unread"
    )


def run(
    event: Event, ctx: Context, specs: list[Spec], trace: list[Row] | None = None
) -> list[Finding]:
    findings: list[Finding] = []
    # No session, nothing to count: the benchmark and tests run the chain on stand-ins.
    session = event.session_id
    aside = _aside(ctx, session) if session else frozenset()
    for spec in specs:
        if spec.id in aside:
            if trace is not None:
                from caveat.stepaside import REASON  # loaded: ``_aside`` found the record

                trace.append(Row(spec.id, SKIPPED, 0.0, REASON))
            continue
        started = time.perf_counter()
        outcome, detail = SILENT, ""
        noted = len(ctx.notes)
        try:
            with Timer(spec.budget_s):
                found = spec.load().check(event, ctx)
            findings.extend(stamp(found, spec))
            if found:
                outcome, detail = FIRED, f"{len(found)} finding(s)"
            else:
                detail = "; ".join(ctx.notes[noted:])
        except Overrun:
            outcome, detail = OVERRUN, f"exceeded its {spec.budget_s:g} s budget"
            _log(f"guard {spec.id} {detail}; skipped")
            if spec.unread and event.command:
                findings.extend(stamp([_unread(spec, event.command)], spec))
        except Exception as exc:
            outcome, detail = ERROR, f"{type(exc).__name__}: {exc}"
            _log(f"guard {spec.id} failed ({detail}); skipped")
        if outcome in (OVERRUN, ERROR) and session:
            _count(ctx, session, spec.id)
        if trace is not None:
            trace.append(Row(spec.id, outcome, time.perf_counter() - started, detail))
    return findings
