"""Per-session marker files in the state folder.

A marker is one small file, ``<state>/<kind>/<session key>``, whose text is the time
(``time.time()``) it was last claimed. Two uses:

- ``claim(..., window=10)``: the duplicate SessionStart guard. Cursor and Devin also
  run the hooks in Claude Code's settings, so one session start can reach caveat
  twice (``--contract cursor|devin`` and the Claude copy). Whichever claims first
  speaks; a second claim within ``window`` seconds is refused. After the window the
  marker is stale and the next claim wins again (a later compaction of the same
  session still gets its context).
- ``once(...)``: the Stop latch: true the first time for a session, false after.

Claims read and write under an exclusive lock on the marker itself (``state.lock``,
the lock ``caveat.seen``'s record takes too), so two hooks running at the same
moment cannot both win. Session ids become file names through
``state.session_key``. When the state folder cannot be used, ``claim`` and ``once``
answer True: caveat would rather speak twice than stay silent (SPEC §1.7). Markers
older than a day are pruned when a new one is made.
"""

from __future__ import annotations

import os
import time

from caveat.common import state

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

_MAX_AGE_S = state.MAX_AGE_S


def path(env: Mapping[str, str], kind: str, session_id: str) -> str | None:
    """The marker file of ``kind`` for the session (its folder created), or None."""
    return state.session_file(env, kind, session_id)


def _stamp(fd: int) -> float | None:
    """The time written in the marker; None when empty or not a number."""
    raw = os.read(fd, 64)
    try:
        return float(raw.decode("ascii").strip())
    except (UnicodeDecodeError, ValueError):
        return None


def _write(fd: int, now: float) -> None:
    os.lseek(fd, 0, os.SEEK_SET)
    os.ftruncate(fd, 0)
    os.write(fd, f"{now:.6f}".encode("ascii"))


def claim(
    env: Mapping[str, str], kind: str, session_id: str, window: float, now: float | None = None
) -> bool:
    """True when no claim of ``kind`` for this session was made in the last ``window``
    seconds (the marker is then renewed); False inside the window."""
    if not session_id:
        return True  # nothing to share a marker by
    file = path(env, kind, session_id)
    fd = state.lock(file) if file else None
    if fd is None:
        return True
    now = time.time() if now is None else now
    try:
        before = _stamp(fd)
        if before is not None and 0 <= now - before < window:
            return False
        _write(fd, now)
        if before is None:
            state.prune(os.path.dirname(file or ""))
        return True
    except OSError:
        return True
    finally:
        os.close(fd)


def once(env: Mapping[str, str], kind: str, session_id: str) -> bool:
    """True the first time it is asked for ``kind`` and this session, False after."""
    return claim(env, kind, session_id, window=float(_MAX_AGE_S))
