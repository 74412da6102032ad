"""Python primitives reached under another name: ``import _pickle as p`` then
``p.loads(x)``, or ``from pickle import loads as l`` then ``l(x)``.

``expand(code, wanted)`` reads the import statements of a code view (comments and
strings blanked) and returns one derived primitive per alias: the original's judging
rules (safe modes, constant arguments) with a pattern for the new name and the
original's name for the message; its trigger is the local name and the ``(`` or
``.`` that follows it.
"""

from __future__ import annotations

from caveat.common import rx
from caveat.guards.eval.primitives import table
from caveat.guards.eval.primitives.python import ALIASES

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    from caveat.guards.eval.records import Primitive

_FROM = rx.compile(r"^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+(\([^)]*\)|[^\n;]*)", rx.MULTILINE)
_IMPORT = rx.compile(r"^[ \t]*import[ \t]+([^\n;]*)", rx.MULTILINE)
_NAME = rx.compile(r"^([\w.]+)(?:\s+as\s+(\w+))?$")
_MODULES = frozenset(module for module, _ in ALIASES)


def _names(clause: str) -> Iterator[tuple[str, str]]:
    """(name, alias) of each item of an import list."""
    for item in clause.strip("() \t\\\n").split(","):
        found = _NAME.match(" ".join(item.split()))
        if found:
            yield found.group(1), found.group(2) or found.group(1)


def _bindings(code: str) -> Iterator[tuple[str, str, str]]:
    """(module, name or "", local name): a function imported from a module, or a module
    imported under another name."""
    for found in _FROM.finditer(code):
        module = found.group(1)
        if module in _MODULES:
            for name, local in _names(found.group(2)):
                yield module, name, local
    for found in _IMPORT.finditer(code):
        for module, local in _names(found.group(1)):
            if module in _MODULES and local != module:
                yield module, "", local


def expand(code: str, wanted: set[str]) -> list[Primitive]:
    """Derived primitives for the aliases in ``code`` of the primitives in ``wanted``."""
    by_id = {p.id: p for p in table("python")}
    out: list[Primitive] = []
    for module, name, local in _bindings(code):
        for (mod, func), pid in ALIASES.items():
            if mod != module or pid not in wanted or (name and func != name):
                continue
            if name:
                pattern = rf"(?<![\w.]){rx.escape(local)}\s*\("
                trigger = local + "("
            else:
                pattern = rf"(?<![\w.]){rx.escape(local)}\s*\.\s*{func}\b"
                trigger = local + "."
            found = by_id[pid].replace(pattern=pattern, name=f"{mod}.{func}", triggers=(trigger,))
            out.append(found)
    return out
