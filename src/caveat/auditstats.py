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
    first: str = ""
    last: str = ""

    def days(self) -> list[str]:
        return sorted({day for day, _ in self.daily})

    def by_calls(self, rows: dict[str, Row]) -> list[Row]:
        """Biggest first: most calls, then name."""
        return sorted(rows.values(), key=lambda r: (-r.calls, r.name))


def summarise(records: Iterable[Record]) -> Summary:
    out = Summary()
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
    if outcome in ("advised", "denied"):
        row.advised += outcome == "advised"
        row.denied += outcome == "denied"
        out.daily[(day, name)] = out.daily.get((day, name), 0) + 1
    elif outcome == "faulted":
        row.faulted += 1
        key = (name, session)
        out.faults[key] = out.faults.get(key, 0) + 1
        if out.faults[key] >= LIMIT and session:  # it steps aside from here on
            out.aside.setdefault(name, set()).add(session)
