"""A harness file as caveat reads it: JSON loaded with its layout
(:mod:`caveat.install.jsonstyle`) so that it can be dumped back the same, refused when
json could not round-trip it (comments, trailing commas, duplicate keys), with the
bytes and stat a compare-and-swap write checks (:mod:`caveat.install.filewrite`).
Every open goes through ``caveat.common.files``: a FIFO or a device is refused, never
waited on.
"""

from __future__ import annotations

import json
import os
import re
import stat
from typing import Any

from caveat.common import files
from caveat.install import jsonstyle
from caveat.install.core import InstallError
from caveat.install.refusal import refusal

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.install.core import Json


class Document:
    """A harness file as read: its data, the layout to write it back in, and what it
    was on disk (bytes and stat), so that a write can tell whether another program
    changed it meanwhile."""

    __slots__ = ("data", "exact", "mode", "path", "raw", "signature", "style", "text")

    def __init__(
        self,
        path: str,
        text: str | None,
        data: Json,
        style: jsonstyle.Style | None = None,
        raw: bytes | None = None,
        signature: tuple[int, ...] | None = None,
    ) -> None:
        self.path = path
        self.text = text  # None: no such file
        self.data = data
        self.style = style or jsonstyle.Style()
        # Would dumping the data as read give the text back byte for byte?
        self.exact = text is None or not text.strip() or self.style.dump(data) == text
        self.raw = raw
        self.signature = signature
        self.mode = None if signature is None else signature[0]

    def dump(self, data: Json | None = None) -> str:
        return self.style.dump(self.data if data is None else data)

    def read_only(self) -> bool:
        """No write bit set. The bits, not os.access: root may write anything."""
        return self.mode is not None and not self.mode & 0o222


def _no_duplicates(pairs: list[tuple[str, Any]]) -> Json:
    seen: Json = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f"duplicate key {key!r}")
        seen[key] = value
    return seen


_COMMENT = re.compile(r'^(?:[^"\n]|"(?:[^"\\\n]|\\.)*")*?(?://|/\*|#)', re.MULTILINE)
_TRAILING_COMMA = re.compile(r",\s*[}\]]")

# A harness file larger than this is not one caveat rewrites.
LIMIT = 16 << 20


def read_raw(path: str) -> tuple[bytes, tuple[int, ...]]:
    """The bytes and signature of ``path`` (``files.open_strict``). Raises
    FileNotFoundError, InstallError (not a regular file, too large) or OSError."""
    try:
        fd, info = files.open_strict(path)
    except files.NotRegularError as exc:
        raise refusal(exc) from exc
    try:
        raw = files.read_fd(fd, LIMIT)
    finally:
        os.close(fd)
    if len(raw) > LIMIT:
        raise InstallError(f"{path} is over {LIMIT >> 20} MiB; caveat does not rewrite it")
    return raw, _signature(info)


def load(path: str) -> Document:
    """Read ``path`` (a missing file is an empty document); refuse what json cannot
    round-trip, and a FIFO, a device or a folder. Raises OSError when the file cannot
    be read."""
    try:
        raw, signature = read_raw(path)
    except FileNotFoundError:
        return Document(path, None, {})
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InstallError(f"{path} is not UTF-8 text ({exc}); fix or remove the file") from exc
    if not text.strip():
        return Document(path, text, {}, raw=raw, signature=signature)
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates)
    except (ValueError, RecursionError) as exc:
        if _COMMENT.search(text) or _TRAILING_COMMA.search(text):
            what = "has comments or trailing commas (JSONC/JSON5)"
        else:
            what = f"is not valid JSON ({exc})"
        raise InstallError(
            f"{path} {what}; caveat rewrites only plain JSON, so it would lose them. "
            "Fix: make the file plain JSON, or add the entries by hand "
            "(`caveat install --print` with the same options prints them)."
        ) from exc
    if not isinstance(data, dict):
        raise InstallError(f"{path}: the top level is not a JSON object; fix the file first")
    return Document(path, text, data, jsonstyle.style(text, data), raw, signature)


def _signature(st: os.stat_result) -> tuple[int, ...]:
    """What tells one version of a file from another without reading it (mode first)."""
    return (stat.S_IMODE(st.st_mode), st.st_ino, st.st_dev, st.st_size, st.st_mtime_ns)
