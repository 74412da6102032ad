"""A harness file as caveat reads and writes it: JSON loaded with its layout (indent
or one line, separators, escapes, line ends, final newline) and dumped back in it,
refused when json could not round-trip it (comments, trailing commas, duplicate
keys); the diff of a change; atomic compare-and-swap writes that keep the file's
mode, and the folders a new file needs. Every open and write goes through
``caveat.common.files``: a FIFO or a device is refused, never waited on, and inside a
project nothing is written through a symlink (``inside``; see that module for why the
user's own files may be linked).
"""

from __future__ import annotations

import difflib
import json
import os
import re
import stat
from typing import Any

from caveat.common import files
from caveat.common import writes
from caveat.install.core import InstallError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

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
        style: Style | None = None,
        raw: bytes | None = None,
        signature: tuple[int, ...] | None = None,
    ) -> None:
        self.path = path
        self.text = text  # None: no such file
        self.data = data
        self.style = style or Style()
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


class Style:
    """How a JSON text is laid out: indent (None: one line), separators, escapes,
    line ends and the final newline."""

    __slots__ = ("ascii", "crlf", "indent", "item", "key", "newline")

    def __init__(
        self,
        indent: str | None = "  ",
        item: str = ",",
        key: str = ": ",
        ascii: bool = False,
        newline: bool = True,
        crlf: bool = False,
    ) -> None:
        self.indent = indent
        self.item = item
        self.key = key
        self.ascii = ascii
        self.newline = newline
        self.crlf = crlf

    def dump(self, data: Json) -> str:
        out = json.dumps(
            data, indent=self.indent, separators=(self.item, self.key), ensure_ascii=self.ascii
        )
        if self.newline:
            out += "\n"
        return out.replace("\n", "\r\n") if self.crlf else out


def _style(text: str, data: Json) -> Style:
    """The layout that writes ``data`` back as ``text`` exactly, when json has one;
    else the nearest (the text's indent, two spaces by default)."""
    crlf = "\r\n" in text
    body = text.replace("\r\n", "\n") if crlf else text
    newline = body.endswith("\n")
    lines = body.rstrip("\n").count("\n")
    found = _indent(body)
    if not data:  # ``{}``: nothing tells one line from indented; indented reads better
        return Style(found, ",", ": ", False, newline, crlf)
    shapes: list[tuple[str | None, str, str]]
    if lines:
        shapes = [(i, ",", ": ") for i in dict.fromkeys((found, "  ", "    ", "\t"))]
    else:
        shapes = [(None, i, k) for i in (", ", ",") for k in (": ", ":")]
    for indent, item, key in shapes:
        for escaped in (False, True):
            style = Style(indent, item, key, escaped, newline, crlf)
            if style.dump(data) == text:
                return style
    return Style(found if lines else None, *shapes[0][1:], False, newline, crlf)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> Json:
    seen: Json = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f"duplicate key {key!r}")
        seen[key] = value
    return seen


_COMMENT = re.compile(r'^(?:[^"\n]|"(?:[^"\\\n]|\\.)*")*?(?://|/\*|#)', re.MULTILINE)
_TRAILING_COMMA = re.compile(r",\s*[}\]]")


def _indent(text: str) -> str:
    match = re.search(r"^[{\[][ \t]*\n([ \t]+)\S", text.lstrip())
    if match is None:
        return "  "
    found = match.group(1)
    return "\t" if found.startswith("\t") else " " * min(len(found), 8)


# A harness file larger than this is not one caveat rewrites.
LIMIT = 16 << 20


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


def _read(path: str) -> tuple[bytes, tuple[int, ...]]:
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
        raw, signature = _read(path)
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
    return Document(path, text, data, _style(text, data), raw, signature)


def _signature(st: os.stat_result) -> tuple[int, ...]:
    """What tells one version of a file from another without reading it (mode first)."""
    return (stat.S_IMODE(st.st_mode), st.st_ino, st.st_dev, st.st_size, st.st_mtime_ns)


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
        raw, signature = _read(target)
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
