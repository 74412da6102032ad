"""The harnesses caveat serves: one package per harness, named by its id.

``caveat.harnesses.<id>`` is the harness's contract (what the hook reads and
writes, :mod:`caveat.harnesses.contract`); ``caveat.harnesses.<id>.install`` is its
installer (:mod:`caveat.install`); ``caveat.harnesses.<id>.hookfile``, for a harness
whose configuration the conformity guard judges, is its hook files' kinds and shape.
Only the modules a hook needs are imported; ``tests/harnesses/test_typed.py`` checks
every entry against ``Contract`` and ``HookFile``.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from types import ModuleType

    from caveat.harnesses.contract import Contract
    from caveat.harnesses.contract import HookFile

# Harness id → the folder segments its configuration lives under. The conformity
# guard tests every written path against them, so they stay plain data here; a harness
# with segments has a ``hookfile`` module, one without has none.
HARNESSES: Mapping[str, tuple[str, ...]] = {
    "claude": ("/.claude/",),
    "codex": ("/.codex/",),
    "gemini": ("/.gemini/",),
    "qwen": ("/.qwen/",),
    "codebuddy": (),
    "copilot": ("/.github/hooks/",),
    "cursor": ("/.cursor/",),
    "kiro": ("/.kiro/",),
    "devin": (),
    # ~/.gemini/config/hooks.json is under Gemini CLI's "/.gemini/" already.
    "antigravity": ("/.agents/", "/.antigravitycli/"),
}

DEFAULT = "claude"


def _module(name: str, what: str) -> ModuleType | None:
    try:
        # Not ``fromlist``: on a package it would look for that name as a submodule.
        __import__(name)
    except ImportError as exc:  # a broken install must not break the turn
        from caveat.common.log import log

        log(f"{what} could not be loaded: {exc}")
        return None
    return sys.modules[name]


def load(harness_id: str) -> Contract | None:
    """The contract module of ``harness_id``, or None for an unknown id."""
    if harness_id not in HARNESSES:
        return None
    loaded: Contract | None = _module(f"caveat.harnesses.{harness_id}", f"contract {harness_id!r}")
    return loaded


def hookfile(harness_id: str) -> HookFile | None:
    """The ``hookfile`` module of ``harness_id``, or None when it has none."""
    if not HARNESSES.get(harness_id):
        return None
    name = f"caveat.harnesses.{harness_id}.hookfile"
    loaded: HookFile | None = _module(name, f"hook-file checks of {harness_id!r}")
    return loaded
