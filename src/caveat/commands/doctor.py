"""``caveat doctor [--project DIR] [--json]``: is this machine and project set up so
that the hook can do its job? Interpreter, state folder, configuration, message files
and custom rules. Which projects' policy is trusted. Which harnesses have caveat
registered, and whether any registration drifted. Whether a Claude Code setting or
mode keeps every hook from running (:mod:`caveat.commands.hookgate`).

The checks live in ``doctor_machine``, ``doctor_calls``, ``doctor_project`` and
``doctor_harnesses``; this module runs them and prints one verdict per area.
Exit 0 when nothing needs attention, 1 otherwise.
"""

from __future__ import annotations

import json
import os

from caveat.commands import doctor_calls
from caveat.commands import doctor_harnesses
from caveat.commands import doctor_machine
from caveat.commands import doctor_project
from caveat.common.gitctx import git_root
from caveat.common.term import field
from caveat.common.term import out

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

# (area, problem or "", detail)
Row = tuple[str, str, str]


def _lines(rows: list[Row]) -> list[tuple[str, str, str]]:
    """(area, mark, text) to print: one verdict per area, its worst. An area with a
    problem shows its problems, each marked ✗, and none of its passing details (the
    JSON report keeps them); a passing area shows its details under one ✓. The
    area is named on its first line only."""
    lines = []
    for area in dict.fromkeys(row[0] for row in rows):
        mine = [row for row in rows if row[0] == area]
        problems = [problem for _, problem, _ in mine if problem]
        if problems:
            shown = [("✗", problem) for problem in problems]
        else:
            shown = [("✓" if i == 0 else " ", detail) for i, (_, _, detail) in enumerate(mine)]
        for i, (mark, text) in enumerate(shown):
            lines.append((area if i == 0 else "", mark, text))
    return lines


def run(project: str | None = None, as_json: bool = False) -> int:
    from caveat.commands.readonly import scratch_state

    with scratch_state(os.environ) as env:  # looking changes nothing: caches go to a copy
        return _run(env, project, as_json)


def _run(env: Mapping[str, str], project: str | None, as_json: bool) -> int:
    root = git_root(os.path.abspath(project or os.getcwd()))
    rows = (
        doctor_machine.interpreter()
        + doctor_machine.state_folder(os.environ)
        + doctor_machine.aside(os.environ)
        + doctor_calls.launches(os.environ)
        + doctor_calls.unusable(os.environ)
    )
    rows += doctor_project.config(env, root) + doctor_project.message_files(root)
    rows += doctor_project.rules(env, root) + doctor_project.trust_policy(env, root)
    harnesses = doctor_harnesses.harnesses(env, root)
    rows += harnesses + doctor_harnesses.claude_gate(harnesses, root)
    bad = [row for row in rows if row[1]]
    if as_json:
        report = [{"area": a, "ok": not p, "problem": p or None, "detail": d} for a, p, d in rows]
        out(json.dumps({"ok": not bad, "project": root, "checks": report}, indent=2))
    else:
        # A row quotes paths, config values and rule errors from the project: each is
        # one line, so the whole of it is a field.
        out(f"project    {field(root or '(not inside a git repository)')}")
        for area, mark, text in _lines(rows):
            out(f"{area:10} {mark} {field(text)}")
        if bad:
            out(f"\n{len(bad)} thing(s) need attention.")
    return 1 if bad else 0
