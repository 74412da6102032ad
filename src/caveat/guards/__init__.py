"""The guard chain, in the order guards run and their advisories appear."""

from __future__ import annotations

from caveat.guards import dependency
from caveat.guards import dynamic_eval

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.guards.base import Guard

GUARDS: tuple[Guard, ...] = (
    dependency,
    dynamic_eval,
)
