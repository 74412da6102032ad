from __future__ import annotations

import importlib

import pytest

from caveat import contracts


@pytest.mark.parametrize("contract_id", sorted(contracts.CONTRACTS))
def test_every_contract_satisfies_the_protocol(contract_id):
    module = importlib.import_module(contracts.CONTRACTS[contract_id])
    assert contract_id == module.ID
    assert isinstance(module.EVENTS, frozenset) and module.EVENTS
    assert callable(module.normalize)
    assert callable(module.envelope)
    assert contracts.load(contract_id) is module


def test_unknown_contract():
    assert contracts.load("nope") is None
