"""Writing Claude Code's answer (``hookSpecificOutput``), shared by every contract
whose vendor reads Claude's shape, whole or in part.

Imported by a contract's ``envelope`` only when there is something to say: the
silent path never loads it.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.event import Event


def claude_envelope(
    event: Event, text_: str, deny: bool, context_events: frozenset[str]
) -> str | None:
    """Claude Code's answer, for every contract that writes Claude's shape: a strict
    finding on PreToolUse denies; on the events in ``context_events`` the advice is
    ``additionalContext``; anywhere else the vendor would drop it, so nothing."""
    if deny and event.name == "PreToolUse":
        return deny_envelope("PreToolUse", text_)
    if event.vendor_event not in context_events:
        return None
    return context_envelope(event.vendor_event, text_)


def context_envelope(event_name: str, text_: str) -> str:
    """``{"hookSpecificOutput": {"hookEventName": E, "additionalContext": T}}``."""
    from caveat.jsonio import quote

    return (
        '{"hookSpecificOutput":{"hookEventName":'
        + quote(event_name)
        + ',"additionalContext":'
        + quote(text_)
        + "}}"
    )


def deny_envelope(event_name: str, reason: str) -> str:
    """``hookSpecificOutput.permissionDecision: "deny"`` with its reason."""
    from caveat.jsonio import quote

    return (
        '{"hookSpecificOutput":{"hookEventName":'
        + quote(event_name)
        + ',"permissionDecision":"deny","permissionDecisionReason":'
        + quote(reason)
        + "}}"
    )
