"""Which dependencies a change adds, re-versions or removes, and how to say so."""

from __future__ import annotations

import sys

from caveat.guards.dependency.manifest_util import is_local

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    Parser = Callable[[str, bool], dict[str, str]]

MAX_LISTED = 8

# Parser name → (module of this package, function): a module is imported when a
# manifest of its format is read, so a shell command that only names packages
# loads none.
PARSERS: dict[str, tuple[str, str]] = {
    "pyproject": ("manifest_toml", "pyproject"),
    "pipfile": ("manifest_toml", "pipfile"),
    "pixi": ("manifest_toml", "pixi"),
    "gleam": ("manifest_toml", "pixi"),
    "cargo": ("manifest_toml", "cargo"),
    "julia": ("manifest_toml", "julia"),
    "gradle-catalog": ("manifest_toml", "gradle_catalog"),
    "mise": ("manifest_toml", "mise"),
    "package.json": ("manifest_json", "package_json"),
    "composer": ("manifest_json", "composer"),
    "deno.json": ("manifest_json", "deno"),
    "dotnet-tools": ("manifest_json", "dotnet_tools"),
    "vcpkg": ("manifest_json", "vcpkg"),
    "devbox": ("manifest_json", "devbox"),
    "requirements": ("manifest_text", "requirements"),
    "setup": ("manifest_setup", "setup"),
    "gomod": ("manifest_text", "gomod"),
    "pin": ("manifest_text", "pin"),
    "dockerfile": ("manifest_docker", "dockerfile"),
    "pre-commit": ("manifest_text", "precommit"),
    "pubspec": ("manifest_text", "pubspec"),
    "pnpm-workspace": ("manifest_text", "pnpm_workspace"),
    "conda": ("manifest_text", "conda"),
    "msbuild": ("manifest_xml", "msbuild"),
    "pom": ("manifest_xml", "pom"),
    "gradle": ("manifest_text", "gradle"),
    "bazel": ("manifest_xml", "bazel"),
}


def parse(parser: str, text: str, exact: bool) -> dict[str, str]:
    """The dependencies ``text`` declares, read with the named parser."""
    if not text:
        return {}
    if parser.startswith(("keys:", "words:")):
        from caveat.guards.dependency import manifest_keys

        if parser.startswith("keys:"):
            return manifest_keys.keys(parser[5:], text)
        return manifest_keys.words(parser[6:], text)
    return _parser(*PARSERS[parser])(text, exact)


def _parser(module: str, name: str) -> Parser:
    # ``__import__`` and ``sys.modules``: importlib is not loaded on the hook's path.
    qualified = "caveat.guards.dependency." + module
    __import__(qualified)
    found: Parser = getattr(sys.modules[qualified], name)
    return found


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
    return _parser("manifest_toml", "pyproject")("[project]\n" + "\n".join(body), True)


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


def split_local(
    found: list[tuple[str, str, str]],
    before: dict[str, str],
    after: dict[str, str],
    members: frozenset[str] = frozenset(),
) -> tuple[list[tuple[str, str, str]], list[tuple[str, str, str]]]:
    """``found`` as (registry, local) changes. A change is local when the dependency's
    new spec (the old one, for a removal) is in-repo or local — a path dependency
    whose version moves, or a registry one turned into a path, fetches nothing — or
    when the name is one of ``members``, which the workspace serves itself."""
    registry: list[tuple[str, str, str]] = []
    local: list[tuple[str, str, str]] = []
    for change in found:
        name = change[0]
        spec = before.get(name, "") if change[1] == "removed" else after.get(name, "")
        (local if name in members or is_local(name, spec) else registry).append(change)
    return registry, local


# Parsers whose entries are pinned revisions of named sources (each hook repository
# of a pre-commit config; its hooks' packages, named ``repo: package``, are not
# repeated): a change lists the unchanged ones as unchanged, so that a bump of one is
# not read as a bump of all.
UNCHANGED_LISTED = frozenset({"pre-commit"})


def unchanged(parser: str, before: dict[str, str], after: dict[str, str]) -> str:
    """``; unchanged: a v1, b v2`` for the parsers of ``UNCHANGED_LISTED``."""
    if parser not in UNCHANGED_LISTED:
        return ""
    same = [
        f"{n} {after[n]}".strip()
        for n in sorted(after)
        if before.get(n) == after[n] and ": " not in n
    ]
    return f"; unchanged: {listing(same)}" if same else ""


def local_note(local: list[tuple[str, str, str]]) -> str:
    """The one sentence that names in-repo and local changes ("" when none)."""
    if not local:
        return ""
    shown = listing([c[2] for c in local])
    return f"In-repo and local dependencies it changes too, which no registry serves: {shown}."


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
