"""The sample findings of every guard, read from each guard's own ``samples`` module.

``caveat messages render NAME`` fills a message with these values, and
``caveat messages check`` reads them as the guard's word on which placeholders it
provides: a placeholder that an Advisory (or After) section uses but that is absent
from the sample of the variant that section serves is "not provided by the guard".
When a guard starts producing a new placeholder or variant, add it to its samples.
"""

from __future__ import annotations

import importlib

from caveat.guards import REGISTRY


def _samples() -> dict[tuple[str, str, str], dict[str, str]]:
    found: dict[tuple[str, str, str], dict[str, str]] = {}
    for spec in REGISTRY:
        module = importlib.import_module(spec.module + ".samples")
        for (message, variant), values in module.SAMPLES.items():
            found[spec.id, message, variant] = values
    return found


# (guard id, message name, variant) -> placeholder values
SAMPLES = _samples()


def for_message(message: str) -> dict[str, tuple[str, dict[str, str]]]:
    """Variant -> (guard id, sample values) for ``message``."""
    return {v: (g, dict(values)) for (g, m, v), values in SAMPLES.items() if m == message}


def find(message: str, variant: str) -> tuple[str, dict[str, str]] | None:
    """The guard id and sample values for ``message`` and ``variant``, if built in."""
    return for_message(message).get(variant)
