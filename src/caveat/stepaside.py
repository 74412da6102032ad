"""Failing guards step aside (SPEC §13).

A guard that faults — raises, or overruns its time budget — ``LIMIT`` times in one
session is skipped for the rest of that session: a broken guard should cost the
session three slow or failed calls, not one on every tool call. The counts live in
``<state>/faults/<session key>.json`` (``{"guard id": faults}``), changed under the
record's lock. Reading them on each call costs one failed ``open`` when the session
has had no fault.
"""

from __future__ import annotations

import os

from caveat.common import state

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

FOLDER = "faults"
LIMIT = 3
REASON = f"faulted {LIMIT} times in this session"


def counts(env: Mapping[str, str], session_id: str) -> dict[str, int]:
    """Faults per guard in this session ({} when none, unreadable, or in a folder or
    file another user could have written: planted counts would silence guards)."""
    if not session_id:
        return {}
    folder = state.folder(env, FOLDER, create=False)
    if folder is None:
        return {}
    from caveat.common.private import read_private

    raw = read_private(os.path.join(folder, state.session_key(session_id) + ".json"), 1 << 16)
    if not raw:
        return {}
    from caveat.common.jsonio import load_object

    data = load_object(raw)
    if data is None:
        return {}
    return {k: v for k, v in data.items() if isinstance(v, int) and not isinstance(v, bool)}


def benched(env: Mapping[str, str], session_id: str) -> frozenset[str]:
    """The guards that stepped aside in this session."""
    return frozenset(g for g, n in counts(env, session_id).items() if n >= LIMIT)


def count(env: Mapping[str, str], session_id: str, guard_id: str) -> bool:
    """Count one fault of ``guard_id``; True when that makes it step aside (it is then
    said once on stderr)."""
    if not session_id:
        return False
    path = state.session_file(env, FOLDER, session_id, ".json")
    if path is None:
        return False
    fresh = not os.path.exists(path)
    with state.LockedRecord(path) as rec:
        if not rec.locked:
            return False
        data = {k: v for k, v in rec.data.items() if isinstance(v, int)}
        data[guard_id] = data.get(guard_id, 0) + 1
        rec.save(data)
    if fresh:
        state.prune(os.path.dirname(path))  # a new session: drop the days-old records
    if data[guard_id] == LIMIT:
        from caveat.common.log import log

        log(f"guard {guard_id} {REASON}; it is skipped until the session ends")
        return True
    return False
