"""``caveat stats --html``: one self-contained page — inline SVG and CSS, no script,
no font or file from elsewhere — that any browser opens offline.

Read top-down like a dashboard: the headline figures, biggest first; advice per guard
per day as stacked bars, the guard with the most advice at the bottom and first in
the legend; the latency distribution of whole hook calls; then the tables.
"""

from __future__ import annotations

from html import escape as _escape

from caveat.auditstats import percentile

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.auditstats import Row
    from caveat.auditstats import Summary

# Okabe–Ito, then a few more that stay apart from it: readable for colour-blind eyes.
PALETTE = (
    "#0072B2",
    "#E69F00",
    "#009E73",
    "#D55E00",
    "#CC79A7",
    "#56B4E9",
    "#F0E442",
    "#000000",
    "#999999",
    "#8C564B",
    "#7F3C8D",
    "#11A579",
    "#3969AC",
    "#F2B701",
)
# Latency bins, in ms: [0, 1), [1, 2) … [2000, ∞).
EDGES = (0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000)
WIDTH, HEIGHT, LEFT, BOTTOM, TOP = 760, 280, 48, 56, 12

STYLE = """
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px auto;
max-width:820px;color:#1b1b1b;background:#fff;padding:0 16px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px}
.period{color:#555;margin:0 0 16px}
.tiles{display:flex;gap:12px;flex-wrap:wrap}
.tile{border:1px solid #ddd;border-radius:6px;padding:8px 14px;min-width:120px}
.tile b{display:block;font-size:26px}
.legend{display:flex;flex-wrap:wrap;gap:6px 16px;margin:6px 0 0;padding:0;list-style:none}
.legend li{display:flex;align-items:center;gap:6px}
.legend i{display:inline-block;width:14px;height:14px;border-radius:2px}
table{border-collapse:collapse;width:100%}th,td{padding:3px 8px;text-align:right}
th:first-child,td:first-child{text-align:left}tr:nth-child(even){background:#f6f6f6}
svg text{font:12px system-ui,sans-serif;fill:#333}.empty{color:#555}
"""


def escape(value: object) -> str:
    """A value from the audit log (guard ids, harness names, days, times: all written
    from payloads) made safe as element text and as a quoted attribute value."""
    return _escape(str(value), quote=True)


def page(summary: Summary) -> str:
    advice = sum(r.advised + r.denied for r in summary.guards.values())
    denied = sum(r.denied for r in summary.guards.values())
    faulted = sum(r.faulted for r in summary.guards.values())
    tiles = [("hook calls", summary.records), ("advice given", advice)]
    tiles += [("denied", denied), ("guard faults", faulted)]
    tiles.sort(key=lambda t: -t[1])  # biggest number first
    period = "no records"
    if summary.records:
        period = f"{_when(summary.first)} → {_when(summary.last)} UTC"
    parts = [
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width,initial-scale=1">',
        f"<title>caveat stats</title><style>{STYLE}</style></head><body>",
        "<h1>What caveat did</h1>",
        f'<p class="period">{escape(period)}</p><div class="tiles">',
        *(f'<div class="tile"><b>{n:,}</b>{escape(label)}</div>' for label, n in tiles),
        "</div>",
        "<h2>Advice per guard per day</h2>",
        advice_chart(summary),
        "<h2>Latency of a hook call</h2>",
        latency_chart(summary.latencies),
        "<h2>Guards</h2>",
        table("guard", summary.by_calls(summary.guards)),
        "<h2>Harnesses</h2>",
        table("harness", summary.by_calls(summary.harnesses)),
    ]
    if summary.holds:
        parts += ["<h2>Held before the act</h2>", holds_table(summary)]
    if summary.aside:
        items = "".join(
            f"<li>{escape(name)}: faulted 3 times in {len(s)} session(s)</li>"
            for name, s in sorted(summary.aside.items())
        )
        parts.append(f"<h2>Stepped aside</h2><ul>{items}</ul>")
    parts.append("</body></html>\n")
    return "\n".join(parts)


def _axis(top: int) -> tuple[int, list[str]]:
    """A round maximum for the y axis and its grid lines and labels."""
    steps = (m * 10**e for e in range(12) for m in (1, 2, 5))
    step = next(s for s in steps if -(-top // s) <= 5)
    high = max(step, -(-top // step) * step)
    plot = HEIGHT - BOTTOM - TOP
    out = []
    for value in range(0, high + 1, step):
        y = TOP + plot - plot * value / high
        out.append(
            f'<line x1="{LEFT}" x2="{WIDTH}" y1="{y:.1f}" y2="{y:.1f}" stroke="#e4e4e4"/>'
            f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{value}</text>'
        )
    return high, out


def advice_chart(summary: Summary) -> str:
    days = summary.days()
    if not days:
        return '<p class="empty">No guard gave advice in this period.</p>'
    totals: dict[str, int] = {}
    for (_, guard), n in summary.daily.items():
        totals[guard] = totals.get(guard, 0) + n
    order = sorted(totals, key=lambda g: (-totals[g], g))  # biggest first
    colour = {g: PALETTE[i % len(PALETTE)] for i, g in enumerate(order)}
    per_day = [sum(summary.daily.get((d, g), 0) for g in order) for d in days]
    high, grid = _axis(max(per_day))
    plot = HEIGHT - BOTTOM - TOP
    slot = (WIDTH - LEFT) / len(days)
    bar = min(48.0, slot * 0.7)
    shapes = list(grid)
    for i, day in enumerate(days):
        x = LEFT + slot * i + (slot - bar) / 2
        base = float(TOP + plot)
        for guard in order:  # the biggest guard sits at the bottom of each stack
            n = summary.daily.get((day, guard), 0)
            if not n:
                continue
            h = plot * n / high
            base -= h
            shapes.append(
                f'<rect class="bar" data-day="{escape(day)}" data-guard="{escape(guard)}" '
                f'data-count="{n}" x="{x:.1f}" y="{base:.1f}" width="{bar:.1f}" '
                f'height="{h:.1f}" fill="{colour[guard]}"><title>{escape(day)} · {escape(guard)}: '
                f"{n}</title></rect>"
            )
        label = day[5:] if len(days) > 1 else day
        cx = LEFT + slot * i + slot / 2
        shapes.append(
            f'<text x="{cx:.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle">'
            f"{escape(label)}</text>"
        )
    legend = "".join(
        f'<li><i style="background:{colour[g]}"></i>{escape(g)} — {totals[g]:,}</li>' for g in order
    )
    return _svg("advice", "advice per guard per day", shapes) + f'<ul class="legend">{legend}</ul>'


def latency_chart(latencies: list[float]) -> str:
    if not latencies:
        return '<p class="empty">No hook calls in this period.</p>'
    counts = [0] * len(EDGES)
    for ms in latencies:
        counts[max(i for i, edge in enumerate(EDGES) if ms >= edge)] += 1
    high, grid = _axis(max(counts))
    plot = HEIGHT - BOTTOM - TOP
    slot = (WIDTH - LEFT) / len(EDGES)
    shapes = list(grid)
    for i, n in enumerate(counts):
        low = EDGES[i]
        name = f"≥ {low} ms" if i == len(EDGES) - 1 else f"{low}–{EDGES[i + 1]} ms"
        h = plot * n / high
        x = LEFT + slot * i + slot * 0.1
        shapes.append(
            f'<rect class="hist" data-bin="{low}" data-count="{n}" x="{x:.1f}" '
            f'y="{TOP + plot - h:.1f}" width="{slot * 0.8:.1f}" height="{h:.1f}" '
            f'fill="#0072B2"><title>{name}: {n} call(s)</title></rect>'
        )
        shapes.append(
            f'<text x="{x + slot * 0.4:.1f}" y="{HEIGHT - BOTTOM + 16}" '
            f'text-anchor="middle">{low}</text>'
        )
    shapes.append(
        f'<text x="{(WIDTH + LEFT) / 2:.0f}" y="{HEIGHT - BOTTOM + 36}" text-anchor="middle">'
        "milliseconds (bin start) · bar height: hook calls</text>"
    )
    p50, p99 = percentile(latencies, 50), percentile(latencies, 99)
    note = f'<p class="period">p50 {p50:.1f} ms · p99 {p99:.1f} ms · {len(latencies):,} calls</p>'
    return _svg("latency", "latency distribution of hook calls", shapes) + note


def _svg(name: str, label: str, shapes: list[str]) -> str:
    return (
        f'<svg id="{name}" role="img" aria-label="{label}" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="100%" xmlns="http://www.w3.org/2000/svg">' + "".join(shapes) + "</svg>"
    )


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


def _when(stamp: str) -> str:
    return stamp.replace("T", " ").removesuffix("Z")
