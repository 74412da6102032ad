"""What ``caveat stats`` reports: audit records summed per guard, per harness and per
day, with latency percentiles (nearest rank) and the guards that stepped aside."""

from __future__ import annotations

import math
from dataclasses import dataclass
from dataclasses import field

from caveat.auditlog import guards
from caveat.auditlog import number
from caveat.stepaside import LIMIT

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

    from caveat.auditlog import Record


def percentile(values: list[float], p: float) -> float:
    """The nearest-rank percentile of ``values`` (0 when there are none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


@dataclass
class Row:
    """One guard's or one harness's counts."""

    name: str
    calls: int = 0
    advised: int = 0
    denied: int = 0
    faulted: int = 0
    skipped: int = 0
    times: list[float] = field(default_factory=list)

    @property
    def p50(self) -> float:
        return percentile(self.times, 50)

    @property
    def p99(self) -> float:
        return percentile(self.times, 99)


@dataclass
class Holds:
    """What followed one guard's holds in one harness: the command came back
    (``retried``), or the session went on without it for the hold window
    (``dropped``); ``waiting``: neither yet."""

    held: int = 0
    retried: int = 0
    dropped: int = 0
    waiting: int = 0


@dataclass
class Summary:
    records: int = 0
    guards: dict[str, Row] = field(default_factory=dict)
    harnesses: dict[str, Row] = field(default_factory=dict)
    # (UTC day, guard) → advice (advised or denied) it gave that day
    daily: dict[tuple[str, str], int] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)  # total ms per execution
    # guard → the sessions it stepped aside in
    aside: dict[str, set[str]] = field(default_factory=dict)
    faults: dict[tuple[str, str], int] = field(default_factory=dict)  # (guard, session)
    # (harness, why) → calls whose input, contract or arguments could not be used
    unusable: dict[tuple[str, str], int] = field(default_factory=dict)
    # (guard, harness) → what followed its holds (docs/holds.md)
    holds: dict[tuple[str, str], Holds] = field(default_factory=dict)
    first: str = ""
    last: str = ""

    def days(self) -> list[str]:
        return sorted({day for day, _ in self.daily})

    def by_calls(self, rows: dict[str, Row]) -> list[Row]:
        """Biggest first: most calls, then name."""
        return sorted(rows.values(), key=lambda r: (-r.calls, r.name))


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
        _hold(out, record, harness.name, when, pending)
    _settle(out, pending, now)
    return out


def _hold(
    out: Summary,
    record: Record,
    harness: str,
    when: str,
    pending: dict[tuple[str, str], tuple[str, str, list[str]]],
) -> None:
    hold = record.get("hold")
    if not isinstance(hold, dict):
        return
    verdict, key = hold.get("verdict"), str(hold.get("key", ""))
    names = [str(g) for g in hold.get("guards", []) if isinstance(g, str)]
    pair = (str(record.get("session", "")), key)
    if verdict in ("held", "asked") and record.get("received") in ("hold", "ask"):
        for name in names:
            out.holds.setdefault((name, harness), Holds()).held += 1
        pending[pair] = (when, harness, names)
    elif verdict == "retried" and pair in pending:
        _, held_in, held_by = pending.pop(pair)
        for name in held_by:
            out.holds.setdefault((name, held_in), Holds()).retried += 1


def _settle(
    out: Summary, pending: dict[tuple[str, str], tuple[str, str, list[str]]], now: float | None
) -> None:
    """Holds never retried: dropped once the hold window has passed."""
    import calendar
    import time

    from caveat.hold import WINDOW_MS

    now = time.time() if now is None else now
    for when, harness, names in pending.values():
        try:
            at = calendar.timegm(time.strptime(when, "%Y-%m-%dT%H:%M:%SZ"))
        except ValueError:
            at = 0
        dropped = now - at > WINDOW_MS / 1000
        for name in names:
            row = out.holds.setdefault((name, harness), Holds())
            row.dropped += dropped
            row.waiting += not dropped


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
