"""Judgments that read the lines around a call, not only its arguments.

A primitive names one of these in its ``judge`` field; the scanner asks ``exempt``
after every other rule has found the call unsafe. Each looks back only a few lines and
never past the start of the enclosing function, so that a name bound elsewhere in a
file is never taken for the one the call sees.

- ``round-trip``: ``data = pickle.dumps(obj)`` a few lines above ``pickle.loads(data)``
  (test code checking that its own object survives): the bytes are the program's own.
- ``checksum``: a download into a bin folder is exempt when the same command (its
  logical line, backslash continuations included) checks a checksum or signature.
- ``kwargs-default``: ``torch.load(f, **kwargs)`` after ``kwargs.setdefault(
  "weights_only", True)`` or ``kwargs = {"weights_only": True, ...}``: the safe mode
  is passed through the mapping.

``new_sources`` tells whether an edit points a download-and-run line at a new source
(the count of such lines may stay the same: the URL changed).
"""

from __future__ import annotations

from caveat.common import rx

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.guards.eval.records import Hit

# How far back a binding is looked for: a test's arrange step, not a module.
LOOKBACK_LINES = 8
_FUNCTION = rx.compile(r"^[ \t]*(?:async[ \t]+)?(?:def|class)[ \t]")
_NAME = rx.compile(r"^\s*([A-Za-z_]\w*)\s*(?:,|$)")
_STARRED = rx.compile(r"\*\*\s*([A-Za-z_]\w*)\s*(?:,|$)")
_CHECKSUM = rx.compile(
    r"\bsha(?:1|224|256|384|512)?sum\b|\bshasum\b|\bb2sum\b|\bgpgv?\b[^\n]{0,80}--verify\b"
    r"|\bcosign\s+verify|\bminisign\b|\bopenssl\s+dgst\b|\bslsa-verifier\b"
)
# A command's text looked at around a download: far enough for a long RUN line.
COMMAND_CHARS = 4096
_URL = rx.compile(r"""https?://[^\s'"`|;&)<>]+""")


def _above(code: str, start: int) -> list[str]:
    """The non-blank lines above ``start``, nearest first, up to ``LOOKBACK_LINES`` and
    not past the ``def`` that opens the function (that line included: its parameters)."""
    out: list[str] = []
    end = code.rfind("\n", 0, start)
    while end > 0 and len(out) < LOOKBACK_LINES:
        begin = code.rfind("\n", 0, end) + 1
        line = code[begin:end]
        if line.strip():  # comments are blank in this view: they do not count
            out.append(line)
        if _FUNCTION.match(line):
            break
        end = begin - 1
    return out


def _round_trip(plain: str, start: int, arg: str) -> bool:
    found = _NAME.match(arg)
    if found is None:
        return False
    name = rx.escape(found.group(1))
    bound = rx.compile(rf"^\s*{name}\s*=\s*(?:[\w.]+\.)?dumps\s*\(")
    for line in _above(plain, start):
        if rx.match(rf"^\s*{name}\s*=", line):
            return bound.match(line) is not None  # the nearest binding decides
    return False


def _kwargs_default(plain: str, start: int, arg: str) -> bool:
    found = _STARRED.search(arg)
    if found is None:
        return False
    name = rx.escape(found.group(1))
    # ``kwargs.setdefault("weights_only", True)``, ``kwargs["weights_only"] = True``,
    # ``kwargs = {"weights_only": True}``, ``kwargs = dict(weights_only=True)``
    safe = rx.compile(
        rf"\b{name}\s*(?:\.\s*setdefault\s*\(\s*['\"]weights_only['\"]\s*,\s*True\b"
        rf"|\[\s*['\"]weights_only['\"]\s*\]\s*=\s*True\b"
        rf"|=\s*(?:dict\s*\([^)\n]*\bweights_only\s*=\s*True\b"
        rf"|\{{[^}}\n]*['\"]weights_only['\"]\s*:\s*True\b))"
    )
    return any(safe.search(line) for line in _above(plain, start))


def _command(plain: str, start: int) -> str:
    """The logical line holding ``start``: backslash-continued lines joined, at most
    ``COMMAND_CHARS`` either side."""
    low = max(0, start - COMMAND_CHARS)
    begin = start
    while begin > low:
        cut = plain.rfind("\n", low, begin)
        if cut < 0:
            begin = low
            break
        if plain[cut - 1 : cut] != "\\":
            begin = cut + 1
            break
        begin = cut
    high = min(len(plain), start + COMMAND_CHARS)
    end = start
    while end < high:
        cut = plain.find("\n", end, high)
        if cut < 0:
            end = high
            break
        if plain[cut - 1 : cut] != "\\":
            end = cut
            break
        end = cut + 1
    return plain[begin:end]


def exempt(kind: str, plain: str, start: int, arg: str) -> bool:
    """Whether the lines above the call at ``start`` make it safe. ``plain`` is the
    comment-free view (strings kept, offsets as in the text); ``arg`` the call's
    argument span in it."""
    if kind == "round-trip":
        return _round_trip(plain, start, arg)
    if kind == "kwargs-default":
        return _kwargs_default(plain, start, arg)
    if kind == "checksum":
        return _CHECKSUM.search(_command(plain, start)) is not None
    return False


def new_sources(now: list[Hit], old: list[Hit]) -> list[Hit]:
    """The hits of ``now`` that fetch from a URL none of ``old`` fetched from."""
    seen = {url for hit in old for url in _URL.findall(hit.text)}
    return [hit for hit in now if any(url not in seen for url in _URL.findall(hit.text))]
