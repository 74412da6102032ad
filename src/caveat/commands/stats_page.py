"""``caveat stats --html``: one self-contained page — inline SVG and CSS, no script,
no font or file from elsewhere — that any browser opens offline.

Read top-down like a dashboard: the headline figures, biggest first; advice per guard
per day as stacked bars, the guard with the most advice at the bottom and first in
the legend; the latency distribution of whole hook calls; then the tables.
"""

from __future__ import annotations

from caveat.commands.stats_charts import advice_chart
from caveat.commands.stats_charts import latency_chart
from caveat.commands.stats_html import escape
from caveat.commands.stats_html import holds_table
from caveat.commands.stats_html import table

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.auditsummary import Summary

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


def _when(stamp: str) -> str:
    return stamp.replace("T", " ").removesuffix("Z")
