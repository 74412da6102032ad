"""How a JSON text is laid out (indent or one line, separators, escapes, line ends,
final newline), found from the text so that a rewrite keeps it."""

from __future__ import annotations

import json
import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.install.core import Json


class Style:
    """How a JSON text is laid out: indent (None: one line), separators, escapes,
    line ends and the final newline."""

    __slots__ = ("ascii", "crlf", "indent", "item", "key", "newline")

    def __init__(
        self,
        indent: str | None = "  ",
        item: str = ",",
        key: str = ": ",
        ascii: bool = False,
        newline: bool = True,
        crlf: bool = False,
    ) -> None:
        self.indent = indent
        self.item = item
        self.key = key
        self.ascii = ascii
        self.newline = newline
        self.crlf = crlf

    def dump(self, data: Json) -> str:
        out = json.dumps(
            data, indent=self.indent, separators=(self.item, self.key), ensure_ascii=self.ascii
        )
        if self.newline:
            out += "\n"
        return out.replace("\n", "\r\n") if self.crlf else out


def style(text: str, data: Json) -> Style:
    """The layout that writes ``data`` back as ``text`` exactly, when json has one;
    else the nearest (the text's indent, two spaces by default)."""
    crlf = "\r\n" in text
    body = text.replace("\r\n", "\n") if crlf else text
    newline = body.endswith("\n")
    lines = body.rstrip("\n").count("\n")
    found = _indent(body)
    if not data:  # ``{}``: nothing tells one line from indented; indented reads better
        return Style(found, ",", ": ", False, newline, crlf)
    shapes: list[tuple[str | None, str, str]]
    if lines:
        shapes = [(i, ",", ": ") for i in dict.fromkeys((found, "  ", "    ", "\t"))]
    else:
        shapes = [(None, i, k) for i in (", ", ",") for k in (": ", ":")]
    for indent, item, key in shapes:
        for escaped in (False, True):
            style = Style(indent, item, key, escaped, newline, crlf)
            if style.dump(data) == text:
                return style
    return Style(found if lines else None, *shapes[0][1:], False, newline, crlf)


def _indent(text: str) -> str:
    match = re.search(r"^[{\[][ \t]*\n([ \t]+)\S", text.lstrip())
    if match is None:
        return "  "
    found = match.group(1)
    return "\t" if found.startswith("\t") else " " * min(len(found), 8)
