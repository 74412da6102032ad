"""Dependencies of setuptools manifests: ``setup.py`` (the requirement strings of
``install_requires``, ``setup_requires``, ``tests_require`` and ``extras_require``)
and ``setup.cfg`` (those keys of ``[options]`` and ``[options.extras_require]``).

A whole ``setup.py`` is read with ``ast`` (parsed, never run): a keyword's value is
followed through the module-level names it uses, whatever binds them
(``REQUIRES = [...]``, ``extras["x"] = [...]``, ``+=``, ``.append``, ``.extend``,
``.update``). A fragment, or a file ``ast`` cannot parse, is scanned for the literal
lists after those keywords. A list built by code (``install_requires=read()``)
yields nothing, so a change there is not itemised, and a change elsewhere in the
file (the version, a compiler flag) changes no dependency.
"""

from __future__ import annotations

from caveat.guards.dependency.manifest_util import add
from caveat.guards.dependency.manifest_util import pep508

KEYS = ("install_requires", "setup_requires", "tests_require", "extras_require")
_OPEN = "([{"
_CLOSE = ")]}"
_MAX_REGION = 200_000


def setup(text: str, exact: bool) -> dict[str, str]:
    """The requirements a ``setup.py`` or ``setup.cfg`` (or a fragment) declares."""
    deps: dict[str, str] = {}
    if "[options" in text or "\ninstall_requires =" in text:
        _cfg(text, deps)
    elif exact:
        from caveat.guards.dependency.setup_ast import requirements

        found = requirements(text)
        if found is not None:
            for literal in found:
                _requirement(literal, deps)
            return deps
    for key in KEYS:
        start = text.find(key)
        while start >= 0:
            for literal in _literals(_region(text, start + len(key))):
                parsed = pep508(literal)
                if parsed:
                    add(deps, *parsed)
            start = text.find(key, start + len(key))
    return deps


def _region(text: str, i: int) -> str:
    """The bracketed value after ``key =`` or ``"key":`` at ``i`` ("" when none)."""
    n = min(len(text), i + _MAX_REGION)
    while i < n and text[i] in " \t\"':=\r\n":
        i += 1
    if i >= n or text[i] not in _OPEN:
        return ""
    depth, j, quote = 0, i, ""
    while j < n:
        c = text[j]
        if quote:
            if c == "\\":
                j += 1
            elif c == quote:
                quote = ""
        elif c in "'\"":
            quote = c
        elif c in _OPEN:
            depth += 1
        elif c in _CLOSE:
            depth -= 1
            if depth == 0:
                return text[i : j + 1]
        elif c == "#":
            eol = text.find("\n", j)
            j = n if eol < 0 else eol
            continue
        j += 1
    return text[i:n]


def _literals(region: str) -> list[str]:
    """The contents of the quoted strings in ``region``, except dictionary keys (a
    string followed by ":"): the extra names of ``extras_require`` are not
    requirements."""
    out: list[str] = []
    i, n = 0, len(region)
    while i < n:
        c = region[i]
        if c == "#":
            eol = region.find("\n", i)
            i = n if eol < 0 else eol
            continue
        if c not in "'\"":
            i += 1
            continue
        j = i + 1
        while j < n and region[j] != c:
            j += 2 if region[j] == "\\" else 1
        value = region[i + 1 : j]
        k = j + 1
        while k < n and region[k] in " \t":
            k += 1
        if k >= n or region[k] != ":":
            out.append(value)
        i = j + 1
    return out


def _cfg(text: str, deps: dict[str, str]) -> None:
    """``install_requires =`` (and the other keys) of ``[options]``, and every key of
    ``[options.extras_require]``: one requirement per continuation line."""
    section = ""
    collecting = False
    for raw in text.splitlines()[:50_000]:
        line = raw.split("#", 1)[0].rstrip()
        stripped = line.strip()
        if stripped.startswith("[") and stripped.endswith("]"):
            section, collecting = stripped[1:-1].strip(), False
            continue
        if not stripped:
            continue
        continued = raw[:1] in " \t"
        if not continued:
            key, sep, value = stripped.partition("=")
            key = key.strip()
            collecting = bool(sep) and (
                (section == "options" and key in KEYS) or section == "options.extras_require"
            )
            if collecting and value.strip():
                _requirement(value, deps)
        elif collecting:
            _requirement(stripped, deps)


def _requirement(value: str, deps: dict[str, str]) -> None:
    parsed = pep508(value.strip())
    if parsed:
        add(deps, *parsed)
