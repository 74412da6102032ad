"""Holding an irreversible command once, before it runs (docs/holds.md).

A pre-tool note that carries no decision reaches the model after the tool ran, or
not at all; for ``git reset --hard`` or ``curl … | sh`` that is after the damage.
The one answer every harness hands to the model before the act is a block with a
reason. So the first time a call in a session carries a finding of the irreversible
class (``Finding.hold``), caveat blocks it once with the advice as the reason; the
same command again, unchanged, from the same project in the same session, goes ahead
silently: the advice has been read. One command is held at most once per session.

The record is one small JSON file per session in the state folder, under the same
lock as the advice record. A corrupt, foreign or planted file, or an entry made for
another session, counts as no record: the call is held again, never let through.
When the record cannot be written, caveat does not hold (a hold it could not release
would refuse the command for good) and gives its advice as it would without holds.
"""

from __future__ import annotations

from caveat.common import state
from caveat.event import Record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.config import Config
    from caveat.event import Event
    from caveat.event import Finding
    from caveat.harnesses.contract import Contract

FOLDER = "holds"
MODES = ("once", "ask", "off")
DEFAULT = "once"
# A command that comes back within this long after its hold was retried; later it
# counts as dropped (the session went on without it), and passes if it comes back.
WINDOW_MS = 15 * 60 * 1000
_MAX_AGE_MS = int(state.MAX_AGE_S * 1000)
_MAX_ENTRIES = 500
_LIMIT = 1 << 18
_NORMALISED = 1 << 16  # commands up to this long have their whitespace normalised

# Verdicts, as the audit log and ``caveat explain`` name them.
HELD = "held"  # blocked once, with the advice as the reason
ASKED = "asked"  # the harness asks the user, with the advice as the reason
RETRIED = "retried"  # the held command came back: it goes ahead
AGAIN = "passed"  # held and retried before in this session: goes ahead, unheld
UNRECORDED = "not held"  # the record could not be written: advice only


class Verdict(Record):
    """Whether a call is held, and why (or why not)."""

    __slots__ = ("guards", "key", "kind", "why")

    kind: str  # one of the verdicts above, or "" when no hold applies
    why: str
    key: str  # the command's key in this session's record
    guards: tuple[str, ...]  # the guards whose findings are of the irreversible class

    def __init__(self, kind: str = "", why: str = "", key: str = "", guards: tuple[str, ...] = ()):
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "why", why)
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "guards", guards)

    @property
    def holds(self) -> bool:
        return self.kind in (HELD, ASKED)

    @property
    def releases(self) -> bool:
        return self.kind in (RETRIED, AGAIN)


NONE = Verdict()


def mode(config: Config | None, guard_id: str, env: Mapping[str, str]) -> str:
    """The hold mode for ``guard_id``: its own ``[hold]`` key, else ``[hold] mode``;
    ``CAVEAT_HOLD`` (the user's, as a plugin option sets it) when no file is read."""
    value: object
    if config is None:
        value = env.get("CAVEAT_HOLD", "").strip().lower()
        return value if value in MODES else DEFAULT
    table = config.values.get("hold", {})
    value = table.get(guard_id, table.get("mode", DEFAULT))
    return value if isinstance(value, str) and value in MODES else DEFAULT


def command_key(session_id: str, root: str, command: str) -> str:
    """The command as the record knows it: the same project, the same command with its
    whitespace normalised. A hash salted with the session, so that the audit log can
    pair a hold with its retry and still says nothing about the command."""
    try:  # the built-in module: hashlib would load OpenSSL first (a few ms)
        from _blake2 import blake2b
    except ImportError:
        from hashlib import blake2b

    digest = blake2b("\x1f".join((session_id, root, "")).encode("utf-8", "replace"), digest_size=10)
    # A command of megabytes is taken as it is: its words would cost a list of millions.
    text = " ".join(command.split()) if len(command) <= _NORMALISED else command
    digest.update(text.encode("utf-8", "replace"))
    return digest.hexdigest()


def decide(
    env: Mapping[str, str],
    event: Event,
    findings: list[Finding],
    config: Config | None,
    contract: Contract | None,
    root: str | None,
) -> Verdict:
    """The verdict for a pre-tool call whose findings include the irreversible class."""
    guards = tuple(dict.fromkeys(f.guard for f in findings if f.hold))
    if not guards or event.name != "PreToolUse" or not event.command:
        return NONE
    modes = {g: mode(config, g, env) for g in guards}
    guards = tuple(g for g in guards if modes[g] != "off")
    if not guards:
        return Verdict(why='holds are turned off ([hold] mode = "off")')
    if contract is None or contract.envelope(event, "-", True) is None:
        return Verdict(why=f"the {event.contract} contract has no block on {event.vendor_event}")
    if not event.session_id:
        return Verdict(UNRECORDED, "the payload names no session to remember the hold in")
    ask = any(modes[g] == "ask" for g in guards) and getattr(contract, "ask", None) is not None
    key = command_key(event.session_id, root or event.cwd, event.command)
    path = state.session_file(env, FOLDER, event.session_id, ".json")
    if path is None:
        return Verdict(UNRECORDED, "the state folder cannot be used", key, guards)
    import time

    with state.LockedRecord(path, _LIMIT) as rec:
        if not rec.locked:
            return Verdict(UNRECORDED, "the hold record is locked by another hook", key, guards)
        now = int(time.time() * 1000)
        entries = _entries(rec.data, event.session_id, now)
        entry = entries.get(key)
        if entry is not None:
            if entry.get("retried") or now - _at(entry) > WINDOW_MS:
                return Verdict(AGAIN, "this command was held once in this session", key, guards)
            entry["retried"] = True
            rec.save(_document(event.session_id, entries))  # lost: a later pass says "passed"
            return Verdict(RETRIED, "the same command came back after its hold", key, guards)
        if ask:  # the user decides, each time: nothing to release
            return Verdict(ASKED, '[hold] mode is "ask": the user decides', key, guards)
        entries[key] = {"at": now, "guards": list(guards)}
        if not rec.save(_document(event.session_id, entries)):
            return Verdict(UNRECORDED, "the hold record cannot be written", key, guards)
    return Verdict(HELD, "first time in this session, before it ran", key, guards)


def _document(session_id: str, entries: dict[str, dict[str, object]]) -> dict[str, object]:
    kept = dict(sorted(entries.items(), key=lambda item: _at(item[1]))[-_MAX_ENTRIES:])
    return {"session": state.session_key(session_id), "held": kept}


def _entries(data: Mapping[str, object], session_id: str, now: int) -> dict[str, dict[str, object]]:
    """The record's valid entries: for this session, of the right shape, not from the
    future and not older than the state folder keeps anything."""
    if data.get("session") != state.session_key(session_id):
        return {}
    held = data.get("held")
    if not isinstance(held, dict):
        return {}
    out: dict[str, dict[str, object]] = {}
    for key, entry in held.items():
        if not (isinstance(key, str) and isinstance(entry, dict)):
            continue
        at = entry.get("at")
        if type(at) is not int or not 0 <= now - at <= _MAX_AGE_MS:
            continue
        guards = entry.get("guards")
        if not isinstance(guards, list) or not all(isinstance(g, str) for g in guards):
            continue
        out[key] = {"at": at, "guards": guards}
        if entry.get("retried") is True:
            out[key]["retried"] = True
    return out


def _at(entry: Mapping[str, object]) -> int:
    at = entry.get("at")
    return at if isinstance(at, int) else 0
