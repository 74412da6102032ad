"""Literal-first matching: find a primitive's literal with ``str.find``, then match.

A pattern that starts with a look-behind and an optional prefix group
(``(?<![\\w.$])(?:window\\.)?eval\\s*\\(``) keeps the regex engine from jumping to its
literal: it tries every position, about 200 ms per MB for each such pattern. Split at
its first top-level literal run instead, into a prefix and a suffix that starts with
the literal. Each occurrence of the literal (found at C speed) is matched by the
suffix in place; only where that holds is the whole pattern searched, from
``BACK`` characters before the occurrence to just past the suffix's match. So the
cost follows the literal's occurrences, not the text's size.

Without such a run, a top-level group of plain-word alternatives
(``(?:setTimeout|setInterval)``) serves, each word searched. A pattern with a
top-level alternation, with neither, or whose suffix does not compile alone (a
back-reference into the prefix) is matched as before, with ``finditer``.
"""

from __future__ import annotations

from caveat.common import rx

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from collections.abc import Iterator

BACK = 256  # how far before its literal a match may start
AHEAD = 512  # how far past the suffix's match a look-ahead may read
MIN_RUN = 3
# A view this short is searched with ``finditer`` alone: compiling the suffix would
# cost more than the search saves (a firing Write of a few lines compiles each once).
SMALL = 8 * 1024
_LITERAL_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
# (the literal or its alternative words, the suffix from them on, the whole pattern)
Plan = tuple[tuple[str, ...], "re.Pattern[str]", "re.Pattern[str]"]
_plans: dict[tuple[str, int], Plan | None] = {}


def split(source: str) -> tuple[int, int] | None:
    """(start, end) of the first top-level literal run of at least ``MIN_RUN`` word
    characters in a regex source, or None when there is none or the pattern has a
    top-level ``|``."""
    depth, i, n = 0, 0, len(source)
    best: tuple[int, int] | None = None
    run = -1
    while i < n:
        c = source[i]
        if depth == 0 and c in _LITERAL_CHARS:
            if run < 0:
                run = i
            i += 1
            continue
        if run >= 0 and best is None:
            end = i
            if c in "?*{":  # the last character is optional: not part of the run
                end -= 1
            word = source[run:end]
            if len(word) >= MIN_RUN and not word.isdigit() and source[run - 1 : run] != "\\":
                best = (run, end)
        run = -1
        if c == "\\":
            i += 2
            continue
        if c in "[{":  # a character class, or a quantifier's bounds
            close = source.find("]" if c == "[" else "}", i + 2)
            i = n if close < 0 else close + 1
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            return None
        i += 1
    if run >= 0 and best is None and n - run >= MIN_RUN and source[run - 1 : run] != "\\":
        best = (run, n)
    return best


_ALTERNATIVES = r"\(\?:((?:\w{3,}\|)+\w{3,})\)"


def alternatives(source: str) -> tuple[int, tuple[str, ...]] | None:
    """(start, words) of the first top-level group of plain-word alternatives,
    ``(?:setTimeout|setInterval)``, not made optional by a quantifier after it."""
    depth, i, n = 0, 0, len(source)
    while i < n:
        c = source[i]
        if c == "\\":
            i += 2
            continue
        if c in "[{":
            close = source.find("]" if c == "[" else "}", i + 2)
            i = n if close < 0 else close + 1
            continue
        if c == "(" and depth == 0:
            found = rx.compile(_ALTERNATIVES).match(source, i)
            if found is not None and source[found.end() : found.end() + 1] not in ("?", "*", "{"):
                return i, tuple(found.group(1).split("|"))
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            return None
        i += 1
    return None


def _plan(source: str, flags: int) -> Plan | None:
    key = (source, flags)
    if key in _plans:
        return _plans[key]
    plan = None
    found = split(source)
    start = 0
    words: tuple[str, ...] = ()
    if found is not None:
        start, words = found[0], (source[found[0] : found[1]],)
    else:
        group = alternatives(source)
        if group is not None:
            start, words = group
    if words and start > 0:
        try:
            suffix: re.Pattern[str] | None = rx.compile(source[start:], flags)
        except rx.error:
            suffix = None
        if suffix is not None:
            if flags & rx.IGNORECASE:
                words = tuple(w.lower() for w in words)
            plan = (words, suffix, rx.compile(source, flags))
    _plans[key] = plan
    return plan


def _next(text: str, words: tuple[str, ...], pos: int, ahead: list[int]) -> int:
    """The next occurrence of any of ``words`` at or after ``pos`` (``ahead``: each
    word's next occurrence, kept between calls so that each is searched once)."""
    best = -1
    for index, word in enumerate(words):
        at = ahead[index]
        if at == -2 or 0 <= at < pos:
            at = ahead[index] = text.find(word, pos)
        if at >= 0 and (best < 0 or at < best):
            best = at
    return best


def matches(
    source: str, view: str, flags: int = 0, hay: str | None = None
) -> Iterator[re.Match[str]]:
    """The matches of the regex ``source`` in ``view``, in order and not overlapping,
    as ``finditer`` finds them; ``hay``: ``view`` lower-cased, for a case-insensitive
    pattern."""
    plan = _plan(source, flags) if len(view) > SMALL else None
    if plan is None:
        yield from rx.compile(source, flags).finditer(view)
        return
    words, suffix, whole = plan
    text = hay if hay is not None else view
    pos = last = 0
    ahead = [-2] * len(words)  # -2: not searched yet
    while True:
        at = _next(text, words, pos, ahead)
        if at < 0:
            return
        pos = at + 1
        tail = suffix.match(view, at)
        if tail is None:
            continue
        found = whole.search(view, max(last, at - BACK), tail.end() + AHEAD)
        if found is None or found.start() > at:
            continue
        yield found
        last = max(found.end(), found.start() + 1)
        pos = max(pos, last)
