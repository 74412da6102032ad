"""The harnesses caveat serves: one package per harness, named by its id.

``caveat.harnesses.<id>`` is the harness's contract (what the hook reads and
writes, :mod:`caveat.harnesses.contract`); ``caveat.harnesses.<id>.install`` is its
installer (:mod:`caveat.install`). Only the contract a hook names is imported;
``tests/harnesses/test_contracts.py`` checks every entry against ``Contract``.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.harnesses.contract import Contract

HARNESSES = ("claude", "codex", "gemini", "qwen", "codebuddy", "copilot", "cursor", "kiro", "devin")

DEFAULT = "claude"


def load(harness_id: str) -> Contract | None:
    """The contract module of ``harness_id``, or None for an unknown id."""
    if harness_id not in HARNESSES:
        return None
    package = f"caveat.harnesses.{harness_id}"
    try:
        # Not ``fromlist``: on a package it would look for that name as a submodule.
        __import__(package)
    except ImportError as exc:  # a broken install must not break the turn
        from caveat.common.log import log

        log(f"contract {harness_id!r} could not be loaded: {exc}")
        return None
    loaded: Contract = sys.modules[package]
    return loaded
