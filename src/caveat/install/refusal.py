"""The operator's error for a file the installer will not read or write through: a
link inside the project, a FIFO or a device."""

from __future__ import annotations

from caveat.common import files
from caveat.install.core import InstallError


def refusal(exc: OSError, inside: str | None = None) -> InstallError | OSError:
    """The operator's error for a file caveat will not read or write: a link inside
    the project, a FIFO or a device; any other OSError as it is."""
    if isinstance(exc, files.LinkedError):
        where = f"the project {inside}" if inside else "the folder it is in"
        return InstallError(
            f"{exc.path} is a symlink (to {exc.points}); caveat does not write through "
            f"a link inside {where}: one committed to a repository can point anywhere. "
            "Fix: replace the link with a real file (or folder), or install at user "
            "scope (without --project)."
        )
    if isinstance(exc, files.NotRegularError):
        return InstallError(
            f"{exc}; caveat reads and writes only regular files and folders, and never "
            f"waits on a FIFO or a device. Fix: remove {exc.path} (or put a regular "
            "file there) and run this again."
        )
    return exc
