"""caveat's own skills (``skills/<name>/`` in the package), copied where a harness
reads skills (Claude Code: ``~/.claude/skills/`` or ``<project>/.claude/skills/``),
so that the skills the session-start index names are there.

A skill folder there is caveat's only when its files are exactly a copy caveat
ships now, or exactly the copy an earlier install wrote (its digest is kept in the
install record of the skills folder). Anything else (an edited copy, a skill of the
operator's with the same name) is left alone, and said so. This module finds what
caveat ships; :mod:`caveat.install.skills_state` tells a copy's state and
:mod:`caveat.install.skills_copy` installs and removes the copies.
"""

from __future__ import annotations

import hashlib
import os

import caveat
from caveat.common import files as _io

Files = dict[str, bytes]  # relative '/'-separated path: content
SKILL_LIMIT = 4 << 20  # a larger file is no copy of caveat's


def bundled() -> str | None:
    """``skills/`` inside the installed package, else the source checkout's."""
    package = os.path.dirname(os.path.abspath(caveat.__file__))
    for folder in (
        os.path.join(package, "skills"),
        os.path.join(os.path.dirname(os.path.dirname(package)), "skills"),
    ):
        if os.path.isdir(folder):
            return folder
    return None


def read_files(folder: str) -> Files | None:
    """Every regular file under ``folder``; None when it holds anything else (a
    link, a FIFO) or cannot be read: then it is nobody's copy."""
    out: Files = {}
    for root, dirs, names in os.walk(folder):
        dirs.sort()
        for name in [*dirs, *names]:
            if os.path.islink(os.path.join(root, name)):
                return None
        for name in sorted(names):
            path = os.path.join(root, name)
            data = _io.read_bytes(path, SKILL_LIMIT)  # a regular file only: never a FIFO
            if data is None:
                return None
            out[os.path.relpath(path, folder).replace(os.sep, "/")] = data
    return out


def shipped() -> dict[str, Files]:
    """caveat's skills by folder name: every ``<name>/SKILL.md`` folder it ships."""
    root = bundled()
    out: dict[str, Files] = {}
    if root is None:
        return out
    for name in sorted(os.listdir(root)):
        folder = os.path.join(root, name)
        if os.path.isfile(os.path.join(folder, "SKILL.md")):
            files = read_files(folder)
            if files:
                out[name] = files
    return out


def digest(files: Files) -> str:
    sha = hashlib.sha256()
    for name in sorted(files):
        sha.update(f"{name}\0{len(files[name])}\0".encode())
        sha.update(files[name])
    return sha.hexdigest()
