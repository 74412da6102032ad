"""Reading the audit log that ``caveat.audit`` writes: the records of a period, and
the filters ``caveat log`` and ``caveat stats`` share. Only reads: nothing here
creates, changes or prunes a file.
"""

from __future__ import annotations

import calendar
import json
import os
import re
import time
from dataclasses import dataclass

from caveat import audit
from caveat.common import state
from caveat.common.private import read_private

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from collections.abc import Mapping

Record = dict[str, object]
OUTCOMES = ("silent", "advised", "denied", "held", "skipped", "faulted", "unusable")
_UNITS = {"m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}
DAY_LIMIT = 256 << 20  # a day file larger than this is not read (a hook a second: ~80 MiB)
_SPAN = re.compile(r"(\d+)\s*([mhdw])")


def folder(env: Mapping[str, str]) -> str:
    return os.path.join(state.location(env), audit.FOLDER)


def parse_since(text: str, now: float | None = None) -> float:
    """``30m``, ``1h``, ``2d``, ``1w`` ago, or an ISO date or time in UTC
    (``2026-12-01``, ``2026-12-01T10:00``, ``…Z``), as seconds since the epoch.
    Raises ValueError naming the forms it takes."""
    now = time.time() if now is None else now
    text = text.strip()
    span = _SPAN.fullmatch(text)
    if span:
        return now - int(span.group(1)) * _UNITS[span.group(2)]
    plain = text.removesuffix("Z").replace(" ", "T")
    for form in ("%Y-%m-%d", "%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S"):
        try:
            return float(calendar.timegm(time.strptime(plain, form)))
        except ValueError:
            continue
    raise ValueError(f"{text!r} is not a time: use 30m, 1h, 2d, 1w or a date like 2026-12-01")


def stamp(record: Record) -> float:
    """The record's time in seconds since the epoch (0 when unreadable)."""
    value = record.get("time")
    try:
        return float(calendar.timegm(time.strptime(str(value), "%Y-%m-%dT%H:%M:%SZ")))
    except ValueError:
        return 0.0


def guards(record: Record) -> list[dict[str, object]]:
    rows = record.get("guards")
    return [g for g in rows if isinstance(g, dict)] if isinstance(rows, list) else []


@dataclass(frozen=True)
class Filter:
    """Which records to show: all of the given conditions hold."""

    since: float | None = None
    session: str | None = None
    guard: str | None = None
    outcome: str | None = None

    def matches(self, record: Record) -> bool:
        if self.since is not None and stamp(record) < self.since:
            return False
        if self.session is not None and record.get("session") != self.session:
            return False
        rows = guards(record)
        if self.guard is not None:
            rows = [g for g in rows if g.get("id") == self.guard]
            if not rows:
                return False
        if self.outcome == "unusable":
            return bool(record.get("unusable"))
        if self.outcome is not None:
            return any(g.get("outcome") == self.outcome for g in rows)
        return True


def day_files(env: Mapping[str, str], since: float | None = None) -> list[str]:
    """The day files, oldest first, leaving out the days before ``since``."""
    # Only a folder of the user's alone: another user's, one others can write to or a
    # symlink is not read (its records could be forged).
    where = state.folder(env, audit.FOLDER, create=False)
    if where is None:
        return []
    try:
        names = sorted(os.listdir(where))
    except OSError:
        return []
    first = time.strftime("%Y-%m-%d", time.gmtime(since)) if since is not None else ""
    return [
        os.path.join(where, n) for n in names if n.endswith(audit.SUFFIX) and n[:10] >= first[:10]
    ]


def read(env: Mapping[str, str], selected: Filter | None = None) -> Iterator[Record]:
    """The records that match, oldest first; a line that is not a JSON object (a
    file cut short by a full disk) is passed over, and so is a day file that is not
    the user's own regular file (``read_private``: left as it is, never read)."""
    selected = selected or Filter()
    for path in day_files(env, selected.since):
        raw = read_private(path, DAY_LIMIT, drop=False)
        if raw is None:
            continue
        lines = raw.splitlines()
        for raw in lines:
            try:
                record = json.loads(raw)
            except ValueError:
                continue
            if isinstance(record, dict) and selected.matches(record):
                yield record


def number(value: object) -> float:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0.0
