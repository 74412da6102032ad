"""A harness file as caveat reads and writes it: JSON loaded with its style (indent,
final newline) and dumped back in it, refused when json could not round-trip it
(comments, trailing commas, duplicate keys); the diff of a change; atomic writes
that keep the file's mode, and the folders a new file needs.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import stat
import tempfile
from typing import Any

from caveat.install.core import InstallError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.install.core import Json


class Document:
    """A harness file as read: its data and the style to write it back in."""

    __slots__ = ("data", "indent", "newline", "path", "text")

    def __init__(self, path: str, text: str | None, data: Json, indent: str, newline: bool):
        self.path = path
        self.text = text  # None: no such file
        self.data = data
        self.indent = indent
        self.newline = newline

    def dump(self, data: Json | None = None) -> str:
        out = json.dumps(
            self.data if data is None else data, indent=self.indent, ensure_ascii=False
        )
        return out + "\n" if self.newline else out


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
    match = re.search(r"^[{\[]\s*\n([ \t]+)\S", text.lstrip())
    if match is None:
        return "  "
    found = match.group(1)
    return "\t" if found.startswith("\t") else " " * min(len(found), 8)


def load(path: str) -> Document:
    """Read ``path`` (a missing file is an empty document); refuse what json cannot
    round-trip. Raises OSError when the file cannot be read."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except FileNotFoundError:
        return Document(path, None, {}, "  ", True)
    except UnicodeDecodeError as exc:
        raise InstallError(f"{path} is not UTF-8 text ({exc}); fix or remove the file") from exc
    if not text.strip():
        return Document(path, text, {}, "  ", True)
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates)
    except ValueError as exc:
        if _COMMENT.search(text) or _TRAILING_COMMA.search(text):
            what = "has comments or trailing commas (JSONC/JSON5)"
        else:
            what = f"is not valid JSON ({exc})"
        raise InstallError(
            f"{path} {what}; caveat rewrites only plain JSON, so it would lose them. "
            "Fix: make the file plain JSON, or add the entries by hand "
            "(`caveat install --dry-run` prints them)."
        ) from exc
    if not isinstance(data, dict):
        raise InstallError(f"{path}: the top level is not a JSON object; fix the file first")
    return Document(path, text, data, _indent(text), text.endswith("\n"))


def diff(path: str, before: str | None, after: str | None) -> str:
    lines = difflib.unified_diff(
        (before or "").splitlines(keepends=True),
        (after or "").splitlines(keepends=True),
        fromfile=path if before is not None else "/dev/null",
        tofile=path if after is not None else "/dev/null",
    )
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def write_atomic(path: str, text: str, new_mode: int = 0o644) -> None:
    """Temp file in the same folder, then rename; an existing file's mode is kept
    (a new one gets ``new_mode``). A symlinked file is written through to its target."""
    target = os.path.realpath(path)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = new_mode
    folder = os.path.dirname(target)
    fd, tmp = tempfile.mkstemp(prefix=".caveat-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def make_parents(path: str) -> list[str]:
    """Create the folders ``path`` needs; returns those created, outermost first."""
    created: list[str] = []
    folder = os.path.dirname(os.path.abspath(path))
    while not os.path.isdir(folder):
        created.insert(0, folder)
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    for item in created:
        os.mkdir(item)
    return created
