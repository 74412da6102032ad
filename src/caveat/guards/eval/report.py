"""Turn scans into findings: what an edit introduces, and what a command runs.

Imported only after the pre-filter found a trigger. A primitive is reported for a
file only when the change adds an occurrence of it (its count rises from the text
before the edit to the text after); the lines named are those of the occurrences
whose source line did not exist before.
"""

from __future__ import annotations

import os
import time

from caveat.common.budget import Overrun
from caveat.common.budget import Timer
from caveat.event import Finding
from caveat.guards.eval.primitives import FAMILY_WORDS
from caveat.guards.eval.primitives import LANGUAGES
from caveat.guards.eval.primitives import table
from caveat.guards.eval.records import Unread
from caveat.guards.eval.scan import WHOLE
from caveat.guards.eval.scan import scan
from caveat.guards.eval.scan import triggered
from caveat.guards.texts import label
from caveat.guards.texts import texts

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.event import Event
    from caveat.event import FileEdit
    from caveat.guards.base import Context
    from caveat.guards.eval.records import Hit

MAX_COMMAND = 200
# Hits looked up verbatim in the text before the edit when its scan ran out of time.
MAX_LOOKUPS = 64


def _info(language: str, pid: str) -> tuple[str, str]:
    """(family in words, safe alternative) of a primitive."""
    for prim in table(language):
        if prim.id == pid:
            return prim.words or FAMILY_WORDS.get(prim.family, ""), prim.alternative
    return "", ""


# Downloaded code run by an interpreter: once it ran, nothing takes it back, so caveat
# may hold the command once before it runs (docs/holds.md).
HOLD_FAMILIES = frozenset({"DLEXEC"})


def _held(language: str, pid: str) -> bool:
    return any(p.id == pid and p.family in HOLD_FAMILIES for p in table(language))


def _bounded(
    text: str, language: str, deadline: float, first: bool = False
) -> tuple[list[Hit], Unread | None]:
    """The hits in ``text``, and where the deadline stopped the scan (None: it read
    everything). Size never turns a finding into silence: what was found is kept, and
    the caller says what was not read."""
    ids = triggered(language, text)
    if not ids:
        return [], None
    if len(text) <= WHOLE or language not in LANGUAGES:
        return whole(text, language, ids, deadline, first)
    from caveat.guards.eval.windows import bounded

    return bounded(text, language, ids, deadline, first)


def _scans(
    before: str, after: str, language: str, deadline: float
) -> tuple[list[Hit], list[Hit], Unread | None]:
    """The hits in ``after``, those in ``before``, and what of ``after`` was not read.
    When ``before`` could not be scanned in time, a hit whose line occurs in it
    verbatim counts as old."""
    hits, unread = _bounded(after, language, deadline)
    if not hits or not before:
        return hits, [], unread
    if time.perf_counter() < deadline:
        old, cut = _bounded(before, language, deadline)
        if cut is None:
            return hits, old, unread
    hits = hits[:MAX_LOOKUPS]
    return hits, [h for h in hits if h.text and h.text in before], unread


def _new_sources(language: str, pid: str, now: list[Hit], old: list[Hit]) -> list[Hit]:
    """A download-and-run line pointed at a URL the text before did not fetch: news
    even when the count of such lines stays the same."""
    if not _held(language, pid):
        return []
    from caveat.guards.eval.judge import new_sources

    return new_sources(now, [h for h in old if h.pid == pid])


def _introduced(
    before: str, after: str, language: str, deadline: float
) -> tuple[list[tuple[str, list[str], list[int]]], Unread | None]:
    """(primitive id, names, new lines) for each primitive the change adds, and what
    of the new text was not read."""
    hits, old, unread = _scans(before, after, language, deadline)
    out = []
    for pid in dict.fromkeys(h.pid for h in hits):
        now = [h for h in hits if h.pid == pid]
        was: dict[str, int] = {}
        for h in old:
            if h.pid == pid:
                was[h.text] = was.get(h.text, 0) + 1
        if len(now) <= sum(was.values()):
            fresh = _new_sources(language, pid, now, old)
            if fresh:
                names = list(dict.fromkeys(h.name for h in fresh))
                out.append((pid, names, sorted({h.line for h in fresh})))
            continue
        fresh = []
        for h in now:
            if was.get(h.text, 0) > 0:
                was[h.text] -= 1
            else:
                fresh.append(h)
        fresh = fresh or now
        names = list(dict.fromkeys(h.name for h in fresh))
        out.append((pid, names, sorted({h.line for h in fresh})))
    return out, unread


def _display(ctx: Context, path: str) -> str:
    root = ctx.git_root(path)
    if root and path.startswith(root.rstrip(os.sep) + os.sep):
        return os.path.relpath(path, root)
    return path


def file_findings(
    event: Event, ctx: Context, path: str, edits: list[FileEdit], language: str, deadline: float
) -> list[Finding]:
    found = texts(ctx, path, edits)
    if found is None:
        return []
    before, after, naming, starts = found
    del found
    if (language == "python" and not (before.isascii() and after.isascii())) or (
        language == "js" and ("\\u" in before or "\\u" in after)
    ):
        from caveat.guards.eval.spelling import canonical

        before, after = canonical(before, language), canonical(after, language)
    findings = []
    introduced, unread = _introduced(before, after, language, deadline)
    for pid, names, lines in introduced:
        family, alternative = _info(language, pid)
        text = label(lines, naming, starts)
        values = {
            "path": _display(ctx, path),
            "primitive": ", ".join(names),
            "family": family,
            "lines": text,
            "alternative": alternative,
        }
        findings.append(Finding(values, key=pid))
    if unread is not None:
        values = {"path": _display(ctx, path), "unread": unread.words()}
        findings.append(Finding(values, variant="unread", key=f"unread:{path}"))
    return findings


def command_findings(command: str, language: str, deadline: float) -> list[Finding]:
    from caveat.common.sanitize import redact

    found, unread = _bounded(command, language, deadline, first=True)
    hits = sorted(found, key=lambda hit: hit.line)
    findings = []
    seen: set[str] = set()
    for hit in hits:
        pid = hit.pid
        if pid in seen:
            continue
        seen.add(pid)
        family, alternative = _info(language, pid)
        shown = redact(" ".join(hit.text.split()))
        if len(shown) > MAX_COMMAND:
            shown = shown[: MAX_COMMAND - 1] + "…"
        values = {
            "primitive": hit.name,
            "family": family,
            "alternative": alternative,
            "command": shown,
        }
        findings.append(Finding(values, variant="command", key=pid, hold=_held(language, pid)))
    if unread is not None:
        findings.append(Finding({"unread": unread.words()}, variant="unread-command", key="unread"))
    return findings


def capped(findings: list[Finding], most: int) -> list[Finding]:
    """At most ``most`` findings and a count of the rest; a notice that part of a text
    was not read is always kept."""
    unread = [f for f in findings if f.variant in ("unread", "unread-command")]
    kept = [f for f in findings if f.variant not in ("unread", "unread-command")]
    if len(kept) <= most:
        return kept + unread
    more = Finding({"count": str(len(kept) - most)}, variant="more", key="more")
    return [*kept[:most], more, *unread]


def whole(
    text: str, language: str, ids: list[str], deadline: float, first: bool = False
) -> tuple[list[Hit], Unread | None]:
    """The hits in ``text`` read as one window and, when ``deadline`` cut the scan,
    the whole text as unread (what was found is kept)."""
    hits: list[Hit] = []
    timer = Timer(max(deadline - time.perf_counter(), 0.001))
    try:
        with timer:
            scan(text, language, ids, hits, first)
    except Overrun as exc:
        if exc.timer is not timer:
            raise
        return hits, Unread(0, 1, len(text), text.count("\n") + 1)
    return hits, None
