"""Analysis side of the tracking-ids guard: compile the configured pattern, compare
the ids in the text after the edit with those before it, and name the new ones with
their lines. Imported only after the cheap tests in ``tracking_ids`` passed.
"""

from __future__ import annotations

import re

from caveat.event import Finding
from caveat.guards.texts import MAX_LINES
from caveat.guards.texts import label
from caveat.guards.texts import texts
from caveat.guards.tracking_ids import ID
from caveat.guards.tracking_ids.rules import ALLOWED_PREFIXES
from caveat.log import log

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.event import Event
    from caveat.event import FileEdit
    from caveat.guards.base import Context

MAX_IDS = 8
_compiled: dict[str, re.Pattern[str] | None] = {}


def compiled(pattern: str) -> re.Pattern[str] | None:
    """The compiled pattern; None (logged once per process) when it is invalid."""
    if pattern not in _compiled:
        try:
            _compiled[pattern] = re.compile(pattern)
        except (re.error, RecursionError, OverflowError) as exc:
            log(f"[tracking] pattern {pattern!r} is not a valid regular expression ({exc}); "
                "the tracking-ids guard is silent")  # fmt: skip
            _compiled[pattern] = None
    return _compiled[pattern]


def _allowed(found: str) -> bool:
    return found.split("-", 1)[0].strip().upper() in ALLOWED_PREFIXES


def ids_in(regex: re.Pattern[str], text: str) -> dict[str, list[int]]:
    """Each id in ``text`` (in order of first use) with its first 1-based lines: at most
    MAX_LINES + 1 of them, all ``label`` needs to name MAX_LINES and say there are more
    (keeping every line made a text full of ids cost more than linear time)."""
    found: dict[str, list[int]] = {}
    line, last = 1, 0
    for match in regex.finditer(text):
        value = match.group(0)
        if not value or _allowed(value):
            continue
        line += text.count("\n", last, match.start())
        last = match.start()
        lines = found.setdefault(value, [])
        if len(lines) <= MAX_LINES and (not lines or lines[-1] != line):
            lines.append(line)
    return found


def file_findings(
    event: Event, ctx: Context, path: str, edits: list[FileEdit], pattern: str, message: str
) -> list[Finding]:
    regex = compiled(pattern)
    found_texts = texts(ctx, path, edits) if regex is not None else None
    if regex is None or found_texts is None:
        return []
    before, after, kind, starts = found_texts
    now = ids_in(regex, after)
    if not now:
        return []
    old = ids_in(regex, before) if before else {}
    new = [found for found in now if found not in old]
    if not new:
        return []
    lines = sorted({n for found in new for n in now[found]})
    shown = ", ".join(new[:MAX_IDS])
    if len(new) > MAX_IDS:
        shown += f" and {len(new) - MAX_IDS} more"
    from caveat.guards.tracking_ids import relative

    root = ctx.git_root(path)
    values = {
        "path": relative(ctx, path) if root else path,
        "ids": shown,
        "lines": label(lines, kind, starts),
    }
    return [Finding(ID, message, values, key=",".join(sorted(new))[:200])]
