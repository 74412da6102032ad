"""The guard chain, in the order guards run and their advisories appear.

Security advice comes first, so that when the 10,000-character cap has to drop
advisories it drops the hygiene ones (git, tracking ids) first.
"""

from __future__ import annotations

from caveat.guards import askuser
from caveat.guards import dependency
from caveat.guards import dynamic_eval
from caveat.guards import git
from caveat.guards import tracking_ids

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.guards.base import Guard

GUARDS: tuple[Guard, ...] = (
    dependency,
    dynamic_eval,
    git,
    tracking_ids,
    askuser,
)
