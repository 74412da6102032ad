"""Turn scans into findings: what an edit introduces, and what a command runs.

Imported only after the pre-filter found a trigger. A primitive is reported for a
file only when the change adds an occurrence of it (its count rises from the text
before the edit to the text after); the lines named are those of the occurrences
whose source line did not exist before.
"""

from __future__ import annotations

import os

from caveat.event import CELL
from caveat.event import DELETE
from caveat.event import WHOLE
from caveat.event import Finding
from caveat.guards._eval_scan import scan
from caveat.guards._eval_scan import triggered
from caveat.guards.base import versions
from caveat.jsonio import loads
from caveat.rules.eval_primitives import FAMILY_WORDS
from caveat.rules.eval_primitives import PRIMITIVES
from caveat.sanitize import redact

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from caveat.event import Event
    from caveat.event import FileEdit
    from caveat.guards.base import Context

GUARD = "eval"
MESSAGE = "pretooluse-eval-guard"
EDITED = " (of the edited text)"
MAX_LINES = 10
MAX_COMMAND = 200


def _info(language: str, pid: str) -> tuple[str, str]:
    """(family in words, safe alternative) of a primitive."""
    for prim in PRIMITIVES.get(language, ()):
        if prim.get("id") == pid:
            words = prim.get("words") or FAMILY_WORDS.get(str(prim.get("family")), "")
            return str(words), str(prim.get("alternative", ""))
    return "", ""


def _notebook(text: str) -> tuple[str, list[int]]:
    """The code cells of a notebook joined by newlines, and each cell's first line
    (0-based) in that text. Not a notebook: empty."""
    try:
        data = loads(text) if text.strip() else {}
    except (ValueError, RecursionError):
        return "", []
    cells = data.get("cells") if isinstance(data, dict) else None
    parts: list[str] = []
    starts: list[int] = []
    line = 0
    for cell in cells if isinstance(cells, list) else ():
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            parts.append("")  # keep cell numbering
            starts.append(line)
            line += 1
            continue
        source = cell.get("source", "")
        if isinstance(source, list):
            body = "".join(s for s in source if isinstance(s, str))
        else:
            body = source if isinstance(source, str) else ""
        parts.append(body)
        starts.append(line)
        line += body.count("\n") + 1
    return "\n".join(parts), starts


def _locate(starts: list[int], line: int) -> tuple[int, int]:
    """(part index, 1-based line within the part) of a 1-based line of joined parts."""
    index = 0
    for i, first in enumerate(starts):
        if first < line:
            index = i
    return index, line - starts[index] if starts else line


def _texts(
    ctx: Context, event: Event, path: str, edits: list[FileEdit]
) -> tuple[str, str, Callable[[list[int]], str]] | None:
    """(before, after, labeller of after-lines) for one file's edits, or None."""
    kinds = {e.kind for e in edits}
    if path.lower().endswith(".ipynb") and kinds <= {WHOLE, DELETE}:
        after, cells = _notebook(edits[-1].text)
        disk = ctx.read_text(path) if event.name != "PostToolUse" else None
        before = _notebook(disk)[0] if disk else ""

        def cell_lines(lines: list[int]) -> str:
            spots = (_locate(cells, n) for n in lines)
            return ", ".join(f"cell {c + 1} line {n}" for c, n in spots)

        return before, after, cell_lines
    if path.lower().endswith(".ipynb") and CELL not in kinds:
        return None  # raw notebook JSON edited as text: not Python
    exact = False
    if CELL in kinds or (event.name == "PostToolUse" and not kinds <= {WHOLE, DELETE}):
        before, after = "", ""  # fragments below: the file on disk is not "before"
    elif event.name == "PostToolUse":
        before, after, exact = "", edits[-1].text, True  # disk already holds the write
    else:
        before, after, exact = versions(ctx, edits)
    if exact:
        return before, after, lambda lines: ", ".join(map(str, lines))
    parts = [e for e in edits if e.kind != WHOLE]
    before = "\n".join(e.old for e in parts)
    after = "\n".join(e.text for e in parts)
    starts, line = [], 0
    for e in parts:
        starts.append(line)
        line += e.text.count("\n") + 1

    def fragment_lines(lines: list[int]) -> str:
        return ", ".join(str(_locate(starts, n)[1]) for n in lines) + EDITED

    return before, after, fragment_lines


def _introduced(before: str, after: str, language: str) -> list[tuple[str, list[str], list[int]]]:
    """(primitive id, names, new lines) for each primitive the change adds."""
    ids = triggered(language, after)
    if not ids:
        return []
    hits = scan(after, language, ids)
    old = scan(before, language, ids) if before and hits else []
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
    event: Event, ctx: Context, path: str, edits: list[FileEdit], language: str
) -> list[Finding]:
    texts = _texts(ctx, event, path, edits)
    if texts is None:
        return []
    before, after, label = texts
    findings = []
    for pid, names, lines in _introduced(before, after, language):
        family, alternative = _info(language, pid)
        shown = lines[:MAX_LINES]
        text = label(shown) + (" and more" if len(lines) > MAX_LINES else "")
        values = {
            "path": _display(ctx, path),
            "primitive": ", ".join(names),
            "family": family,
            "lines": text,
            "alternative": alternative,
        }
        findings.append(Finding(GUARD, MESSAGE, values, key=pid))
    return findings


def command_findings(command: str, language: str) -> list[Finding]:
    ids = triggered(language, command)
    findings = []
    seen: set[str] = set()
    for pid, _line, name, row in scan(command, language, ids) if ids else ():
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
        findings.append(Finding(GUARD, MESSAGE, values, variant="command", key=pid))
    return findings
