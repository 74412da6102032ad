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
from caveat.common.sanitize import redact
from caveat.event import Finding
from caveat.guards.eval.primitives import FAMILY_WORDS
from caveat.guards.eval.primitives import PRIMITIVES
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
EDGE = 1 << 20


def _info(language: str, pid: str) -> tuple[str, str]:
    """(family in words, safe alternative) of a primitive."""
    for prim in PRIMITIVES.get(language, ()):
        if prim.id == pid:
            return prim.words or FAMILY_WORDS.get(prim.family, ""), prim.alternative
    return "", ""


# Downloaded code run by an interpreter: once it ran, nothing takes it back, so caveat
# may hold the command once before it runs (docs/holds.md).
HOLD_FAMILIES = frozenset({"DLEXEC"})


def _held(language: str, pid: str) -> bool:
    return any(p.id == pid and p.family in HOLD_FAMILIES for p in PRIMITIVES.get(language, ()))


def _ends(text: str) -> list[tuple[int, int, int]]:
    """(start, end, first line) of the head and the tail of a large text, cut at line
    ends; none for a text small enough to scan whole in time."""
    size = len(text)
    if size <= 4 * EDGE:
        return []
    head = text.find("\n", EDGE, 2 * EDGE)
    head = head if head > 0 else EDGE
    tail = text.rfind("\n", size - 2 * EDGE, size - EDGE) + 1 or size - EDGE
    return [(0, head, 0), (tail, size, text.count("\n", 0, tail))]


def _bounded(
    text: str, language: str, deadline: float, first: bool = False
) -> tuple[list[Hit], bool]:
    """The hits in ``text`` and whether the scan completed. At ``deadline`` the scan
    stops and what was found is kept: size never turns a finding into silence. A large
    text's head and tail are scanned first (where a change to a long file usually is),
    so that a scan of the whole that runs out of time still leaves their hits."""
    edges: list[Hit] = []
    whole: list[Hit] = []
    timer = Timer(max(deadline - time.perf_counter(), 0.001))
    try:
        with timer:
            for begin, end, line in _ends(text):
                part = text[begin:end]
                found = scan(part, language, triggered(language, part), first=first)
                edges.extend(h.replace(line=h.line + line) for h in found)
            ids = triggered(language, text)
            if ids:
                scan(text, language, ids, whole, first)
            return whole, True
    except Overrun as exc:
        if exc.timer is not timer:
            raise
    lines = {h.line for h in edges}
    return edges + [h for h in whole if h.line not in lines], False


def _scans(before: str, after: str, language: str, deadline: float) -> tuple[list[Hit], list[Hit]]:
    """The hits in ``after`` and in ``before``. When ``before`` could not be scanned
    in time, a hit whose line occurs in it verbatim counts as old."""
    hits, done = _bounded(after, language, deadline)
    if not hits or not before:
        return hits, []
    if done:
        old, done = _bounded(before, language, deadline)
        if done:
            return hits, old
    hits = hits[:MAX_LOOKUPS]
    return hits, [h for h in hits if h.text and h.text in before]


def _introduced(
    before: str, after: str, language: str, deadline: float
) -> list[tuple[str, list[str], list[int]]]:
    """(primitive id, names, new lines) for each primitive the change adds."""
    hits, old = _scans(before, after, language, deadline)
    out = []
    for pid in dict.fromkeys(h.pid for h in hits):
        now = [h for h in hits if h.pid == pid]
        was: dict[str, int] = {}
        for h in old:
            if h.pid == pid:
                was[h.text] = was.get(h.text, 0) + 1
        if len(now) <= sum(was.values()):
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
    return out


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
    findings = []
    for pid, names, lines in _introduced(before, after, language, deadline):
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
    return findings


def command_findings(command: str, language: str, deadline: float) -> list[Finding]:
    hits = sorted(_bounded(command, language, deadline, first=True)[0], key=lambda hit: hit.line)
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
    return findings
