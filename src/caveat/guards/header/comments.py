"""Reading a file's license header: which lines may stand above it, whether the
``SPDX-License-Identifier`` line is there in the file type's comment syntax, and
what is wrong with it when it is not quite right. String operations only.

Text between ``REUSE-IgnoreStart`` and ``REUSE-IgnoreEnd`` (to the end of the file
when no end follows) is not read, as the REUSE specification says. The leading
comment block is the file's header: a tag anywhere in it counts (a third-party file
puts it after its copyright lines), and a license stated there in words
(``Released under the MIT license``, ``@license``) means the file declares its own
licensing, which advice must never change.
"""

from __future__ import annotations

from caveat.guards.header import rules

# Closers stripped from the end of a tag's value (``/* … */``, ``<!-- … -->`` …).
_CLOSERS = ("*/", "-->", "#}", "*)", "-}", "#>", "]]", '"""', "'''")
_READ_CHARS = 64 * 1024


class Header:
    """What the top of one text holds. ``status``: ``ok``, ``absent``, ``malformed``
    (``detail`` says how) or ``declared`` (no tag, but the leading comment block
    states a license in words); ``line``: the tag line as written (for ok),
    ``value``: its license expression (for malformed, the one the file's own tag
    names, if any); ``above``: the allowed lines over the header, by kind
    (``shebang``, ``encoding`` …)."""

    __slots__ = ("above", "detail", "line", "status", "value")

    def __init__(
        self,
        status: str,
        detail: str = "",
        line: str = "",
        value: str = "",
        above: tuple[str, ...] = (),
    ) -> None:
        self.status = status
        self.detail = detail
        self.line = line
        self.value = value
        self.above = above

    @property
    def ok(self) -> bool:
        return self.status == "ok"


def expected_line(style: str, license_id: str) -> str:
    template = str(rules.STYLES[style]["expected"])
    return template.replace("{}", f"{rules.TAG}: {license_id}", 1)


def comment_form(style: str) -> str:
    """The comment syntax in words, for a malformed-header detail (``# …``)."""
    return "`" + expected_line(style, "…").replace(f"{rules.TAG}: ", "") + "`"


def position(above: tuple[str, ...]) -> str:
    """Where the header line goes, given the allowed lines over it."""
    if not above:
        return "as the first line"
    kinds = list(dict.fromkeys(above))
    noun = "line" if len(above) == 1 else "lines"
    return f"after the {' and '.join(kinds)} {noun}"


def allowed_above(lines: list[str], style: str, dockerfile: bool) -> tuple[str, ...]:
    """The kinds of the leading lines that may stand above the header."""
    kinds: list[str] = []
    for index, raw in enumerate(lines[:8]):
        low = raw.strip().lower()
        kind = ""
        for prefix, name, styles in rules.ABOVE:
            fits = not styles or style in styles
            if fits and low.startswith(prefix) and (name != "shebang" or index == 0):
                kind = name
                break
        if (
            not kind
            and index < 2
            and style == "hash"
            and low.startswith("#")
            and any(m in low for m in rules.ENCODING_MARKS)
        ):
            kind = "encoding"
        if not kind and dockerfile and low.startswith(rules.DOCKER_DIRECTIVES):
            kind = "parser directive"
        if not kind:
            break
        kinds.append(kind)
    return tuple(kinds)


def without_ignored(text: str) -> str:
    """``text`` with each ``REUSE-IgnoreStart`` … ``REUSE-IgnoreEnd`` span (markers
    included; to the end when no end follows) replaced by its line breaks, so that
    line numbers stay true."""
    if rules.IGNORE_START not in text:
        return text
    parts = []
    at = 0
    while True:
        start = text.find(rules.IGNORE_START, at)
        if start < 0:
            parts.append(text[at:])
            break
        parts.append(text[at:start])
        end = text.find(rules.IGNORE_END, start + len(rules.IGNORE_START))
        stop = len(text) if end < 0 else end + len(rules.IGNORE_END)
        parts.append("\n" * text.count("\n", start, stop))
        at = stop
    return "".join(parts)


def split_lines(text: str, limit: int = rules.SEARCH_LINES) -> list[str]:
    head = without_ignored(text[:_READ_CHARS]).lstrip("\ufeff")
    return [line.rstrip("\r") for line in head.split("\n", limit)[:limit]]


def _comment(stripped: str, style: str, in_block: str) -> tuple[bool, str]:
    """(whether the line is a comment of the style, the block closer still open)."""
    spec = rules.STYLES[style]
    if in_block:
        return True, "" if in_block in stripped else in_block
    blocks = spec["block"]
    for opener, closer in blocks if isinstance(blocks, tuple) else ():
        if stripped.startswith(opener):
            return True, "" if closer in stripped[len(opener) :] else closer
    prefixes = spec["line"]
    if isinstance(prefixes, tuple) and stripped.startswith(prefixes):
        return True, ""
    return False, ""


_PARTIAL = frozenset({"spdx", "spdxlicense", "spdxlicence"})


def _word_end(text: str, start: int) -> int:
    end = start
    while end < len(text) and end - start < 40 and (text[end].isalnum() or text[end] in "-_"):
        end += 1
    return end


def _norm(name: str) -> str:
    return name.lower().replace("-", "").replace("_", "").replace(" ", "")


def _tag(stripped: str) -> tuple[str, bool, str] | None:
    """(the tag as written, whether a colon follows, the value) when the line holds
    something meant as a license-identifier tag; None otherwise. Without a colon, the
    value is what follows the tag when it reads as a license id."""
    start = stripped.lower().find("spdx")
    if start < 0:
        return None
    rest = stripped[start:]
    end = _word_end(rest, 0)
    # "SPDX License Identifier": a tag written with spaces is one name.
    while _norm(rest[:end]) in _PARTIAL and rest[end : end + 1] == " ":
        after = _word_end(rest, end + 1)
        if after == end + 1:
            break
        end = after
    name = rest[:end]
    norm = _norm(name)
    if not norm.startswith("spdxlicen") or norm.startswith("spdxlicenseref"):
        return None
    end = len(rest) - len(rest[end:].lstrip(" \t"))
    colon = rest[end:].startswith(":")
    value = rest[end + 1 if colon else end :].strip()
    for closer in _CLOSERS:
        if value.endswith(closer):
            value = value[: -len(closer)].strip()
    if not colon and not license_like(value):
        value = ""
    return name, colon, value


def license_like(value: str) -> bool:
    """Whether ``value`` reads as an SPDX license expression (``MIT``,
    ``(Apache-2.0 OR MIT)``, ``GPL-2.0-only WITH Classpath-exception-2.0``)."""
    return (
        0 < len(value) <= 120
        and (value[0].isalnum() or value[0] == "(")
        and all(ch.isalnum() or ch in _EXPRESSION for ch in value)
    )


_EXPRESSION = frozenset("-.+:() ")


def _declares(low: str) -> bool:
    """Whether a lower-cased comment line states a license in words."""
    return any(phrase in low for phrase in rules.DECLARATIONS)


def _commentish(stripped: str) -> bool:
    """Whether the line reads as a comment in some language, or is a bare tag: a
    mention of the tag inside code (a string literal) is not a header attempt."""
    return stripped.startswith(rules.COMMENT_MARKS) or stripped.lower().startswith("spdx")


def inspect(text: str, style: str, dockerfile: bool = False) -> Header:
    """The header state of ``text`` as a file of ``style``."""
    lines = split_lines(text)
    above = allowed_above(lines, style, dockerfile)
    in_block = ""
    problem = ""
    own = ""  # the license id the file's own tag names, when it is not well placed
    leading = True  # still in the leading comment block (comments and blank lines)
    declared = False
    for offset, raw in enumerate(lines[len(above) :]):
        stripped = raw.strip()
        is_comment, in_block = _comment(stripped, style, in_block)
        guard = style == "c" and offset < 2 and stripped.startswith(rules.INCLUDE_GUARDS)
        leading = leading and (is_comment or not stripped or guard)
        found = _tag(stripped) if "spdx" in stripped.lower() else None
        if found is None:
            if leading and is_comment and not declared:
                declared = _declares(stripped.lower())
            continue
        name, colon, value = found
        top = offset < rules.HEADER_LINES
        if name == rules.TAG and colon and value and is_comment:
            if top or leading:
                return Header("ok", line=stripped, value=value, above=above)
            if not problem:
                number = len(above) + offset + 1
                problem = f"its {rules.TAG} line is on line {number}, not at the top"
                own = own or value
            continue
        if not top or problem or not (is_comment or _commentish(stripped)):
            continue
        own = own or (value if license_like(value) else "")
        if name != rules.TAG:
            problem = f"the tag is spelled `{name}`, not `{rules.TAG}`"
        elif not colon:
            problem = f"`{rules.TAG}` has no colon after it"
        elif not value:
            problem = f"`{rules.TAG}:` has no license id after it"
        else:
            problem = f"the {rules.TAG} line is not a {comment_form(style)} comment"
    if problem:
        return Header("malformed", detail=problem, value=own, above=above)
    if declared:
        return Header("declared", above=above)
    return Header("absent", above=above)


def tag_values(text: str) -> list[str]:
    """The values of well-formed tag lines anywhere in ``text`` (a fragment)."""
    values = []
    for raw in without_ignored(text).split("\n"):
        if rules.TAG not in raw:
            continue
        found = _tag(raw.strip())
        if found and found[0] == rules.TAG and found[1] and found[2]:
            values.append(found[2])
    return values


def generated(text: str) -> bool:
    """A generated file: Go's ``Code generated … DO NOT EDIT`` line anywhere, or a
    known generator banner near the top."""
    at = text.find("Code generated ")
    while at >= 0:
        end = text.find("\n", at)
        if "DO NOT EDIT" in text[at : end if end >= 0 else len(text)]:
            return True
        at = text.find("Code generated ", at + 1)
    head = "\n".join(split_lines(text, rules.GENERATED_HEAD_LINES)).lower()
    return any(marker in head for marker in rules.GENERATED_HEAD_MARKERS)


def binary(text: str) -> bool:
    return "\x00" in text[: rules.BINARY_PROBE]
