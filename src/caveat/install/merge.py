"""Caveat's registrations merged into one harness file and written by compare-and-swap:
the file is read, merged and written only if it is still what was read; when another
program wrote it meanwhile, the merge starts again from its new content
(:data:`caveat.install.resolve.ATTEMPTS` times at most)."""

from __future__ import annotations

import os

from caveat.install import filewrite
from caveat.install.resolve import ATTEMPTS
from caveat.install.resolve import raced
from caveat.install.resolve import read
from caveat.install.resolve import writable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.install.base import Harness
    from caveat.install.core import Json
    from caveat.install.document import Document


def merge(spec: Harness, doc: Document, units: list[tuple[str, Json]]) -> str:
    """The file's text with caveat's registrations; refused when it must change and
    the file is read-only."""
    # A new (or blank) file starts as the format's skeleton, e.g. Cursor's version key.
    data = doc.data if doc.data or (doc.text or "").strip() else dict(spec.layout.skeleton)
    after = doc.dump(spec.layout.merged(data, spec.id, units))
    if after != doc.text:
        writable(spec, doc)
    return after


def write(
    spec: Harness,
    path: str,
    units: list[tuple[str, Json]],
    mode: int,
    dry_run: bool,
    folder: str | None,
) -> tuple[Document, str, list[str]]:
    """Merge and write with compare-and-swap: (the file as last read, its new text,
    the folders created for it), never through a link inside the project ``folder``."""
    created: list[str] = []
    for _ in range(ATTEMPTS):
        doc = read(spec, path, folder)
        after = merge(spec, doc, units)
        if dry_run or after == doc.text:
            return doc, after, created
        created += filewrite.make_parents(path, folder)
        if filewrite.write_atomic(path, after, mode, expect=doc, inside=folder):
            return doc, after, created
    raise raced(path)


def unlink_if_unchanged(path: str, doc: Document, folder: str | None) -> bool:
    """Delete the file caveat created, unless another program wrote it meanwhile (or
    a link was put on its way inside the project ``folder``)."""
    if filewrite.before_swap is not None:
        filewrite.before_swap(path)
    if not filewrite.unchanged(path, doc):
        return False
    filewrite.check(path, folder)
    os.unlink(path)
    return True
