"""Paths whose licensing a REUSE project records outside the file: ``[[annotations]]``
of ``REUSE.toml`` (globs: ``*`` within a folder, ``**`` across folders, ``\\*`` a
literal star) and ``Files:`` stanzas of the deprecated ``.reuse/dep5`` (Debian
copyright globs: ``*`` across folders, ``?`` one character).

Read as data, only for a file that would otherwise be reported. Only the files at the
git root are read; nested ``REUSE.toml`` files are not.
"""

from __future__ import annotations

import os
import sys

from caveat.common import rx
from caveat.common.files import read_bytes

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re


def _glob(pattern: str, star: str) -> re.Pattern[str]:
    """A regular expression for a REUSE.toml (``star`` = ``[^/]*``) or DEP5
    (``star`` = ``.*``) glob."""
    out = []
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\" and i + 1 < len(pattern):
            out.append(rx.escape(pattern[i + 1]))
            i += 2
            continue
        if pattern.startswith("**", i):
            out.append(".*")
            i += 2
            continue
        if ch == "*":
            out.append(star)
        elif ch == "?" and star == ".*":
            out.append(".")
        else:
            out.append(rx.escape(ch))
        i += 1
    return rx.compile("".join(out), rx.DOTALL)


def toml_globs(raw: bytes) -> list[str]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib
    try:
        data = tomllib.loads(raw.decode("utf-8", "replace"))
    except tomllib.TOMLDecodeError:
        return []
    globs: list[str] = []
    annotations = data.get("annotations")
    for item in annotations if isinstance(annotations, list) else ():
        paths = item.get("path") if isinstance(item, dict) else None
        if isinstance(paths, str):
            globs.append(paths)
        elif isinstance(paths, list):
            globs.extend(p for p in paths if isinstance(p, str))
    return globs


def dep5_globs(raw: bytes) -> list[str]:
    globs: list[str] = []
    inside = False
    for line in raw.decode("utf-8", "replace").splitlines():
        if line[:1] in (" ", "\t") and inside:
            globs.extend(line.split())
            continue
        inside = line.lower().startswith("files:")
        if inside:
            globs.extend(line[len("files:") :].split())
    return globs


def covered(root: str, rel: str) -> bool:
    """Whether ``REUSE.toml`` or ``.reuse/dep5`` at ``root`` annotates ``rel``."""
    raw = read_bytes(os.path.join(root, "REUSE.toml"), 1 << 20)
    if raw is not None and any(
        _glob(g.lstrip("/"), "[^/]*").fullmatch(rel) for g in toml_globs(raw)
    ):
        return True
    raw = read_bytes(os.path.join(root, ".reuse", "dep5"), 1 << 20)
    if raw is not None:
        return any(_glob(g.lstrip("/"), ".*").fullmatch(rel) for g in dep5_globs(raw))
    return False
