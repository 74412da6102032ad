"""Vendor contracts: one module per harness, loaded by id.

Only the contract a hook names is imported, so the table maps ids to module paths;
``tests/contracts/test_registry.py`` checks every entry against ``Contract``.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.contracts.base import Contract

CONTRACTS: dict[str, str] = {
    "claude": "caveat.contracts.claude",
    "codex": "caveat.contracts.codex",
    "gemini": "caveat.contracts.gemini",
    "qwen": "caveat.contracts.qwen",
    "codebuddy": "caveat.contracts.codebuddy",
    "copilot": "caveat.contracts.copilot",
    "cursor": "caveat.contracts.cursor",
    "kiro": "caveat.contracts.kiro",
    "devin": "caveat.contracts.devin",
}

DEFAULT = "claude"


def load(contract_id: str) -> Contract | None:
    """The contract module for ``contract_id``, or None for an unknown id."""
    module = CONTRACTS.get(contract_id)
    if module is None:
        return None
    try:
        loaded: Contract = __import__(module, fromlist=["_"])
    except ImportError as exc:  # a broken install must not break the turn
        from caveat.log import log

        log(f"contract {contract_id!r} could not be loaded: {exc}")
        return None
    return loaded
