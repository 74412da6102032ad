"""The skill index: one short line per task group, injected at SessionStart.

The catalog is read by ``skillindex_catalog``, each line is made by
``skillindex_lines``. The index never exceeds ``LIMIT`` characters (the whole file).
Trimming is deterministic, in this order, until it fits:

1. drop the descriptions of one group at a time, the longest line first (ties by group
   name);
2. drop entries from the end of the longest line (ties by group name), replacing them
   with ``+N more``; a group keeps at least its first entry;
3. drop whole groups from the end, noting ``+N more groups``;
4. cut the text at the limit (only reachable with absurdly long names).

Groups are sorted by name, entries by what is shown.
"""

from __future__ import annotations

import os

from caveat.skillindex_catalog import TRUE
from caveat.skillindex_catalog import Entry
from caveat.skillindex_catalog import front_matter
from caveat.skillindex_catalog import group_of
from caveat.skillindex_catalog import one_line
from caveat.skillindex_catalog import walk
from caveat.skillindex_lines import HEADER
from caveat.skillindex_lines import Line
from caveat.skillindex_lines import compose
from caveat.skillindex_lines import short
from caveat.skillindex_lines import shown

LIMIT = 1600


def load(catalogs: list[str]) -> tuple[list[Entry], list[str]]:
    """The entries of every catalog, and the problems met (skipped or partial entries)."""
    entries: list[Entry] = []
    problems: list[str] = []
    for catalog in catalogs:
        if not os.path.isdir(catalog):
            problems.append(f"{catalog}: not a folder")
            continue
        for folder in walk(catalog, 2):
            rel = os.path.relpath(folder, catalog).split(os.sep)
            skill = os.path.join(folder, "SKILL.md")
            if rel[0] == "commands" or not os.path.isfile(skill):
                continue
            data, errors = front_matter(skill)
            problems.extend(errors)
            name = one_line(data.get("name")) or rel[-1]
            description = one_line(data.get("description"))
            if not description:
                problems.append(f"{skill}: no description in the front matter")
            manual = any(
                one_line(data.get(key)).lower() in TRUE
                for key in ("disable-model-invocation", "manual")
            )
            fallback = rel[0] if len(rel) > 1 else "general"
            entries.append(Entry(name, description, group_of(data, fallback), manual, skill))
        commands = os.path.join(catalog, "commands")
        for folder in [commands, *walk(commands, 1)]:
            try:
                names = sorted(os.listdir(folder))
            except OSError:
                continue
            for filename in names:
                path = os.path.join(folder, filename)
                if not filename.endswith(".md") or not os.path.isfile(path):
                    continue
                data, errors = front_matter(path)
                problems.extend(errors)
                entries.append(
                    Entry(
                        filename[:-3],
                        one_line(data.get("description")),
                        group_of(data, "commands"),
                        True,
                        path,
                    )
                )
    return entries, problems


def render(entries: list[Entry], plugin: str | None = None, limit: int = LIMIT) -> str:
    """The index text (the whole file), at most ``limit`` characters."""
    grouped: dict[str, list[tuple[str, str]]] = {}
    for entry in entries:
        grouped.setdefault(entry.group, []).append((shown(entry, plugin), short(entry.description)))
    lines = [Line(group, sorted(set(items))) for group, items in sorted(grouped.items())]
    if not lines:
        return HEADER + "- (no skills in the catalog)\n"
    text = compose(lines, 0)

    def longest(candidates: list[Line]) -> Line:
        return min(candidates, key=lambda line: (-len(line.text()), line.group))

    while len(text) > limit:  # 1. descriptions, longest line first
        described = [line for line in lines if line.described]
        if not described:
            break
        longest(described).described = False
        text = compose(lines, 0)
    while len(text) > limit:  # 2. entries from the end of the longest line
        cuttable = [line for line in lines if line.kept > 1]
        if not cuttable:
            break
        longest(cuttable).kept -= 1
        text = compose(lines, 0)
    dropped = 0
    while len(text) > limit and len(lines) > 1:  # 3. whole groups from the end
        lines.pop()
        dropped += 1
        text = compose(lines, dropped)
    if len(text) > limit:  # 4. only with absurdly long names
        text = text[: limit - 2].rstrip() + "…\n"
    return text


def generate(catalogs: list[str], plugin: str | None = None) -> tuple[str, list[str]]:
    entries, problems = load(catalogs)
    return render(entries, plugin), problems
