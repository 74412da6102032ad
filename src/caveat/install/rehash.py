"""What an install means for a harness that trusts a hook by a hash of its definition
(Codex: an edited hook is skipped until it is trusted again in ``/hooks``).

A registration's command names no version, so a reinstall of the same caveat writes
the same bytes and keeps that trust; only a change of what a registration runs (its
launcher's path, its words) makes the harness ask again, and the install says so.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.install.base import Harness
    from caveat.install.core import Found
    from caveat.install.core import Json


def notes(spec: Harness, before: Json, wanted: list[Found]) -> list[str]:
    """One line: whether the harness will ask to trust caveat's hooks again."""
    if not spec.trust_by_hash:
        return []
    had = spec.layout.found(before, spec.id)
    if not had:
        return []  # a first install: the harness's own note says it asks
    changed = [event for event, matcher, handler in wanted if (event, matcher, handler) not in had]
    name = spec.trust_by_hash
    if not changed:
        return [f"{name} keeps its trust in caveat's hooks: their commands are unchanged"]
    events = ", ".join(dict.fromkeys(changed))
    return [
        f"{name} will ask again before it runs the {len(changed)} changed hook(s) "
        f"({events}): review them in /hooks"
    ]
