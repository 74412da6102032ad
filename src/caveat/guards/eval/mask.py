"""Blank comments and string contents so that primitives are matched in code only (F7).

``mask(text, style)`` returns two views of ``text``, both the same length with every
newline kept, so offsets and line numbers carry over between them:

- *code*: comments and the contents of string literals replaced by spaces; the quotes
  stay, so a caller can still tell that an argument is a string literal;
- *plain*: only comments blanked; strings kept (for safe-mode arguments such as
  ``Loader=SafeLoader`` or ``"sh", "-c"``).

One left-to-right pass: a regex finds the next comment or string opener, a second
regex (a single loop over disjoint alternatives, so no backtracking) or ``str.find``
finds its end, and the scan resumes after it. An unterminated string or comment ends
at the end of its line (single-line forms) or of the text. This is a lexer for
"cheaply detectable", not a parser: regex literals, heredocs and nested interpolation
are not understood.
"""

from __future__ import annotations

from caveat.common import rx

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re

# A ``#`` starts a shell comment only at a word start; ``_comment_start`` checks the
# character before it, so that the opener regex begins with a character set (a fast
# search) instead of a look-behind tried at every position.
_SHELL_COMMENT = r"(?P<c>#)"
_WORD_BREAK = frozenset(" \t\r\n;&|()")

# Opener regexes and string-body specs per style, compiled on first use: a hook
# process masks one or two styles, and compiling all of them would cost more than
# the masking itself.
_OPENER_SOURCES = {
    "python": (r"(?P<c>#)|(?P<q>\"\"\"|'''|\"|')", 0),
    "c": (r"(?P<c>//)|(?P<b>/\*)|(?P<q>\"\"\"|\"|'|`)", 0),
    "go": (r"(?P<c>//)|(?P<b>/\*)|(?P<q>\"|'|`)", 0),
    # ``#{`` outside a string is interpolation in ``%x{…}``/``%w``, not a comment.
    "ruby": (r"(?P<b>^=begin\b)|(?P<c>#(?!\{))|(?P<q>\"|'|`)", rx.MULTILINE),
    "php": (r"(?P<c>#(?!\[)|//)|(?P<b>/\*)|(?P<q>\"|'|`)", 0),
    "shell": (_SHELL_COMMENT + r"|(?P<q>\$'|\"|')", 0),
    "powershell": (r"(?P<b><#)|(?P<c>#)|(?P<q>\"|')", 0),
    "yaml": (_SHELL_COMMENT, 0),
}

# The first characters of every opener: a one-character-class regex is searched at C
# speed, while the opener regex (an alternation of groups) would be tried at every
# position; it is then matched only where one of these occurs.
_FIRST = {
    "python": "[#\"']",
    "c": "[/\"'`]",
    "go": "[/\"'`]",
    "ruby": "[=#\"'`]",
    "php": "[#/\"'`]",
    "shell": "[#$\"']",
    "powershell": "[<#\"']",
    "yaml": "#",
}

_BLOCK_CLOSE = {"/*": "*/", "<#": "#>", "=begin": "\n=end"}

# quote → (multiline, escape character); None marks PowerShell's doubled-quote form.
_DQ = (False, "\\")
_SQ = (False, "\\")
_BODY_SPECS: dict[str, dict[str, tuple[bool, str] | None]] = {
    "python": {'"""': (True, "\\"), "'''": (True, "\\"), '"': _DQ, "'": _SQ},
    "c": {'"""': (True, "\\"), '"': _DQ, "'": _SQ, "`": (True, "\\")},
    "go": {'"': _DQ, "'": _SQ, "`": (True, "")},
    "ruby": {'"': (True, "\\"), "'": (True, "\\"), "`": (True, "\\")},
    "php": {'"': (True, "\\"), "'": (True, "\\"), "`": (True, "\\")},
    "shell": {'"': (True, "\\"), "'": (True, ""), "$'": (True, "\\")},
    # PowerShell escapes with a backtick; '' inside single quotes is a literal quote.
    "powershell": {'"': (True, "`"), "'": None},
}
_compiled: dict[tuple[str, str], re.Pattern[str]] = {}


def _opener(style: str) -> re.Pattern[str] | None:
    source = _OPENER_SOURCES.get(style)
    if source is None:
        return None
    key = (style, "")
    if key not in _compiled:
        _compiled[key] = rx.compile(*source)
    return _compiled[key]


def _next(style: str, opener: re.Pattern[str], text: str, pos: int) -> re.Match[str] | None:
    """The next opener at or after ``pos``."""
    key = (style, "first")
    first = _compiled.get(key)
    if first is None:
        first = _compiled[key] = rx.compile(_FIRST[style])
    size = len(text)
    while pos < size:
        spot = first.search(text, pos)
        if spot is None:
            return None
        found = opener.match(text, spot.start())
        if found is not None:
            return found
        pos = spot.start() + 1
    return None


def _body_for(style: str, quote: str) -> re.Pattern[str]:
    key = (style, quote)
    if key not in _compiled:
        spec = _BODY_SPECS[style][quote]
        if spec is None:
            _compiled[key] = rx.compile("[^']*(?:''[^']*)*")
        else:
            _compiled[key] = _body(quote, *spec)
    return _compiled[key]


def _body(quote: str, multiline: bool, escape: str = "\\") -> re.Pattern[str]:
    """The contents of a string opened by ``quote``, as an "unrolled loop": a run of
    ordinary characters, then any number of (escape pair or lone quote of a triple,
    run of ordinary characters). Each repetition must start with a character the run
    excludes, so there is one way to match and no backtracking: linear time."""
    q = rx.escape(quote[-1])
    stop = q + (rx.escape(escape) if escape else "") + ("" if multiline else r"\n")
    run = f"[^{stop}]*"
    special = []
    if escape:
        special.append(rx.escape(escape) + r"[\s\S]")
    if len(quote) == 3:
        special.append(f"{q}(?!{q}{q})")
    if not special:
        return rx.compile(run)
    return rx.compile(run + "(?:(?:" + "|".join(special) + ")" + run + ")*")


class Pieces:
    """A string built from many small pieces, joined every ``FLUSH`` pieces: a list of
    millions of short strings costs ten times the text it holds."""

    FLUSH = 4096
    __slots__ = ("chunks", "parts")

    def __init__(self) -> None:
        self.chunks: list[str] = []
        self.parts: list[str] = []

    def add(self, *parts: str) -> None:
        self.parts.extend(parts)
        if len(self.parts) >= self.FLUSH:
            self.chunks.append("".join(self.parts))
            self.parts.clear()

    def text(self) -> str:
        self.chunks.append("".join(self.parts))
        self.parts.clear()
        joined = "".join(self.chunks)
        self.chunks.clear()
        return joined


def blank(segment: str) -> str:
    """Spaces in place of every character but newlines."""
    if "\n" not in segment:
        return " " * len(segment)
    return "\n".join(" " * len(part) for part in segment.split("\n"))


def mask(text: str, style: str) -> tuple[str, str]:
    """The (code, plain) views of ``text`` for a masking ``style``."""
    opener = _opener(style)
    if opener is None or not text:
        return text, text
    code = Pieces()
    plain = Pieces()
    shell = style in ("shell", "yaml")
    size = len(text)
    pos = 0
    found = _next(style, opener, text, 0)
    while found is not None:
        start, after = found.span()
        kind = found.lastgroup
        if shell and kind == "c" and start and text[start - 1] not in _WORD_BREAK:
            found = _next(style, opener, text, start + 1)  # ``a#b``: not a comment
            continue
        kept = text[pos:start]
        if kind == "q":
            quote = found.group("q")
            inner = _body_for(style, quote).match(text, after)
            stop = inner.end() if inner is not None else after
            closer = quote[-1] * (3 if len(quote) == 3 else 1)
            end = stop + len(closer) if text.startswith(closer, stop) else stop
            contents = text[after:stop]
            code.add(kept, text[start:after], blank(contents), text[stop:end])
            plain.add(kept, text[start:end])
        else:
            if kind == "b":
                close = _BLOCK_CLOSE[text[start:after]]
                idx = text.find(close, after)
                end = size if idx < 0 else idx + len(close)
            else:
                idx = text.find("\n", start)
                end = size if idx < 0 else idx
            hidden = blank(text[start:end])
            code.add(kept, hidden)
            plain.add(kept, hidden)
        pos = max(end, start + 1)
        found = _next(style, opener, text, pos) if pos < size else None
    code.add(text[pos:])
    plain.add(text[pos:])
    return code.text(), plain.text()
