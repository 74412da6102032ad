"""Which dependencies a change adds, re-versions or removes, and how to say so."""

from __future__ import annotations

from caveat.guards.dependency import manifest_json as mjson
from caveat.guards.dependency import manifest_keys as mkeys
from caveat.guards.dependency import manifest_text as mtext
from caveat.guards.dependency import manifest_toml as mtoml
from caveat.guards.dependency import manifest_xml as mxml

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    Parser = Callable[[str, bool], dict[str, str]]

MAX_LISTED = 8

PARSERS: dict[str, Parser] = {
    "pyproject": mtoml.pyproject,
    "pipfile": mtoml.pipfile,
    "pixi": mtoml.pixi,
    "gleam": mtoml.pixi,
    "cargo": mtoml.cargo,
    "julia": mtoml.julia,
    "gradle-catalog": mtoml.gradle_catalog,
    "mise": mtoml.mise,
    "package.json": mjson.package_json,
    "composer": mjson.composer,
    "deno.json": mjson.deno,
    "dotnet-tools": mjson.dotnet_tools,
    "vcpkg": mjson.vcpkg,
    "devbox": mjson.devbox,
    "requirements": mtext.requirements,
    "gomod": mtext.gomod,
    "pin": mtext.pin,
    "dockerfile": mtext.dockerfile,
    "pubspec": mtext.pubspec,
    "pnpm-workspace": mtext.pnpm_workspace,
    "conda": mtext.conda,
    "msbuild": mxml.msbuild,
    "pom": mxml.pom,
    "gradle": mtext.gradle,
    "bazel": mxml.bazel,
}


def parse(parser: str, text: str, exact: bool) -> dict[str, str]:
    """The dependencies ``text`` declares, read with the named parser."""
    if not text:
        return {}
    if parser.startswith("keys:"):
        return mkeys.keys(parser[5:], text)
    if parser.startswith("words:"):
        return mkeys.words(parser[6:], text)
    return PARSERS[parser](text, exact)


def pep723(text: str) -> dict[str, str]:
    """Dependencies of a PEP 723 ``# /// script`` block in a Python file."""
    start = text.find("# /// script")
    if start < 0:
        return {}
    body: list[str] = []
    for line in text[start:].splitlines()[1:]:
        if line.rstrip() == "# ///":
            break
        body.append(line[2:] if line.startswith("# ") else line.lstrip("#"))
    return mtoml.pyproject("[project]\n" + "\n".join(body), True)


def changes(before: dict[str, str], after: dict[str, str]) -> list[tuple[str, str, str]]:
    """``(name, change, text)`` for each dependency that differs, in name order;
    ``change`` is ``added``, ``re-versioned`` or ``removed``."""
    out: list[tuple[str, str, str]] = []
    for name in sorted(after.keys() | before.keys()):
        old, new = before.get(name), after.get(name)
        if old == new:
            continue
        if old is None:
            out.append((name, "added", f"{name} {new} (added)".replace("  ", " ")))
        elif new is None:
            out.append((name, "removed", f"{name} (removed)"))
        else:
            out.append((name, "re-versioned", f"{name} {old or '?'}→{new or '?'} (re-versioned)"))
    return out


def listing(items: list[str], limit: int = MAX_LISTED) -> str:
    """``a, b, c and 4 more``."""
    shown = ", ".join(items[:limit])
    return f"{shown} and {len(items) - limit} more" if len(items) > limit else shown


def action(found: list[tuple[str, str, str]]) -> str:
    verbs = {"added": "adds", "re-versioned": "re-versions", "removed": "removes"}
    kinds = [
        verbs[k] for k in ("added", "re-versioned", "removed") if any(c[1] == k for c in found)
    ]
    return ", ".join(kinds) or "changes"
