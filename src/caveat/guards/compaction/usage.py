"""Measure the session's context, keep the cycle's record, decide whether to advise.

The record (``<state>/compaction/<session key>.json``) holds::

    {"cycle": n, "tokens": last measured tokens (0: none this cycle),
     "calls": tool calls this cycle, "bytes": tool-output characters this cycle,
     "given": advisories given this cycle (0, 1 or 2)}

It is read, changed and written back while this process holds an exclusive lock
on a companion ``.lock`` file, and the write itself is atomic (temp + rename), so
hooks of one session running in parallel lose no count, never see a half-written
record, and never both give the same advisory. An unreadable or corrupt record
starts afresh; when no lock can be had the call stays silent (fail open).
"""

from __future__ import annotations

import os

from caveat.common import state
from caveat.common.state import LockedRecord
from caveat.event import Finding

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.event import Event
    from caveat.guards.base import Context

FOLDER = "compaction"
# Advise when the measure reaches each of these multiples of the threshold.
LEVELS = (1.0, 1.5)
# A new figure below this share of the last one means the context was compacted.
DROP = 0.5
_MAX_AGE_S = state.MAX_AGE_S
_FIELDS = ("cycle", "tokens", "calls", "bytes", "given")


def record_path(env: Mapping[str, str], session_id: str) -> str | None:
    return state.session_file(env, FOLDER, session_id, ".json")


def _number(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def _threshold(ctx: Context, key: str, default: int) -> int:
    value = ctx.config.get("compaction", key)
    if isinstance(value, float) and value > 0:
        value = int(value)
    return (
        value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else default
    )


def due(measure: int, threshold: int) -> int:
    """How many advisory levels ``measure`` has reached (0, 1 or 2)."""
    return sum(1 for level in LEVELS if measure >= threshold * level)


def step(
    rec: Mapping[str, object],
    tokens: int | None,
    output: int,
    limits: tuple[int, int, int],
) -> tuple[dict[str, int], int]:
    """The record after one tool call, and the level to advise at (0: none).

    ``limits`` is (tokens, calls, bytes). Pure: the locking is the caller's.
    """
    new = {k: _number(rec.get(k)) for k in _FIELDS}
    new["calls"] += 1
    new["bytes"] += max(0, output)
    if tokens is not None and new["tokens"] and tokens < new["tokens"] * DROP:
        # The harness compacted: a new cycle, counted from this call.
        new.update(cycle=new["cycle"] + 1, calls=1, bytes=max(0, output), given=0)
    if tokens is not None:
        new["tokens"] = tokens
        reached = due(tokens, limits[0])
    elif new["tokens"]:
        reached = 0  # measured earlier this cycle: no guessing from counts now
    else:
        reached = max(due(new["calls"], limits[1]), due(new["bytes"], limits[2]))
    if reached > new["given"]:
        new["given"] = reached
        return new, reached
    return new, 0


def assess(event: Event, ctx: Context) -> list[Finding]:
    path = record_path(ctx.env, event.session_id)
    if path is None:
        return []
    from caveat.guards.compaction.transcript import context_tokens

    tokens = context_tokens(event.transcript_path) if event.transcript_path else None
    limits = (
        _threshold(ctx, "threshold_tokens", 150_000),
        _threshold(ctx, "threshold_calls", 400),
        _threshold(ctx, "threshold_bytes", 2_000_000),
    )
    fresh = not os.path.exists(path)
    with LockedRecord(path) as rec:
        if not rec.locked:
            return []
        new, level = step(rec.data, tokens, event.output_size, limits)
        if not rec.save(new):
            return []  # not recorded: advising now could repeat on every call
    if fresh:
        state.prune(os.path.dirname(path))
    if not level:
        return []
    return [finding(new, tokens, limits, level)]


def finding(
    rec: Mapping[str, int], tokens: int | None, limits: tuple[int, int, int], level: int
) -> Finding:
    key = f"cycle-{rec['cycle']}-level-{level}"
    if tokens is not None:
        values = {
            "tokens": f"{tokens:,}",
            "threshold": f"{limits[0]:,} tokens",
            "calls": f"{rec['calls']:,}",
            "bytes": size_text(rec["bytes"]),
        }
        return Finding(values, key=key)
    values = {
        "threshold": f"{limits[1]:,} tool calls or {size_text(limits[2])} of tool output",
        "calls": f"{rec['calls']:,}",
        "bytes": size_text(rec["bytes"]),
    }
    return Finding(values, variant="counted", key=key)


def size_text(count: int) -> str:
    if count >= 1_000_000:
        return f"{count / 1_000_000:.1f} MB"
    if count >= 1_000:
        return f"{count / 1_000:.0f} kB"
    return f"{count} bytes"


def reset(env: Mapping[str, str], session_id: str) -> None:
    """Start a new cycle for ``session_id`` (the harness reported a compaction, e.g.
    a SessionStart with source ``compact``): counters to zero, advisories re-armed."""
    if not session_id:
        return
    path = record_path(env, session_id)
    if path is None:
        return
    with LockedRecord(path) as rec:
        cycle = _number(rec.data.get("cycle")) + 1
        rec.save({"cycle": cycle, "tokens": 0, "calls": 0, "bytes": 0, "given": 0})
