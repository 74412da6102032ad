"""Cursor's hook configuration file and its shape (reference/harness-contracts.md
§2.5): ``.cursor/hooks.json``, ``{"version": 1, "hooks": {event: [{"command": …}]}}``
with camelCase events. An unknown event can fail the whole file. Timeouts are not
judged: sources disagree on their unit.
"""

from __future__ import annotations

from caveat.harnesses import cursor
from caveat.harnesses import hookshape

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.harnesses.hookshape import Issues

NAME = "Cursor"
FILES: tuple[tuple[str, str, str], ...] = (("cursor-hooks", "/.cursor", "hooks.json"),)
TIMEOUT_UNIT = ""


def shape(value: object) -> Issues:
    hooks, issues = hookshape.versioned(value, NAME)
    known = cursor.HOOK_EVENTS
    for event, entries in hooks.items():
        at = f"hooks.{event}"
        if event not in known:
            hint = hookshape.suggest(event, known)
            problem = f'`{at}`: Cursor has no event "{event}"{hint}; it can fail the whole file'
            issues.append((problem, "use Cursor's camelCase event names"))
            continue
        if not isinstance(entries, list):
            problem = f"`{at}` is {hookshape.type_name(entries)}, not a list of hooks"
            issues.append((problem, f'"{event}": [{{"command": "…"}}]'))
            continue
        for i, entry in enumerate(entries):
            where = f"{at}[{i}]"
            issue = hookshape.flat_issue(entry, where, NAME)
            if (
                issue is None
                and isinstance(entry, dict)
                and not hookshape.nonempty(entry.get("command"))
            ):
                issue = (f'`{where}` has no "command" string', 'add "command": "<program>"')
            if issue:
                issues.append(issue)
    return issues
