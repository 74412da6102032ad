"""Find the git root above a path with nothing but ``os.stat`` calls.

Used by the hook (to find the project's configuration), by ``Context.git_root`` in
``caveat.guards.base`` (cached per folder) and by the commands.
"""

from __future__ import annotations

import os

# A bound on the walk up, against pathological paths.
_MAX_DEPTH = 128


def git_root(path: str) -> str | None:
    """The nearest folder at or above ``path`` holding a ``.git`` entry, or None.

    ``path`` need not exist (a Write may create it and its parents); the walk starts
    at the deepest part of it that does.
    """
    if not path or "\x00" in path:
        return None
    try:
        current = os.path.abspath(path)
    except (ValueError, OSError):
        return None
    if not os.path.isdir(current):
        current = os.path.dirname(current)
    for _ in range(_MAX_DEPTH):
        try:
            if os.path.lexists(os.path.join(current, ".git")):
                return current
        except (ValueError, OSError):
            return None
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent
    return None
