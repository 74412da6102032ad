"""Is this text a plan? The signals of ``tables``, found in one pass.

Imported only after the pre-filter saw a plan-marker substring in a prose file. The
scan is line-based string work (no regular expressions) over the first
``SCAN_LIMIT`` characters: front matter at the top, then headings, tables, bold
fields and checklists outside fenced code blocks (a document that shows a plan in a
code block is not a plan); the strong phrases are then looked for in the whole text.
"""

from __future__ import annotations

from caveat.guards.plan import tables

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

_FRONT_MATTER_LINES = 200
SCAN_LIMIT = 256 * 1024
_SHOWN = 6


def _marker_text(marker: str) -> str:
    return marker.strip().lstrip("#").strip().rstrip(":").lower() or "\x00"


def _concept(marker: str) -> str:
    """One key for a marker however it is written: ``status:``, "## Status" and
    ``**Status:**`` are one signal, not three."""
    return marker.replace("_", " ").replace("-", " ").strip()


def _starts(text: str, marker: str) -> bool:
    """``text`` starts with ``marker`` up to a word boundary."""
    return text.startswith(marker) and (len(text) == len(marker) or not text[len(marker)].isalnum())


class _Signals:
    __slots__ = ("counter", "document", "found")

    def __init__(self) -> None:
        self.found: dict[str, tuple[str, int]] = {}  # key → (shown name, weight)
        self.counter = False  # an ADR, changelog or README heading was seen
        self.document = False  # the file is named like public documentation

    def add(self, key: str, name: str, weight: int) -> None:
        if key not in self.found:
            self.found[key] = (name, weight)

    def verdict(self) -> list[str]:
        weights = [w for _, w in self.found.values()]
        strong = sum(w for w in weights if w == tables.STRONG)
        weak = min(sum(w for w in weights if w != tables.STRONG), tables.WEAK_CAP)
        raised = tables.DOCUMENT_RAISE if self.document else 0
        threshold = tables.THRESHOLD + max(raised, tables.COUNTER_RAISE if self.counter else 0)
        if not strong or strong + weak < threshold:
            return []
        # Strong signals first: they are what makes the text a plan.
        ranked = sorted(self.found.values(), key=lambda item: -item[1])
        return [name for name, _ in ranked]


def _first_word(text: str) -> str:
    words = text.split(None, 1)
    return words[0].rstrip(":.,;()—–-") if words else ""


def _index(*groups: tuple[tuple[str, ...], int]) -> dict[str, list[tuple[str, int]]]:
    """Markers by their first word, strong ones first: one dict lookup per line
    instead of a loop over every marker."""
    index: dict[str, list[tuple[str, int]]] = {}
    for markers, weight in groups:
        for marker in markers:
            index.setdefault(_first_word(marker), []).append((marker, weight))
    return index


_HEADINGS = _index((tables.HEADINGS_STRONG, tables.STRONG), (tables.HEADINGS_WEAK, tables.WEAK))
_BOLD = _index((tables.BOLD_STRONG, tables.STRONG), (tables.BOLD_WEAK, tables.WEAK))


def _front_matter(lines: list[str], sig: _Signals, keys: frozenset[str]) -> int:
    """Record the plan keys of a leading ``---`` block; the index after it (0 if none)."""
    if not lines or lines[0].strip().lstrip("\ufeff") != "---":
        return 0
    for j in range(1, min(len(lines), _FRONT_MATTER_LINES)):
        line = lines[j]
        if line.strip() in ("---", "..."):
            for key in _keys(lines[1:j]):
                if key in tables.FRONT_MATTER_STRONG or key in keys:
                    sig.add(_concept(key), f"front-matter key {key}:", tables.STRONG)
                elif key in tables.FRONT_MATTER_WEAK:
                    sig.add(_concept(key), f"front-matter key {key}:", tables.WEAK)
            return j + 1
    return 0


def _keys(lines: list[str]) -> list[str]:
    out = []
    for line in lines:
        if not line or line[0] in " \t-#" or ":" not in line:
            continue
        out.append(line.split(":", 1)[0].strip().strip("\"'").lower())
    return out


def _heading(stripped: str) -> tuple[int, str, str] | None:
    """``(level, normalized text, text as written)`` of an ATX heading line."""
    level = len(stripped) - len(stripped.lstrip("#"))
    if level > 6 or (len(stripped) > level and stripped[level] not in " \t"):
        return None
    written = stripped[level:].strip().rstrip("#").strip()
    text = written.lower().lstrip("0123456789.) \t*_`").rstrip("*_` \t")
    return level, text, written


def _phase_token(text: str) -> str:
    """``"1"`` for "phase 1: setup", ``"b"`` for "phase b", "" when not a phase heading."""
    rest = text[len(tables.PHASE_HEADING) :].split(None, 1)
    token = rest[0].strip(":.-—–)") if rest else ""
    if token.isdigit() or (token[:-1].isdigit() and token[-1:].isalpha()):
        return token
    if len(token) == 1 and token.isalpha():
        return token
    return token if token and set(token) <= set("ivx") else ""


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:39] + "…"


def _on_heading(
    stripped: str, sig: _Signals, phases: set[str], state: list[bool], custom: list[str]
) -> None:
    parsed = _heading(stripped)
    if parsed is None:
        return
    level, text, written = parsed
    if level == 1 and not state[0]:
        state[0] = True
        words = text.replace(":", " ").split()
        if words and (words[0] in tables.TITLE_WORDS or words[-1] in tables.TITLE_WORDS):
            sig.add("title", f'title "{_short(written)}"', tables.STRONG)
            return
        if words and (words[0] in tables.TITLE_WORDS_WEAK or words[-1] in tables.TITLE_WORDS_WEAK):
            sig.add("title", f'title "{_short(written)}"', tables.WEAK)
            return
    for marker in custom:
        if _starts(text, marker):
            sig.add(_concept(marker), f'heading "{_short(written)}"', tables.STRONG)
            return
    candidates = _HEADINGS.get(_first_word(text), ())
    for marker, weight in candidates:
        if weight == tables.STRONG and _starts(text, marker):
            sig.add(_concept(marker), f'heading "{_short(written)}"', weight)
            return
    if text.startswith(tables.PHASE_HEADING):
        token = _phase_token(text)
        if token:
            phases.add(token)
            if len(phases) >= 2:
                sig.add("phases", "phase headings", tables.STRONG)
            return
    if level > 1 and text in tables.COUNTER_HEADINGS:
        sig.counter = True
        return
    for marker, weight in candidates:
        if _starts(text, marker):
            sig.add(_concept(marker), f'heading "{_short(written)}"', weight)
            return


def _cells(row: str) -> set[str]:
    return {c.strip().strip("*_`").strip().lower() for c in row.strip().strip("|").split("|")}


def _is_separator(row: str) -> bool:
    row = row.strip()
    return row.startswith("|") and "-" in row and not row.strip("|-: \t")


def _on_bold(item: str, sig: _Signals, what: str = "bold field") -> None:
    end = item.find("**", 2)
    if end < 0:
        return
    written = item[2:end].strip().rstrip(":").strip()
    field = written.lower()
    for marker, weight in _BOLD.get(_first_word(field), ()):
        if _starts(field, marker):
            sig.add(_concept(marker), f'{what} "{_short(written)}"', weight)
            return


def _list_body(stripped: str) -> str:
    """The text of a list item after its marker (``- ``, ``* ``, ``1. ``)."""
    if stripped[:2] in ("- ", "* ", "+ "):
        return stripped[2:].lstrip()
    digits = len(stripped) - len(stripped.lstrip("0123456789"))
    if digits and stripped[digits : digits + 2] in (". ", ") "):
        return stripped[digits + 2 :].lstrip()
    return stripped


def plan_signals(
    text: str, markers: Sequence[str] = (), plain: bool = False, document: bool = False
) -> list[str]:
    """The signals that make ``text`` plan-shaped (strong ones first), or [] when it
    is not. ``markers`` are extra strong markers (``[plans] markers``): ``key:`` is a
    front-matter key, ``# text`` a heading, anything else a phrase. ``plain``: the
    file is not Markdown (``tables.PLAIN_SUFFIXES``), so its headings may be plain
    lines (``plain``); ``document``: it is named like public documentation
    (``tables.DOCUMENT_STEMS``), which raises the threshold."""
    sig = _Signals()
    sig.document = document
    keys = frozenset(m.strip().rstrip(":").lower() for m in markers if _is_key(m))
    headings = [_marker_text(m) for m in markers if m.strip().startswith("#")]
    phrases = [
        m.strip().lower() for m in markers if not _is_key(m) and not m.strip().startswith("#")
    ]
    # Plans are small: line structure is read from the first SCAN_LIMIT characters
    # only; the strong phrases are looked for in the whole text.
    lines = text[:SCAN_LIMIT].splitlines()
    start = _front_matter(lines, sig, keys)
    fence = ""
    phases: set[str] = set()
    state = [False]  # title seen
    in_table = False
    seen: set[str] = set()  # headings already judged
    for i in range(start, len(lines)):
        stripped = lines[i].strip()
        if not stripped:
            in_table = False
            continue
        first = stripped[0]
        if first in "`~" and stripped.startswith(("```", "~~~")):
            if not fence:
                fence = stripped[:3]
            elif stripped.startswith(fence) and not stripped.strip(fence[0]):
                fence = ""
            continue
        if fence:
            continue
        if first == "#":
            if stripped not in seen:
                seen.add(stripped)
                _on_heading(stripped, sig, phases, state, headings)
        elif first == "|":
            if not in_table and i + 1 < len(lines) and _is_separator(lines[i + 1]):
                cells = _cells(stripped)
                if cells & tables.TABLE_ITEMS and cells & tables.TABLE_STATES:
                    sig.add("table", "phase/status table", tables.STRONG)
            in_table = True
            continue
        elif _on_plain(lines, i, sig, phases, state, headings, plain):
            pass
        else:
            if stripped.startswith(tables.CHECKBOXES):
                sig.add("checklist", "task checklist", tables.WEAK)
            body = _list_body(stripped)
            if body.startswith("**"):
                _on_bold(body, sig)
        in_table = False
    low = text.lower()
    for phrase in (*tables.PHRASES_STRONG, *phrases):
        if phrase and phrase in low:
            sig.add(_concept(phrase), f'"{_short(phrase)}"', tables.STRONG)
    return sig.verdict()


_ADORNMENTS = frozenset("=-~^*#+")


def _adornment(line: str) -> bool:
    """A reStructuredText or setext underline: one repeated punctuation character."""
    line = line.strip()
    return len(line) >= 3 and len(set(line)) == 1 and line[0] in _ADORNMENTS


def _on_plain(
    lines: list[str],
    i: int,
    sig: _Signals,
    phases: set[str],
    state: list[bool],
    custom: list[str],
    plain: bool,
) -> bool:
    """Headings and fields written without Markdown marks; True when line ``i`` was
    one. Headings are underlined lines, short lines ending with ":", short upper-case
    lines, "Phase N: …" lines and (``plain`` files only) ``* Org`` and ``== AsciiDoc``
    headings and the first line; fields are ``Next action: …`` lines. A plan may be
    written this way in a Markdown file too."""
    stripped = lines[i].strip()
    if _adornment(stripped) or len(stripped) > 120:
        return _adornment(stripped)
    marks = len(stripped) - len(stripped.lstrip("*=")) if plain and stripped[0] in "*=" else 0
    if marks and stripped[marks : marks + 1] == " ":
        _on_heading("#" * min(marks, 6) + stripped[marks:], sig, phases, state, custom)
        return True
    if _list_body(stripped) != stripped or stripped.startswith(("**", "__", "`", ">")):
        return False  # list items and bold fields are read as in Markdown
    underlined = i + 1 < len(lines) and _adornment(lines[i + 1])
    label, colon, value = stripped.partition(":")
    words = stripped.rstrip(":").split()
    letters = [c for c in stripped if c.isalpha()]
    first = not state[0]
    heading = (
        underlined
        or (stripped.endswith(":") and len(words) <= 6)
        or (len(letters) >= 3 and all(c.isupper() for c in letters) and len(words) <= 8)
        or stripped.lower().startswith(tables.PHASE_HEADING)
        or (plain and first and len(stripped) <= 80 and not stripped.endswith((".", ",")))
    )
    if heading:
        level = 1 if first else 2
        _on_heading("#" * level + " " + stripped.rstrip(":"), sig, phases, state, custom)
        state[0] = True
        # A section named like a field ("Next action:", "NEXT ACTION") is that field,
        # and in a plain-text file a bare "Phase:" section is the current phase.
        name = stripped.rstrip(":").strip()
        _on_bold("**" + name + "**", sig, "section")
        if plain and name.lower() == "phase":
            sig.add("current phase", f'section "{_short(name)}"', tables.STRONG)
        if not (colon and value.strip() and len(label.split()) <= 4):
            return True
    if colon and value.strip() and len(label.split()) <= 4:
        _on_bold("**" + label.strip() + "**", sig, "field")
        field = label.strip().lower()
        for marker, weight in _HEADINGS.get(_first_word(field), ()):
            if weight == tables.STRONG and _starts(field, marker):
                sig.add(_concept(marker), f'field "{_short(label.strip())}"', weight)
        return True
    return heading


def _is_key(marker: str) -> bool:
    m = marker.strip()
    return m.endswith(":") and " " not in m and not m.startswith("#")


def describe(signals: list[str]) -> str:
    """The signals as one short line for the advisory."""
    shown = signals[:_SHOWN]
    more = len(signals) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more else "")
