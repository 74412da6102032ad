"""Gemini CLI's hook configuration file and its shape (reference/harness-contracts.md
§2.3): ``hooks`` in ``.gemini/settings.json``, Claude-shaped matcher groups with an
optional ``sequential`` flag; timeouts in milliseconds.
"""

from __future__ import annotations

from caveat.harnesses import gemini
from caveat.harnesses import hookshape

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.harnesses.hookshape import Issues

NAME = "Gemini CLI"
FILES: tuple[tuple[str, str, str], ...] = (("gemini-settings", "/.gemini", "settings.json"),)
TIMEOUT_UNIT = "ms"


def shape(value: object) -> Issues:
    hooks = hookshape.hooks_of(value)
    if hooks is None:
        return []
    issues = hookshape.nested(hooks, NAME, gemini.HOOK_EVENTS, gemini.HOOK_TYPES)
    for event, groups in hooks.items() if isinstance(hooks, dict) else ():
        for i, group in enumerate(groups if isinstance(groups, list) else ()):
            sequential = group.get("sequential") if isinstance(group, dict) else None
            if sequential is not None and not isinstance(sequential, bool):
                got = hookshape.type_name(sequential)
                problem = f"`hooks.{event}[{i}].sequential` is {got}, not true/false"
                issues.append((problem, '"sequential": false'))
    return issues
