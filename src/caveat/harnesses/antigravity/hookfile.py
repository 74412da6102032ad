"""Antigravity CLI's hook configuration files and their shape (see
:mod:`caveat.harnesses.antigravity`): ``hooks.json`` in ``~/.gemini/config``, a
workspace's ``.agents`` or ``.antigravitycli``; an object of named hooks, each an
optional ``enabled`` flag and its events' Claude-shaped matcher groups. Timeouts in
seconds.
"""

from __future__ import annotations

from caveat.harnesses import antigravity
from caveat.harnesses import hookshape

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.harnesses.hookshape import Issues

NAME = "Antigravity CLI"
FILES: tuple[tuple[str, str, str], ...] = (
    ("agy-hooks", "/.agents", "hooks.json"),
    ("agy-hooks", "/.antigravitycli", "hooks.json"),
    ("agy-hooks", "/.gemini/config", "hooks.json"),
)
TIMEOUT_UNIT = "s"


def shape(value: object) -> Issues:
    if not isinstance(value, dict):
        return []  # does not parse, or not an object: the parse check says so
    issues: Issues = []
    for name, hook in value.items():
        if not isinstance(hook, dict):
            got = hookshape.type_name(hook)
            problem = f"`{name}` is {got}, not a hook (an object of events)"
            issues.append((problem, f'"{name}": {{"PreToolUse": [...]}}'))
            continue
        enabled = hook.get("enabled")
        if enabled is not None and not isinstance(enabled, bool):
            problem = f"`{name}.enabled` is {hookshape.type_name(enabled)}, not true/false"
            issues.append((problem, '"enabled": false'))
        for event, groups in hook.items():
            if event == "enabled":
                continue
            issues.extend(_event(f"{name}.{event}", event, groups))
    return issues


def _event(at: str, event: str, groups: object) -> Issues:
    if event not in antigravity.HOOK_EVENTS:
        hint = hookshape.suggest(event, antigravity.HOOK_EVENTS)
        return [(f'`{at}`: {NAME} has no event "{event}"{hint}', "use PreToolUse or PostToolUse")]
    if not isinstance(groups, list):
        problem = f"`{at}` is {hookshape.type_name(groups)}, not a list"
        return [(problem, f'"{event}": [{hookshape.GROUP}]')]
    if event not in antigravity.EVENTS:
        return []  # the loop events take handlers directly; agy does not run them
    issues: Issues = []
    for i, group in enumerate(groups):
        where = f"{at}[{i}]"
        issue = hookshape.group_issue(group, where)
        if issue:
            issues.append(issue)
            continue
        handlers = group.get("hooks") if isinstance(group, dict) else None
        for j, handler in enumerate(handlers or []):
            # ``type`` is optional in the documented examples; ``command`` is not.
            if not isinstance(handler, dict) or not hookshape.nonempty(handler.get("command")):
                fix = 'add "command": "<program and arguments>"'
                issues.append((f'`{where}.hooks[{j}]` has no "command" string', fix))
    return issues
