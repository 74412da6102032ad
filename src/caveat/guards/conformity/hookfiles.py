"""The harnesses' hook files, as the conformity checks see them.

Every harness in ``caveat.harnesses.HARNESSES`` with configuration folders has a
``caveat.harnesses.<id>.hookfile`` module (``caveat.harnesses.contract.HookFile``):
its files' kinds, its name, its timeout unit and its shape check. They are loaded
here, by name, once a write has passed the guard's scope test; this module is the
guard's only view of them, and it names no harness.
"""

from __future__ import annotations

from caveat.harnesses import HARNESSES
from caveat.harnesses import hookfile
from caveat.harnesses import hookshape

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from caveat.guards.conformity.doc import Doc
    from caveat.harnesses.contract import HookFile
    from caveat.harnesses.hookshape import Issues

HOOKFILES: dict[str, HookFile] = {
    hid: module for hid in HARNESSES if (module := hookfile(hid)) is not None
}

# Harness id → the kinds of its hook files; kind → the harness that reads it.
KINDS_OF = {hid: frozenset(row[0] for row in m.FILES) for hid, m in HOOKFILES.items()}
OWNER = {kind: HOOKFILES[hid] for hid, kinds in KINDS_OF.items() for kind in kinds}
_ROWS = tuple(row for m in HOOKFILES.values() for row in m.FILES)
TOML_KINDS = frozenset(kind for kind, _, name in _ROWS if name.endswith(".toml"))
JSON_KINDS = frozenset(OWNER) - TOML_KINDS
TIMED_KINDS = frozenset(kind for kind, m in OWNER.items() if m.TIMEOUT_UNIT)
# Every harness's ``(kind, folder, file name)`` rows, the longest folder first: a
# folder that ends another one ("/.kiro/hooks" ends in "/hooks") is the more specific.
FILES = tuple(sorted(_ROWS, key=lambda row: -len(row[1])))


def parsed(doc: Doc) -> object:
    """The parsed file (TOML or JSON by its kind), None if broken."""
    value, _ = doc.toml() if doc.kind in TOML_KINDS else doc.json()
    return value


def hooks_of(doc: Doc) -> object:
    """The ``hooks`` value of a parsed settings file (None when absent or unparsed)."""
    return hookshape.hooks_of(parsed(doc))


def json_parses(doc: Doc) -> Issues:
    return hookshape.json_parses(*doc.json())


def toml_parses(doc: Doc) -> Issues:
    return hookshape.toml_parses(doc.toml()[1])


def shape_check(module: HookFile) -> Callable[[Doc], Issues]:
    """The check row's function: ``module``'s shape check on the parsed file."""

    def check(doc: Doc) -> Issues:
        return module.shape(parsed(doc))

    return check
