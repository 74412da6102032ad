"""Dependency sections out of JSON manifests without the ``json`` module.

A tolerant scanner: it walks strings, brackets and scalars once, keeps the stack of
enclosing keys, and never fails — a fragment with unbalanced braces or a half-written
file still yields the pairs it can place. ``//`` and ``/* */`` comments (JSONC) are
skipped.
"""

from __future__ import annotations

from caveat.guards.dependency.manifest_util import add
from caveat.guards.dependency.manifest_util import version_like

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

_ARRAY = "[]"
_DELIMS = frozenset(",:]}[{ \t\r\n")


def _string(text: str, i: int, eol: int) -> tuple[int, str]:
    """End index (after the closing quote) and content of the string at ``i``; an
    unterminated string ends with its line (``eol``)."""
    j = i + 1
    while True:
        j = text.find('"', j, eol)
        if j < 0:
            j = eol
            break
        slashes = 0
        while j - 1 - slashes > i and text[j - 1 - slashes] == "\\":
            slashes += 1
        if slashes % 2 == 0:
            break
        j += 1
    return j + 1, text[i + 1 : j].replace('\\"', '"').replace("\\/", "/")


def scalars(text: str) -> Iterator[tuple[tuple[str, ...], str | None, str]]:
    """``(path, key, value)`` for every scalar. ``path`` holds the keys of the
    enclosing containers (``"[]"`` for an array inside an array, ``""`` for the root);
    ``key`` is None for array items."""
    stack: list[str] = []
    arrays: list[bool] = []
    key: str | None = None
    i = eol = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c in " \t\r\n,:":
            i += 1
        elif c == '"':
            if eol <= i:  # the end of the current line, found once per line
                eol = text.find("\n", i)
                eol = n if eol < 0 else eol
            i, value = _string(text, i, eol)
            k = i
            while k < n and text[k] in " \t\r\n":
                k += 1
            if k < n and text[k] == ":" and not (arrays and arrays[-1]):
                key = value
                i = k + 1
                continue
            yield tuple(stack), key, value
            key = None
        elif c in "{[":
            if key is not None:
                stack.append(key)
            else:
                stack.append(_ARRAY if arrays and arrays[-1] else "")
            arrays.append(c == "[")
            key = None
            i += 1
        elif c in "}]":
            if stack:
                stack.pop()
                arrays.pop()
            key = None
            i += 1
        elif c == "/" and text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif c == "/" and text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
        else:
            j = i
            while j < n and text[j] not in _DELIMS:
                j += 1
            yield tuple(stack), key, text[i : max(j, i + 1)]
            key = None
            i = max(j, i + 1)


def _rooted(text: str, exact: bool) -> Iterator[tuple[tuple[str, ...], str | None, str]]:
    """Paths relative to the root object; a fragment's paths are relative to wherever
    it starts, and its first pairs come with an empty path."""
    rooted = exact and text.lstrip().startswith("{")
    for path, key, value in scalars(text):
        if rooted:
            if not path:
                continue
            path = path[1:]
        yield path, key, value


_NPM_SECTIONS = frozenset(
    {
        "dependencies", "devDependencies", "peerDependencies", "optionalDependencies",
        "bundleDependencies", "bundledDependencies", "overrides", "resolutions",
    }
)  # fmt: skip
# Keys a package.json fragment may show whose values look like versions but are not
# dependencies.
_NPM_NOT_DEPS = frozenset({"version", "node", "npm", "types", "typings", "main", "module"})


def _sections(text: str, exact: bool, sections: frozenset[str]) -> dict[str, str]:
    deps: dict[str, str] = {}
    for path, key, value in _rooted(text, exact):
        if not path:
            guess = not exact and key not in _NPM_NOT_DEPS and version_like(value)
            if key and (key == "packageManager" or guess):
                add(deps, key, value)
            continue
        if path[0] in sections:
            inner = [p for p in path[1:] if p != _ARRAY]
            if key is None:
                if not inner:
                    add(deps, value, "")
            elif key in ("version", "."):
                add(deps, ">".join(inner) or key, value)
            else:
                add(deps, ">".join([*inner, key]), value)
        elif path[:2] == ("pnpm", "overrides") and key:
            add(deps, ">".join([*path[2:], key]), value)
    return deps


def package_json(text: str, exact: bool) -> dict[str, str]:
    return _sections(text, exact, _NPM_SECTIONS)


def composer(text: str, exact: bool) -> dict[str, str]:
    return _sections(text, exact, frozenset({"require", "require-dev", "replace", "conflict"}))


def deno(text: str, exact: bool) -> dict[str, str]:
    return _sections(text, exact, frozenset({"imports", "scopes"}))


def dotnet_tools(text: str, exact: bool) -> dict[str, str]:
    deps: dict[str, str] = {}
    for path, key, value in _rooted(text, exact):
        if len(path) == 2 and path[0] == "tools" and key == "version":
            add(deps, path[1], value)
    return deps


def _items(text: str, exact: bool, section: str) -> dict[str, str]:
    """Array items (``"fmt"``, ``"go@1.21"``) and ``{"name": …, "version": …}``
    objects of one top-level section; maps of name → version too."""
    deps: dict[str, str] = {}
    named: dict[str, str] = {}
    for path, key, value in _rooted(text, exact):
        if not path or path[0] != section:
            continue
        if len(path) == 1 and key is None:
            name, _, version = value.partition("@")
            add(deps, name, version)
        elif len(path) == 1 and key:
            add(deps, key, value)
        elif key == "name":
            named["name"] = value
        elif key and key.startswith("version") and "name" in named:
            add(deps, named.pop("name"), value)
    if "name" in named:
        add(deps, named["name"], "")
    return deps


def vcpkg(text: str, exact: bool) -> dict[str, str]:
    return _items(text, exact, "dependencies")


def devbox(text: str, exact: bool) -> dict[str, str]:
    return _items(text, exact, "packages")
