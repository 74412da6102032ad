"""Reading a finished case: what reached the model, where, how often, and whether the
client reported a hook or configuration error.

Every agent-loop request carries the whole conversation so far, so a piece of text
that reached the model once shows up again in every later request. Counting is
therefore done per message of one conversation (the last request's, which holds all
of them), and timing by the first request that carries a step's tool call.
"""

from __future__ import annotations

import glob
import json
import os
import re
from dataclasses import dataclass
from typing import Any

from clients import GEMINI_REFUSAL
from clients import Channel
from clients import Client
from expect import MESSAGES
from expect import Expected
from expect import template_prefix
from scenario import PUSH
from servers.base import Family
from servers.base import Segment

# Text that is caveat's whatever the guard: any advisory ends with a procedure line,
# and the session-start context opens with this heading.
PROCEDURE = "Full procedure:"
START_HEADING = "# caveat is watching this session"
# What a client wraps any hook context in (Claude Code, Gemini CLI).
HOOK_FRAMES = ("hook additional context:", "<hook_context>")


@dataclass(frozen=True)
class Case:
    """The records one run of run_case.py left in its folder."""

    folder: str
    result: dict[str, Any]
    records: list[dict[str, Any]]
    stdout: str
    stderr: str
    config: dict[str, Any]

    @classmethod
    def load(cls, folder: str) -> Case:
        def text(name: str) -> str:
            with open(os.path.join(folder, name), encoding="utf-8", errors="replace") as fh:
                return fh.read()

        records = []
        if os.path.exists(os.path.join(folder, "requests.jsonl")):
            records = [json.loads(line) for line in text("requests.jsonl").splitlines()]
        return cls(
            folder,
            json.loads(text("result.json")),
            records,
            text("stdout"),
            text("stderr"),
            json.loads(text("hook_config.json")),
        )

    def conversations(self, family: Family) -> list[list[Segment]]:
        """The conversation of each agent-loop request, in order."""
        return [family.conversation(r["body"]) for r in self.records if r["answered"] != "other"]


def audit(home: str) -> list[dict[str, Any]]:
    """caveat's audit log in the case's HOME: one record per hook start."""
    lines: list[dict[str, Any]] = []
    for path in sorted(glob.glob(os.path.join(home, ".local", "state", "caveat", "audit", "*"))):
        with open(path, encoding="utf-8") as fh:
            lines += [json.loads(line) for line in fh]
    return lines


@dataclass(frozen=True)
class Delivery:
    """One advisory as the model got it: a row of the closing table."""

    step: str
    event: str  # the vendor event and the hook's tool name
    subject: str  # the file written or the command run
    place: str
    message: int
    seen: str  # the delivered text, from the client's framing to the Advisory line
    procedure: str  # the "Full procedure:" line that followed it


def _call_index(conversation: list[Segment], marker: str) -> int:
    for segment in conversation:
        if segment.place == "tool_call" and marker in segment.text:
            return segment.message
    raise AssertionError(f"no tool call carrying {marker!r} in the conversation")


def _first_with_call(conversations: list[list[Segment]], marker: str) -> list[Segment]:
    for conversation in conversations:
        if any(s.place == "tool_call" and marker in s.text for s in conversation):
            return conversation
    raise AssertionError(f"no request carries the tool call with {marker!r}")


def _only(conversations: list[list[Segment]], needle: str, what: str) -> Segment:
    """The one message of the last conversation that holds ``needle``, once; no
    earlier request may hold it twice either."""
    for number, conversation in enumerate(conversations, 1):
        hits = [s for s in conversation if needle in s.text]
        where = [(s.message, s.place) for s in hits]
        assert len(hits) <= 1, f"{what}: in {len(hits)} messages of request {number}: {where}"
    hits = [s for s in conversations[-1] if needle in s.text]
    assert hits, f"{what}: not in the conversation"
    assert hits[0].text.count(needle) == 1, f"{what}: repeated inside message {hits[0].message}"
    return hits[0]


def _seen(rendered: str, advisory: str, channel: Channel) -> str:
    """The delivered text from the client's framing through the Advisory line."""
    text, line = rendered.lstrip("\n"), channel.escape(advisory)
    return text[: text.find(line) + len(line)]


def _start(
    client: Client, conversations: list[list[Segment]], start: Expected, first_call: int
) -> Delivery:
    """The session-start context: once, on the client's channel, before the first call."""
    assert start.context.startswith(START_HEADING), "caveat wrote no session-start context"
    channel = client.start_channel
    rendered = channel.render(start.context)
    hit = _only(conversations, channel.escape(START_HEADING), "session-start context")
    assert hit.place == channel.place, f"session-start context in {hit.place}, not {channel.place}"
    assert channel.holds(hit.text, rendered), "session-start context differs from caveat's"
    assert hit.message < first_call, "session-start context arrived after the first tool call"
    assert any(channel.holds(s.text, rendered) for s in conversations[0]), (
        "session-start context missing from the first request"
    )
    seen = _seen(rendered, START_HEADING, channel)
    return Delivery("start", "SessionStart", "", hit.place, hit.message, seen, "")


def deliveries(
    client: Client, family: Family, case: Case, wanted: list[Expected], start: bool = True
) -> list[Delivery]:
    """Check every expected delivery and return them; AssertionError names the first
    that is missing, misplaced, mistimed, repeated, or reworded. ``start=False``
    leaves the session-start context out (checks the steps only)."""
    conversations = case.conversations(family)
    assert conversations, "the model server got no agent-loop request"
    final = conversations[-1]
    steps = {step.id: step for step in client.steps}
    calls = {step.id: _call_index(final, step.marker) for step in client.steps}
    order = [calls[step.id] for step in client.steps]
    rows = [_start(client, conversations, wanted[0], order[0])] if start else []

    for index, expect in enumerate(wanted[1:]):
        step = steps[expect.step]
        event = f"{client.event_of(step)} {expect.tool}"
        if not step.message:
            assert expect.context == "", f"caveat spoke on the harmless step: {expect.context!r}"
            continue
        assert expect.advisory, f"step {step.id}: caveat gave no {step.message} advisory"
        heading = ("After" if client.after else "Advisory") + (
            f": {step.variant}" if step.variant else ""
        )
        prefix = template_prefix(step.message, heading)
        assert expect.advisory.startswith(prefix), (
            f"step {step.id}: {expect.advisory!r} is not {step.message} ## {heading}"
        )
        channel = client.tool_channel
        rendered = channel.render(expect.context, expect.tool)
        hit = _only(conversations, channel.escape(expect.advisory), f"step {step.id} advisory")
        assert expect.procedure in hit.text, f"step {step.id}: no {expect.procedure!r}"
        assert hit.place == channel.place, f"step {step.id}: advisory in {hit.place}"
        assert channel.holds(hit.text, rendered), (
            f"step {step.id}: text differs from caveat's:\n{hit.text!r}\n{rendered!r}"
        )
        after = order[index + 1] if index + 1 < len(order) else 1 << 30
        assert order[index] < hit.message < after, (
            f"step {step.id}: advisory in message {hit.message}, not between its call "
            f"({order[index]}) and the next ({after})"
        )
        first = _first_with_call(conversations, step.marker)
        assert any(channel.holds(s.text, rendered) for s in first), (
            f"step {step.id}: advisory missing from the request right after the call"
        )
        seen = _seen(rendered, expect.advisory, channel)
        subject = step.path or step.command
        rows.append(
            Delivery(step.id, event, subject, hit.place, hit.message, seen, expect.procedure)
        )

    last = calls[client.steps[-1].id]
    marks = (PROCEDURE, START_HEADING, *HOOK_FRAMES)
    late = [s for s in final if s.message > last and any(m in s.text for m in marks)]
    assert not late, f"caveat text after the harmless step: {[(s.message, s.place) for s in late]}"
    procedures = [s for s in final if f"{PROCEDURE} {MESSAGES}{os.sep}" in s.text]
    named = sum(1 for s in client.steps if s.message)
    assert len(procedures) == named, (
        f"{len(procedures)} messages carry a procedure line, expected {named}: "
        f"{[(s.message, s.place) for s in procedures]}"
    )
    return rows


def no_caveat_text(family: Family, case: Case) -> None:
    """For the CAVEAT_DISABLE run: nothing of caveat's in any request."""
    for conversation in case.conversations(family):
        for segment in conversation:
            assert PROCEDURE not in segment.text, f"advisory in {segment}"
            assert START_HEADING not in segment.text, f"session-start context in {segment}"


# ---------------------------------------------------------------- errors

# Notices the clients print on every run that name hooks but are not errors.
_BENIGN = (
    "`--dangerously-bypass-hook-trust` is enabled",  # Codex, asked for on purpose
    "The following project-level hooks have been detected",  # Gemini, new project hook
    "These hooks will be executed.",
    GEMINI_REFUSAL,  # Gemini, the refused package.json write the scenario provokes
)
_ERROR_LINE = re.compile(
    r"(?i)\bhooks?\b.{0,80}\b(error|errors|failed|failure|invalid|timed out|timeout)\b"
    r"|\b(invalid|error|failed|cannot parse|could not parse)\b.{0,80}"
    r"\b(settings|config|configuration|hooks\.json)\b"
)


def error_lines(text: str) -> list[str]:
    return [
        line
        for line in text.splitlines()
        if _ERROR_LINE.search(line) and not any(b in line for b in _BENIGN)
    ]


def client_errors(client: Client, case: Case) -> list[str]:
    """Every sign that the client met a hook or configuration error, or no clean end."""
    problems: list[str] = []
    result = case.result
    if result["timed_out"] or result["returncode"] != 0:
        problems.append(f"exit {result['returncode']}, timed out: {result['timed_out']}")
    problems += [f"stdout: {line}" for line in error_lines(case.stdout)]
    problems += [f"stderr: {line}" for line in error_lines(case.stderr)]
    problems += _CHECKS[client.harness](case)
    return problems


def _claude(case: Case) -> list[str]:
    """Claude Code says nothing of a failing hook in -p output; its transcript holds
    an attachment per hook run that went wrong (hook_non_blocking_error, …)."""
    problems = []
    out = json.loads(case.stdout or "{}")
    if out.get("is_error") or out.get("subtype") != "success":
        problems.append(f"result: {out.get('subtype')} is_error={out.get('is_error')}")
    pattern = os.path.join(case.result["home"], ".claude", "projects", "*", "*.jsonl")
    for path in glob.glob(pattern):
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                kind = (json.loads(line).get("attachment") or {}).get("type", "")
                if kind.startswith("hook_") and re.search("error|fail|cancel|timeout", kind):
                    problems.append(f"transcript: {kind}: {line[:300]}")
    return problems


def _codex(case: Case) -> list[str]:
    problems = []
    for line in case.stdout.splitlines():
        event = json.loads(line)
        item = event.get("item") or {}
        if event.get("type") in ("error", "turn.failed"):
            problems.append(f"event: {line[:300]}")
        elif item.get("type") == "error" and not any(b in item.get("message", "") for b in _BENIGN):
            problems.append(f"error item: {item.get('message')}")
    return problems


def _gemini(case: Case) -> list[str]:
    problems = []
    out = json.loads(case.stdout or "{}")
    if "error" in out:
        problems.append(f"result error: {out['error']}")
    # Gemini reports a failing hook on stderr: "Hook(s) [caveat] failed for event …",
    # and turns non-JSON hook output into "Hook system message: …".
    for line in case.stderr.splitlines():
        if re.search(r"Hook\(s\) .* failed|\b[1-9]\d* failed\b|Hook system message", line):
            problems.append(f"stderr: {line}")
    return problems


_QWEN_SCRIPTED_FAILURE = f"Error executing tool run_shell_command: Command: {PUSH.command}"


def _qwen(case: Case) -> list[str]:
    problems = []
    out = json.loads(case.stdout or "[]")
    result = out[-1] if out else {}
    if result.get("is_error") or result.get("subtype") != "success":
        problems.append(f"result: {result.get('subtype')} is_error={result.get('is_error')}")
    for line in qwen_hook_log(case):
        if _QWEN_SCRIPTED_FAILURE in line:
            continue  # the scenario's failing command, logged as a tool error
        if re.search(r": failed\b|Hook\(s\) .* failed|Hook system message|\[ERROR\]", line):
            problems.append(f"debug log: {line[:300]}")
    return problems


def qwen_hook_log(case: Case) -> list[str]:
    """The hook lines of Qwen's --debug log."""
    lines: list[str] = []
    for path in glob.glob(os.path.join(case.result["home"], ".qwen", "debug", "*.txt")):
        with open(path, encoding="utf-8", errors="replace") as fh:
            lines += [line for line in fh if "HOOK" in line or "[ERROR]" in line]
    return lines


_CHECKS = {"claude": _claude, "codex": _codex, "gemini": _gemini, "qwen": _qwen}
