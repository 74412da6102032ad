"""Read files from the project as data, safely: only regular files, never blocking.

``open_regular`` opens a file so that a FIFO or a device in the project cannot hang a
hook; ``read_bytes`` and ``read_text`` read a whole file up to a size limit on top of
it. Guards reach them through ``caveat.guards.base.Context.read_text``; the session
modules, ``caveat.common.gitctx`` (files in ``.git``) and the header guard call them directly.
"""

from __future__ import annotations

import os


def open_regular(path: str) -> tuple[int, int] | None:
    """``(descriptor, size)`` of a regular file opened for reading, or None.

    Checked with ``stat`` first, so that a device is never opened (opening one can
    act: a tape rewinds, a terminal is claimed); then opened non-blocking and checked
    again with ``fstat`` (the path may have changed in between), so a FIFO in the
    project can never hang a hook. The caller closes the descriptor."""
    try:
        if (os.stat(path).st_mode & 0o170000) != 0o100000:
            return None
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (OSError, ValueError):
        return None
    try:
        info = os.fstat(fd)
    except OSError:
        os.close(fd)
        return None
    if (info.st_mode & 0o170000) != 0o100000:
        os.close(fd)
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
        if size > limit:
            return None
        chunks = []
        total = 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            total += len(chunk)
            if total > limit:  # grew since the fstat
                return None
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)


def read_text(path: str, limit: int) -> str | None:
    """The file's text (undecodable bytes replaced), or None when it is absent,
    unreadable, larger than ``limit`` bytes or not a regular file."""
    data = read_bytes(path, limit)
    return None if data is None else data.decode("utf-8", "replace")
