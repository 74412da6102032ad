"""A small, safe reader for the YAML front matter of skills, sub-agents and commands.

No PyYAML: front matter here is a flat mapping, and the reader only has to tell
whether a harness's YAML parser would accept it and what its top-level keys hold. It
never constructs objects, follows tags or expands aliases.

Accepted subset:

- ``key: value`` lines at column 0 (a key may be quoted); blank lines and ``#``
  comments anywhere;
- plain scalars (a trailing `` #comment`` is dropped; indented continuation lines
  are folded with spaces), ``'single'`` (``''`` escapes a quote) and ``"double"``
  quoted scalars (``\\"``, ``\\\\``, ``\\n``, ``\\t``; may span lines);
- block scalars ``|`` and ``>`` (with ``-``/``+`` and an indentation digit),
  whose indented lines are kept (``|``) or folded (``>``);
- flow sequences ``[a, "b"]`` (one level) and flow mappings ``{…}`` (kept raw);
- ``key:`` followed by an indented block: a ``- item`` list (items kept as text)
  or a nested mapping (read with the same rules).

Reported as errors, as a YAML parser would: a top-level line that is not
``key: value``, unexpected indentation, a tab in indentation, a duplicate key, an
unclosed quote or flow collection, text after a closing quote, a plain value
containing ``": "`` or ending in ``":"`` ("mapping values are not allowed here"), a
plain value starting with a reserved character (`` ` ``, ``@``) or an alias (``*``).
Anchors and tags (``&a``, ``!!str``) are stripped. Values are strings, lists of
strings or nested dicts; ``None`` for an empty value.

Custom rule files are read by the stricter ``caveat.common.frontmatter.strict``, which
stops at the first construct outside a smaller subset and types booleans and nulls.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    Value = str | list[str] | dict[str, object] | None
    Errors = list[tuple[int, str]]

# Backslash escapes of a double-quoted scalar, shared with ``strict``.
ESCAPES = {'"': '"', "\\": "\\", "n": "\n", "t": "\t", "/": "/", "r": "\r", "0": "\0"}


def split(source: str) -> tuple[list[str] | None, str]:
    """The front-matter lines (between a first ``---`` line and the next) and a status:
    ``"ok"``, ``"none"`` (the file does not start with ``---``) or ``"unclosed"``.
    The block's first line is line 2 of the file."""
    lines = source.lstrip("\ufeff").splitlines()
    if not lines or lines[0].rstrip() != "---":
        return None, "none"
    for index in range(1, len(lines)):
        if lines[index].rstrip() == "---":
            return lines[1:index], "ok"
    return None, "unclosed"


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _dedent(block: list[str]) -> list[str]:
    width = min((_indent(b) for b in block if b.strip()), default=0)
    return [b[width:] if b.strip() else "" for b in block]


def _strip_comment(text: str) -> str:
    """A plain scalar ends at `` #``."""
    cut = text.find(" #")
    tab = text.find("\t#")
    ends = [c for c in (cut, tab) if c >= 0]
    return text[: min(ends)] if ends else text


def _strip_props(text: str) -> str:
    """Drop leading anchors (``&a``) and tags (``!x``, ``!!str``)."""
    while text[:1] in ("&", "!"):
        head, _, text = text.partition(" ")
        text = text.strip()
        if not head:
            break
    return text


def _quoted(text: str, line: int, errors: Errors) -> str | None:
    """A quoted scalar (``text`` starts with the quote and may span joined lines)."""
    quote = text[0]
    out = []
    i = 1
    while i < len(text):
        ch = text[i]
        if quote == "'" and ch == "'":
            if text[i + 1 : i + 2] == "'":
                out.append("'")
                i += 2
                continue
            break
        if quote == '"' and ch == "\\" and i + 1 < len(text):
            out.append(ESCAPES.get(text[i + 1], text[i + 1]))
            i += 2
            continue
        if quote == '"' and ch == '"':
            break
        out.append(ch)
        i += 1
    else:
        errors.append((line, f"unclosed {'single' if quote == chr(39) else 'double'} quote"))
        return None
    rest = _strip_comment(text[i + 1 :]).strip()
    if rest and not rest.startswith("#"):
        errors.append((line, "text after the closing quote"))
        return None
    return "".join(out)


def _flow_list(text: str, line: int, errors: Errors) -> list[str] | None:
    inner = _strip_comment(text).strip()
    if not inner.endswith("]"):
        errors.append((line, "unclosed flow sequence ('[' without ']')"))
        return None
    items = []
    for part in inner[1:-1].split(","):
        part = part.strip()
        if part[:1] in ("'", '"') and part[-1:] == part[:1] and len(part) > 1:
            part = part[1:-1]
        if part:
            items.append(part)
    return items


def _plain(text: str, line: int, errors: Errors) -> str | None:
    if text[:1] in ("`", "@"):
        errors.append((line, f"a plain value may not start with {text[0]!r}: quote it"))
        return None
    if text[:1] == "*":
        errors.append((line, "an alias ('*…') is not supported here: quote the value"))
        return None
    if ": " in text or text.endswith(":") or ":\t" in text:
        errors.append((line, "a plain value may not contain ': ': quote the value"))
        return None
    return text


def _value(rest: str, block: list[str], line: int, errors: Errors) -> Value:
    rest = _strip_props(rest.strip())
    for offset, item in enumerate(block, 1):
        if item.strip() and "\t" in item[: _indent(item)]:
            errors.append((line + offset, "tab in indentation"))
            return None
    body = [b for b in block if b.strip() and not b.strip().startswith("#")]
    if rest[:1] in ("|", ">"):
        header = _strip_comment(rest).strip()
        if any(c not in "|>+-0123456789" for c in header):
            errors.append((line, "text after a block scalar indicator"))
            return None
        kept = _dedent(block)
        while kept and not kept[-1]:
            kept.pop()
        return ("\n" if rest[0] == "|" else " ").join(kept)
    if rest[:1] in ("'", '"'):
        joined = " ".join([rest] + [b.strip() for b in block if b.strip()])
        return _quoted(joined, line, errors)
    if rest[:1] == "[":
        joined = " ".join([rest] + [b.strip() for b in body])
        return _flow_list(joined, line, errors)
    if rest[:1] == "{":
        joined = " ".join([rest] + [b.strip() for b in body])
        if not _strip_comment(joined).strip().endswith("}"):
            errors.append((line, "unclosed flow mapping ('{' without '}')"))
            return None
        return joined
    text = _strip_comment(rest).strip() if not rest.startswith("#") else ""
    if text:
        parts = [text] + [_strip_comment(b.strip()).strip() for b in body]
        for offset, part in enumerate(parts):
            if _plain(part, line + offset, errors) is None:
                return None
        return " ".join(p for p in parts if p)
    if not body:
        return None
    lines = _dedent(block)
    first = next(b for b in lines if b.strip() and not b.strip().startswith("#"))
    if first.startswith("-"):
        items = []
        for offset, item in enumerate(lines):
            if item.startswith("-"):
                items.append(item[1:].strip())
            elif item.strip() and not item.startswith((" ", "\t", "#")):
                errors.append((line + 1 + offset, "a list item must start with '- '"))
                return None
        return items
    nested, nested_errors = read(lines, line + 1)
    errors.extend(nested_errors)
    return nested


def read(lines: list[str], first: int = 2) -> tuple[dict[str, object], Errors]:
    """The mapping in ``lines`` (line ``first`` of the file is ``lines[0]``) and the
    errors a YAML parser would raise, as ``(line number, message)``."""
    out: dict[str, object] = {}
    errors: Errors = []
    i = 0
    count = len(lines)
    while i < count:
        line = lines[i]
        number = first + i
        stripped = line.strip()
        i += 1
        if not stripped or stripped.startswith("#"):
            continue
        if line[0] in " \t":
            problem = (
                "tab in indentation" if "\t" in line[: _indent(line)] else "unexpected indentation"
            )
            errors.append((number, problem))
            continue
        if stripped.startswith("- ") or stripped == "-":
            errors.append((number, "a list item where a 'key: value' line was expected"))
            continue
        if line[0] in ("'", '"'):
            close = line.find(line[0], 1)
            key = line[1:close] if close > 0 else ""
            sep_at = close + 1 if close > 0 else -1
            ok = close > 0 and line[sep_at : sep_at + 1] == ":"
        else:
            sep_at = line.find(":")
            while sep_at >= 0 and line[sep_at + 1 : sep_at + 2] not in ("", " ", "\t"):
                sep_at = line.find(":", sep_at + 1)
            key = line[:sep_at].strip() if sep_at > 0 else ""
            ok = bool(key)
        if not ok:
            errors.append((number, "not a 'key: value' line"))
            continue
        block = []
        while i < count and (not lines[i].strip() or lines[i][0] in " \t"):
            block.append(lines[i])
            i += 1
        while block and not block[-1].strip():
            block.pop()
        if key in out:
            errors.append((number, f"duplicate key '{key}'"))
            continue
        before = len(errors)
        value = _value(line[sep_at + 1 :], block, number, errors)
        if len(errors) == before:
            out[key] = value
    return out, errors
