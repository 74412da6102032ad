"""The registry, checked by the type checker as well as at run time: every guard
package is a ``Guard`` (mypy fails on a package whose ``check`` has the wrong shape),
and this literal names exactly the registry's guards."""

from __future__ import annotations

from caveat.guards import REGISTRY
from caveat.guards import askuser
from caveat.guards import compaction
from caveat.guards import conformity
from caveat.guards import custom
from caveat.guards import dependency
from caveat.guards import eval as eval_guard
from caveat.guards import git
from caveat.guards import header
from caveat.guards import plan
from caveat.guards import plan_bash
from caveat.guards import precompact
from caveat.guards import sessionstart
from caveat.guards import stop
from caveat.guards import tracking_ids

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.guards import Guard

GUARDS: dict[str, Guard] = {
    "dependency": dependency,
    "eval": eval_guard,
    "conformity": conformity,
    "git": git,
    "plan": plan,
    "plan-bash": plan_bash,
    "tracking-ids": tracking_ids,
    "header": header,
    "askuser": askuser,
    "compaction": compaction,
    "sessionstart": sessionstart,
    "custom": custom,
    "stop": stop,
    "precompact": precompact,
}


def test_the_typed_table_is_the_registry():
    assert list(GUARDS) == [spec.id for spec in REGISTRY]
    assert all(spec.load() is GUARDS[spec.id] for spec in REGISTRY)
