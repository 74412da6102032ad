"""Dependency tables out of TOML manifests (pyproject, Cargo, Pipfile, pixi, Julia,
Gradle version catalogs, mise), read with the lenient reader in ``toml_lines``.
"""

from __future__ import annotations

from caveat.guards.dependency.manifest_util import add
from caveat.guards.dependency.manifest_util import pep508
from caveat.guards.dependency.manifest_util import version_like
from caveat.guards.dependency.toml_lines import UNKNOWN
from caveat.guards.dependency.toml_lines import entries
from caveat.guards.dependency.toml_lines import inline_table
from caveat.guards.dependency.toml_lines import strings

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable


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
    if table == "tool.uv.sources":  # a workspace member or a path: marks its name local
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
