"""Reading the end of an open file: a window of its last bytes, or its complete lines
newest first, one chunk at a time, so that a file of gigabytes costs the same as a
small one (the transcript reader).
"""

from __future__ import annotations

import os


def read_at(fd: int, start: int, size: int) -> bytes:
    """Up to ``size`` bytes of ``fd`` from offset ``start`` (fewer at the file's end)."""
    os.lseek(fd, start, os.SEEK_SET)
    parts = []
    while size > 0:
        part = os.read(fd, size)
        if not part:
            break
        parts.append(part)
        size -= len(part)
    return b"".join(parts)


def window(fd: int, size: int, limit: int) -> bytes:
    """The last ``limit`` bytes of a file of ``size`` bytes."""
    start = max(0, size - limit)
    return read_at(fd, start, size - start)


class Backwards:
    """Complete lines of the file's last ``limit`` bytes, newest first, read
    ``chunk`` bytes at a time (a line cut by the window's start is dropped)."""

    def __init__(self, fd: int, size: int, limit: int, chunk: int) -> None:
        self.fd = fd
        self.end = size
        self.floor = max(0, size - limit)
        self.chunk = chunk
        self._carry = b""
        self._pending: list[bytes] = []

    def __iter__(self) -> Backwards:
        return self

    def __next__(self) -> bytes:
        while not self._pending:
            if self.end <= self.floor:
                raise StopIteration
            start = max(self.floor, self.end - self.chunk)
            data = read_at(self.fd, start, self.end - start)
            if not data:
                raise StopIteration
            lines = (data + self._carry).split(b"\n")
            self.end = start
            if start > 0:
                self._carry = lines.pop(0)  # may continue in the chunk before
            else:
                self._carry = b""
            lines.reverse()
            self._pending = lines
        return self._pending.pop(0)
