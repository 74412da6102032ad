"""``caveat stats``: the audit log summed per guard and per harness — calls, advice,
denials, faults, p50/p99 milliseconds — and the guards that stepped aside;
``--html FILE`` writes the same as one self-contained page with charts. Only reads
the log (and writes FILE)."""

from __future__ import annotations

import os

from caveat import auditlog
from caveat.auditstats import summarise
from caveat.commands.log import add_filters
from caveat.commands.log import selection
from caveat.common.term import err
from caveat.common.term import field
from caveat.common.term import out

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse

    from caveat.auditsummary import Row
    from caveat.auditsummary import Summary


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_filters(parser)
    parser.add_argument("--html", metavar="FILE", help="write a page with charts to FILE")


def run(opts: argparse.Namespace) -> int:
    chosen = selection(opts)
    if chosen is None:
        return 2
    summary = summarise(auditlog.read(os.environ, chosen))
    if opts.html:
        from caveat.commands.stats_page import page

        try:
            with open(opts.html, "w", encoding="utf-8") as handle:
                handle.write(page(summary))
        except OSError as exc:
            err(f"caveat stats: cannot write {field(opts.html)}: {exc.strerror}")
            return 1
        out(f"wrote {field(opts.html)} ({summary.records} hook calls)")
        return 0
    if not summary.records:
        where = auditlog.folder(os.environ)
        err(f"no audit records match (the log is in {field(where)})")
        return 0
    out("\n".join(report(summary)))
    return 0


def report(summary: Summary) -> list[str]:
    """The summary as lines; every name and time in it comes from the log, so each
    is a ``field``."""
    first = summary.first.replace("T", " ").removesuffix("Z")
    last = summary.last.replace("T", " ").removesuffix("Z")
    lines = [f"{summary.records} hook calls, {field(first)} → {field(last)} UTC", ""]
    lines += _table("guard", summary.by_calls(summary.guards), skipped=True)
    lines.append("")
    lines += _table("harness", summary.by_calls(summary.harnesses), skipped=False)
    if summary.holds:
        lines.append("")
        lines += _holds(summary)
    for name, sessions in sorted(summary.aside.items()):
        count = f"{len(sessions)} session" + ("s" if len(sessions) != 1 else "")
        lines.append("")
        lines.append(f"stepped aside: {field(name)} faulted 3 times in a session ({count})")
    for (harness, why), calls in sorted(summary.unusable.items()):
        lines.append("")
        lines.append(
            f"not used: {calls} {field(harness)} call(s), {field(why)} "
            "(a registration or the harness sends what caveat cannot read; "
            "caveat log --outcome unusable shows them)"
        )
    return lines


def _table(title: str, rows: list[Row], skipped: bool) -> list[str]:
    head = f"{title:14} {'calls':>7} {'advised':>8} {'denied':>7} {'faulted':>8}"
    head += f" {'skipped':>8}" if skipped else ""
    lines = [head + f" {'p50 ms':>8} {'p99 ms':>8}"]
    for row in rows:
        text = f"{field(row.name):14} {row.calls:>7} {row.advised:>8} {row.denied:>7}"
        text += f" {row.faulted:>8}" + (f" {row.skipped:>8}" if skipped else "")
        lines.append(text + f" {row.p50:>8.2f} {row.p99:>8.2f}")
    return lines


def _holds(summary: Summary) -> list[str]:
    """Commands held once before they ran, and what the agent did next: ran the same
    command again (retried), or went on without it (dropped)."""
    head = f"{'held by':14} {'harness':10} {'held':>6} {'retried':>8} {'dropped':>8} {'waiting':>8}"
    lines = [head]
    for (guard, harness), row in sorted(summary.holds.items()):
        lines.append(
            f"{field(guard):14} {field(harness):10} {row.held:>6} {row.retried:>8}"
            f" {row.dropped:>8} {row.waiting:>8}"
        )
    return lines
