"""Codex's hook configuration files and their shape (reference/harness-contracts.md
§2.2): ``hooks.json`` or ``[hooks]`` tables in ``config.toml`` under ``~/.codex`` (or
``$CODEX_HOME``) and a project's ``.codex/``, Claude-shaped; timeouts in seconds,
at least 1.
"""

from __future__ import annotations

from caveat.harnesses import codex
from caveat.harnesses import hookshape

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.harnesses.hookshape import Issues

NAME = "Codex"
FILES: tuple[tuple[str, str, str], ...] = (
    ("codex-hooks", "/.codex", "hooks.json"),
    ("codex-config", "/.codex", "config.toml"),
)
TIMEOUT_UNIT = "s"


def shape(value: object) -> Issues:
    hooks = hookshape.hooks_of(value)
    if hooks is None:
        return []
    return hookshape.nested(hooks, NAME, codex.HOOK_EVENTS, codex.HOOK_TYPES, min_timeout=1)
