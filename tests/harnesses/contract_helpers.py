"""Helpers for the contract tests (``tests/harnesses/<id>/test_contract.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from caveat.event import Event

if TYPE_CHECKING:  # the protocol exists for the type checker only
    from caveat.harnesses.contract import Contract


def normalized(
    contract: Contract,
    data: dict[str, object],
    event: str = "",
    env: Mapping[str, str] | None = None,
) -> Event:
    """``contract.normalize(data, event, env)`` for a payload the contract reads: the
    test fails here if the contract drops it."""
    found = contract.normalize(data, event, {} if env is None else env)
    assert found is not None, data
    return found
