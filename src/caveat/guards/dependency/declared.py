"""Which package names a command installs that the project does not declare.

An install of a name the project's manifests already list changes nothing the
project has not chosen; a new name brings code nobody reviewed, and its install
scripts run at once: that command is of the irreversible class (docs/holds.md).
The manifests looked at are those of the command's ecosystem in its working folder
and at its git root, read as data with the guard's own parsers.
"""

from __future__ import annotations

import os

from caveat.guards.dependency import file_rules
from caveat.guards.dependency import manifest_diff

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.guards.base import Context

# The verbs that bring a package in (a removal or an upgrade of what is there is not).
INSTALLS = frozenset({"DECLARE:add", "ADHOC:install", "GLOBAL:install"})
# Where a version or an extra starts: ``name==1.0``, ``name[extra]>=2``, ``name ; marker``.
_ENDS = frozenset("[=<>!~; \t")


def _name(word: str, ecosystem: str) -> str:
    """The package name of an install argument (``name@1``, ``@scope/name@^2``,
    ``path@v1``, ``Name_Two[x]>=2``), as the manifests' parsers spell it. No regular
    expressions: ``re`` would cost a firing call more than the rest of this module."""
    name = word.strip()
    at = name.find("@", 1)  # a scoped npm name starts with "@"
    if at > 0:
        name = name[:at]
    for index, char in enumerate(name):
        if char in _ENDS:
            name = name[:index]
            break
    name = name.lower()
    if ecosystem == "PyPI":  # PEP 503: runs of "-", "_" and "." are one "-"
        name = "-".join(
            part for part in name.replace("_", "-").replace(".", "-").split("-") if part
        )
    return name


def _matches(name: str, pattern: str) -> bool:
    """``fnmatch`` for the one-folder patterns of the manifest rules (``*`` only)."""
    parts = pattern.split("*")
    if not name.startswith(parts[0]) or not name.endswith(parts[-1]):
        return False
    at, end = len(parts[0]), len(name) - len(parts[-1])
    for part in parts[1:-1]:
        at = name.find(part, at, end)
        if at < 0:
            return False
        at += len(part)
    return at <= end


_LISTED = 2000  # names of a folder looked at for a manifest pattern


def _manifests(ecosystem: str) -> list[tuple[str, str]]:
    """``(pattern, parser)`` of the ecosystem's manifests that lie in one folder (a
    name, or a pattern such as ``*requirements*.txt``)."""
    return [
        (pattern, rule[4])
        for rule in file_rules.RULES
        if rule[0] == ecosystem and rule[1] == file_rules.MANIFEST and rule[4]
        for pattern in rule[2]
        if not any(mark in pattern for mark in "/!")
    ]


def _files(folder: str, pattern: str) -> list[str]:
    if "*" not in pattern:
        return [os.path.join(folder, pattern)]
    try:
        names = os.listdir(folder)[:_LISTED]
    except OSError:
        return []
    return [os.path.join(folder, n) for n in sorted(names) if _matches(n, pattern)]


def declared(ctx: Context, ecosystem: str) -> set[str] | None:
    """The names the project declares for ``ecosystem``; None when no manifest of it
    could be read."""
    folders = [f for f in (ctx.event.cwd, ctx.git_root(ctx.event.cwd or None)) if f]
    names: set[str] | None = None
    for folder in dict.fromkeys(folders):
        for pattern, parser in _manifests(ecosystem):
            for path in _files(folder, pattern):
                text = ctx.read_text(path)
                if text is None:
                    continue
                try:
                    found = manifest_diff.parse(parser, text, True)
                except Exception:  # a manifest the parser cannot read declares nothing
                    continue
                names = (names or set()) | {_name(n, ecosystem) for n in found}
    return names


def undeclared(ctx: Context, ecosystem: str, packages: list[str]) -> list[str]:
    """The packages of ``packages`` that the project does not declare."""
    known = declared(ctx, ecosystem) or set()
    return [p for p in packages if _name(p, ecosystem) not in known]
