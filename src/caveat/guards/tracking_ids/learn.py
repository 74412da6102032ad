"""The project's own planning vocabulary, learned from its plans folder.

A plan file *defines* an id where it names a thing, not where it mentions one:

- its file name (``TM-10.md``, ``PLAN-0042-billing.md``);
- a heading (``## TM-10: retry on 503``, ``### Phase B — billing``);
- the start of a list item or checklist entry (``- [ ] TM-11 …``, ``1. **T-3** …``),
  or an id in brackets in it (``- [ ] partial refunds (TM-14)``);
- the first cell of a table row (``| TM-12 | todo |``; there an id in any case form,
  ``| Phase-A1 | … |``, learned exactly as written), or a cell that holds only an
  id (``| retry | TM-15 | done |``);
- the start of a line followed by ``:`` or a dash (``TM-13: …``);
- a key that names an id (``id: PLAN-0042``, ``task: T-7``, ``phase: C`` in front
  matter, YAML, TOML or JSON).

Ids are upper-case keys with a number (``TM-10``, ``PLAT-1234``, ``M2-3``), phase
labels (``Phase B``, ``Phase 2``, ``Phase IV``) and, from id keys only, any token
with a digit (``plan7``, ``2026-q3-billing``). A bare number that only a heading
gives a phase (``## Phase 1``) is ``numbered``: "Phase 1" is also plain English
("# Phase 1 of the algorithm"), so it counts only where code uses it as a name
(``PHASE_1``, ``phase_1``) or as a whole string (``"Phase 1"``), never in a sentence.
Each key prefix defined is learned as a whole (``TM`` → ``TM-<n>``): a plan that
numbers its tasks ``TM-1`` … ``TM-12`` owns ``TM-13`` too. Public references
(``rules.PUBLIC_PREFIXES``: ``GH-47701``, ``CVE-…``, ``GPT-4``, ``ORA-00942`` …) are
never learned, wherever they appear.

What is learned is cached in the state folder, keyed by the plans folder's path and
the name, size and modification time of everything in it (``stamp``): a hook call
whose plans folder did not change lists the folder and reads one small cache file.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

CACHE_FILE = "tracking-ids.json"
_CACHE_VERSION = 2
_MAX_CACHED = 64  # plans folders remembered; beyond that the cache starts over

# What is read: prose and data files, at most this deep, many and large.
PLAN_SUFFIXES = (
    ".md", ".markdown", ".mdx", ".txt", ".rst", ".org", ".adoc",
    ".yaml", ".yml", ".toml", ".json",
)  # fmt: skip
MAX_DEPTH = 3
MAX_FILES = 300
MAX_FILE_BYTES = 256 * 1024
MAX_TOTAL_BYTES = 4 * 1024 * 1024
MAX_TERMS = 2000
_KEYS = ("ids", "prefixes", "phases", "numbered")


class Vocabulary:
    """Exact ids, key prefixes (``TM`` for ``TM-<n>``), phase labels (``B`` for
    ``Phase B``) and numbered phases from headings only (``1`` for ``## Phase 1``)
    that the plans folder defines."""

    __slots__ = ("ids", "numbered", "phases", "prefixes")

    def __init__(
        self,
        ids: list[str],
        prefixes: list[str],
        phases: list[str],
        numbered: list[str] | None = None,
    ) -> None:
        self.ids = tuple(ids)
        self.prefixes = tuple(prefixes)
        self.phases = tuple(phases)
        self.numbered = tuple(numbered or ())

    def __bool__(self) -> bool:
        return bool(self.ids or self.prefixes or self.phases or self.numbered)

    def may_occur(self, text: str) -> bool:
        """False only when none of the vocabulary can occur in ``text`` (substring
        tests; no regular expression)."""
        if self.phases and ("Phase" in text or "PHASE" in text):
            return True
        if self.numbered and ("Phase" in text or "PHASE" in text or "phase" in text):
            return True
        return any(p + "-" in text for p in self.prefixes) or any(i in text for i in self.ids)


def stamp(folder: str) -> str | None:
    """Name, size and modification time of the folder and everything in it (to
    ``MAX_DEPTH``); None when it is not a folder."""
    try:
        info = os.stat(folder)
    except (OSError, ValueError):
        return None
    if (info.st_mode & 0o170000) != 0o040000:
        return None
    parts = [f".:{info.st_mtime_ns}"]
    _stamp_into(folder, "", 0, parts)
    return "\n".join(parts)


def _stamp_into(folder: str, rel: str, depth: int, parts: list[str]) -> None:
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return
    for entry in entries:
        if len(parts) > MAX_FILES:
            return
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        name = rel + entry.name
        parts.append(f"{name}:{info.st_size}:{info.st_mtime_ns}")
        if entry.is_dir(follow_symlinks=False) and depth < MAX_DEPTH:
            _stamp_into(entry.path, name + "/", depth + 1, parts)


def plan_files(folder: str) -> list[str]:
    """Readable plan files under ``folder`` (sorted, bounded, no symlinks)."""
    found: list[str] = []

    def visit(path: str, depth: int) -> None:
        try:
            entries = sorted(os.scandir(path), key=lambda e: e.name)
        except OSError:
            return
        for entry in entries:
            if len(found) >= MAX_FILES:
                return
            if entry.is_dir(follow_symlinks=False):
                if depth < MAX_DEPTH:
                    visit(entry.path, depth + 1)
            elif entry.name.lower().endswith(PLAN_SUFFIXES) and entry.is_file(
                follow_symlinks=False
            ):
                found.append(entry.path)

    visit(folder, 0)
    return found


def vocabulary(env: Mapping[str, str], folder: str) -> Vocabulary:
    """What the plans folder at ``folder`` defines (empty when it is not a folder)."""
    current = stamp(folder)
    if current is None:
        return Vocabulary([], [], [])
    from caveat.common import state

    cache = state.JsonCache(env, CACHE_FILE, _CACHE_VERSION)
    entry = cache.get(folder)
    if isinstance(entry, dict) and entry.get("stamp") == current:
        lists = [entry.get(k) for k in _KEYS]
        if all(isinstance(v, list) and all(isinstance(s, str) for s in v) for v in lists):
            return Vocabulary(*lists)  # type: ignore[arg-type]
    learned = read_folder(folder)
    if len(cache.entries()) >= _MAX_CACHED:
        cache.entries().clear()
    cache.put(
        folder,
        {
            "stamp": current,
            "ids": list(learned.ids),
            "prefixes": list(learned.prefixes),
            "phases": list(learned.phases),
            "numbered": list(learned.numbered),
        },
    )
    cache.save()
    return learned


def read_folder(folder: str) -> Vocabulary:
    from caveat.common.files import read_text
    from caveat.guards.tracking_ids import defs

    ids: dict[str, None] = {}
    prefixes: dict[str, None] = {}
    phases: dict[str, None] = {}
    numbered: dict[str, None] = {}
    total = 0
    for path in plan_files(folder):
        text = read_text(path, MAX_FILE_BYTES)
        if text is None:
            continue
        total += len(text)
        if total > MAX_TOTAL_BYTES:
            break
        defs.from_name(os.path.basename(path), ids, prefixes)
        defs.collect(text, ids, prefixes, phases, numbered)
        if len(ids) + len(prefixes) + len(phases) > MAX_TERMS:
            break
    # an exact id that a learned prefix covers needs no term of its own
    exact = [i for i in ids if i.split("-", 1)[0] not in prefixes or not _numbered(i)]
    # a number a list, table or key defines as a phase counts everywhere
    return Vocabulary(exact, list(prefixes), list(phases), [n for n in numbered if n not in phases])


def _numbered(value: str) -> bool:
    tail = value.split("-", 1)[1] if "-" in value else ""
    return bool(tail) and tail.replace(".", "").isdigit()
