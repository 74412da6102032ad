"""GitHub Copilot's hook configuration files and their shape
(reference/harness-contracts.md §2.6): any ``.github/hooks/*.json``,
``{"version": 1, "hooks": {event: [entry]}}``. camelCase events take flat entries
(``bash``/``powershell``/``command``/``exec``, ``timeoutSec`` in seconds); PascalCase
events are Claude-compatible mode and take Claude's nested groups.
"""

from __future__ import annotations

from caveat.harnesses import claude
from caveat.harnesses import copilot
from caveat.harnesses import hookshape

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.harnesses.hookshape import Issue
    from caveat.harnesses.hookshape import Issues

NAME = "GitHub Copilot"
FILES: tuple[tuple[str, str, str], ...] = (("copilot-hooks", "/.github/hooks", "*.json"),)
TIMEOUT_UNIT = "s"

_COMMAND_KEYS = ("bash", "powershell", "command", "exec")


def shape(value: object) -> Issues:
    hooks, issues = hookshape.versioned(value, NAME)
    known = copilot.HOOK_EVENTS
    for event, entries in hooks.items():
        at = f"hooks.{event}"
        if event not in known:
            problem = f'`{at}`: GitHub Copilot has no event "{event}"'
            problem += hookshape.suggest(event, known)
            issues.append((problem, "use Copilot's camelCase event names (or Claude's)"))
            continue
        if not isinstance(entries, list):
            problem = f"`{at}` is {hookshape.type_name(entries)}, not a list of hooks"
            issues.append((problem, f'"{event}": [{{"type": "command", "bash": "…"}}]'))
            continue
        for i, entry in enumerate(entries):
            where = f"{at}[{i}]"
            compat = copilot.COMPAT_HOOK_EVENTS
            if event in compat and isinstance(entry, dict) and "hooks" in entry:
                # PascalCase keys: Claude-compatible mode, Claude's nested groups.
                issues.extend(hookshape.nested({event: [entry]}, NAME, compat, claude.HOOK_TYPES))
                continue
            issue = hookshape.flat_issue(entry, where, NAME)
            if issue is None and isinstance(entry, dict):
                issue = _entry(entry, where, event)
            if issue:
                issues.append(issue)
    return issues


def _entry(entry: dict[str, object], at: str, event: str) -> Issue | None:
    kind = entry.get("type", "command")
    if kind not in copilot.HOOK_TYPES:
        problem = f'`{at}.type` is "{kind}"; GitHub Copilot runs command, http and prompt hooks'
        return (problem, 'use "type": "command"')
    if kind == "command" and not any(hookshape.nonempty(entry.get(k)) for k in _COMMAND_KEYS):
        problem = f'`{at}` is a command hook with none of "bash", "powershell", "command", "exec"'
        return (problem, 'add "bash": "<command>" (and "powershell" for Windows)')
    if kind == "http" and not hookshape.nonempty(entry.get("url")):
        return (f'`{at}` is an http hook without a "url"', 'add "url": "https://…"')
    if kind == "prompt" and event not in ("sessionStart", "SessionStart"):
        problem = f"`{at}` is a prompt hook on {event}; Copilot runs those only on sessionStart"
        return (problem, "use a command hook here")
    for key in ("timeoutSec", "timeout"):
        if key in entry and not hookshape.timeout_ok(entry[key]):
            got = f"{hookshape.type_name(entry[key])} {entry[key]!r}"
            return (f"`{at}.{key}` is {got}, not a positive number", f'"{key}": 30 (seconds)')
    return None
