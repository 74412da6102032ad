"""The compaction guard: the session's context is large; suggest compacting it.

After each tool call (PostToolUse, or PostToolUseFailure for a failed one; any tool)
the guard measures the context: the newest usage record in the transcript's tail
(input + cache-read + cache-creation tokens for Claude Code; the request's input
tokens for Codex, Gemini CLI and Qwen Code) against ``[compaction]
threshold_tokens``. Without a usable transcript it counts tool calls and tool-output
characters since the cycle began against ``threshold_calls`` and ``threshold_bytes``.

A cycle runs from one compaction to the next. The guard advises at most twice per
cycle: when the measure first reaches the threshold, and again at 1.5 times it
(crossing both at once advises once). A sharp drop of the measured tokens (below
half the last figure) means the harness compacted: the cycle restarts, and so do
the counters. Per-session state lives in ``<state>/compaction/<session>.json``,
read and written under an exclusive lock (see ``usage``).

Every call does a little I/O (one locked record, a bounded transcript tail), so the
analysis module holds it; nothing here imports more than the hook already has.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.event import Event
    from caveat.event import Finding
    from caveat.guards.base import Context


def check(event: Event, ctx: Context) -> list[Finding]:
    if not event.session_id:
        return []  # nothing to count in: each call would be the first
    from caveat.guards.compaction.usage import assess

    return assess(event, ctx)
