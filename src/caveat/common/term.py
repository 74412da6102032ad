"""The one way caveat writes text to a terminal: hook payloads, audit records, project
files, rules and request lines are hostile, and a terminal obeys what it is sent.

Every character a terminal could act on instead of show is written as a visible
escape in Python's notation, so nothing is lost and nothing is obeyed:

- C0 controls, DEL and C1 controls (U+0080–U+009F): ``\\x1b``, ``\\x07``, ``\\x9b`` …,
  and CR as ``\\r``. An ESC, CSI or OSC sequence (``\\x1b[2K``, ``\\x1b]8;;url\\x1b\\\\``)
  loses its introducer, so its remaining bytes are plain text;
- format characters (Unicode category Cf: the bidi controls U+202A–U+202E,
  U+2066–U+2069, U+200E/F, U+061C, zero-width characters, U+FEFF, tag characters …),
  line and paragraph separators (U+2028/U+2029) and lone surrogates: ``\\u202e``,
  ``\\U000e0041``.

Two levels. ``field(text)`` is for an untrusted value inside a line: it also writes
``\\n`` and ``\\t`` as escapes, so a value cannot start a line of its own or push the
columns around. ``out``/``err`` write caveat's own lines (with the fields in them)
to stdout/stderr and escape everything but ``\\n`` and ``\\t``: caveat prints no
colour or cursor codes, so no command needs a control character. A backslash is
written as it is; a value that spells ``\\x1b`` is harmless either way.

Imported lazily where it may run on the hook path (``caveat.common.log``): only
``sys`` at module level, ``unicodedata`` only for text that is not plain.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TextIO

_NAMED = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}
# Printable by str.isprintable's rule yet shown escaped: none. Not printable by it, yet
# shown as they are: spaces other than U+0020 (Zs), private use (Co: icon fonts) and
# code points this Python's Unicode tables do not know (Cn: a newer emoji).
_SHOWN = frozenset({"Zs", "Co", "Cn"})


def _code(ch: str) -> str:
    named = _NAMED.get(ch)
    if named is not None:
        return named
    n = ord(ch)
    if n < 0x100:
        return f"\\x{n:02x}"
    return f"\\u{n:04x}" if n < 0x10000 else f"\\U{n:08x}"


def _clean(text: str, keep: str) -> str:
    plain = text
    for ch in keep:
        plain = plain.replace(ch, "")
    if plain.isprintable():  # the usual case, decided in C
        return text
    from unicodedata import category

    return "".join(
        ch if ch.isprintable() or ch in keep or category(ch) in _SHOWN else _code(ch) for ch in text
    )


def field(value: object) -> str:
    """An untrusted value made safe to put inside a line: no control, format or
    line-breaking character survives, ``\\n`` and ``\\t`` included."""
    return _clean(value if isinstance(value, str) else str(value), "")


def line(text: str) -> str:
    """Text made safe for a terminal, keeping its ``\\n`` and ``\\t``."""
    return _clean(text, "\n\t")


def write(text: str, stream: TextIO, end: str = "\n", flush: bool = False) -> None:
    """``text`` (escaped by ``line``) and ``end`` to ``stream``. A closed pipe raises
    ``BrokenPipeError`` here as it would from ``print``: ``caveat.cli`` stops on it."""
    stream.write(line(text) + end)
    if flush:
        stream.flush()


def out(text: str = "", end: str = "\n", flush: bool = False) -> None:
    """A line (or lines) to standard output."""
    write(text, sys.stdout, end, flush)


def err(text: str = "", end: str = "\n", flush: bool = False) -> None:
    """A line (or lines) to standard error."""
    write(text, sys.stderr, end, flush)
