"""From the bytes a harness sent to the text it will read: a plain sequence of steps.

decode → normalise → select → configure → run → keep the unseen → render → envelope.
Each step returns a value; the first that has nothing to pass on ends the call with
a reason. The result is one immutable :class:`Outcome`, which the audit line,
``caveat explain`` and the tests read. ``caveat.hook`` wraps this in the process
contract (stdin, one write, exit 0).

Registrations route by event: an installed entry runs every guard the installed
version has for its event and tool, so an upgrade brings new guards without a
reinstall. ``--guards ID,...`` narrows an entry; message names, which earlier
versions wrote instead, are read as the guards they belong to.
"""

from __future__ import annotations

import sys

from caveat.event import Record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.chain import Row
    from caveat.config import Config
    from caveat.event import Event
    from caveat.event import Finding
    from caveat.harnesses.contract import Contract
    from caveat.hold import Verdict

INPUT_LIMIT = 32 * 1024 * 1024
# Calls that could not be used at all, as the audit log names them.
UNUSABLE_INPUT = "unusable input"
UNKNOWN_CONTRACT = "unknown contract"
BAD_ARGUMENTS = "bad arguments"
_OFF = frozenset({"1", "true", "yes", "on"})
_set = object.__setattr__


def disabled(env: Mapping[str, str]) -> bool:
    return env.get("CAVEAT_DISABLE", "").strip().lower() in _OFF


class Outcome(Record):
    """What one call produced."""

    __slots__ = (
        "ask", "config", "contract", "deny", "event", "failed", "findings", "hold", "output",
        "reason", "root", "text", "trace", "unusable",
    )  # fmt: skip

    contract: str
    event: Event | None
    findings: tuple[Finding, ...]
    text: str  # the advisory text the model reads
    output: str  # the envelope written to stdout
    deny: bool
    reason: str  # why nothing was written, when nothing was
    trace: tuple[Row, ...]
    root: str | None  # the target's git root, once a guard was chosen
    config: Config | None  # the settings, when a config file was read
    failed: str  # the type of what made the hook fail open, if anything did
    # Why the call could not be used at all (UNUSABLE_INPUT, UNKNOWN_CONTRACT or
    # BAD_ARGUMENTS): a registration or harness is wrong, and the operator should see it.
    unusable: str
    hold: Verdict | None  # whether the call was held once before it ran, and why (not)
    ask: bool  # the deny is the harness's own ask: the user decides

    def __init__(
        self,
        contract: str = "",
        event: Event | None = None,
        findings: tuple[Finding, ...] = (),
        text: str = "",
        output: str = "",
        deny: bool = False,
        reason: str = "",
        trace: tuple[Row, ...] = (),
        root: str | None = None,
        config: Config | None = None,
        failed: str = "",
        unusable: str = "",
        hold: Verdict | None = None,
        ask: bool = False,
    ) -> None:
        for name, value in (
            ("contract", contract), ("event", event), ("findings", findings),
            ("text", text), ("output", output), ("deny", deny), ("reason", reason),
            ("trace", trace), ("root", root), ("config", config), ("failed", failed),
            ("unusable", unusable), ("hold", hold), ("ask", ask),
        ):  # fmt: skip
            _set(self, name, value)


class Args(Record):
    """A registration's command line: ``[--contract ID] [--guards ID,...] [--hold]
    [--explain] [EVENT] [MESSAGE ...]``; message names are what earlier versions wrote.
    ``--hold``: the entry answers only with a hold (a harness that drops pre-tool
    advice gets one on its shell tool, docs/holds.md)."""

    __slots__ = ("contract", "explain", "guards", "hold", "names", "unknown")

    contract: str
    names: tuple[str, ...]
    guards: tuple[str, ...]
    explain: bool
    unknown: tuple[str, ...]  # options this version does not know (ignored)
    hold: bool

    def __init__(
        self,
        contract: str,
        names: tuple[str, ...],
        guards: tuple[str, ...],
        explain: bool,
        unknown: tuple[str, ...] = (),
        hold: bool = False,
    ) -> None:
        for name, value in (
            ("contract", contract), ("names", names), ("guards", guards),
            ("explain", explain), ("unknown", unknown), ("hold", hold),
        ):  # fmt: skip
            _set(self, name, value)


def parse_args(args: list[str]) -> Args:
    """Unknown options are ignored: the hook must answer whatever it is given."""
    from caveat.harnesses import DEFAULT

    contract, explain, hold = DEFAULT, False, False
    names: list[str] = []
    guards: list[str] = []
    unknown: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg in ("--contract", "--guards") and i + 1 < len(args):
            value = args[i + 1]
            i += 2
        elif arg.startswith(("--contract=", "--guards=")):
            arg, _, value = arg.partition("=")
            i += 1
        else:
            if arg == "--explain":
                explain = True
            elif arg == "--hold":
                hold = True
            elif not arg.startswith("-"):
                names.append(arg[:-3] if arg.endswith(".md") else arg)
            else:  # unknown, or ``--contract``/``--guards`` without a value
                unknown.append(arg.partition("=")[0])
            i += 1
            continue
        if arg == "--contract":
            contract = value
        else:
            guards.extend(g for g in value.split(",") if g)
    return Args(contract, tuple(names), tuple(guards), explain, tuple(unknown), hold)


def chosen(args: Args) -> frozenset[str]:
    """The guard ids a registration narrows to (empty: every guard of its event).

    Message names on an old command line stand for their guards. Such a line listed
    every message of its event, except the entries narrowed to the guards that speak
    only after a tool ran; only those keep their narrowing, so that every other old
    entry gets the guards an upgrade adds."""
    from caveat.guards import AFTER_THE_TOOL
    from caveat.guards import REGISTRY

    ids = set(args.guards)
    legacy = {spec.id for spec in REGISTRY for name in args.names if name in spec.messages}
    if legacy and legacy <= AFTER_THE_TOOL:
        ids |= legacy
    return frozenset(ids)


def run(args: list[str], data: bytes, env: Mapping[str, str]) -> Outcome:
    """Everything between the bytes read and the JSON text written."""
    try:
        return _answer(args, data, env)
    finally:
        rx = sys.modules.get("caveat.common.rx")  # loaded only where a guard matched
        if rx is not None:
            rx.save()
        from caveat.common import state

        state.bind(None)


def _answer(args: list[str], data: bytes, env: Mapping[str, str]) -> Outcome:
    from caveat import harnesses

    if disabled(env):
        return Outcome(reason="CAVEAT_DISABLE is set")
    parsed = parse_args(args)
    contract = harnesses.load(parsed.contract)
    if contract is None:
        why = f"unknown contract {parsed.contract!r}"
        return unusable(Outcome(parsed.contract, reason=why, unusable=UNKNOWN_CONTRACT))
    event_arg = parsed.names[0] if parsed.names and parsed.names[0] in contract.EVENTS else ""
    event, why = decode(contract, data, event_arg, env)
    if event is None:
        kind = UNUSABLE_INPUT if why != UNKNOWN_EVENT else ""
        return unusable(Outcome(parsed.contract, reason=why, unusable=kind))
    if event.name == "SessionStart" and event.source == "compact":
        compacted(env, event.session_id)
    found = judge(event, chosen(parsed), env, parsed.explain, contract, parsed.hold)
    found = found.replace(contract=parsed.contract, event=found.event or event)
    if parsed.unknown:
        # Still answered: an option from a newer version must not cost the advice.
        unusable(Outcome(reason=f"unknown options {' '.join(parsed.unknown)}"))
        found = found.replace(unusable=BAD_ARGUMENTS)
    if not found.text:
        return found
    return deliver(contract, found, env)


def decode(
    contract: Contract, data: bytes, event_arg: str, env: Mapping[str, str]
) -> tuple[Event | None, str]:
    """The payload as the contract's normalised event, or None and why not."""
    from caveat.common.jsonio import loads

    if len(data) > INPUT_LIMIT:
        return None, "input over 32 MiB"
    try:
        payload = loads(data.decode("utf-8", "replace"))
    except (ValueError, RecursionError):
        return None, "input is not JSON"
    if not isinstance(payload, dict):
        return None, "input is not a JSON object"
    event = contract.normalize(payload, event_arg, env)
    if event is None:
        return None, UNKNOWN_EVENT
    return event, ""


UNKNOWN_EVENT = "not an event this contract knows"


def unusable(outcome: Outcome) -> Outcome:
    """Say on stderr, in one line, why a call could not be used: stdout stays silent
    and the exit status 0, but a mistyped registration must be findable."""
    if outcome.reason:
        from caveat.common.log import log

        log(f"hook input not used: {outcome.reason}")
    return outcome


def compacted(env: Mapping[str, str], session_id: str) -> None:
    """After a compaction the model lost the earlier advice, and its context budget
    restarts."""
    from caveat import seen
    from caveat.guards.compaction import usage

    seen.rearm(env, session_id)
    usage.reset(env, session_id)


def judge(
    event: Event,
    only: frozenset[str],
    env: Mapping[str, str],
    explain: bool,
    contract: Contract | None = None,
    hold_only: bool = False,
) -> Outcome:
    """Run the guards that apply to ``event`` under the project's configuration and
    render what they found. ``contract``, which decoded the event, answers the guards
    that ask whether it delivers their text; ``hold_only``: answer only with a hold."""
    from caveat import chain

    specs = [s for s in chain.select(event, only) if s.holds or not hold_only]
    if not specs:
        return Outcome(event=event, reason="no guard handles this event and tool")
    from caveat.common.gitctx import git_root

    root = git_root(event.target)
    config = None
    if _config_exists(env, root) or env.get("CAVEAT_STRICT") or env.get("CAVEAT_HOLD"):
        from caveat import config as settings

        config = settings.load(env, root)
        if event.name == "SessionStart":  # once per session, not on every tool call
            from caveat.common.log import log

            for warning in config.warnings:
                log(warning)
        specs = [s for s in specs if config.enabled(s.id)]
        event = settings.narrow(config, event, root, env)
    if not specs:
        why = "the guards for this event are turned off in the configuration"
        return Outcome(event=event, root=root, config=config, reason=why)
    from caveat.common import state
    from caveat.guards.base import Context

    state.bind(env)  # the regular expressions' cache, for this call
    trace: list[Row] = []
    found = chain.run(event, Context(event, env, config, explain, contract), specs, trace)
    done = Outcome(event=event, root=root, config=config, trace=tuple(trace))
    if not found:
        return done.replace(reason="no guard found anything")
    verdict = None
    if event.name == "PreToolUse" and any(f.hold for f in found):
        from caveat import hold

        verdict = hold.decide(env, event, found, config, contract, root)
        done = done.replace(hold=verdict)
        if verdict.kind == hold.UNRECORDED:
            from caveat.common.log import log

            log(f"command not held: {verdict.why}; advice only")
        if verdict.releases:  # the advice was read with the hold: it goes ahead
            found = [f for f in found if not f.hold]
    held = verdict is not None and verdict.holds
    if hold_only and not held:
        why = verdict.why if verdict and verdict.why else "nothing to hold"
        return done.replace(reason=f"this entry answers only with a hold: {why}")
    if not found:
        return done.replace(reason="the held command came back unchanged: it goes ahead")
    from caveat import seen

    unseen = seen.unseen(env, event.session_id, [f for f in found if not (held and f.hold)])
    # A held command's advice is its reason: given even where it was advised before.
    fresh = tuple(f for f in found if (held and f.hold) or any(f is u for u in unseen))
    if not fresh:
        return done.replace(reason="everything found was already advised in this session")
    from caveat.messages import render

    text = render(list(fresh), env, root, event.name)
    if not text:
        return done.replace(findings=fresh, reason="no advisory could be rendered")
    lead = _lead(verdict) if held else ()
    if lead:  # one short line first; the cap drops from the end
        text = render([*lead, *fresh], env, root, event.name)
    deny = held
    if config is not None and not deny:
        strict = {s.id for s in specs if s.strict and config.strict(s.id)}
        deny = any(f.deny and f.guard in strict for f in fresh)
    asked = verdict is not None and verdict.kind == "asked"
    return done.replace(findings=fresh, text=text, deny=deny, ask=asked)


def _lead(verdict: Verdict | None) -> tuple[Finding, ...]:
    """The line that leads a hold's reason: ``messages/hold.md``, injected whole. An ask
    goes to the user, who decides there and then: it needs no lead."""
    from caveat.event import VERBATIM
    from caveat.event import Finding
    from caveat.hold import HELD

    if verdict is None or verdict.kind != HELD:
        return ()
    return (Finding({}, variant=VERBATIM, message="hold", guard=verdict.guards[0]),)


def deliver(contract: Contract, found: Outcome, env: Mapping[str, str]) -> Outcome:
    """The envelope for the rendered text, and the record that it was advised."""
    event = found.event
    assert event is not None  # judged: there was an event
    ask = getattr(contract, "ask", None) if found.ask else None
    if ask is not None:
        output = ask(event, found.text) or ""
    else:
        output = contract.envelope(event, found.text, found.deny) or ""
    if not output:
        why = f"{found.contract} does not hand {event.vendor_event} output to the model"
        return found.replace(reason=why)
    from caveat import seen

    try:
        seen.record(env, event.session_id, list(found.findings))
    except Exception as exc:  # the advice is ready: a lost record must not lose it
        from caveat.common.log import log

        log(f"could not record the advice given: {type(exc).__name__}: {exc}")
    return found.replace(output=output)


def _config_exists(env: Mapping[str, str], root: str | None) -> bool:
    """Whether a user or project config file is there (``caveat.config`` is then
    loaded; without one, the defaults need no module at all)."""
    import os

    from caveat.settings import config_dir

    if os.path.isfile(os.path.join(config_dir(env), "config.toml")):
        return True
    return root is not None and os.path.isfile(os.path.join(root, ".caveat", "config.toml"))
