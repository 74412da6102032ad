"""What every harness's contract shares: the table and the ``Contract`` protocol, and
the assertions that hold for several vendors alike."""

from __future__ import annotations

import importlib

import pytest

from caveat import harnesses


@pytest.mark.parametrize("harness_id", sorted(harnesses.HARNESSES))
def test_every_contract_satisfies_the_protocol(harness_id):
    module = importlib.import_module(harnesses.HARNESSES[harness_id])
    assert harness_id == module.ID
    assert isinstance(module.EVENTS, frozenset) and module.EVENTS
    assert isinstance(module.HOOK_EVENTS, frozenset) and module.EVENTS <= module.HOOK_EVENTS
    assert callable(module.normalize)
    assert callable(module.envelope)
    assert harnesses.load(harness_id) is module


def test_unknown_contract():
    assert harnesses.load("nope") is None
