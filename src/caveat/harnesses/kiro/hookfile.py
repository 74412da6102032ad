"""Kiro's hook configuration files and their shape (reference/harness-contracts.md
§2.7): any ``.kiro/hooks/*.json``, ``{"version": "v1", "hooks": [{"name", "trigger",
"action": {"type": "command"|"agent", …}}]}``. Timeouts are not judged (their unit is
unconfirmed).
"""

from __future__ import annotations

from caveat.harnesses import hookshape
from caveat.harnesses import kiro

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.harnesses.hookshape import Issue
    from caveat.harnesses.hookshape import Issues

NAME = "Kiro"
FILES: tuple[tuple[str, str, str], ...] = (("kiro-hooks", "/.kiro/hooks", "*.json"),)
TIMEOUT_UNIT = ""

HOOK = '{"name": "…", "trigger": "PreToolUse", "action": ' + hookshape.HANDLER + "}"


def _hook(hook: object, at: str) -> Issue | None:
    if not isinstance(hook, dict):
        return (f"`{at}` is {hookshape.type_name(hook)}, not a hook object", HOOK)
    trigger = hook.get("trigger")
    if trigger not in kiro.HOOK_EVENTS:
        got = "missing" if trigger is None else f'"{trigger}"'
        hint = hookshape.suggest(str(trigger), kiro.HOOK_EVENTS)
        return (f"`{at}.trigger` is {got}, not a Kiro trigger{hint}", '"trigger": "PreToolUse"')
    action = hook.get("action")
    if not isinstance(action, dict):
        got = "missing" if action is None else hookshape.type_name(action)
        return (f"`{at}.action` is {got}, not an action object", f'"action": {hookshape.HANDLER}')
    kind = action.get("type")
    if kind not in kiro.HOOK_TYPES:
        return (f'`{at}.action.type` is {kind!r}, not "command" or "agent"', '"type": "command"')
    if kind == "command" and not hookshape.nonempty(action.get("command")):
        return (f'`{at}.action` is a command action without a "command"', 'add "command": "…"')
    if kind == "agent" and not hookshape.nonempty(action.get("prompt")):
        return (f'`{at}.action` is an agent action without a "prompt"', 'add "prompt": "…"')
    return None


def shape(value: object) -> Issues:
    if not isinstance(value, dict):
        return []
    issues: Issues = []
    if "version" in value and value["version"] != "v1":
        problem = f'`version` is {value["version"]!r}; Kiro hook files use "version": "v1"'
        issues.append((problem, 'set "version": "v1"'))
    hooks = value.get("hooks")
    if not isinstance(hooks, list):
        got = "missing" if hooks is None else hookshape.type_name(hooks)
        problem = f"`hooks` is {got}, not a list of hooks"
        issues.append((problem, '{"version": "v1", "hooks": [' + HOOK + "]}"))
        return issues
    for i, hook in enumerate(hooks):
        issue = _hook(hook, f"hooks[{i}]")
        if issue:
            issues.append(issue)
    return issues
