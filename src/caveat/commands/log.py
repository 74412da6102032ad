"""``caveat log``: the recent records of the audit log, oldest first, one line each
(``--json``: the records as stored). Only reads."""

from __future__ import annotations

import json
import os

from caveat import auditlog
from caveat.common.term import err
from caveat.common.term import field
from caveat.common.term import out

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse

    from caveat.auditlog import Record


def add_filters(parser: argparse.ArgumentParser) -> None:
    """The filters ``caveat log`` and ``caveat stats`` share."""
    parser.add_argument("--since", metavar="WHEN", help="30m, 1h, 2d, 1w or a date (UTC)")
    parser.add_argument("--session", metavar="ID", help="one session (its id as logged)")
    parser.add_argument("--guard", metavar="ID", help="records in which this guard ran")
    parser.add_argument(
        "--outcome",
        choices=auditlog.OUTCOMES,
        help="records with a guard (the --guard one, if given) of this outcome; "
        "unusable: calls whose input, contract or arguments could not be used",
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_filters(parser)
    parser.add_argument(
        "-n", "--limit", type=int, default=50, metavar="N", help="the last N (default 50; 0: all)"
    )
    parser.add_argument("--json", action="store_true", help="the records as stored, one a line")


def selection(opts: argparse.Namespace) -> auditlog.Filter | None:
    """The filter the options name, or None after saying what is wrong with them."""
    since = None
    if opts.since:
        try:
            since = auditlog.parse_since(opts.since)
        except ValueError as exc:
            err(f"caveat: --since {field(exc)}")
            return None
    if opts.guard is not None:
        from caveat.guards import REGISTRY

        ids = [spec.id for spec in REGISTRY]
        if opts.guard not in ids:
            from caveat.common.names import suggest

            hint = suggest(opts.guard, ids)
            err(f"caveat: --guard {field(opts.guard)}: no guard has that id{hint}; the guards: "
                + ", ".join(ids))  # fmt: skip
            return None
    return auditlog.Filter(since, opts.session, opts.guard, opts.outcome)


def run(opts: argparse.Namespace) -> int:
    chosen = selection(opts)
    if chosen is None:
        return 2
    records = list(auditlog.read(os.environ, chosen))
    if opts.limit > 0:
        records = records[-opts.limit :]
    if not records:
        where = auditlog.folder(os.environ)
        err(f"no audit records match (the log is in {field(where)})")
        return 0
    for record in records:
        out(json.dumps(record, separators=(",", ":")) if opts.json else line(record))
    return 0


def line(record: Record) -> str:
    """``time  harness event tool  path  session  → received  total ms  guards that spoke``

    Every value comes from the log, which a payload wrote: each is a ``field``, so a
    record cannot forge a line or move the cursor."""
    when = field(str(record.get("time", "")).replace("T", " ").removesuffix("Z"))
    what = " ".join(field(record.get(k) or "") for k in ("event", "tool")).strip()
    path = field(record.get("path") or "-")
    notes = []
    for guard in auditlog.guards(record):
        outcome = guard.get("outcome")
        if outcome != "silent":
            reason = f" ({field(guard['reason'])})" if guard.get("reason") else ""
            ms = auditlog.number(guard.get("ms"))
            notes.append(f"{field(guard.get('id'))} {field(outcome)}{reason} {ms:.1f} ms")
    if record.get("failed"):
        notes.append(f"hook failed open ({field(record['failed'])})")
    if record.get("unusable"):
        notes.append(f"not used: {field(record['unusable'])}")
    total = auditlog.number(record.get("ms"))
    return "  ".join(
        [
            when,
            f"{field(record.get('contract', '?')):9}",
            f"{what:22}",
            path,
            f"session {field(record.get('session') or '-')}",
            f"→ {field(record.get('received', '?'))}",
            f"{total:.1f} ms",
            "; ".join(notes) or "all silent",
        ]
    )
