"""Whether a manifest still parses as its format after a change (JSON and TOML
manifests, and ``setup.py`` as Python, parsed and never run; the line-based formats
have no strict grammar to check).

The dependency parsers are tolerant on purpose (an Edit fragment is rarely a valid
document), so on a broken file they read fewer dependencies than it declares. When
the new text does not parse and the old one did, the finding says the manifest will
no longer parse and lists only what the edited fragments change.
"""

from __future__ import annotations

import sys

_JSON = frozenset({"package.json", "composer", "dotnet-tools", "vcpkg"})
_TOML = frozenset({"pyproject", "pipfile", "pixi", "gleam", "cargo", "julia", "gradle-catalog"})
_TOML |= {"mise"}


def problem(parser: str, text: str) -> str:
    """Why ``text`` is not a valid document of the parser's format ("" when it is, or
    when the format is not checked)."""
    if not text.strip():
        return ""
    if parser in _JSON:
        from caveat.common import jsonio

        try:
            jsonio.loads(text)
        except (ValueError, RecursionError) as exc:
            return f"invalid JSON ({exc})"
        return ""
    if parser == "setup" and not _cfg(text):
        import ast

        try:
            ast.parse(text)
        except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
            return f"invalid Python ({str(exc)[:80]})"
        return ""
    if parser in _TOML:
        if sys.version_info >= (3, 11):
            import tomllib
        else:
            import tomli as tomllib  # a dependency of caveat on Python 3.10
        try:
            tomllib.loads(text)
        except (tomllib.TOMLDecodeError, RecursionError) as exc:
            return f"invalid TOML ({str(exc)[:80]})"
    return ""


def _cfg(text: str) -> bool:
    """Whether a ``setup`` manifest's text is a ``setup.cfg`` (INI, no grammar here)."""
    return "[options" in text or "[metadata]" in text


def breaks(parser: str, before: str, after: str) -> str:
    """Why ``after`` no longer parses, when ``before`` did (or there was none)."""
    if parser == "setup" and not before.strip():
        return ""  # a new setup.py may be Python 2: read as text, not called broken
    reason = problem(parser, after)
    if not reason or problem(parser, before):
        return ""
    return reason
