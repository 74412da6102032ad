"""Files caveat writes, never through a link a project could carry.

``write_atomic`` writes a temp file in the target's folder and renames it over the
target; ``make_folders`` creates the folders it needs. Each takes ``inside``, the
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

from caveat.common.files import _FOLDER
from caveat.common.files import _LINK
from caveat.common.files import _NOFOLLOW
from caveat.common.files import _REGULAR
from caveat.common.files import LinkedError
from caveat.common.files import NotRegularError
from caveat.common.files import _points
from caveat.common.files import kind

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable


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
