"""The strict front-matter reader of custom rule files (``.caveat/rules/*.md``).

Where ``caveat.common.frontmatter.read`` tells whether a harness's YAML parser would accept
a skill's or agent's front matter and reports every problem, this reader accepts a
smaller subset and stops at the first thing outside it, with a message for the person
who wrote the rule:

- one ``key: value`` per line, keys at the start of the line; no nested mappings;
- scalars: plain (``PreToolUse``, ``src/*.py``), ``"double-quoted"`` (escapes
  ``\\\\ \\" \\/ \\n \\t \\r \\0 \\xXX \\uXXXX``; any other escape is an error, so a
  regex is best written in single quotes) and ``'single-quoted'`` (no escapes; ``''``
  is a quote);
- ``true`` / ``false`` (any case) are booleans; ``null`` / ``~`` / nothing is null;
  everything else, numbers included, is a string;
- lists: inline ``[a, "b, c", 'd']`` or block (``- item`` lines under the key);
- comments: a line starting with ``#``, or `` #`` after a value outside quotes.

Anything else (block scalars ``|`` / ``>``, anchors ``&`` / aliases ``*``, tags ``!``,
flow mappings ``{}``, nested lists, tabs used for indentation, a plain scalar holding
``": "``, duplicate keys) raises ``FrontMatterError`` naming the line, never a guess.
"""

from __future__ import annotations

import re

from caveat.common.frontmatter import ESCAPES

_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*\Z")
_PLAIN_START_FORBIDDEN = frozenset("&*!|>%@`{}[]")
_HEX_ESCAPES = {"x": 2, "u": 4, "U": 8}


class FrontMatterError(ValueError):
    """What is outside the subset, and on which line of the file."""


def read_strict(text: str, first_line: int = 2) -> dict[str, object]:
    """The mapping of a front-matter block; ``first_line`` is the file line of its
    first line (for error messages)."""
    lines = text.splitlines()
    found: dict[str, object] = {}
    i = 0
    while i < len(lines):
        raw = lines[i]
        where = f"front matter line {first_line + i}"
        i += 1
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if raw[0] in " \t":
            raise FrontMatterError(
                f"{where}: unexpected indentation (only top-level keys are read)"
            )
        if stripped.startswith("- "):
            raise FrontMatterError(f"{where}: a list item with no key above it")
        key, colon, rest = raw.partition(":")
        key = key.strip()
        if not colon or not _KEY.match(key) or (rest and rest[0] not in " \t"):
            raise FrontMatterError(f"{where}: expected 'key: value', got {_show(stripped)}")
        if key in found:
            raise FrontMatterError(f"{where}: duplicate key {key!r}")
        rest = rest.strip()
        if rest and not rest.startswith("#"):
            found[key] = _inline_value(rest, where)
            continue
        items: list[object] = []
        while i < len(lines):
            item = lines[i].strip()
            if item and not item.startswith("#") and not item.startswith("-"):
                if lines[i][0] in " \t":
                    raise FrontMatterError(
                        f"front matter line {first_line + i}: nested mappings are not "
                        "supported; write a list as '- item' lines or [a, b]"
                    )
                break
            i += 1
            if not item or item.startswith("#"):
                continue
            line = lines[i - 1]
            if "\t" in line[: len(line) - len(line.lstrip())]:
                raise FrontMatterError(
                    f"front matter line {first_line + i - 1}: tab in indentation"
                )
            if item != "-" and not item.startswith("- "):
                raise FrontMatterError(f"front matter line {first_line + i - 1}: expected '- item'")
            body = item[1:].strip()
            item_where = f"front matter line {first_line + i - 1}"
            if not body or body.startswith("#"):
                raise FrontMatterError(f"{item_where}: empty list item")
            if body.startswith(("[", "- ")):
                raise FrontMatterError(f"{item_where}: nested lists are not supported")
            value, tail = _scalar(body, item_where, "")
            _end(tail, item_where)
            items.append(value)
        found[key] = items if items else None
    return found


def _show(text: str) -> str:
    return repr(text if len(text) <= 60 else text[:57] + "...")


def _end(tail: str, where: str) -> None:
    tail = tail.strip()
    if tail and not tail.startswith("#"):
        raise FrontMatterError(f"{where}: unexpected text after the value: {_show(tail)}")


def _inline_value(text: str, where: str) -> object:
    if text.startswith("["):
        return _inline_list(text, where)
    value, tail = _scalar(text, where, "")
    _end(tail, where)
    return value


def _inline_list(text: str, where: str) -> list[object]:
    items: list[object] = []
    i = 1
    while True:
        while i < len(text) and text[i] in " \t":
            i += 1
        if i >= len(text):
            raise FrontMatterError(f"{where}: the list is not closed with ']'")
        if text[i] == "]":  # an empty list, or a trailing comma
            i += 1
            break
        if text[i] in "[{":
            raise FrontMatterError(f"{where}: nested lists and mappings are not supported")
        value, rest = _scalar(text[i:], where, ",]")
        items.append(value)
        i = len(text) - len(rest)
        while i < len(text) and text[i] in " \t":
            i += 1
        if i < len(text) and text[i] == ",":
            i += 1
            continue
        if i < len(text) and text[i] == "]":
            i += 1
            break
        if i >= len(text):
            raise FrontMatterError(f"{where}: the list is not closed with ']'")
        raise FrontMatterError(f"{where}: expected ',' or ']' in the list")
    _end(text[i:], where)
    return items


def _scalar(text: str, where: str, stops: str) -> tuple[object, str]:
    """One scalar at the start of ``text`` and the text after it. In a list,
    ``stops`` holds the characters that end a plain scalar."""
    if text.startswith('"'):
        return _double_quoted(text, where)
    if text.startswith("'"):
        out: list[str] = []
        i = 1
        while i < len(text):
            if text[i] == "'":
                if text.startswith("''", i):
                    out.append("'")
                    i += 2
                    continue
                return "".join(out), text[i + 1 :]
            out.append(text[i])
            i += 1
        raise FrontMatterError(f"{where}: unclosed single quote")
    if text[0] in _PLAIN_START_FORBIDDEN:
        raise FrontMatterError(
            f"{where}: a value starting with {text[0]!r} must be quoted "
            f"(block scalars, anchors, aliases, tags and mappings are not supported)"
        )
    end = len(text)
    comment = text.find(" #")
    if comment >= 0:
        end = comment
    for stop in stops:
        found = text.find(stop, 0, end)
        if found >= 0:
            end = found
    value = text[:end].strip()
    if ": " in value or value.endswith(":"):
        raise FrontMatterError(f"{where}: {_show(value)} looks like a nested mapping; quote it")
    if "\t" in value:
        value = value.replace("\t", " ")
    lowered = value.lower()
    if lowered in ("true", "false"):
        return lowered == "true", text[end:]
    if lowered in ("null", "~", ""):
        return None, text[end:]
    return value, text[end:]


def _double_quoted(text: str, where: str) -> tuple[str, str]:
    out: list[str] = []
    i = 1
    while i < len(text):
        ch = text[i]
        if ch == '"':
            return "".join(out), text[i + 1 :]
        if ch != "\\":
            out.append(ch)
            i += 1
            continue
        code = text[i + 1 : i + 2]
        if code in ESCAPES:
            out.append(ESCAPES[code])
            i += 2
            continue
        width = _HEX_ESCAPES.get(code, 0)
        digits = text[i + 2 : i + 2 + width]
        if width and len(digits) == width and all(c in "0123456789abcdefABCDEF" for c in digits):
            out.append(chr(int(digits, 16)))
            i += 2 + width
            continue
        raise FrontMatterError(
            f"{where}: unknown escape '\\{code}' in a double-quoted string; write "
            f"'\\\\{code}' or put the value in single quotes (no escapes there)"
        )
    raise FrontMatterError(f"{where}: unclosed double quote")
