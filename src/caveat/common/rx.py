"""Regular expressions on the hook path, without importing ``re`` on every call.

``import re`` costs about half an interpreter start-up (it loads ``enum`` and re's own
parser and compiler, written in Python), and compiling a pattern runs that parser
again. The matching engine, ``_sre``, is built in and free to load. So the engine's
program for each pattern is kept in the state folder, for this interpreter only; a
later call hands it straight to ``_sre``. A pattern not kept yet is compiled by ``re``
as always and kept for next time. The functions take the same arguments as ``re``'s.

The cache is the user's private state, like every other cache (read only when it is
the user's own and private), and ``_sre`` checks every program it is given: a missing,
corrupt or other-interpreter cache only means that ``re`` is imported.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from collections.abc import Iterator
    from collections.abc import Mapping
    from re import Match
    from re import Pattern

    from caveat.common.state import JsonCache

IGNORECASE = 2  # re's flag values, which its flags enum wraps
MULTILINE = 8
DOTALL = 16
VERBOSE = 64
ASCII = 256

CACHE_FILE = "regex.cache.json"
_VERSION = 1
_MAX_KEPT = 4000  # beyond this the file starts afresh: project rules can add many

_compiled: dict[tuple[str, int], Pattern[str]] = {}
_store: tuple[Mapping[str, str], JsonCache] | None = None


def save() -> None:
    """Write the programs learned in this call, if any."""
    if _store is not None:
        _store[1].save()


def _cache() -> JsonCache | None:
    """The cache of the state folder of the call being answered (``state.bind``), read
    once per call; None outside one (a command, a test): ``re`` compiles, as ever."""
    global _store
    from caveat.common import state

    env = state.bound()
    if env is None:
        return None
    if _store is None or _store[0] is not env:
        store = state.JsonCache(env, CACHE_FILE, _VERSION)
        if store.get("engine") != engine() or len(store.entries()) > _MAX_KEPT:
            store.entries().clear()
            store.put("engine", engine())
        _store = (env, store)
    return _store[1]


def compile(source: str, flags: int = 0) -> Pattern[str]:
    key = (source, flags)
    found = _compiled.get(key)
    if found is None:
        found = _compiled[key] = _build(source, flags)
    return found


def _build(source: str, flags: int) -> Pattern[str]:
    name = f"{flags}:{source}"
    store = _cache()
    kept = store.get(name) if store is not None else None
    if isinstance(kept, list) and len(kept) == 5:
        try:
            return _from_program(source, kept)
        except Exception:
            pass
    import re

    pattern = re.compile(source, flags)  # a bad pattern raises re.error, as re does
    if store is not None:
        program = _program(source, flags)
        if program is not None and _from_program(source, program) == pattern:
            store.put(name, program)
    return pattern


def engine() -> str:
    """What a kept program is valid for: this interpreter and its engine's version."""
    import _sre  # type: ignore[import-not-found]  # re's engine, built in: no stubs

    return f"{sys.version}|{_sre.MAGIC}|{_sre.CODESIZE}"


def _from_program(source: str, program: list[object]) -> Pattern[str]:
    import _sre

    final, code, groups, index, names = program
    if not isinstance(index, dict) or not isinstance(names, list):
        raise TypeError("not a program")
    pattern: Pattern[str] = _sre.compile(source, final, code, groups, index, tuple(names))
    return pattern


def _program(source: str, flags: int) -> list[object] | None:
    """What re's compiler hands ``_sre`` for ``source`` (its ``compile``, step by step;
    the same in Python 3.10 to 3.13). None where that is not how this ``re`` works."""
    import re  # noqa: F401 - loads its compiler and parser, private modules no stub has

    try:
        new = sys.version_info >= (3, 11)
        compiler = sys.modules["re._compiler" if new else "sre_compile"]
        parser = sys.modules["re._parser" if new else "sre_parse"]
        parsed = parser.parse(source, flags)
        code = compiler._code(parsed, flags)
        index = dict(parsed.state.groupdict)
        names: list[str | None] = [None] * parsed.state.groups
        for group_name, number in index.items():
            names[number] = group_name
        return [flags | parsed.state.flags, list(code), parsed.state.groups - 1, index, names]
    except Exception:
        return None


def search(source: str, text: str, flags: int = 0) -> Match[str] | None:
    return compile(source, flags).search(text)


def match(source: str, text: str, flags: int = 0) -> Match[str] | None:
    return compile(source, flags).match(text)


def fullmatch(source: str, text: str, flags: int = 0) -> Match[str] | None:
    return compile(source, flags).fullmatch(text)


def finditer(source: str, text: str, flags: int = 0) -> Iterator[Match[str]]:
    return compile(source, flags).finditer(text)


def sub(source: str, repl: str | Callable[[Match[str]], str], text: str, flags: int = 0) -> str:
    return compile(source, flags).sub(repl, text)


# re.escape's table: every character that can mean something in a pattern.
_SPECIAL = {c: "\\" + chr(c) for c in b"()[]{}?*+-|^$\\.&~# \t\n\r\v\f"}


def escape(text: str) -> str:
    return text.translate(_SPECIAL)


def __getattr__(name: str) -> type[Exception]:
    """``rx.error`` is ``re.error``: only a pattern ``re`` compiled can raise it, so by
    the time an ``except rx.error`` asks, ``re`` is loaded."""
    if name == "error":
        import re

        return re.error
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
