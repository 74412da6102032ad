"""Advice the model has already seen is noise (SPEC §3, Repetition).

The same finding — guard, file, finding key, variant — is advised once per session
(on tool events: context given at session start or stop is the session's own);
a new finding in the same file is advised. A SessionStart whose source is
``compact`` re-arms every finding of the session, because the model has lost the
earlier advice with its context. The record is one small JSON file per session in
the state folder, updated under an exclusive lock so that hooks running in parallel
lose nothing, and checked and claimed in one locked step so that hooks running in
parallel with the same finding advise it once; when it cannot be read (or its lock
is held past the deadline), caveat advises again rather than stay silent.
"""

from __future__ import annotations

import os

from caveat.common import state
from caveat.event import VERBATIM

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


_LEASE_MS = 5000  # how long a claim made by a hook still running holds off the others


def _alive(pid: object) -> bool:
    """Whether ``pid`` is another process that is still running (a claim of our own
    process, or of one that ended, is void)."""
    if not isinstance(pid, int) or pid <= 0 or pid == os.getpid() or os.name == "nt":
        return False  # on Windows ``os.kill`` would end the process: no claims there
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # exists, not ours to signal
    return True


def _claims(data: Mapping[str, object], now: int) -> dict[str, list[int]]:
    """The claims still standing: ``key → [pid, time in ms]`` made in the last
    ``_LEASE_MS`` by another hook that is still running."""
    claims = data.get("claims")
    if not isinstance(claims, dict):
        return {}
    standing = {}
    for key, claim in claims.items():
        if isinstance(claim, list) and len(claim) == 2:
            pid, when = claim
            if isinstance(when, int) and 0 <= now - when < _LEASE_MS and _alive(pid):
                standing[key] = claim
    return standing


def unseen(env: Mapping[str, str], session_id: str, findings: list[Finding]) -> list[Finding]:
    """The findings not yet advised in this session, each claimed for this hook in the
    same locked step, so that hooks running at the same moment with the same finding
    do not all advise it: the others see the claim while this hook is running (for at
    most ``_LEASE_MS``), and ``record`` makes it for good once the advice has really
    been written. Denials always pass: a strict deny blocks each time it applies.
    When the record cannot be had (no state folder, a lock held past its deadline),
    every finding is advised: caveat advises again rather than stay silent."""
    if not session_id:
        return findings  # no session to remember it in
    if any(f.variant == VERBATIM for f in findings):
        return findings  # whole context files (session start, stop) are not repeats
    path = _path(env, session_id)
    if path is None:
        return findings
    import time

    with state.LockedRecord(path, _LIMIT) as rec:
        if not rec.locked:
            return findings
        now = int(time.time() * 1000)  # after the wait: claims made meanwhile are older
        known = set(_keys(rec.data))
        claims = _claims(rec.data, now)
        standing = len(claims)
        fresh = []
        for finding in findings:
            key = finding_key(finding)
            if finding.deny or (key not in known and key not in claims):
                fresh.append(finding)
                if not finding.deny:
                    claims[key] = [os.getpid(), now]
        if len(claims) > standing:
            rec.save({"keys": _keys(rec.data), "claims": claims})
    return fresh


def record(env: Mapping[str, str], session_id: str, findings: list[Finding]) -> None:
    """Remember ``findings`` as advised: read, add, and replace the file atomically,
    under the lock (a failed write leaves the earlier record whole)."""
    if not session_id:
        return
    path = _path(env, session_id)
    if path is None:
        return
    import time

    with state.LockedRecord(path, _LIMIT) as rec:
        if not rec.locked:
            return
        known = _keys(rec.data)
        seen = set(known)
        added = [k for k in dict.fromkeys(finding_key(f) for f in findings) if k not in seen]
        # this hook's own claims end here, with those of hooks gone or out of time
        claims = _claims(rec.data, int(time.time() * 1000))
        before = rec.data.get("claims")
        if added or (isinstance(before, dict) and len(before) != len(claims)):
            rec.save({"keys": (known + added)[-_MAX_KEYS:], "claims": claims})


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
