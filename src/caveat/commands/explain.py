"""``caveat explain``: why did (or didn't) the hook speak for this payload?"""

from __future__ import annotations

import os
import sys

from caveat import dispatch
from caveat.common.term import err
from caveat.common.term import field
from caveat.common.term import out
from caveat.guards import REGISTRY

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.event import Event
    from caveat.guards import Spec


def _skip_reason(event: Event, spec: Spec, only: frozenset[str]) -> str:
    if event.name not in spec.events:
        return f"does not handle {event.name}"
    if spec.tools and event.tool not in spec.tools:
        return f"does not handle tool {event.tool or '(none)'}"
    if only and spec.id not in only:
        return "not among the guards the registration names"
    return ""


def _policy_line(event: Event) -> str:
    """Why the project's ``.caveat/`` policy was not loaded, when it was not."""
    from caveat import trust
    from caveat import trust_files
    from caveat.common.gitctx import git_root

    root = git_root(event.target)
    if not root or not trust_files.has_policy(root):
        return ""
    verdict = trust.verdict_safe(os.environ, root)
    if verdict.trusted:
        return f"{root}: the project's .caveat/ policy is trusted and loaded"
    why = "untrusted"
    if verdict.status == trust.LAPSED:
        why = f"trust lapsed: {', '.join(verdict.changed)} changed"
    return (
        f"{root}: the project's .caveat/ policy was not loaded ({why}); "
        f"review it, then run `caveat trust {root}`"
    )


def _hold_line(outcome: dispatch.Outcome) -> str:
    """Why the call was held once before it ran, or why not (docs/holds.md)."""
    verdict, event = outcome.hold, outcome.event
    if verdict is not None and (verdict.kind or verdict.why):
        guards = f" ({', '.join(verdict.guards)})" if verdict.guards else ""
        return f"{verdict.kind or 'not held'}{guards}: {verdict.why}"
    if event is not None and event.name == "PreToolUse" and event.command:
        return "not held: nothing found is of the irreversible class"
    return ""


def run(payload: str, args: list[str]) -> int:
    try:
        if payload == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(payload, "rb") as handle:
                data = handle.read()
    except OSError as exc:
        err(
            f"caveat explain: cannot read {field(payload)}: {exc.strerror}; "
            "pass a payload file, or - to read it from stdin"
        )
        return 2
    from caveat.commands.readonly import scratch_state

    # Looking must not mark anything as advised: the run (and everything the guards
    # note on the way) happens against a copy of the state folder.
    with scratch_state(os.environ) as env:
        outcome = dispatch.run([*args, "--explain"], data, env)
    only = dispatch.chosen(dispatch.parse_args(args))
    # Every value below comes from the payload or the project: each is a field.
    out(f"contract   {field(outcome.contract)}")
    event = outcome.event
    if event is None:
        out(f"outcome    silent: {field(outcome.reason)}")
        _silent_answer(args)
        return 0
    out(f"event      {field(event.name)}" + (f"  tool {field(event.tool)}" if event.tool else ""))
    for edit in event.edits:
        out(f"edit       {field(edit.path)}  ({field(edit.kind)}, {len(edit.text)} characters)")
    if event.command:
        out(f"command    {field(event.command[:200])}")
    out(f"cwd        {field(event.cwd)}")
    policy = _policy_line(event)
    if policy:
        out(f"policy     {field(policy)}")
    ran = {row.guard: row for row in outcome.trace}
    for spec in REGISTRY:
        row = ran.get(spec.id)
        if row is not None:
            detail = field(row.detail)
            line = f"{spec.id:12} {row.outcome:8} {row.seconds * 1000:7.2f} ms  {detail}"
        else:
            reason = _skip_reason(event, spec, only) or "not run"
            line = f"{spec.id:12} {'skipped':8} {'':>10}  {field(reason)}"
        out(f"guard      {line.rstrip()}")
    hold = _hold_line(outcome)
    if hold:
        out(f"hold       {field(hold)}")
    if outcome.output:
        out(f"envelope   {field(outcome.output)}")
        out("text the model reads:")
        for line in outcome.text.splitlines():
            out(f"  │ {field(line)}")
    else:
        out(f"outcome    silent: {field(outcome.reason)}")
        _silent_answer(args)
    return 0


def _silent_answer(args: list[str]) -> None:
    """What the hook writes all the same, for a harness that reads no answer as a
    refusal (agy)."""
    from caveat.hook import silent

    answer = silent(args)
    if answer:
        out(f"envelope   {field(answer)} (the silent answer)")
