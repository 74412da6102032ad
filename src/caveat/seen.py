"""Advice the model has already seen is noise (SPEC §3, Repetition).

The same finding — guard, file, finding key, variant — is advised once per session
(on tool events: context given at session start or stop is the session's own);
a new finding in the same file is advised. A SessionStart whose source is
``compact`` re-arms every finding of the session, because the model has lost the
earlier advice with its context. The record is one small JSON file per session in
the state folder, updated under an exclusive lock so that hooks running in parallel
lose nothing; when it cannot be read, caveat advises again rather than stay silent.
"""

from __future__ import annotations

import os

from caveat import state

WHOLE = "*"  # messages.WHOLE: a context file, injected whole

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.event import Finding

FOLDER = "seen"
_MAX_KEYS = 5000


session_key = state.session_key  # named here too: the key the records are filed under
_ALLOWED = state._SESSION_CHARS


def finding_key(finding: Finding) -> str:
    values = finding.value_map()
    return "\x1f".join((finding.guard, values.get("path", ""), finding.key, finding.variant))


def _path(env: Mapping[str, str], session_id: str) -> str | None:
    return state.session_file(env, FOLDER, session_id, ".json")


_LIMIT = 1 << 20  # a session's record: at most _MAX_KEYS keys


def _keys(data: Mapping[str, object]) -> list[str]:
    keys = data.get("keys")
    return [k for k in keys if isinstance(k, str)] if isinstance(keys, list) else []


def unseen(env: Mapping[str, str], session_id: str, findings: list[Finding]) -> list[Finding]:
    """The findings not yet advised in this session. Denials always pass: a strict
    deny blocks each time it applies. Nothing is recorded here: only ``record`` does,
    once the advice has really been written for the model."""
    if not session_id:
        return findings  # no session to remember it in
    if any(f.variant == WHOLE for f in findings):
        return findings  # whole context files (session start, stop) are not repeats
    path = _path(env, session_id)
    if path is None or not os.path.exists(path):
        return findings
    with state.LockedRecord(path, _LIMIT) as rec:
        if not rec.locked:
            return findings  # no record: advise again rather than stay silent
        known = set(_keys(rec.data))
    return [f for f in findings if f.deny or finding_key(f) not in known]


def record(env: Mapping[str, str], session_id: str, findings: list[Finding]) -> None:
    """Remember ``findings`` as advised: read, add, and replace the file atomically,
    under the lock (a failed write leaves the earlier record whole)."""
    if not session_id:
        return
    path = _path(env, session_id)
    if path is None:
        return
    with state.LockedRecord(path, _LIMIT) as rec:
        known = _keys(rec.data)
        seen = set(known)
        added = [k for k in dict.fromkeys(finding_key(f) for f in findings) if k not in seen]
        if added:
            rec.save({"keys": (known + added)[-_MAX_KEYS:]})


def rearm(env: Mapping[str, str], session_id: str) -> None:
    """Forget what this session was advised (after a compaction)."""
    if not session_id:
        return
    path = _path(env, session_id)
    if path:
        try:
            os.unlink(path)
        except OSError:
            pass
        state.prune(os.path.dirname(path))
