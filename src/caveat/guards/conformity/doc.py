"""The ``Doc`` record every conformity check reads: one configuration file as it will
be after the write, with its JSON, TOML and front-matter parses made once and cached.
"""

from __future__ import annotations

import sys


class Doc:
    """One file as it will be after the write, with its parses cached."""

    __slots__ = ("_front", "_json", "_toml", "before", "exact", "kind", "path", "root", "text")

    def __init__(
        self, path: str, kind: str, text: str, before: str, exact: bool, root: str = ""
    ) -> None:
        self.path = path
        self.root = root  # the git root above the file, "" when there is none
        self.kind = kind
        self.text = text
        self.before = before
        self.exact = exact
        self._json: tuple[object, str] | None = None
        self._toml: tuple[object, str] | None = None
        self._front: tuple[str, dict[str, object] | None, list[tuple[int, str]]] | None = None

    def json(self) -> tuple[object, str]:
        """(value, "") or (None, what is wrong and where)."""
        if self._json is None:
            from caveat.common.jsonio import DecodeError
            from caveat.common.jsonio import loads

            try:
                self._json = (loads(self.text), "")
            except (DecodeError, RecursionError):
                self._json = (None, _json_error(self.text))
        return self._json

    def toml(self) -> tuple[object, str]:
        if self._toml is None:
            if sys.version_info >= (3, 11):
                import tomllib
            else:
                import tomli as tomllib
            try:
                self._toml = (tomllib.loads(self.text), "")
            except (tomllib.TOMLDecodeError, RecursionError) as exc:
                self._toml = (None, str(exc) or type(exc).__name__)
        return self._toml

    def front_matter(self) -> tuple[str, dict[str, object] | None, list[tuple[int, str]]]:
        """``(status, data, errors)`` of the YAML front matter, read once for the three
        or four checks that look at it; status is "ok", "none" or "unclosed"."""
        if self._front is None:
            from caveat.common import frontmatter as yaml

            lines, status = yaml.split(self.text)
            if lines is None:
                self._front = (status, None, [])
            else:
                data, errors = yaml.read(lines)
                self._front = (status, data, errors)
        return self._front


def _json_error(text: str) -> str:
    """The parser's message with its line and column (the firing path may import json)."""
    import json

    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        return f"{exc.msg} at line {exc.lineno}, column {exc.colno}"
    except RecursionError:
        return "nested too deeply"
    return "malformed JSON"
