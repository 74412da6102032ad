"""The pre-compaction guard: what to keep in the summary (``precompact.md``).

Only some vendors hand PreCompact output to the model (the contract decides, and
writes nothing for the others: Claude Code discards it, so there the recovery text
rides on SessionStart with source ``compact`` instead — see ``session_start``).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.event import Event
    from caveat.event import Finding
    from caveat.guards.base import Context


def check(event: Event, ctx: Context) -> list[Finding]:
    from caveat.event import VERBATIM
    from caveat.event import Finding

    return [Finding({}, variant=VERBATIM)]
