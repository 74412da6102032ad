"""The runtime contract of ``caveat hook`` (SPEC §1), in one place.

Read stdin once (at most 32 MiB), dispatch, write nothing or one JSON object in one
write, exit 0 — whatever happens. ``CAVEAT_DISABLE=1`` turns it all off.

Everything imported here at module level is on the silent path, so it imports as
little as it can: no argparse, typing, dataclasses, pathlib, json or re. The fastest
way to start it is ``caveat/_launch.py`` (see there).
"""

from __future__ import annotations

import gc
import os
import sys
import time

from caveat.dispatch import INPUT_LIMIT

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.dispatch import Outcome


# A hook process lives a fraction of a second and makes almost no cyclic garbage, so the
# collector's passes over every loaded module cost a firing call about a twentieth of an
# interpreter start-up and free nothing. A large payload makes enough objects that
# collecting is cheap beside reading it, and bounds what a cycle could hold.
COLLECT_ABOVE = 1 << 20


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
    from caveat import dispatch

    started = time.perf_counter()
    try:
        outcome = dispatch.run(args, data, env)
    except BaseException as exc:  # fail open, whatever it was
        _fault(exc)
        outcome = _failed(exc)
    audit(outcome, env, started)
    return encode(outcome.output or silent(args))


def audit(outcome: Outcome, env: Mapping[str, str], started: float) -> None:
    """The execution's line in the audit log (not when caveat is switched off)."""
    try:
        from caveat import audit as log
        from caveat.dispatch import disabled

        if disabled(env):
            return

        log.record(outcome, env, time.perf_counter() - started)
    except BaseException as exc:  # fail open: the answer stands whatever happens here
        _fault(exc)


def silent(args: list[str]) -> str:
    """What stdout holds when caveat says nothing: "" for most harnesses, the
    contract's ``SILENT`` for one that reads no answer as a refusal (agy). Whatever
    fails here, the answer is still "" rather than a fault."""
    try:
        from caveat import harnesses
        from caveat.dispatch import parse_args

        contract = harnesses.load(parse_args(args).contract)
        found = getattr(contract, "SILENT", "")
        return found if isinstance(found, str) else ""
    except BaseException as exc:  # fail open: this path must not fail
        _fault(exc)
        return ""


def _failed(exc: BaseException) -> Outcome:
    """What the audit log records of a call that failed open: nothing was answered."""
    from caveat.dispatch import Outcome

    return Outcome(failed=type(exc).__name__)


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
    outcome = None
    args = sys.argv[1:] if argv is None else argv
    try:
        if "-h" in args or "--help" in args:
            usage()
        else:
            from caveat import dispatch

            data = read_input()
            if len(data) > COLLECT_ABOVE:
                gc.enable()
            else:
                gc.disable()
            outcome = dispatch.run(args, data, os.environ)
    except BaseException as exc:  # fail open, whatever it was
        _fault(exc)
        outcome = _failed(exc)
    if outcome is not None:
        write_output(outcome.output or silent(args))
        audit(outcome, os.environ, started)  # after the answer: the harness need not wait
    os._exit(0)


def usage() -> None:
    """``caveat hook --help``: the usage on stderr (stdout carries envelopes only)."""
    from caveat.harnesses import DEFAULT
    from caveat.harnesses import HARNESSES

    text = (
        "usage: caveat hook [--contract ID] [--guards ID,...] [EVENT] < payload.json\n"
        "Reads one hook payload on stdin, runs the guards that apply, and prints nothing\n"
        "or one JSON envelope for the harness; the exit status is always 0.\n"
        f"  --contract ID  the harness: {', '.join(HARNESSES)} (default: {DEFAULT})\n"
        "  EVENT          the event, when the registration knows it better than the payload\n"
        "  --guards ID,... run only these guards (default: every guard for the event)\n"
        "  CAVEAT_DISABLE=1 switches the hook off. To see why a payload fired or stayed\n"
        "  silent: caveat explain payload.json\n"
    )
    try:
        os.write(2, text.encode())
    except OSError:
        pass  # skip interpreter teardown: nothing left to flush, and it is faster
