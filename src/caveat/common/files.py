"""Files caveat reads or writes, opened safely: only regular files, never blocking, never
written through a link a project could carry.

Reading: ``open_regular`` opens a file so that a FIFO or a device cannot hang a hook;
``read_bytes`` and ``read_text`` read a whole file up to a size limit on top of it, and
``read_fd`` is the one read loop every caller shares (stdin of the hook too). Guards
reach them through ``caveat.guards.base.Context.read_text``. ``open_strict`` is the same
open for a command that must say why (``NotRegularError`` names a FIFO, a device...).

Writing: ``write_atomic`` writes a temp file in the target's folder and renames it over
the target; ``make_folders`` creates the folders it needs. Each takes ``inside``, the
folder the write must stay in (a project's root): every folder between it and the
target, and the target itself, is checked with ``lstat`` and a link or anything but a
real folder or regular file is refused (``LinkedError``, ``NotRegularError``), checked
again just before the rename, and the temp file is made ``O_EXCL | O_NOFOLLOW``.

The rule for links: inside a project every link is refused, since a clone carries the
links its author committed (``.claude/settings.json`` pointing at ``~/.bashrc``). Files
under the user's home (``inside=None``) are the user's own, and a dotfile manager links
them on purpose (``~/.claude/settings.json`` into a dotfiles checkout): there the target
is resolved first and written where the user's link points, and only what is below the
resolved folder (nothing) is checked, so a FIFO or a folder at the target is still refused.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

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


def _below(path: str, inside: str) -> list[str]:
    """The paths from just below ``inside`` down to ``path``, outermost first."""
    path, inside = os.path.abspath(path), os.path.abspath(inside)
    if os.path.commonpath([path, inside]) != inside or path == inside:
        raise ValueError(f"{path} is not inside {inside}")
    steps = os.path.relpath(path, inside).split(os.sep)
    return [os.path.join(inside, *steps[: i + 1]) for i in range(len(steps))]


def check(path: str, inside: str, folder: bool = False) -> os.stat_result | None:
    """Refuse ``path`` as a place to write: a link at it or at any folder between
    ``inside`` and it (``LinkedError``), a folder on the way that is not a folder or a
    target that is not a regular file (``folder``: not a folder) (``NotRegularError``).
    Its ``lstat``, None when it (or a folder on the way) does not exist yet."""
    steps = _below(path, inside)
    for step in steps:
        try:
            info = os.lstat(step)
        except FileNotFoundError:
            return None
        mode = info.st_mode & 0o170000
        if mode == _LINK:
            raise LinkedError(step, _points(step))
        last = step == steps[-1]
        want = _REGULAR if last and not folder else _FOLDER
        if mode != want:
            what = "a file" if mode == _REGULAR else kind(info.st_mode)
            raise NotRegularError(step, what, "a folder" if want == _FOLDER else "a regular file")
    return info


def _resolved(path: str, inside: str | None) -> tuple[str, str]:
    """(the path to write, the folder it must stay in): under the user's own files,
    where their links lead (see the module's docstring)."""
    if inside is not None:
        return os.path.abspath(path), os.path.abspath(inside)
    real = os.path.realpath(path)
    return real, os.path.dirname(real)


def make_folders(folder: str, inside: str | None, mode: int = 0o777) -> list[str]:
    """Create ``folder`` and the folders above it that are missing, down from
    ``inside`` (None: from the nearest that exists, where the user's links lead),
    refusing a link or a file on the way. The folders created, outermost first."""
    folder = os.path.abspath(folder)
    if inside is None:
        inside = folder
        while not os.path.isdir(inside) and os.path.dirname(inside) != inside:
            inside = os.path.dirname(inside)
    if folder == os.path.abspath(inside):
        return []
    created: list[str] = []
    for step in _below(folder, inside):
        try:
            os.mkdir(step, mode)
        except FileExistsError:
            check(step, inside, folder=True)
            continue
        created.append(step)
    return created


def write_atomic(
    path: str,
    data: bytes,
    *,
    inside: str | None,
    mode: int = 0o644,
    keep_mode: bool = True,
    ready: Callable[[str], bool] | None = None,
) -> bool:
    """Replace ``path`` with ``data``: a temp file in its folder, then a rename, never
    through a link inside ``inside`` (see the module's docstring). A new file gets
    ``mode``; an existing one keeps its own (``keep_mode``). ``ready(target)``, called
    just before the rename, can still call the write off (a compare-and-swap): then
    nothing is written and the answer is False. Raises ``LinkedError``,
    ``NotRegularError`` or another OSError; the folder must exist."""
    target, inside = _resolved(path, inside)
    info = check(target, inside)
    if info is not None and keep_mode:
        mode = info.st_mode & 0o7777
    folder, name = os.path.split(target)
    tmp = os.path.join(folder, f".{name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600)
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
            if hasattr(os, "fchmod"):
                os.fchmod(fd, mode)
        finally:
            os.close(fd)
        if not hasattr(os, "fchmod"):
            os.chmod(tmp, mode)
        if ready is not None and not ready(target):
            os.unlink(tmp)
            return False
        check(target, inside)  # a link swapped in since the first look
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return True
