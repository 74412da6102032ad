"""The installs caveat recorded (which harness files, which projects), and the note
for harnesses that also run Claude Code's hooks when caveat is registered for both."""

from __future__ import annotations

import os

from caveat.harnesses import HARNESSES
from caveat.install import skills_state
from caveat.install.records import read_records
from caveat.install.report import verify
from caveat.install.resolve import harness

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping


def recorded(env: Mapping[str, str]) -> list[tuple[str, str]]:
    """(harness, file) pairs of the harness files caveat installed into."""
    out = []
    for path, record in sorted(read_records(env).items()):
        if not isinstance(record, dict) or skills_state.KEY in record:
            continue
        if record.get("harness") in HARNESSES:
            out.append((str(record["harness"]), path))
    return out


def projects(name: str, env: Mapping[str, str]) -> list[str]:
    """The project folders caveat recorded an install of ``name`` in."""
    spec = harness(name)
    user = os.path.abspath(spec.path(env, None))
    found = []
    for harness_id, path in recorded(env):
        if harness_id != spec.id or os.path.abspath(path) == user:
            continue
        folder = spec.project_of(path)
        if folder is not None and folder not in found:
            found.append(folder)
    return found


def _registered(name: str, env: Mapping[str, str], scopes: list[str | None]) -> list[str]:
    """The files, of those scopes, that hold caveat's registrations for ``name``."""
    found = []
    for where in scopes:
        result = verify(name, env, where)
        if result.status in ("installed", "drifted"):
            found.append(result.path)
    return found


def overlaps(name: str, env: Mapping[str, str], project: str | None = None) -> list[str]:
    """Notes for a harness that also runs the hooks in Claude Code's settings (Cursor,
    Devin Local) when caveat is registered for both it and Claude Code, in the user's
    files or this project's (SPEC §8): each names the vendor's switch that turns that
    import off."""
    spec = harness(name)
    if spec.id == "claude":
        others = [h for h in map(harness, HARNESSES) if h.reads_claude]
    elif spec.reads_claude:
        others = [spec]
    else:
        return []
    scopes: list[str | None] = [None] if project is None else [None, project]
    claude = _registered("claude", env, scopes)
    if not claude:
        return []
    return [
        f"{other.reads_claude} (caveat is registered for Claude Code in {', '.join(claude)})"
        for other in others
        if _registered(other.id, env, scopes)
    ]
