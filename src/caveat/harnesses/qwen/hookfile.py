"""Qwen Code's hook configuration file and its shape (reference/harness-contracts.md
§2.4): ``hooks`` in ``.qwen/settings.json``, Claude-shaped; command-hook timeouts in
milliseconds.
"""

from __future__ import annotations

from caveat.harnesses import hookshape
from caveat.harnesses import qwen

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.harnesses.hookshape import Issues

NAME = "Qwen Code"
FILES: tuple[tuple[str, str, str], ...] = (("qwen-settings", "/.qwen", "settings.json"),)
TIMEOUT_UNIT = "ms"


def shape(value: object) -> Issues:
    hooks = hookshape.hooks_of(value)
    if hooks is None:
        return []
    return hookshape.nested(hooks, NAME, qwen.HOOK_EVENTS, qwen.HOOK_TYPES)
