"""A lenient, line-by-line TOML reader for manifests.

No ``tomllib``: a manifest under edit is often not valid TOML yet (an Edit fragment,
a half-written file), and the guard needs only the tables that declare dependencies.
The reader knows tables, ``key = value`` lines, basic and literal strings, comments,
inline tables and arrays spanning lines; that covers how manifests are written.
"""

from __future__ import annotations

from caveat.guards.dependency.manifest_util import MAX_LINES

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

UNKNOWN = "?"  # the table of a fragment's first lines, which the guard cannot see


def _outside_strings(text: str) -> Iterator[tuple[int, str]]:
    """(index, character) of each character outside TOML strings (a backslash escapes
    the next character inside double quotes); the quotes themselves are left out."""
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
        else:
            yield i, c
        i += 1


def strip_comment(line: str) -> str:
    """``line`` without a trailing ``# comment`` (a ``#`` inside a string stays)."""
    if "#" not in line:
        return line
    for i, c in _outside_strings(line):
        if c == "#":
            return line[:i]
    return line


def _depth(text: str) -> int:
    """Open minus closed brackets and braces outside strings."""
    depth = 0
    for _, c in _outside_strings(text):
        if c in "[{":
            depth += 1
        elif c in "]}":
            depth -= 1
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
    lines = text.splitlines()[:MAX_LINES]
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
