"""The spelling a language runs, so that it is the spelling matched.

Python reads identifiers in NFKC: full-width ``ｅｖａｌ`` and math-bold ``𝐞𝐱𝐞𝐜`` are
``eval`` and ``exec``, ``pickle.ｌｏａｄｓ`` is ``pickle.loads``. JavaScript decodes
``\\u0065`` and ``\\u{65}`` escapes in identifiers: ``\\u0065val`` is ``eval``.

``canonical(text, language)`` returns the text with each such spelling replaced by
the one the language runs. Newlines are kept, so line numbers hold. It costs one
C-speed test (``str.isascii``, a substring test) when there is nothing to change, and
changes nothing else: a non-ASCII run is replaced only when its NFKC form is still a
word, and an escape only when it decodes to an identifier character, so that quotes
and brackets (full-width ``（``, ``\\u0022``) never appear where masking would see them.
"""

from __future__ import annotations

from caveat.common import rx

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re

_WORD = rx.compile(r"\w*(?:(?![\x00-\x7f])\w)\w*")
_ESCAPE = rx.compile(r"\\u(?:\{0*([0-9a-fA-F]{1,6})\}|([0-9a-fA-F]{4}))")


def _nfkc(match: re.Match[str]) -> str:
    import unicodedata

    word = match.group()
    folded = unicodedata.normalize("NFKC", word)
    return folded if ("a" + folded).isidentifier() else word


def _decoded(match: re.Match[str]) -> str:
    point = int(match.group(1) or match.group(2), 16)
    if point > 0x10FFFF:
        return match.group()
    char = chr(point)
    return char if char == "$" or ("a" + char).isidentifier() else match.group()


def canonical(text: str, language: str) -> str:
    """``text`` as ``language`` reads its identifiers."""
    if language == "python" and not text.isascii():
        return _WORD.sub(_nfkc, text)
    if language == "js" and "\\u" in text:
        return _ESCAPE.sub(_decoded, text)
    return text
