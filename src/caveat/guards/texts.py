"""One file's text before and after a change, for the guards that report only what a
change introduces (eval, tracking ids), and how to name lines in it.

Whole texts when they can be had (``base.versions``: the file on disk, or the
committed one after the tool ran); a notebook's code cells joined; otherwise the old
and new fragments themselves, whose lines are then named "of the edited text".
"""

from __future__ import annotations

from caveat.event import CELL
from caveat.event import DELETE
from caveat.event import POST_TOOL
from caveat.event import WHOLE
from caveat.guards.base import committed_text
from caveat.guards.base import versions

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.event import FileEdit
    from caveat.guards.base import Context

# How lines of the "after" text are named.
FILE = ""  # lines of the whole file
CELLS = "cells"  # "cell N line M" of a notebook
FRAGMENTS = "fragments"  # lines of the edited text only

EDITED = " (of the edited text)"
MAX_LINES = 10


def notebook(text: str) -> tuple[str, list[int]]:
    """A notebook's code cells joined by newlines (other cells as empty lines, to keep
    the numbering), and each cell's first line (1-based). Not a notebook: empty."""
    from caveat.common.jsonio import loads

    try:
        data = loads(text) if text.strip() else {}
    except (ValueError, RecursionError):
        return "", []
    cells = data.get("cells") if isinstance(data, dict) else None
    parts: list[str] = []
    starts: list[int] = []
    line = 1
    for cell in cells if isinstance(cells, list) else ():
        source = cell.get("source", "") if isinstance(cell, dict) else ""
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            source = ""
        if isinstance(source, list):
            source = "".join(s for s in source if isinstance(s, str))
        body = source if isinstance(source, str) else ""
        parts.append(body)
        starts.append(line)
        line += body.count("\n") + 1
    return "\n".join(parts), starts


def texts(ctx: Context, path: str, edits: list[FileEdit]) -> tuple[str, str, str, list[int]] | None:
    """``(before, after, naming, starts)`` for one file's edits, where ``naming`` is
    FILE, CELLS or FRAGMENTS and ``starts`` the first line of each cell or fragment;
    None for a notebook edited as raw JSON text."""
    kinds = {e.kind for e in edits}
    notebook_file = path.lower().endswith(".ipynb")
    if notebook_file and kinds <= {WHOLE, DELETE}:
        after, starts = notebook(edits[-1].text)
        if ctx.event.name in POST_TOOL:
            old = committed_text(ctx, path)
        else:
            old = ctx.read_text(path) or ""
        return notebook(old)[0] if old else "", after, CELLS, starts
    if notebook_file and CELL not in kinds:
        return None
    if CELL not in kinds:
        before, after, exact = versions(ctx, edits)
        if exact:
            return before, after, FILE, []
    parts = [e for e in edits if e.kind != WHOLE]
    starts, line = [], 1
    for e in parts:
        starts.append(line)
        line += e.text.count("\n") + 1
    return "\n".join(e.old for e in parts), "\n".join(e.text for e in parts), FRAGMENTS, starts


def part(starts: list[int], line: int) -> tuple[int, int]:
    """(0-based part, 1-based line within it) of a line of the joined parts."""
    index = 0
    for i, first in enumerate(starts):
        if first <= line:
            index = i
    return index, line - starts[index] + 1 if starts else line


def label(lines: list[int], naming: str, starts: list[int]) -> str:
    """Lines of the "after" text named for the model: ``12, 40``, ``cell 2 line 3``,
    ``3 (of the edited text)``; at most MAX_LINES, then "and more"."""
    shown = lines[:MAX_LINES]
    more = " and more" if len(lines) > MAX_LINES else ""
    if naming == CELLS:
        spots = (part(starts, n) for n in shown)
        return ", ".join(f"cell {c + 1} line {n}" for c, n in spots) + more
    if naming == FRAGMENTS:
        return ", ".join(str(part(starts, n)[1]) for n in shown) + more + EDITED
    return ", ".join(map(str, shown)) + more
