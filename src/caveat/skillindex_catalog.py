"""A skills catalog read into index entries.

A catalog is a folder holding skills and slash commands:

- a skill is ``<catalog>/<name>/SKILL.md`` or ``<catalog>/<group>/<name>/SKILL.md``;
  its front matter gives ``name`` (else the folder's name) and ``description``;
- a slash command is ``<catalog>/commands/<name>.md`` (``<catalog>/commands/<sub>/…``
  too); its front matter ``description`` is optional.

Task group: the ``group:`` front-matter key, else ``category:``, else the top folder
under the catalog for a nested skill (``<catalog>/<group>/<name>/SKILL.md``), else
``general`` for a flat skill and ``commands`` for a command.

Manual entries — a skill whose front matter says ``disable-model-invocation: true``
(Claude Code's key) or ``manual: true``, and every slash command — are shown as the
user types them (``skillindex_lines.shown``). Front matter is read with the conformity
guard's small YAML reader (no PyYAML).
"""

from __future__ import annotations

import os
from typing import NamedTuple

TRUE = frozenset({"true", "yes", "on"})


class Entry(NamedTuple):
    name: str
    description: str
    group: str
    manual: bool
    path: str


def one_line(value: object) -> str:
    return " ".join(value.split()) if isinstance(value, str) else ""


def front_matter(path: str) -> tuple[dict[str, object], list[str]]:
    from caveat.common.files import open_strict
    from caveat.common.files import read_fd
    from caveat.common.frontmatter import read
    from caveat.common.frontmatter import split

    try:
        fd, _ = open_strict(path)  # a skill file is the repository's: never a FIFO's wait
        try:
            source = read_fd(fd, 1 << 20).decode("utf-8")
        finally:
            os.close(fd)
    except (OSError, UnicodeDecodeError) as exc:
        return {}, [f"{path}: cannot be read: {exc}"]
    lines, status = split(source)
    if lines is None:
        return {}, [] if status == "none" else [f"{path}: front matter has no closing ---"]
    data, errors = read(lines)
    return data, [f"{path}:{line}: {message}" for line, message in errors]


def group_of(data: dict[str, object], fallback: str) -> str:
    return one_line(data.get("group")) or one_line(data.get("category")) or fallback


def walk(folder: str, depth: int) -> list[str]:
    """Sub-folders of ``folder`` down to ``depth`` levels, sorted, hidden ones skipped."""
    found: list[str] = []
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return found
    for name in names:
        path = os.path.join(folder, name)
        if name.startswith(".") or not os.path.isdir(path):
            continue
        found.append(path)
        if depth > 1:
            found.extend(walk(path, depth - 1))
    return found
