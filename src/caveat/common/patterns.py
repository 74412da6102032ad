"""Gitignore-style patterns, matched without importing pathspec on every call.

pathspec is the authority on what a gitignore pattern means, but importing it costs
several times an interpreter start-up. So each pattern list is translated by pathspec
once, and the resulting regular expressions are cached in the state folder, keyed by a
hash of the list; later calls compile only the expressions they need with ``re``.
Matching follows pathspec's ``GitIgnoreSpec``: the last matching pattern decides, and a
file pattern outranks a directory pattern. A list of plain names (``package.json``)
needs neither: such a pattern matches exactly the paths that have it as a component.
"""

from __future__ import annotations

from caveat.common import state

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from collections.abc import Mapping
    from collections.abc import Sequence

CACHE_FILE = "patterns.cache.json"
_CACHE_VERSION = 1
_DIR_MARK = "ps_d"

Compiled = list[tuple["re.Pattern[str]", bool]]

_SPECIAL = frozenset("*?[]!/\\# \t")


def plain(lines: Sequence[str]) -> bool:
    """Whether every pattern is a plain name, matchable without regular expressions."""
    return all(line and _SPECIAL.isdisjoint(line) for line in lines)


def translate(lines: Sequence[str]) -> list[tuple[str, bool]]:
    """pathspec's regular expression and include flag for each effective pattern."""
    import pathspec

    spec = pathspec.GitIgnoreSpec.from_lines(lines)
    out = []
    for pattern in spec.patterns:
        regex = getattr(pattern, "regex", None)
        include = getattr(pattern, "include", None)
        if regex is not None and include is not None:
            out.append((str(regex.pattern), bool(include)))
    return out


def _key(lines: Sequence[str]) -> str:
    joined = "\n".join(lines).encode("utf-8", "surrogatepass")
    return state.digest(joined)


def _valid(entry: object) -> bool:
    return isinstance(entry, list) and all(
        isinstance(item, list)
        and len(item) == 2
        and isinstance(item[0], str)
        and isinstance(item[1], bool)
        for item in entry
    )


class PatternStore:
    """Compiled pattern lists for one hook run, backed by the on-disk cache."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self._cache = state.JsonCache(env, CACHE_FILE, _CACHE_VERSION)
        self._compiled: dict[tuple[str, ...], Compiled] = {}

    def compiled(self, lines: Sequence[str]) -> Compiled:
        from caveat.common import rx

        key_lines = tuple(lines)
        found = self._compiled.get(key_lines)
        if found is not None:
            return found
        key = _key(key_lines)
        entry = self._cache.get(key)
        try:
            if not isinstance(entry, list) or not _valid(entry):
                raise ValueError("not cached")
            compiled = [(rx.compile(regex), include) for regex, include in entry]
        except (ValueError, rx.error):
            pairs = translate(key_lines)
            self._cache.put(key, [list(pair) for pair in pairs])
            self._cache.save()
            compiled = [(rx.compile(regex), include) for regex, include in pairs]
        self._compiled[key_lines] = compiled
        return compiled

    def match(self, lines: Sequence[str], path: str) -> bool:
        """Whether the '/'-separated relative ``path`` is matched by ``lines``."""
        if plain(lines):
            parts = path.split("/")
            return any(line in parts for line in lines)
        return matches(self.compiled(lines), path)


def matches(compiled: Compiled, path: str) -> bool:
    decided: bool | None = None
    best = 0
    for regex, include in compiled:
        found = regex.match(path)
        if found is None:
            continue
        dir_mark = found.groupdict().get(_DIR_MARK)
        priority = 1 if dir_mark else 2
        if (include and dir_mark) or priority >= best:
            decided, best = include, priority
    return bool(decided)


def segment_matches(glob: str, name: str) -> bool:
    """Whether one path component ``name`` fits one pattern segment ``glob`` (``*``,
    ``?``, ``[...]`` with ``!``/``^`` negation and ranges; backslash escapes).

    A cheap pre-check, without regular expressions, before the exact match; the
    classic two-pointer wildcard walk, so at most len(glob) × len(name) steps.
    """
    g = n = 0
    star_g, star_n = -1, 0
    while n < len(name):
        if g < len(glob):
            ch = glob[g]
            if ch == "*":
                star_g, star_n = g, n
                g += 1
                continue
            if ch == "[":
                end, fits = _char_class(glob, g, name[n])
                if end > 0:
                    if fits:
                        g, n = end, n + 1
                        continue
                elif name[n] == "[":  # an unclosed bracket is a literal
                    g, n = g + 1, n + 1
                    continue
            elif ch == "?" or (ch == "\\" and g + 1 < len(glob) and glob[g + 1] == name[n]):
                g, n = g + (2 if ch == "\\" else 1), n + 1
                continue
            elif ch == name[n]:
                g, n = g + 1, n + 1
                continue
        if star_g < 0:
            return False
        star_n += 1
        g, n = star_g + 1, star_n
    return all(c == "*" for c in glob[g:])


def _char_class(glob: str, start: int, ch: str) -> tuple[int, bool]:
    """(index after the class, whether ``ch`` is in it); (0, False) if unclosed."""
    i = start + 1
    negate = i < len(glob) and glob[i] in "!^"
    if negate:
        i += 1
    first = i
    fits = False
    while i < len(glob) and (glob[i] != "]" or i == first):
        low = glob[i]
        if i + 2 < len(glob) and glob[i + 1] == "-" and glob[i + 2] != "]":
            if low <= ch <= glob[i + 2]:
                fits = True
            i += 3
        else:
            if low == ch:
                fits = True
            i += 1
    if i >= len(glob):
        return 0, False
    return i + 1, fits != negate
