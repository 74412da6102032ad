"""The sums ``caveat stats`` reports: one guard's or harness's counts (``Row``), what
followed one guard's holds (``Holds``), the whole ``Summary``, and latency
percentiles (nearest rank)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from dataclasses import field


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
