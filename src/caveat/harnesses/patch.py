"""Codex ``apply_patch`` bodies → file edits.

The envelope is line-based::

    *** Begin Patch
    *** Add File: path        (every following line starts with "+")
    *** Update File: path
    *** Move to: new/path     (optional, right after Update)
    @@ optional context
     context line / -removed line / +added line
    *** Delete File: path
    *** End Patch

An Update hunk becomes a HUNK edit whose ``old`` is its context and removed lines and
whose ``text`` is its context and added lines, so "text replaces old in the file"
holds for it as for an Edit fragment.
"""

from __future__ import annotations

import os

from caveat.event import DELETE
from caveat.event import HUNK
from caveat.event import WHOLE
from caveat.event import FileEdit

_ADD = "*** Add File: "
_UPDATE = "*** Update File: "
_DELETE = "*** Delete File: "
_MOVE = "*** Move to: "
_BEGIN = "*** Begin Patch"


def _resolve(path: str, cwd: str) -> str:
    path = path.strip()
    if cwd and not os.path.isabs(path):
        path = os.path.join(cwd, path)
    return os.path.normpath(path) if path else path


def parse(body: str, cwd: str = "") -> tuple[FileEdit, ...]:
    """The file edits a patch makes; an empty tuple when ``body`` holds no patch."""
    start = body.find(_BEGIN)
    if start < 0:
        return ()
    edits: list[FileEdit] = []
    path = ""
    moved_from = ""
    mode = ""  # "add", "update" or ""
    added: list[str] = []
    old: list[str] = []
    new: list[str] = []

    def flush_hunk() -> None:
        if mode == "update" and (old or new):
            edits.append(
                FileEdit(path, "\n".join(new), HUNK, "\n".join(old), moved_from=moved_from)
            )
        old.clear()
        new.clear()

    def flush_file() -> None:
        nonlocal mode
        if mode == "add":
            text = "\n".join(added) + "\n" if added else ""
            edits.append(FileEdit(path, text, WHOLE))
        elif mode == "update":
            flush_hunk()
            if moved_from and not any(e.path == path for e in edits):
                edits.append(FileEdit(path, "", HUNK, "", moved_from=moved_from))
        added.clear()
        mode = ""

    for raw in body[start + len(_BEGIN) :].split("\n"):
        line = raw[:-1] if raw.endswith("\r") else raw
        if line.startswith("*** "):
            if line.startswith(_ADD):
                flush_file()
                path, moved_from, mode = _resolve(line[len(_ADD) :], cwd), "", "add"
            elif line.startswith(_UPDATE):
                flush_file()
                path, moved_from, mode = _resolve(line[len(_UPDATE) :], cwd), "", "update"
            elif line.startswith(_DELETE):
                flush_file()
                edits.append(FileEdit(_resolve(line[len(_DELETE) :], cwd), "", DELETE))
            elif line.startswith(_MOVE) and mode == "update":
                moved_from, path = path, _resolve(line[len(_MOVE) :], cwd)
            elif line.startswith("*** End Patch"):
                break
            continue  # "*** End of File" and unknown markers
        if mode == "add":
            if line.startswith("+"):
                added.append(line[1:])
        elif mode == "update":
            if line.startswith("@@"):
                flush_hunk()
            elif line.startswith("+"):
                new.append(line[1:])
            elif line.startswith("-"):
                old.append(line[1:])
            elif line.startswith(" "):
                old.append(line[1:])
                new.append(line[1:])
            elif line == "":
                old.append("")
                new.append("")
    flush_file()
    return tuple(edits)
