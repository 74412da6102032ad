"""What followed each hold in the audit log: a held command that came back is
retried; one never retried is dropped once the hold window has passed, and waiting
until then."""

from __future__ import annotations

from caveat.auditsummary import Holds

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.auditlog import Record
    from caveat.auditsummary import Summary


def count_hold(
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


def settle(
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
