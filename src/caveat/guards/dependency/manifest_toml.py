"""Dependency tables out of TOML manifests, read line by line.

No ``tomllib``: a manifest under edit is often not valid TOML yet (an Edit fragment,
a half-written file), and the guard needs only the tables that declare dependencies.
The reader knows tables, ``key = value`` lines, basic and literal strings, comments,
inline tables and arrays spanning lines; that covers how manifests are written.
"""

from __future__ import annotations

from caveat.guards.dependency.manifest_util import add
from caveat.guards.dependency.manifest_util import pep508
from caveat.guards.dependency.manifest_util import version_like

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from collections.abc import Iterator

UNKNOWN = "?"  # the table of a fragment's first lines, which the guard cannot see
_MAX_LINES = 200_000


def strip_comment(line: str) -> str:
    """``line`` without a trailing ``# comment`` (a ``#`` inside a string stays)."""
    if "#" not in line:
        return line
    quote = ""
    i = 0
    while i < len(line):
        c = line[i]
        if quote:
            if c == "\\" and quote == '"':
                i += 1
            elif c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c == "#":
            return line[:i]
        i += 1
    return line


def _depth(text: str) -> int:
    """Open minus closed brackets and braces outside strings."""
    depth = 0
    quote = ""
    i = 0
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\" and quote == '"':
                i += 1
            elif c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c in "[{":
            depth += 1
        elif c in "]}":
            depth -= 1
        i += 1
    return depth


def _unquote_dotted(name: str) -> str:
    return ".".join(part.strip().strip("\"'") for part in name.split("."))


def _find_eq(line: str) -> int:
    quote = ""
    for i, c in enumerate(line):
        if quote:
            if c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c == "=":
            return i
    return -1


def entries(text: str, exact: bool) -> Iterator[tuple[str, str, str]]:
    """``(table, key, value)`` for each key/value pair; bare strings (array items of a
    fragment) come with an empty key. Tables are dotted names without quotes."""
    table = "" if exact else UNKNOWN
    lines = text.splitlines()[:_MAX_LINES]
    i = 0
    while i < len(lines):
        line = strip_comment(lines[i]).strip()
        i += 1
        if not line:
            continue
        if line.startswith("["):
            table = _unquote_dotted(line.strip("[] \t"))
            continue
        eq = _find_eq(line)
        if eq < 0:
            if line[0] in "\"'":
                yield table, "", line.rstrip(",] ")
            continue
        key = _unquote_dotted(line[:eq])
        value = line[eq + 1 :].strip()
        depth = _depth(value)
        parts = [value]
        while depth > 0 and i < len(lines):
            more = strip_comment(lines[i]).strip()
            i += 1
            parts.append(more)
            depth += _depth(more)
        yield table, key, " ".join(parts)


def strings(value: str) -> list[str]:
    """The string literals in ``value`` (an array, an inline table or one string)."""
    found: list[str] = []
    i = 0
    while i < len(value):
        c = value[i]
        if c in "\"'":
            end = value.find(c, i + 1)
            while c == '"' and end > 0 and value[end - 1] == "\\":
                end = value.find(c, end + 1)
            if end < 0:
                break
            found.append(value[i + 1 : end])
            i = end
        i += 1
    return found


def inline_table(value: str) -> dict[str, str]:
    """``{ a = "x", b.c = 1 }`` as ``{"a": "x", "b.c": "1"}`` (values unquoted)."""
    body = value.strip()[1:-1] if value.strip().startswith("{") else value
    out: dict[str, str] = {}
    part = ""
    depth = 0
    quote = ""
    for c in body + ",":
        if quote:
            quote = "" if c == quote else quote
        elif c in "\"'":
            quote = c
        elif c in "[{":
            depth += 1
        elif c in "]}":
            depth -= 1
        elif c == "," and depth == 0:
            eq = _find_eq(part)
            if eq > 0:
                raw = part[eq + 1 :].strip()
                found = strings(raw)
                text = ",".join(found) if raw.startswith("[") else (found[0] if found else raw)
                out[_unquote_dotted(part[:eq])] = text
            part = ""
            continue
        part += c
    return out


def spec(value: str) -> str:
    """A short, comparable rendering of a dependency's value."""
    value = value.strip()
    if value.startswith("{"):
        table = inline_table(value)
        version = table.pop("version", "")
        rest = " ".join(f"{k}={v}" for k, v in sorted(table.items()))
        return f"{version} {rest}".strip()
    if value.startswith("["):
        return ",".join(strings(value))
    found = strings(value)
    return found[0] if found and value[0] in "\"'" else value


def _map(deps: dict[str, str], key: str, value: str, normalize: bool) -> None:
    name, _, attr = key.partition(".")
    if normalize:
        name = name.lower().replace("_", "-").replace(".", "-")
    add(deps, name, f"{attr}={spec(value)}" if attr else spec(value))


def _array(deps: dict[str, str], value: str) -> None:
    for item in strings(value):
        parsed = pep508(item)
        if parsed:
            add(deps, parsed[0], parsed[1])


def _guess(deps: dict[str, str], key: str, value: str, normalize: bool) -> None:
    """An entry of a fragment whose table is unknown: keep what looks like a
    dependency, skip what looks like settings."""
    if not key:
        item = strings(value)
        parsed = pep508(item[0]) if item else None
        if parsed and parsed[1]:
            add(deps, parsed[0], parsed[1])
    elif value.startswith("["):
        if key.endswith(("dependencies", "requires")):
            _array(deps, value)
    elif value.startswith("{"):
        table = inline_table(value)
        if {"version", "git", "path", "workspace", "url"} & set(table):
            _map(deps, key, value, normalize)
    elif value[:1] in "\"'" and version_like(spec(value)):
        _map(deps, key, value, normalize)


def _tables(
    text: str, exact: bool, classify: Callable[[str, str], str], normalize: bool = False
) -> dict[str, str]:
    """Run ``entries`` through ``classify(table, key)`` which answers ``map`` (the key
    is a dependency), ``array`` (the value is a list of requirement strings),
    ``dep:NAME`` (the table describes one dependency) or ``""`` (not dependencies)."""
    deps: dict[str, str] = {}
    per_dep: dict[str, list[str]] = {}
    for table, key, value in entries(text, exact):
        if table == UNKNOWN:
            _guess(deps, key, value, normalize)
            continue
        how = classify(table, key)
        if how == "map" and key:
            _map(deps, key, value, normalize)
        elif how == "array":
            _array(deps, value)
        elif how.startswith("dep:") and key:
            per_dep.setdefault(how[4:], []).append(f"{key}={spec(value)}")
    for name, attrs in per_dep.items():
        version = [a[8:] for a in attrs if a.startswith("version=")]
        rest = sorted(a for a in attrs if not a.startswith("version="))
        add(deps, name, " ".join(version + rest))
    return deps


_PY_ARRAYS = {
    "project": ("dependencies",),
    "build-system": ("requires",),
    "tool.uv": ("dev-dependencies", "constraint-dependencies", "override-dependencies"),
}


def _pyproject_kind(table: str, key: str) -> str:
    if key in _PY_ARRAYS.get(table, ()):
        return "array"
    if table in ("project.optional-dependencies", "dependency-groups"):
        return "array"
    if table.startswith("tool.poetry.") and table.endswith("dependencies"):
        return "map"
    if table.startswith("tool.pixi.") and table.endswith("dependencies"):
        return "map"
    return ""


def pyproject(text: str, exact: bool) -> dict[str, str]:
    return _tables(text, exact, _pyproject_kind, normalize=True)


def _cargo_kind(table: str, key: str) -> str:
    parts = table.split(".")
    for i, part in enumerate(parts):
        if part in ("dependencies", "dev-dependencies", "build-dependencies"):
            if i == len(parts) - 1:
                return "map"
            if i == len(parts) - 2:
                return "dep:" + parts[-1]
    if parts[0] in ("patch", "replace"):
        return "map"
    return ""


def cargo(text: str, exact: bool) -> dict[str, str]:
    return _tables(text, exact, _cargo_kind)


def _pipfile_kind(table: str, key: str) -> str:
    return "" if table in ("", "source", "requires", "scripts", "pipenv") else "map"


def pipfile(text: str, exact: bool) -> dict[str, str]:
    return _tables(text, exact, _pipfile_kind, normalize=True)


def _suffix_kind(table: str, key: str) -> str:
    return "map" if table.endswith("dependencies") else ""


def pixi(text: str, exact: bool) -> dict[str, str]:
    return _tables(text, exact, _suffix_kind)


def _julia_kind(table: str, key: str) -> str:
    return "map" if table in ("deps", "compat", "extras", "weakdeps", "sources") else ""


def julia(text: str, exact: bool) -> dict[str, str]:
    return _tables(text, exact, _julia_kind)


def _catalog_kind(table: str, key: str) -> str:
    return "map" if table in ("versions", "libraries", "plugins", "bundles") else ""


def gradle_catalog(text: str, exact: bool) -> dict[str, str]:
    return _tables(text, exact, _catalog_kind)


def _mise_kind(table: str, key: str) -> str:
    return "map" if table == "tools" or table.endswith(".tools") else ""


def mise(text: str, exact: bool) -> dict[str, str]:
    return _tables(text, exact, _mise_kind)
