"""The charts of ``caveat stats --html``, inline SVG: advice per guard per day as
stacked bars, and the latency distribution of whole hook calls."""

from __future__ import annotations

from caveat.auditsummary import percentile
from caveat.commands.stats_html import escape
from caveat.commands.stats_plot import BOTTOM
from caveat.commands.stats_plot import HEIGHT
from caveat.commands.stats_plot import LEFT
from caveat.commands.stats_plot import TOP
from caveat.commands.stats_plot import WIDTH
from caveat.commands.stats_plot import axis
from caveat.commands.stats_plot import svg

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.auditsummary import Summary

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
    high, grid = axis(max(per_day))
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
    return svg("advice", "advice per guard per day", shapes) + f'<ul class="legend">{legend}</ul>'


def latency_chart(latencies: list[float]) -> str:
    if not latencies:
        return '<p class="empty">No hook calls in this period.</p>'
    counts = [0] * len(EDGES)
    for ms in latencies:
        counts[max(i for i, edge in enumerate(EDGES) if ms >= edge)] += 1
    high, grid = axis(max(counts))
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
    return svg("latency", "latency distribution of hook calls", shapes) + note
