"""What ``caveat stats`` reports: audit records summed per guard, per harness and per
day, with latency percentiles (nearest rank) and the guards that stepped aside."""

from __future__ import annotations

from caveat.auditholds import count_hold
from caveat.auditholds import settle
from caveat.auditlog import guards
from caveat.auditlog import number
from caveat.auditsummary import Row
from caveat.auditsummary import Summary
from caveat.stepaside import LIMIT

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

    from caveat.auditlog import Record


def summarise(records: Iterable[Record], now: float | None = None) -> Summary:
    out = Summary()
    # (session, command key) → (time, harness, guards) of each hold not yet retried
    pending: dict[tuple[str, str], tuple[str, str, list[str]]] = {}
    for record in records:
        out.records += 1
        when = str(record.get("time", ""))
        out.first = out.first or when
        out.last = when
        total = number(record.get("ms"))
        out.latencies.append(total)
        harness = out.harnesses.setdefault(
            str(record.get("contract") or "?"), Row(str(record.get("contract") or "?"))
        )
        harness.calls += 1
        harness.times.append(total)
        received = record.get("received")
        harness.advised += received == "advice"
        harness.denied += received == "deny"
        rows = guards(record)
        # A call that failed open (caveat could not even start: "launch failed") counts.
        failed = bool(record.get("failed"))
        harness.faulted += failed or any(g.get("outcome") == "faulted" for g in rows)
        why = record.get("unusable")
        if why:
            key = (harness.name, str(why))
            out.unusable[key] = out.unusable.get(key, 0) + 1
        for entry in rows:
            _count_guard(out, entry, when[:10], str(record.get("session", "")))
        count_hold(out, record, harness.name, when, pending)
    settle(out, pending, now)
    return out


def _count_guard(out: Summary, entry: dict[str, object], day: str, session: str) -> None:
    name = str(entry.get("id", "?"))
    row = out.guards.setdefault(name, Row(name))
    outcome = entry.get("outcome")
    row.calls += 1
    if outcome == "skipped":
        row.skipped += 1
        out.aside.setdefault(name, set()).add(session)
        return
    row.times.append(number(entry.get("ms")))
    if outcome in ("advised", "denied", "held"):
        row.advised += outcome == "advised"
        row.denied += outcome == "denied"
        out.daily[(day, name)] = out.daily.get((day, name), 0) + 1
    elif outcome == "faulted":
        row.faulted += 1
        key = (name, session)
        out.faults[key] = out.faults.get(key, 0) + 1
        if out.faults[key] >= LIMIT and session:  # it steps aside from here on
            out.aside.setdefault(name, set()).add(session)
