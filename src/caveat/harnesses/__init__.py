"""The harnesses caveat serves: one package per harness, named by its id.

``caveat.harnesses.<id>`` is the harness's contract (what the hook reads and
writes, :mod:`caveat.harnesses.contract`); ``caveat.harnesses.<id>.install`` is its
installer (:mod:`caveat.install`). Only the contract a hook names is imported, so the
table maps ids to package paths; ``tests/harnesses/test_contracts.py`` checks every
entry against ``Contract``.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.harnesses.contract import Contract

HARNESSES: dict[str, str] = {
    "claude": "caveat.harnesses.claude",
    "codex": "caveat.harnesses.codex",
    "gemini": "caveat.harnesses.gemini",
    "qwen": "caveat.harnesses.qwen",
    "codebuddy": "caveat.harnesses.codebuddy",
    "copilot": "caveat.harnesses.copilot",
    "cursor": "caveat.harnesses.cursor",
    "kiro": "caveat.harnesses.kiro",
    "devin": "caveat.harnesses.devin",
}

DEFAULT = "claude"


def load(harness_id: str) -> Contract | None:
    """The contract module of ``harness_id``, or None for an unknown id."""
    package = HARNESSES.get(harness_id)
    if package is None:
        return None
    try:
        loaded: Contract = __import__(package, fromlist=["_"])
    except ImportError as exc:  # a broken install must not break the turn
        from caveat.log import log

        log(f"contract {harness_id!r} could not be loaded: {exc}")
        return None
    return loaded
