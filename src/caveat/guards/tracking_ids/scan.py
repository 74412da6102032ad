"""Analysis side of the tracking-ids guard: one regular expression for what the
plans folder defines and what ``[tracking] pattern`` names, the ids in the text
after the edit compared with those before it, and the new ones named with their
lines. Imported only after the cheap tests in ``tracking_ids`` passed.
"""

from __future__ import annotations

from caveat.common import rx
from caveat.common.log import log
from caveat.event import Finding
from caveat.guards.texts import MAX_LINES
from caveat.guards.texts import label
from caveat.guards.texts import texts
from caveat.guards.tracking_ids.rules import public

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re

    from caveat.event import Event
    from caveat.event import FileEdit
    from caveat.guards.base import Context
    from caveat.guards.tracking_ids.learn import Vocabulary

MAX_IDS = 8
_compiled: dict[str, re.Pattern[str] | None] = {}


def compiled(pattern: str) -> re.Pattern[str] | None:
    """The compiled pattern; None (logged once per process) when it is invalid."""
    if pattern not in _compiled:
        try:
            _compiled[pattern] = rx.compile(pattern)
        except (rx.error, RecursionError, OverflowError) as exc:
            log(f"[tracking] pattern {pattern!r} is not a valid regular expression ({exc}); "
                "the tracking-ids guard is silent")  # fmt: skip
            _compiled[pattern] = None
    return _compiled[pattern]


def learned_pattern(vocabulary: Vocabulary) -> str:
    """One alternation for the vocabulary: each key prefix with any number
    (``TM-<n>``), each phase label after ``Phase``/``PHASE`` and a space, "-" or "_",
    each numbered phase as a name or a whole quoted string, each other id exactly;
    case-sensitive, bounded by non-word characters."""
    parts = [rx.escape(p) + r"-\d{1,6}(?:\.\d{1,4})*" for p in vocabulary.prefixes]
    if vocabulary.phases:
        labels = "|".join(rx.escape(p) for p in sorted(vocabulary.phases, key=len, reverse=True))
        parts.append(rf"(?:Phase|PHASE)[ _-](?:{labels})")
    if vocabulary.numbered:
        # a number only a heading names: as a name (PHASE_1) or a whole string ("Phase 1")
        numbers = "|".join(sorted(vocabulary.numbered, key=len, reverse=True))
        parts.append(rf"(?:Phase|PHASE|phase)_(?:{numbers})")
        parts.append(rf"(?<=[\"'`])(?:Phase|PHASE|phase)[ -](?:{numbers})(?=[\"'`])")
    parts.extend(rx.escape(i) for i in sorted(vocabulary.ids, key=len, reverse=True))
    return r"(?<![\w-])(?:" + "|".join(parts) + r")(?![\w])" if parts else ""


def ids_in(regex: re.Pattern[str], text: str) -> dict[str, list[int]]:
    """Each id in ``text`` (in order of first use) with its first 1-based lines: at most
    MAX_LINES + 1 of them, all ``label`` needs to name MAX_LINES and say there are more
    (keeping every line made a text full of ids cost more than linear time)."""
    found: dict[str, list[int]] = {}
    line, last = 1, 0
    for match in regex.finditer(text):
        value = match.group(0)
        if not value or public(value):
            continue
        line += text.count("\n", last, match.start())
        last = match.start()
        lines = found.setdefault(value, [])
        if len(lines) <= MAX_LINES and (not lines or lines[-1] != line):
            lines.append(line)
    return found


def _merged(regexes: list[re.Pattern[str]], text: str) -> dict[str, list[int]]:
    if len(regexes) == 1:
        return ids_in(regexes[0], text)
    merged: dict[str, list[int]] = {}
    for regex in regexes:
        for value, lines in ids_in(regex, text).items():
            merged.setdefault(value, lines)
    return dict(sorted(merged.items(), key=lambda item: item[1][0]))


def file_findings(
    event: Event,
    ctx: Context,
    path: str,
    edits: list[FileEdit],
    pattern: str,
    vocabulary: Vocabulary | None,
    message: str,
) -> list[Finding]:
    patterns = [p for p in (pattern, learned_pattern(vocabulary) if vocabulary else "") if p]
    if not patterns:
        return []
    # each pattern on its own: an invalid configured one leaves the learned one working
    regexes = [r for r in (compiled(p) for p in patterns) if r is not None]
    found_texts = texts(ctx, path, edits) if regexes else None
    if found_texts is None:
        return []
    before, after, kind, starts = found_texts
    now = _merged(regexes, after)
    if not now:
        return []
    old = _merged(regexes, before) if before else {}
    new = [found for found in now if found not in old]
    if not new:
        return []
    lines = sorted({n for found in new for n in now[found]})
    shown = ", ".join(new[:MAX_IDS])
    if len(new) > MAX_IDS:
        shown += f" and {len(new) - MAX_IDS} more"
    root = ctx.git_root(path)
    values = {
        "path": ctx.relative(path) if root else path,
        "ids": shown,
        "lines": label(lines, kind, starts),
    }
    return [Finding(values, key=",".join(sorted(new))[:200], message=message)]
