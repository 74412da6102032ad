"""The stop guard: a short end-of-turn checklist (``stop.md``), opt-in (SPEC §4).

Off unless ``[stop] enabled = true``. At most once per session; never while
``stop_hook_active`` is true (the harness is already continuing because of a Stop
hook, and speaking again could loop). The once-per-session latch is set only when
the text can reach the model: the message file is readable and non-empty, and the
event's contract writes Stop output at all — so a missing message, or a vendor
that drops Stop output, does not use up the session's one emission. Without a
session id there is nothing to latch on, so it stays silent.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.event import Event
    from caveat.event import Finding
    from caveat.guards.base import Context


MARKER = "stop"


def check(event: Event, ctx: Context) -> list[Finding]:
    if event.stop_hook_active or not event.session_id:
        return []
    if ctx.config.get("stop", "enabled") is not True:
        return []
    if not ctx.delivers(event) or not readable(ctx, event):
        return []
    from caveat.common import marker

    if not marker.once(ctx.env, MARKER, event.session_id):
        return []
    from caveat.event import VERBATIM
    from caveat.event import Finding

    return [Finding({}, variant=VERBATIM)]


def readable(ctx: Context, event: Event) -> bool:
    """Whether ``stop.md`` (a project override, else the bundled copy) has text."""
    from caveat.event import VERBATIM
    from caveat.guards import spec

    root = ctx.git_root(event.cwd) if event.cwd else None
    return bool(ctx.message_text(spec("stop").messages[0], VERBATIM, root))
