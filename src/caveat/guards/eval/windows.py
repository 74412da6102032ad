"""Scan a large text in windows around its triggers, so that size never turns a
finding into silence and the time spent follows what the text holds, not its size.

A text up to ``WHOLE`` characters (``caveat.guards.eval.scan``) is one window, read by
``report.whole`` without this module. A larger one is cut into chunks of
``CHUNK`` characters at line ends; a chunk none of whose primitives' trigger literals
occurs (``str.find``, at C speed) is skipped unread, since no primitive can match in
it. Each chunk that has a trigger is scanned with ``BACK`` characters of context
before it (for a statement that began earlier) and ``AHEAD`` after it (for a call's
arguments), and keeps only the hits on its own lines.

A window must start in code: one that starts inside a triple-quoted string, a block
comment or a template literal (told by the parity of their delimiters before it, which
is cheap and right except where a delimiter sits inside another string) is moved back
to the line where that began.

The deadline is checked between chunks: once it passes, the chunks not yet scanned
are the unread part, which the caller reports as such.
"""

from __future__ import annotations

import time

from caveat.common.budget import Overrun
from caveat.common.budget import Timer
from caveat.guards.eval.primitives import LANGUAGES
from caveat.guards.eval.primitives import table
from caveat.guards.eval.records import Unread
from caveat.guards.eval.scan import MAX_HITS
from caveat.guards.eval.scan import scan

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.guards.eval.records import Hit

CHUNK = 16 * 1024
BACK = 2048
AHEAD = 8192
# Delimiters that open a construct spanning lines, per masking style: (opener, closer).
_SPANNING = {
    "python": (('"""', '"""'), ("'''", "'''")),
    "c": (("/*", "*/"), ("`", "`")),
    "go": (("/*", "*/"), ("`", "`")),
    "php": (("/*", "*/"),),
}


def _triggers(language: str, ids: list[str]) -> tuple[str, ...]:
    wanted = set(ids)
    found = {t for p in table(language) if p.id in wanted for t in p.triggers}
    return tuple(sorted(found))


def _import_lines(text: str, limit: int = 4096) -> str:
    """The lines of ``text`` that hold ``import`` (at most ``limit``), joined."""
    out: list[str] = []
    pos = text.find("import")
    while pos >= 0 and len(out) < limit:
        begin = text.rfind("\n", 0, pos) + 1
        stop = _line_end(text, pos)
        out.append(text[begin:stop].rstrip("\n"))
        pos = text.find("import", stop)
    return "\n".join(out)


def _has(hay: str, words: tuple[str, ...], start: int, end: int) -> bool:
    return any(hay.find(w, start, end + len(w) - 1) >= 0 for w in words)


class Spanning:
    """Where a construct that spans lines (a triple-quoted string, a block comment, a
    template literal) holds an offset, however far back it opened. Queried at line
    starts in increasing order, it reads each part of the text once: counts and last
    positions carry forward from one window to the next."""

    def __init__(self, text: str, style: str) -> None:
        self.text = text
        self.pairs = _SPANNING.get(style, ())
        self.upto = 0
        # per pair: openers seen (parity, when opener is closer), last opener, last closer
        self.seen = [[0, -1, -1] for _ in self.pairs]

    def code_from(self, start: int) -> int:
        """``start`` (a line start), or just past the end of the construct that holds
        it; the text's length when that construct never closes."""
        text = self.text
        if start > self.upto:  # a line start: no delimiter is cut in two
            for (opener, closer), seen in zip(self.pairs, self.seen, strict=True):
                seen[0] += text.count(opener, self.upto, start)
                last = text.rfind(opener, self.upto, start)
                seen[1] = last if last >= 0 else seen[1]
                if opener != closer:
                    last = text.rfind(closer, self.upto, start)
                    seen[2] = last if last >= 0 else seen[2]
            self.upto = start
        at = start
        for (opener, closer), (count, opened, closed) in zip(self.pairs, self.seen, strict=True):
            inside = count % 2 if opener == closer else opened > closed
            if inside and opened >= 0:
                end = text.find(closer, max(at, opened + len(opener)))
                at = len(text) if end < 0 else max(at, end + len(closer))
        return at


def _line_end(text: str, at: int) -> int:
    """The offset just past the line end at or after ``at`` (within a bound)."""
    if at >= len(text):
        return len(text)
    stop = text.find("\n", at, at + CHUNK)
    return at + CHUNK if stop < 0 else stop + 1


def bounded(
    text: str, language: str, ids: list[str], deadline: float, first: bool = False
) -> tuple[list[Hit], Unread | None]:
    """The hits in ``text`` (over ``WHOLE`` characters, in a language of
    ``LANGUAGES``) and, when ``deadline`` cut the scan, where it stopped."""
    size = len(text)
    lang = LANGUAGES[language]
    hits: list[Hit] = []
    timer = Timer(max(deadline - time.perf_counter(), 0.001))
    limit = 1 if first else MAX_HITS
    words = _triggers(language, ids)
    aliases = None
    if language == "python" and "import" in text:
        from caveat.guards.eval.aliases import expand
        from caveat.guards.eval.mask import mask

        aliases = expand(mask(_import_lines(text), "python")[0], set(ids))
        words = tuple(sorted({*words, *(t for p in aliases for t in p.triggers)}))
    hay = text.lower() if lang.ci else text
    spanning = Spanning(text, lang.mask)
    begin, line = 0, 1
    try:
        with timer:
            while begin < size:
                end = _line_end(text, begin + CHUNK)
                lines = text.count("\n", begin, end)
                if _has(hay, words, begin, end):
                    if time.perf_counter() > deadline:
                        raise Overrun(timer)
                    back = text.rfind("\n", 0, max(0, begin - BACK)) + 1
                    lo = spanning.code_from(back)
                    hi = _line_end(text, end + AHEAD)
                    if lo < begin:
                        first_line = line - text.count("\n", lo, begin)
                    else:  # the window opens inside a string that ends in this chunk
                        first_line = line + text.count("\n", begin, lo)
                    found = scan(text[lo:hi], language, ids, first=first, aliases=aliases)
                    for hit in found if lo < hi else ():
                        at = hit.line + first_line - 1
                        if line <= at < line + max(lines, 1):
                            hits.append(hit.replace(line=at))
                    # A primitive found ``limit`` times is reported whatever the rest
                    # holds (a command names each once): look no further for it.
                    counts = dict.fromkeys(ids, 0)
                    for hit in hits:
                        counts[hit.pid] = counts.get(hit.pid, 0) + 1
                    if any(counts[i] >= limit for i in ids):
                        ids = [i for i in ids if counts[i] < limit]
                        words = _triggers(language, ids)
                        if aliases:
                            aliases = [p for p in aliases if p.id in ids]
                            words = tuple(
                                sorted({*words, *(t for p in aliases for t in p.triggers)})
                            )
                        if not ids:
                            break
                begin, line = end, line + lines
    except Overrun as exc:
        if exc.timer is not timer:
            raise
        return hits, Unread(begin, line, size, line + text.count("\n", begin))
    return hits, None
