"""The plain HTML of ``caveat stats --html``: values from the audit log escaped, and
the tables."""

from __future__ import annotations

from html import escape as _escape

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.auditsummary import Row
    from caveat.auditsummary import Summary


def escape(value: object) -> str:
    """A value from the audit log (guard ids, harness names, days, times: all written
    from payloads) made safe as element text and as a quoted attribute value."""
    return _escape(str(value), quote=True)


def table(title: str, rows: list[Row]) -> str:
    if not rows:
        return '<p class="empty">None.</p>'
    head = "".join(
        f"<th>{h}</th>"
        for h in (title, "calls", "advised", "denied", "faulted", "p50 ms", "p99 ms")
    )
    body = "".join(
        f"<tr><td>{escape(r.name)}</td><td>{r.calls:,}</td><td>{r.advised:,}</td>"
        f"<td>{r.denied:,}</td><td>{r.faulted:,}</td><td>{r.p50:.2f}</td>"
        f"<td>{r.p99:.2f}</td></tr>"
        for r in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def holds_table(summary: Summary) -> str:
    """Per guard and harness: commands held once before they ran, and whether the
    agent ran them again (retried) or went on without them (dropped)."""
    head = "".join(
        f"<th>{h}</th>" for h in ("held by", "harness", "held", "retried", "dropped", "waiting")
    )
    body = "".join(
        f"<tr><td>{escape(guard)}</td><td>{escape(harness)}</td><td>{r.held:,}</td>"
        f"<td>{r.retried:,}</td><td>{r.dropped:,}</td><td>{r.waiting:,}</td></tr>"
        for (guard, harness), r in sorted(summary.holds.items())
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
