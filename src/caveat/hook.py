"""The runtime contract of ``caveat hook`` (SPEC §1), in one place.

Read stdin once (at most 32 MiB), dispatch, write nothing or one JSON object in one
write, exit 0 — whatever happens. ``CAVEAT_DISABLE=1`` turns it all off.

Everything imported here at module level is on the silent path, so it imports as
little as it can: no argparse, typing, dataclasses, pathlib, json or re. The fastest
way to start it is ``caveat/_launch.py`` (see there).
"""

from __future__ import annotations

import os
import sys
import time

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.chain import Trace
    from caveat.config import Config
    from caveat.event import Event
    from caveat.event import Finding

INPUT_LIMIT = 32 * 1024 * 1024
_OFF = frozenset({"1", "true", "yes", "on"})


def disabled(env: Mapping[str, str]) -> bool:
    return env.get("CAVEAT_DISABLE", "").strip().lower() in _OFF


def parse_args(args: list[str]) -> tuple[str, list[str], bool]:
    """``[--contract ID] [--explain] [EVENT] [MESSAGE ...]`` → (contract, rest, explain).
    Unknown options are ignored: the hook must answer whatever it is given."""
    from caveat.harnesses import DEFAULT

    contract, rest, explain = DEFAULT, [], False
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--contract" and i + 1 < len(args):
            contract = args[i + 1]
            i += 2
            continue
        if arg.startswith("--contract="):
            contract = arg.partition("=")[2]
        elif arg == "--explain":
            explain = True
        elif not arg.startswith("-"):
            rest.append(arg)
        i += 1
    return contract, rest, explain


class Outcome:
    """What one dispatch produced, kept for ``caveat explain`` and the tests."""

    __slots__ = (
        "config",
        "contract",
        "deny",
        "event",
        "failed",
        "findings",
        "output",
        "reason",
        "root",
        "text",
        "trace",
    )

    def __init__(self) -> None:
        self.contract = ""
        self.deny = False
        self.event: Event | None = None
        self.findings: list[Finding] = []
        self.text = ""
        self.output = ""
        self.reason = ""
        self.trace: Trace = []
        self.root: str | None = None  # the target's git root, once a guard was chosen
        self.config: Config | None = None  # the settings, when a config file was read
        self.failed = ""  # the type of what made the hook fail open, if anything did


def dispatch(args: list[str], data: bytes, env: Mapping[str, str]) -> Outcome:
    """Everything between the bytes read and the JSON text written."""
    from caveat import harnesses
    from caveat.common.jsonio import loads

    result = Outcome()
    if disabled(env):
        result.reason = "CAVEAT_DISABLE is set"
        return result
    contract_id, rest, _ = parse_args(args)
    result.contract = contract_id
    contract = harnesses.load(contract_id)
    if contract is None:
        result.reason = f"unknown contract {contract_id!r}"
        return result
    event_arg = ""
    if rest and rest[0] in contract.EVENTS:
        event_arg = rest.pop(0)
    names = frozenset(n[:-3] if n.endswith(".md") else n for n in rest)
    if len(data) > INPUT_LIMIT:
        result.reason = "input over 32 MiB"
        return result
    try:
        payload = loads(data.decode("utf-8", "replace"))
    except (ValueError, RecursionError):
        result.reason = "input is not JSON"
        return result
    if not isinstance(payload, dict):
        result.reason = "input is not a JSON object"
        return result
    event = contract.normalize(payload, event_arg, env)
    result.event = event
    if event is None:
        result.reason = "not an event this contract knows"
        return result

    if event.name == "SessionStart" and event.source == "compact":
        from caveat import seen

        seen.rearm(env, event.session_id)  # the model lost the earlier advice
        from caveat.guards.compaction import usage

        usage.reset(env, event.session_id)  # and its context budget restarts
    judge(event, names, env, result)
    if result.text:
        result.output = contract.envelope(result.event or event, result.text, result.deny) or ""
        if not result.output:
            result.reason = f"{contract_id} does not hand {event.vendor_event} output to the model"
        else:
            from caveat import seen

            try:
                seen.record(env, event.session_id, result.findings)
            except Exception as exc:  # the advice is ready: a lost record must not lose it
                from caveat.common.log import log

                log(f"could not record the advice given: {type(exc).__name__}: {exc}")
    return result


def judge(event: Event, names: frozenset[str], env: Mapping[str, str], result: Outcome) -> None:
    """Run the guards that apply to ``event`` under the project's configuration and
    render what they found into ``result``."""
    from caveat import chain

    guards = chain.select(event, names)
    if not guards:
        result.reason = "no guard handles this event and tool"
        return
    from caveat.common.gitctx import git_root

    root = git_root(event.target)
    result.root = root
    config = None
    if _config_exists(env, root) or env.get("CAVEAT_STRICT"):
        from caveat import config as settings
        from caveat.common.log import log

        config = settings.load(env, root)
        result.config = config
        if event.name == "SessionStart":  # once per session, not on every tool call
            for warning in config.warnings:
                log(warning)
        guards = [g for g in guards if config.enabled(g.ID)]
        event = settings.narrow(config, event, root, env)
    result.event = event
    if not guards:
        result.reason = "the guards for this event are turned off in the configuration"
        return
    from caveat.guards.base import Context

    ctx = Context(event, env, config)
    found = chain.run(event, ctx, guards, result.trace)
    if not found:
        result.reason = "no guard found anything"
        return
    from caveat import seen

    result.findings = seen.unseen(env, event.session_id, found)
    if not result.findings:
        result.reason = "everything found was already advised in this session"
        return

    from caveat.messages import render

    result.text = render(result.findings, env, root, event.name)
    if not result.text:
        result.reason = "no advisory could be rendered"
        return
    if config is not None:
        strict = {g.ID for g in guards if g.STRICT and config.strict(g.ID)}
        result.deny = any(f.deny and f.guard in strict for f in result.findings)


def _config_exists(env: Mapping[str, str], root: str | None) -> bool:
    """Whether a user or project config file is there (``caveat.config`` is then
    loaded; without one, the defaults need no module at all)."""
    from caveat.config import config_dir

    if os.path.isfile(os.path.join(config_dir(env), "config.toml")):
        return True
    return root is not None and os.path.isfile(os.path.join(root, ".caveat", "config.toml"))


def read_input(fd: int = 0) -> bytes:
    """All of stdin, or just past the limit (the caller then refuses it); nothing when
    it cannot be read."""
    from caveat.common.files import read_fd  # only os: nothing heavy on the hook path

    try:
        return read_fd(fd, INPUT_LIMIT)
    except OSError:
        return b""


def respond(args: list[str], data: bytes, env: Mapping[str, str]) -> bytes:
    """The exact bytes ``caveat hook ARGS`` writes for ``data`` under ``env``: one
    envelope or nothing, whatever happens. ``caveat serve`` answers with these too."""
    started = time.perf_counter()
    try:
        outcome = dispatch(args, data, env)
    except BaseException as exc:  # fail open, whatever it was
        _fault(exc)
        outcome = _failed(exc)
    audit(outcome, env, started)
    return encode(outcome.output)


def audit(outcome: Outcome, env: Mapping[str, str], started: float) -> None:
    """The execution's line in the audit log (not when caveat is switched off)."""
    if disabled(env):
        return
    try:
        from caveat import audit as log

        log.record(outcome, env, time.perf_counter() - started)
    except BaseException as exc:  # fail open: the answer stands whatever happens here
        _fault(exc)


def _failed(exc: BaseException) -> Outcome:
    """What the audit log records of a call that failed open: nothing was answered."""
    outcome = Outcome()
    outcome.failed = type(exc).__name__
    return outcome


def encode(text: str) -> bytes:
    return text.encode("utf-8", "replace")


def _fault(exc: BaseException) -> None:
    try:
        from caveat.common.log import log

        log(f"hook failed open: {type(exc).__name__}: {exc}")
    except BaseException:
        pass


def write_output(text: str, fd: int = 1) -> None:
    if not text:
        return
    data = encode(text)
    try:
        while data:
            data = data[os.write(fd, data) :]
    except OSError:
        pass  # a closed stdout (EPIPE) is the harness's business, not a reason to fail


def main(argv: list[str] | None = None) -> None:
    """Entry point: never raises, always exits 0."""
    started = time.perf_counter()
    outcome = Outcome()
    helped = False
    try:
        args = sys.argv[1:] if argv is None else argv
        helped = "-h" in args or "--help" in args
        if helped:
            usage()
        else:
            outcome = dispatch(args, read_input(), os.environ)
    except BaseException as exc:  # fail open, whatever it was
        _fault(exc)
        outcome = _failed(exc)
    write_output(outcome.output)
    if not helped:
        audit(outcome, os.environ, started)  # after the answer: the harness need not wait
    os._exit(0)


def usage() -> None:
    """``caveat hook --help``: the usage on stderr (stdout carries envelopes only)."""
    from caveat.harnesses import DEFAULT
    from caveat.harnesses import HARNESSES

    text = (
        "usage: caveat hook [--contract ID] [EVENT] [MESSAGE ...] < payload.json\n"
        "Reads one hook payload on stdin, runs the guards that apply, and prints nothing\n"
        "or one JSON envelope for the harness; the exit status is always 0.\n"
        f"  --contract ID  the harness: {', '.join(HARNESSES)} (default: {DEFAULT})\n"
        "  EVENT          the event, when the registration knows it better than the payload\n"
        "  MESSAGE        run only the guards bound to these messages\n"
        "  CAVEAT_DISABLE=1 switches the hook off. To see why a payload fired or stayed\n"
        "  silent: caveat explain payload.json\n"
    )
    try:
        os.write(2, text.encode())
    except OSError:
        pass  # skip interpreter teardown: nothing left to flush, and it is faster
