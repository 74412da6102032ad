"""Writing a harness file: atomic compare-and-swap writes that keep the file's mode,
the same refusals checked before anything is touched, the folders a new file needs,
and the diff of a change. Inside a project nothing is written through a symlink
(``inside``; see ``caveat.common.files`` for why the user's own files may be linked).
"""

from __future__ import annotations

import difflib
import os

from caveat.common import files
from caveat.common import writes
from caveat.install.core import InstallError
from caveat.install.document import read_raw
from caveat.install.refusal import refusal

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from caveat.install.document import Document


def diff(path: str, before: str | None, after: str | None) -> str:
    lines = difflib.unified_diff(
        (before or "").splitlines(keepends=True),
        (after or "").splitlines(keepends=True),
        fromfile=path if before is not None else "/dev/null",
        tofile=path if after is not None else "/dev/null",
    )
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


# Called with the target path just before a compare-and-swap write compares: the seam
# through which tests let a real second writer in at the worst moment.
before_swap: Callable[[str], None] | None = None


def unchanged(target: str, expect: Document) -> bool:
    """Is ``target`` still what ``expect`` read (same bytes, same stat)?"""
    try:
        raw, signature = read_raw(target)
    except FileNotFoundError:
        return expect.raw is None
    except (OSError, InstallError):
        return False
    return raw == expect.raw and signature == expect.signature


def write_atomic(
    path: str,
    text: str,
    new_mode: int = 0o644,
    expect: Document | None = None,
    inside: str | None = None,
) -> bool:
    """Temp file in the same folder, then rename (``files.write_atomic``); an existing
    file's mode is kept (a new one gets ``new_mode``). Inside the project ``inside`` a
    symlink at the file or a folder above it is refused (InstallError); the user's
    own linked file (``inside`` None) is written where the link points.

    With ``expect``, a compare-and-swap: just before the rename the file is read
    again, and when its bytes or stat differ from what ``expect`` read (another
    program wrote it meanwhile) nothing is written and the answer is False. A write
    landing between that comparison and the rename is still lost; the window is
    the length of one rename."""

    def ready(target: str) -> bool:
        if expect is None:
            return True
        if before_swap is not None:
            before_swap(target)
        return unchanged(target, expect)

    try:
        return writes.write_atomic(
            path, text.encode("utf-8"), inside=inside, mode=new_mode, ready=ready
        )
    except (files.LinkedError, files.NotRegularError) as exc:
        raise refusal(exc, inside) from exc


def check(path: str, inside: str | None, folder: bool = False) -> None:
    """Refuse now (InstallError) a write to ``path`` that ``write_atomic`` would
    refuse: a link inside the project ``inside``, or no regular file (``folder``:
    no folder) at it."""
    if inside is None:
        return
    try:
        writes.check(path, inside, folder)
    except (files.LinkedError, files.NotRegularError) as exc:
        raise refusal(exc, inside) from exc


def make_parents(path: str, inside: str | None = None) -> list[str]:
    """Create the folders ``path`` needs, never through a link inside the project
    ``inside``; returns those created, outermost first."""
    try:
        return writes.make_folders(os.path.dirname(os.path.abspath(path)), inside)
    except (files.LinkedError, files.NotRegularError) as exc:
        raise refusal(exc, inside) from exc
