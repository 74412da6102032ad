"""Writing the launcher files (by rename, never through a file already there) and
taking them away."""

from __future__ import annotations

import os
import stat

from caveat.install import bundle
from caveat.install.core import InstallError
from caveat.install.launcher import folder
from caveat.install.launcher import python_path
from caveat.install.launcher import shell_path
from caveat.install.launcher_check import check
from caveat.install.launcher_check import problem

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from collections.abc import Mapping

    from caveat.install.base import Harness
    from caveat.install.command import Runtime
    from caveat.install.endpoint import Endpoint


def launcher(spec: Harness, aim: Runtime | Endpoint, dry_run: bool) -> list[str]:
    """Write the launcher files the command registrations run, where they are not
    what this caveat needs (a planted or another caveat's file is replaced). They stay
    on uninstall: a registration caveat has no record of (pasted from ``--print``,
    or in a file since moved) must keep finding them, and they exit 0 either way."""
    from caveat.install.command import Runtime

    if isinstance(aim, Runtime):
        runtime: Runtime | None = aim
    else:
        runtime = aim.runtime() if spec.command_events else None
    if runtime is None:
        return []
    if dry_run:
        stale = check(runtime.files)
        return [f"would rewrite: {p}" for p in stale]
    notes = [f"wrote caveat's launcher {p}" for p in write(runtime.files)]
    where = os.path.dirname(runtime.files[0][0])
    bundle.refresh(bundle.path(where), runtime.site)  # a cache: best effort
    return notes


def write(files: Iterable[tuple[str, str]]) -> list[str]:
    """Write the launcher files (path, text) where they differ or are not ours alone;
    returns the paths written. A file at a launcher path is never written through: a
    new file takes its place by rename."""
    files = list(files)
    where = os.path.dirname(files[0][0])
    try:
        os.makedirs(where, mode=0o755, exist_ok=True)
        info = os.lstat(where)
    except OSError as exc:
        raise InstallError(
            f"cannot create the launcher folder {where}: {exc.strerror}; make it "
            "writable (or set XDG_DATA_HOME to a folder of yours) and run this again"
        ) from exc
    mine = not hasattr(os, "geteuid") or info.st_uid == os.geteuid()
    if not stat.S_ISDIR(info.st_mode) or not mine or info.st_mode & 0o022:
        raise InstallError(
            f"the launcher folder {where} is not a folder of yours alone (a symlink, "
            "another user's, or writable by others); remove it and run this again"
        )
    written = []
    for path, text in files:
        if problem(path, text):
            _replace(path, text)
            written.append(path)
    return written


def _replace(path: str, text: str) -> None:
    # A temporary file renamed over the old one: a planted file or symlink there is
    # replaced, never written through. (0600: only the user runs it.)
    from caveat.common.state import write_atomic

    if not write_atomic(path, text.encode("utf-8")):
        raise InstallError(
            f"cannot write the launcher {path}; make its folder writable and run this again"
        )


def remove(env: Mapping[str, str]) -> None:
    """Take the launcher away (nothing is registered any more)."""
    for path in (shell_path(env), python_path(env), bundle.path(folder(env))):
        try:
            os.unlink(path)
        except OSError:
            pass
    try:
        os.rmdir(folder(env))
    except OSError:
        pass
