"""Where a plan file defines an id, as regular expressions (see ``learn`` for the
rules). Imported only when a plans folder changed since it was last read."""

from __future__ import annotations

from caveat.common import rx
from caveat.guards.tracking_ids.rules import public

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re

# An upper-case key with a number: TM-10, PLAT-1234, M2-3, T-3, TM-10.2.
KEY = r"[A-Z][A-Z0-9]{0,9}-\d{1,6}(?:\.\d{1,4})*"
# A phase label after "Phase": a number, a Roman numeral, or one letter.
PHASE = r"(?:Phase|PHASE|phase)[ _-]?(?P<label>\d{1,2}|[IVX]{1,4}|[A-Z])"
_TOKEN = rx.compile(rf"(?<![\w-])(?:(?P<key>{KEY})|{PHASE})(?![\w])")

_HEADING = rx.compile(r"^(?: {0,3}#{1,6}|\*{1,6})\s+(?P<rest>.+)$")
# The first token of a list item, checklist entry, table row or line, bold or quoted.
_LEAD = r"(?:\*\*|__|`|\[)?"
_ITEM = rx.compile(rf"^\s*(?:[-*+]|\d{{1,3}}[.)])\s+(?:\[[ xX~/-]\]\s+)?{_LEAD}(?P<rest>.+)$")
_ROW = rx.compile(rf"^\s*\|\s*{_LEAD}(?P<rest>.+)$")
_LINE = rx.compile(rf"^{_LEAD}(?P<rest>(?:{KEY}|{PHASE})\b.*)$")
_SEPARATOR = rx.compile(r"^(?:\*\*|__|`|\])?\s*(?::|\)|—|–|-\s|\||$)")
# An id in brackets (``(TM-10)``, ``[TM-10]``) names the item it ends.
_BRACKETED = rx.compile(rf"[(\[](?P<key>{KEY})[)\]]")
_CELL = rx.compile(rf"^\s*(?:\*\*|`)?(?P<key>{KEY})(?:\*\*|`)?\s*$")
# A row's first cell that holds only an id in any case form (``Phase-A1``,
# ``task-3b``, ``Step-12``): a word of letters, "-", then a part with a digit. A word
# with digits of its own (``x86-64``, ``arm64-v8a``) names a platform, not a task.
_ANY_CASE = rx.compile(
    r"^\s*(?:\*\*|`)?(?P<key>[A-Za-z]{1,16}-(?=[A-Za-z]{0,7}\d)[A-Za-z0-9]{1,8}"
    r"(?:\.\d{1,4})*)(?:\*\*|`)?\s*$"
)
_KEYS = "id|plan|plan_id|plan-id|planid|task|task_id|task-id|ticket|key|phase"
_FIELD = rx.compile(
    rf"""^\s*(?:-\s+)?["']?(?P<name>{_KEYS})["']?\s*[:=]\s*["']?(?P<value>[A-Za-z0-9][\w.-]{{0,63}})""",
    rx.IGNORECASE,
)


def from_name(name: str, ids: dict[str, None], prefixes: dict[str, None]) -> None:
    """A plan file named after its id (``TM-10.md``, ``PLAN-0042-billing.md``)."""
    token = rx.match(rf"(?P<key>{KEY})(?![\w])", name)
    if token:
        _key(token.group("key"), ids, prefixes)


def collect(
    text: str,
    ids: dict[str, None],
    prefixes: dict[str, None],
    phases: dict[str, None],
    numbered: dict[str, None] | None = None,
) -> None:
    """Add what ``text`` defines to the ordered sets; ``numbered`` takes the bare
    numbers of phases that only headings name (``## Phase 1``)."""
    numbered = {} if numbered is None else numbered
    for line in text.splitlines():
        if len(line) > 2000 or not line.strip():
            continue
        field = _FIELD.match(line)
        if field:
            _field(field.group("name").lower(), field.group("value"), ids, prefixes, phases)
            continue
        heading = _HEADING.match(line)
        if heading:
            for token in _TOKEN.finditer(heading.group("rest")):
                label = token.group("label")
                if label and label.isdigit():
                    numbered[label] = None  # "Phase 1" names a part of a plan in prose
                else:
                    _token(token, ids, prefixes, phases)
            continue
        if line.lstrip().startswith("|"):
            # a table row: its first cell, and any cell that holds only an id
            cells = line.strip().strip("|").split("|")
            lead = _ANY_CASE.match(cells[0])
            key = lead.group("key") if lead else ""
            if key and not rx.fullmatch(KEY, key) and not public(key):
                ids[key] = None
            for cell in cells[1:]:
                whole = _CELL.match(cell)
                if whole:
                    _key(whole.group("key"), ids, prefixes)
        item = _ITEM.match(line)
        if item:
            for bracketed in _BRACKETED.finditer(item.group("rest")):
                _key(bracketed.group("key"), ids, prefixes)
        lead = item or _ROW.match(line) or _LINE.match(line)
        if lead:
            rest = lead.group("rest")
            first = _TOKEN.match(rest)
            # a key at the start of a plain line needs a separator after it (``TM-9:``);
            # a phase label there is always a definition (``Phase 9 was dropped``)
            if first and (
                lead.re is not _LINE
                or first.group("label")
                or _SEPARATOR.match(rest[first.end() :])
            ):
                _token(first, ids, prefixes, phases)


def _token(
    token: re.Match[str],
    ids: dict[str, None],
    prefixes: dict[str, None],
    phases: dict[str, None],
) -> None:
    key = token.group("key")
    if key:
        _key(key, ids, prefixes)
    else:
        phases[token.group("label")] = None


def _key(key: str, ids: dict[str, None], prefixes: dict[str, None]) -> None:
    if public(key):
        return
    ids[key] = None
    prefixes[key.split("-", 1)[0]] = None


def _field(
    name: str,
    value: str,
    ids: dict[str, None],
    prefixes: dict[str, None],
    phases: dict[str, None],
) -> None:
    value = value.rstrip(".-")
    if name == "phase":
        label = rx.fullmatch(rf"(?:{PHASE})|(?P<bare>\d{{1,2}}|[IVX]{{1,4}}|[A-Z])", value)
        if label:
            phases[label.group("label") or label.group("bare")] = None
        return
    if rx.fullmatch(KEY, value):
        _key(value, ids, prefixes)
    elif len(value) >= 3 and any(c.isdigit() for c in value) and not public(value):
        ids[value] = None
