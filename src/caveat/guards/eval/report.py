"""Turn scans into findings: what an edit introduces, and what a command runs.

Imported only after the pre-filter found a trigger. A primitive is reported for a
file only when the change adds an occurrence of it (its count rises from the text
before the edit to the text after); the lines named are those of the occurrences
whose source line did not exist before.
"""

from __future__ import annotations

import os
import time

from caveat.budget import Overrun
from caveat.budget import Timer
from caveat.event import Finding
from caveat.guards.eval import ID
from caveat.guards.eval import MESSAGE
from caveat.guards.eval.primitives import FAMILY_WORDS
from caveat.guards.eval.primitives import PRIMITIVES
from caveat.guards.eval.scan import scan
from caveat.guards.eval.scan import triggered
from caveat.guards.texts import label
from caveat.guards.texts import texts
from caveat.sanitize import redact

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.event import Event
    from caveat.event import FileEdit
    from caveat.guards.base import Context
    from caveat.guards.eval.scan import Hit

MAX_COMMAND = 200
# Hits looked up verbatim in the text before the edit when its scan ran out of time.
MAX_LOOKUPS = 64
HEAD = 1 << 20


def _info(language: str, pid: str) -> tuple[str, str]:
    """(family in words, safe alternative) of a primitive."""
    for prim in PRIMITIVES.get(language, ()):
        if prim.get("id") == pid:
            words = prim.get("words") or FAMILY_WORDS.get(str(prim.get("family")), "")
            return str(words), str(prim.get("alternative", ""))
    return "", ""


def _scans(before: str, after: str, language: str, deadline: float) -> tuple[list[Hit], list[Hit]]:
    """The hits in ``after`` and in ``before``. At ``deadline`` the scan stops and what
    was found is kept: size never turns a finding into silence. A large text's first
    ``HEAD`` characters are scanned first, so that a slow scan of the rest still leaves
    their hits. When ``before`` could not be scanned, a hit whose line occurs in it
    verbatim counts as old."""
    ids = triggered(language, after)
    head: list[Hit] = []
    hits: list[Hit] = []
    old: list[Hit] = []
    if not ids:
        return hits, old
    done = False
    cut = after.find("\n", HEAD) if len(after) > 2 * HEAD else -1
    timer = Timer(max(deadline - time.perf_counter(), 0.001))
    try:
        with timer:
            if cut > 0:
                scan(after[:cut], language, ids, head)
            scan(after, language, ids, hits)
            if before and hits:
                scan(before, language, ids, old)
            done = True
    except Overrun as exc:
        if exc.timer is not timer:
            raise
    if not done:
        last = after.count("\n", 0, cut) + 1 if cut > 0 else 0
        hits = head + [h for h in hits if h[1] > last]
        if before:
            old = [h for h in hits[:MAX_LOOKUPS] if h[3] and h[3] in before]
            hits = hits[:MAX_LOOKUPS]
    return hits, old


def _introduced(
    before: str, after: str, language: str, deadline: float
) -> list[tuple[str, list[str], list[int]]]:
    """(primitive id, names, new lines) for each primitive the change adds."""
    hits, old = _scans(before, after, language, deadline)
    out = []
    for pid in dict.fromkeys(h[0] for h in hits):
        now = [h for h in hits if h[0] == pid]
        was: dict[str, int] = {}
        for h in old:
            if h[0] == pid:
                was[h[3]] = was.get(h[3], 0) + 1
        if len(now) <= sum(was.values()):
            continue
        fresh = []
        for h in now:
            if was.get(h[3], 0) > 0:
                was[h[3]] -= 1
            else:
                fresh.append(h)
        fresh = fresh or now
        names = list(dict.fromkeys(h[2] for h in fresh))
        out.append((pid, names, sorted({h[1] for h in fresh})))
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
        findings.append(Finding(ID, MESSAGE, values, key=pid))
    return findings


def command_findings(command: str, language: str, deadline: float) -> list[Finding]:
    ids = triggered(language, command)
    hits: list[Hit] = []
    timer = Timer(max(deadline - time.perf_counter(), 0.001))
    try:
        with timer:
            if ids:
                scan(command, language, ids, hits, first=True)
    except Overrun as exc:  # keep what was found before the deadline
        if exc.timer is not timer:
            raise
    hits.sort(key=lambda hit: hit[1])
    findings = []
    seen: set[str] = set()
    for pid, _line, name, row in hits:
        if pid in seen:
            continue
        seen.add(pid)
        family, alternative = _info(language, pid)
        shown = redact(" ".join(row.split()))
        if len(shown) > MAX_COMMAND:
            shown = shown[: MAX_COMMAND - 1] + "…"
        values = {
            "primitive": name,
            "family": family,
            "alternative": alternative,
            "command": shown,
        }
        findings.append(Finding(ID, MESSAGE, values, variant="command", key=pid))
    return findings
