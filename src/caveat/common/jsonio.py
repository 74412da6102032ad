"""JSON for the hook path through the C accelerator alone.

``import json`` costs more than half an interpreter start-up here (it drags in ``re``
and three pure-Python modules); ``_json`` on its own is cheap. Only the hook's read of
stdin, its one write to stdout and the message cache use this module.
"""

from __future__ import annotations

import _json
import gc

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

_WHITESPACE = " \t\n\r"


class _ScannerContext:
    """The attributes ``_json.make_scanner`` reads (those of ``json.JSONDecoder``)."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    memo: dict[str, str] = {}  # noqa: RUF012  (the C scanner only reads it)

    @staticmethod
    def parse_constant(name: str) -> float:
        return float(name.lower().replace("infinity", "inf"))


# typeshed's stub wants a JSONDecoder here; the C scanner only reads the attributes.
_scan: Callable[[str, int], tuple[object, int]] = _json.make_scanner(
    _ScannerContext()  # type: ignore[arg-type]
)


class DecodeError(ValueError):
    """The text is not exactly one JSON value."""


def loads(text: str) -> object:
    """Decode one JSON value surrounded by optional whitespace.

    Raises DecodeError (or RecursionError for absurd nesting) on anything else.
    """
    start = 0
    end = len(text)
    while start < end and text[start] in _WHITESPACE:
        start += 1
    # Absurd nesting runs the C scanner into the recursion limit; a collection started
    # there would run gc callbacks on an exhausted stack and raise out of them.
    collecting = gc.isenabled()
    gc.disable()
    try:
        value, stop = _scan(text, start)
    except StopIteration:
        raise DecodeError("no JSON value") from None
    except (ValueError, SystemError):
        # The C scanner reports a syntax error with json.decoder.JSONDecodeError, which it
        # looks up only in sys.modules; without ``json`` loaded it fails with SystemError.
        raise DecodeError("malformed JSON") from None
    finally:
        if collecting:
            gc.enable()
    while stop < end and text[stop] in _WHITESPACE:
        stop += 1
    if stop != end:
        raise DecodeError("extra data after the JSON value")
    return value


def load_object(raw: bytes | None) -> dict[str, object] | None:
    """A stored file's JSON object; None for nothing, a corrupt file or another value
    (a record that cannot be read is started again, never fatal)."""
    if not raw:
        return None
    try:
        value = loads(raw.decode("utf-8", "replace"))
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


quote: Callable[[str], str] = _json.encode_basestring
# Non-ASCII escaped: text from a payload can hold lone surrogates (``"\ud800"`` in the
# JSON the harness sent), which have no UTF-8 form; escaped, they are written and read
# back unchanged.
_quote_ascii: Callable[[str], str] = _json.encode_basestring_ascii


def dumps(value: object) -> str:
    """Compact ASCII JSON for the few shapes caveat writes (state files, caches): dict,
    list, str, bool, int, None."""
    if isinstance(value, str):
        return _quote_ascii(value)
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if isinstance(value, int):
        return str(int(value))
    if isinstance(value, dict):
        return "{" + ",".join(_quote_ascii(str(k)) + ":" + dumps(v) for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(dumps(v) for v in value) + "]"
    raise TypeError(f"cannot encode {type(value).__name__}")
