"""Project and state files read safely: only regular files, never blocking.

``open_regular`` opens a file so that a FIFO or a device cannot hang a hook;
``read_bytes`` and ``read_text`` read a whole file up to a size limit on top of it, and
``read_fd`` is the one read loop every caller shares (stdin of the hook too). Guards
reach them through ``caveat.guards.base.Context.read_text``. ``open_strict`` is the same
open for a command that must say why (``NotRegularError`` names a FIFO, a device...).
Writing is ``caveat.common.writes`` (kept apart: the hook path reads only).
"""

from __future__ import annotations

import os

_REGULAR = 0o100000
_FOLDER = 0o040000
_LINK = 0o120000
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


class NotRegularError(OSError):
    """The file is a FIFO, a device, a socket or a folder where a regular file is
    expected (or a file where a folder is)."""

    def __init__(self, path: str, what: str, want: str = "a regular file") -> None:
        super().__init__(f"{path} is {what}, not {want}")
        self.path = path
        self.what = what


class LinkedError(OSError):
    """A symlink where caveat would write, inside a folder it must stay in."""

    def __init__(self, path: str, points: str) -> None:
        super().__init__(f"{path} is a symlink (to {points})")
        self.path = path
        self.points = points


def kind(mode: int) -> str:
    """What a file of ``mode`` is, in words."""
    kinds = {
        0o010000: "a FIFO",
        0o020000: "a character device",
        0o060000: "a block device",
        0o140000: "a socket",
        _FOLDER: "a folder",
        _LINK: "a symlink",
    }
    return kinds.get(mode & 0o170000, "not a regular file")


def read_fd(fd: int, limit: int) -> bytes:
    """What ``fd`` holds up to its end, or ``limit + 1`` bytes when it holds more (the
    caller then refuses it). Raises OSError."""
    chunks: list[bytes] = []
    total = 0
    while total <= limit:
        chunk = os.read(fd, min(limit + 1 - total, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


def open_strict(path: str, follow: bool = True) -> tuple[int, os.stat_result]:
    """``(descriptor, fstat)`` of a regular file opened for reading. Checked with
    ``stat`` first, so that a device is never opened (opening one can act: a tape
    rewinds, a terminal is claimed); then opened non-blocking and checked again with
    ``fstat`` (the path may have changed in between), so a FIFO can never hang the
    reader. Raises FileNotFoundError, ``NotRegularError`` or another OSError (with
    ``follow=False``, ``LinkedError`` for a symlink). The caller closes the descriptor."""
    info = os.stat(path) if follow else os.lstat(path)
    if (info.st_mode & 0o170000) == _LINK:
        raise LinkedError(path, _points(path))
    if (info.st_mode & 0o170000) != _REGULAR:
        raise NotRegularError(path, kind(info.st_mode))
    fd = os.open(path, os.O_RDONLY | _NONBLOCK | (0 if follow else _NOFOLLOW))
    try:
        info = os.fstat(fd)
        if (info.st_mode & 0o170000) != _REGULAR:
            raise NotRegularError(path, kind(info.st_mode))
    except BaseException:
        os.close(fd)
        raise
    return fd, info


def open_regular(path: str) -> tuple[int, int] | None:
    """``(descriptor, size)`` of a regular file opened for reading (``open_strict``),
    or None when it is absent, unreadable or not a regular file."""
    try:
        fd, info = open_strict(path)
    except (OSError, ValueError):
        return None
    return fd, info.st_size


def read_bytes(path: str, limit: int) -> bytes | None:
    """The file's bytes, or None when it is absent, unreadable, larger than ``limit``
    bytes or not a regular file."""
    opened = open_regular(path)
    if opened is None:
        return None
    fd, size = opened
    try:
        data = read_fd(fd, limit) if size <= limit else None
    except OSError:
        return None
    finally:
        os.close(fd)
    return data if data is not None and len(data) <= limit else None  # it may have grown


def read_text(path: str, limit: int) -> str | None:
    """The file's text (undecodable bytes replaced), or None when it is absent,
    unreadable, larger than ``limit`` bytes or not a regular file."""
    data = read_bytes(path, limit)
    return None if data is None else data.decode("utf-8", "replace")


def _points(path: str) -> str:
    try:
        return os.readlink(path)
    except OSError:
        return "?"
