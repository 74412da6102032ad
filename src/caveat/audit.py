"""The audit log (SPEC §13): one JSON line per hook execution, in
``<state>/audit/YYYY-MM-DD.jsonl`` (UTC days).

A line holds when, which contract, event and tool, the target path relative to its
git root, the session key, each guard that ran with its outcome and milliseconds,
what the harness received and the total time — never file content, a command, an
exception's message or anything else a secret could hide in.

This module is on the silent path: no ``json`` (the line is put together by hand with
``_json``'s string escaper), no ``datetime`` (``time.gmtime``). Each line is one
``os.write`` to a file opened ``O_APPEND``, short enough that parallel hooks never
interleave. The file that opens a new day prunes the days older than ``audit_days``.
Reading the log is ``caveat.auditlog``'s job.
"""

from __future__ import annotations

import _json
import os
import time

from caveat.common import state

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.config import Config
    from caveat.dispatch import Outcome

FOLDER = "audit"
SUFFIX = ".jsonl"
DAYS = 14  # the default of ``audit_days``
_LINE_LIMIT = 3800  # under PIPE_BUF (4096): one write, never interleaved
_FIELD_LIMIT = 300
_FLAGS = os.O_WRONLY | os.O_APPEND | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)


def settings(config: Config | None, env: Mapping[str, str]) -> tuple[bool, int]:
    """(on, days to keep) from the user config alone: a project cannot change them."""
    if config is None:
        from caveat.settings import user_path

        if not os.path.isfile(user_path(env)):
            return True, DAYS
        from caveat.config import load

        config = load(env, None)
    from caveat.settings import USER

    values = config.values.get(USER, {})
    on = values.get("audit", True) is not False
    days = values.get("audit_days", DAYS)
    return on, days if isinstance(days, int) and days > 0 else DAYS


def guard_outcomes(outcome: Outcome) -> list[tuple[str, str, float, str]]:
    """(guard id, silent/advised/denied/skipped/faulted, seconds, reason) per guard
    that ran. A guard whose findings were all advised before counts as silent: what
    matters to the operator is what reached the model."""
    spoke = {f.guard for f in outcome.findings} if outcome.output else set()
    denied = {f.guard for f in outcome.findings if f.deny} if outcome.deny else set()
    verdict = outcome.hold
    held = set(verdict.guards) if verdict and verdict.holds and outcome.output else set()
    rows = []
    for row in outcome.trace:
        guard, status, seconds, detail = row.guard, row.outcome, row.seconds, row.detail
        reason = ""
        if status == "fired":
            status = (
                "held" if guard in held
                else "denied" if guard in denied
                else "advised" if guard in spoke
                else "silent"
            )  # fmt: skip
        elif status == "overrun":
            status, reason = "faulted", "overrun"
        elif status == "error":
            # The exception's type only: its message may quote the content it choked on.
            status, reason = "faulted", detail.partition(":")[0]
        elif status == "skipped":
            reason = detail
        elif status != "silent":
            status = "silent"
        rows.append((guard, status, seconds, reason))
    return rows


def _relative(path: str, root: str | None) -> str:
    if not path:
        return ""
    if root:
        root = root.rstrip("/\\")
        if path == root:
            return "."
        if path.startswith(root) and path[len(root) : len(root) + 1] in ("/", "\\"):
            return path[len(root) + 1 :].replace("\\", "/")
    return path


def _text(value: str) -> str:
    if len(value) > _FIELD_LIMIT:  # the end of a long path says more than its start
        value = "\u2026" + value[1 - _FIELD_LIMIT :]
    return _json.encode_basestring_ascii(value)


def line(outcome: Outcome, seconds: float, now: float) -> str:
    """The record of one execution, as one line of JSON (keys in a fixed order)."""
    event = outcome.event
    received = "nothing"
    if outcome.output:
        received = "deny" if outcome.deny else "advice"
        if outcome.hold and outcome.hold.holds:
            received = "ask" if outcome.ask else "hold"
    guards = ",".join(
        f'{{"id":{_text(guard)},"outcome":"{status}","ms":{ms * 1000:.2f}'
        + (f',"reason":{_text(reason)}}}' if reason else "}")
        for guard, status, ms, reason in guard_outcomes(outcome)
    )
    when = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(now))
    path = _relative(event.target, outcome.root) if event else ""
    session = state.session_key(event.session_id) if event and event.session_id else ""
    parts = [
        f'{{"time":"{when}"',
        f'"contract":{_text(outcome.contract)}',
        f'"event":{_text(event.name if event else "")}',
        f'"tool":{_text(event.tool if event else "")}',
        f'"project":{_text(outcome.root or "")}',
        f'"path":{_text(path)}',
        f'"session":{_text(session)}',
        f'"guards":[{guards}]',
        f'"received":"{received}"',
        # A subagent's call (Claude Code names it): which one, and its kind.
        *([f'"agent_id":{_text(event.agent_id)}'] if event and event.agent_id else []),
        *([f'"agent_type":{_text(event.agent_type)}'] if event and event.agent_type else []),
        *([f'"failed":{_text(outcome.failed)}'] if outcome.failed else []),
        *([f'"unusable":{_text(outcome.unusable)}'] if outcome.unusable else []),
        *([_hold(outcome)] if outcome.hold and outcome.hold.kind else []),
        f'"ms":{seconds * 1000:.2f}}}\n',
    ]
    text = ",".join(parts)
    if len(text) > _LINE_LIMIT:  # a very long path or many guards: keep the line whole
        parts[4] = '"project":""'
        parts[5] = '"path":""'
        text = ",".join(parts)
        if len(text) > _LINE_LIMIT:
            parts[7] = '"guards":[]'
            text = ",".join(parts)
    return text


def _hold(outcome: Outcome) -> str:
    """``"hold":{"verdict":V,"key":K,"guards":[…]}``: the key is a hash salted with the
    session (``caveat.hold.command_key``), enough to pair a hold with its retry."""
    verdict = outcome.hold
    assert verdict is not None
    kind = verdict.kind if verdict.holds is False or outcome.output else "not held"
    guards = ",".join(_text(g) for g in verdict.guards)
    return f'"hold":{{"verdict":{_text(kind)},"key":{_text(verdict.key)},"guards":[{guards}]}}'


def record(outcome: Outcome, env: Mapping[str, str], seconds: float) -> None:
    """Append the execution's line; any failure is logged and changes nothing else."""
    try:
        on, days = settings(outcome.config, env)
        if on:
            _append(env, line(outcome, seconds, time.time()), days)
    except Exception as exc:  # the answer is already given: the audit must not change it
        from caveat.common.log import log

        log(f"audit log not written: {type(exc).__name__}: {exc}")


def _append(env: Mapping[str, str], text: str, days: int) -> None:
    now = time.time()
    folder = os.path.join(state.location(env), FOLDER)
    path = os.path.join(folder, time.strftime("%Y-%m-%d", time.gmtime(now)) + SUFFIX)
    data = text.encode("ascii")
    fd = _open(folder, path)
    if fd is None:
        fd = _create(env, path)  # the day's first line, no folder yet, or a planted one
        if fd is None:
            return
        prune(folder, days, now)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)


def _open(folder: str, path: str) -> int | None:
    """The day file, open to append, when it and its folder are the user's alone
    (``state.private_folder``, ``state.foreign``): a line never lands in a file or a
    folder someone else planted."""
    if not state.private_folder(folder, create=False):
        return None
    try:
        fd = os.open(path, _FLAGS)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
    except OSError:
        os.close(fd)
        return None
    if (info.st_mode & 0o170000) == 0o100000 and not state.foreign(info):
        return fd
    os.close(fd)
    state.discard(path, "is not the user's own regular file")
    return None


def _create(env: Mapping[str, str], path: str) -> int | None:
    if state.folder(env, FOLDER) is None:
        return None
    try:
        return os.open(path, _FLAGS | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another hook made it meanwhile, or it is no file
        fd = _open(os.path.dirname(path), path)
        if fd is None:
            raise OSError(f"{path!r} is not a regular file of the user's") from None
        return fd


def prune(folder: str, days: int, now: float) -> None:
    """Remove the day files older than ``days`` (their names sort as dates)."""
    cutoff = time.strftime("%Y-%m-%d", time.gmtime(now - days * 86400)) + SUFFIX
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        if name.endswith(SUFFIX) and len(name) == len(cutoff) and name < cutoff:
            try:
                os.unlink(os.path.join(folder, name))
            except OSError:
                pass
