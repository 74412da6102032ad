"""Claude Code's hook configuration files and their shape (reference/harness-contracts.md
§2.1): ``hooks`` in ``.claude/settings(.local).json``, and a plugin's
``hooks/hooks.json``, as matcher groups of typed handlers; timeouts in seconds.
"""

from __future__ import annotations

from caveat.harnesses import claude
from caveat.harnesses import hookshape

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.harnesses.hookshape import Issues

NAME = "Claude Code"
FILES: tuple[tuple[str, str, str], ...] = (
    ("claude-settings", "/.claude", "settings.json"),
    ("claude-settings", "/.claude", "settings.local.json"),
    # A plugin's hooks file (inside ~/.claude/plugins, a project's .claude, or a
    # folder named in CAVEAT_CONFORMITY_SCOPE).
    ("claude-settings", "/hooks", "hooks.json"),
)
TIMEOUT_UNIT = "s"


def shape(value: object) -> Issues:
    hooks = hookshape.hooks_of(value)
    if hooks is None:
        return []
    return hookshape.nested(hooks, NAME, claude.HOOK_EVENTS, claude.HOOK_TYPES)
