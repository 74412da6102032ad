"""Whether the launcher files on disk are the ones this caveat needs: ``verify``'s
problems with them, and what a dry run would rewrite."""

from __future__ import annotations

import os
import stat

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable


def problem(path: str, want: str) -> str:
    """Why the file at ``path`` is not the launcher ``want`` (``""``: it is)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return f"the launcher {path} is missing, so every hook exits with an error"
    except OSError as exc:
        return f"the launcher {path} cannot be read: {exc.strerror}"
    if not stat.S_ISREG(info.st_mode):
        return f"the launcher {path} is not a plain file (a symlink or another kind)"
    if hasattr(os, "geteuid") and info.st_uid != os.geteuid():
        return f"the launcher {path} belongs to another user"
    if info.st_mode & 0o022:
        return f"the launcher {path} is writable by others (mode {stat.S_IMODE(info.st_mode):04o})"
    try:
        with open(path, encoding="utf-8") as fh:
            have = fh.read()
    except (OSError, ValueError) as exc:
        return f"the launcher {path} cannot be read: {exc}"
    if have != want:
        return f"the launcher {path} starts another caveat than this one ({recorded(have)})"
    return ""


def recorded(text: str) -> str:
    """What a launcher's text names: its interpreter or package folder, for messages."""
    for line in text.splitlines():
        for key in ("py=", "SITE = "):
            if line.startswith(key):
                value = line[len(key) :].strip('"')
                gone = "" if os.path.exists(value) else ", which no longer exists"
                return f"{value}{gone}"
    return "not caveat's launcher"


def check(files: Iterable[tuple[str, str]]) -> list[str]:
    """Why the launcher files are not as ``files`` (path, text) says they must be."""
    return [p for p in (problem(path, text) for path, text in files) if p]
