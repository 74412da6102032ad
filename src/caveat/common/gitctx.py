"""Find the git root above a path with nothing but ``os.stat`` calls, and read the
few facts caveat needs from ``.git`` by hand: where the git dir is, and HEAD's commit.

Used by the hook (to find the project's configuration), by ``Context.git_root`` in
``caveat.guards.base`` (cached per folder), by ``caveat.common.gitrun`` and by the commands.
Files in ``.git`` are read only when they are regular files (``caveat.common.files``): a FIFO
``HEAD`` reads as no HEAD, it never blocks.
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


_HEX = frozenset("0123456789abcdef")


def _read(path: str, limit: int = 4096) -> str | None:
    from caveat.common.files import read_bytes  # only when a file of .git is read

    data = read_bytes(path, limit)
    return None if data is None else data.decode("utf-8", "replace")


def _sha(text: str | None) -> str | None:
    if text is None:
        return None
    text = text.strip()
    return text if len(text) in (40, 64) and _HEX.issuperset(text) else None


def git_dirs(root: str) -> tuple[str, str] | None:
    """(the repository's git dir, its common dir): the same for a plain clone; a
    worktree's ``.git`` file points at its own git dir, which names the common one."""
    dotgit = os.path.join(root, ".git")
    gitdir = dotgit
    if not os.path.isdir(dotgit):
        pointer = _read(dotgit)
        if not pointer or not pointer.startswith("gitdir:"):
            return None
        gitdir = os.path.join(root, pointer[len("gitdir:") :].strip())
    common = gitdir
    named = _read(os.path.join(gitdir, "commondir"))
    if named and named.strip():
        common = os.path.normpath(os.path.join(gitdir, named.strip()))
    return gitdir, common


def head_id(root: str) -> str | None:
    """HEAD's commit id, read from the files git keeps; None when there is none yet or
    it cannot be read this way (a reftable repository, a special file)."""
    dirs = git_dirs(root)
    if dirs is None:
        return None
    gitdir, common = dirs
    head = _read(os.path.join(gitdir, "HEAD"))
    if head is None:
        return None
    head = head.strip()
    if not head.startswith("ref:"):
        return _sha(head)
    ref = head[len("ref:") :].strip()
    if not ref.startswith("refs/") or ".." in ref.split("/"):
        return None
    for base in (gitdir, common):
        found = _sha(_read(os.path.join(base, *ref.split("/"))))
        if found:
            return found
    packed = _read(os.path.join(common, "packed-refs"), 64 * 1024 * 1024) or ""
    for line in packed.splitlines():
        sha, _, name = line.partition(" ")
        if name.strip() == ref:
            return _sha(sha)
    return None
