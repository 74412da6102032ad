"""Which dependencies a change adds, re-versions or removes, and how to say so."""

from __future__ import annotations

import sys

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
    "dockerfile": ("manifest_text", "dockerfile"),
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
