"""The sessions beside the main one (scenario.SESSIONS), in the real CLIs.

- **strict**: the user turned strict mode on for custom rules and has a strict rule
  against ``.env`` files. The write is denied before it runs: the file is never
  written, and caveat's reason reaches the model as the tool's result.
- **plan-mode** (clients that have one): the CLI runs in its plan mode and the model
  writes code; caveat's plan-mode advice reaches the model before the tool runs. Gemini
  CLI and Qwen Code refuse the write themselves in plan mode, before any hook, and
  caveat's advice there goes after the tool: the test shows the refusal, so that a
  release that changes it shows up.
- **rule-trusted** / **rule-untrusted**: the project ships a rule in .caveat/rules/.
  Once the user ran ``caveat trust`` on it, its advice reaches the model like any
  guard's; without that, the session start says the project's policy is not trusted
  (and how to review it), and the rule says nothing.
- **compaction**: the scripted model reports a small context, then one over the
  user's threshold. The harness writes those figures into its transcript, and after
  the second call caveat's compaction advice reaches the model, once; after the first
  nothing does.

Where caveat cannot do one of these in a harness, the client says why
(``Client.not_applicable``) and the lane's table shows it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from clients import CLIENTS
from lane import Cases
from lane import Report
from lane import find_unshare
from lane import install_clis
from lane import shared_report
from run_case import family_of
from scenario import ENV_FILE
from scenario import PLAN_MODE_WRITE
from scenario import PRINT_CALL
from scenario import SESSIONS
from servers.base import Segment
from session_expect import after_contexts
from session_expect import before_context
from session_expect import deny_reason
from session_expect import start_context
from session_expect import step_context
from verdict import PROCEDURE
from verdict import client_errors

pytestmark = pytest.mark.e2e
DENY = sorted(h for h, c in CLIENTS.items() if c.deny_channel)
POST = sorted(h for h, c in CLIENTS.items() if c.post_channel)
PLAN_MODE = sorted(h for h, c in CLIENTS.items() if c.plan_mode and not c.plan_mode_refusal)
REFUSES = sorted(h for h, c in CLIENTS.items() if c.plan_mode_refusal)


@pytest.fixture(scope="session")
def cases(tmp_path_factory: pytest.TempPathFactory) -> Cases:
    return Cases(find_unshare(), install_clis(), tmp_path_factory)


@pytest.fixture(scope="session")
def report(request: pytest.FixtureRequest) -> Report:
    found = shared_report(request.config)
    for harness, client in CLIENTS.items():
        for channel, why in client.not_applicable:
            found.channels.setdefault(harness, {})[channel] = f"n/a: {why}"
    return found


def _call(conversation: list[Segment], marker: str) -> int:
    calls = [s.message for s in conversation if s.place == "tool_call" and marker in s.text]
    assert len(calls) == 1, f"{len(calls)} tool calls carry {marker!r}"
    return calls[0]


@pytest.mark.parametrize("harness", DENY)
def test_strict_deny(harness: str, cases: Cases, report: Report, tmp_path: Path) -> None:
    client = CLIENTS[harness]
    channel = client.deny_channel
    assert channel is not None
    case = cases.get(harness, "--session", "strict")
    # Codex logs the blocked call as an error of its tool router: the deny itself.
    errors = [e for e in client_errors(client, case) if "blocked by PreToolUse hook" not in e]
    assert errors == []
    session = SESSIONS["strict"]
    home = case.result["home"]
    reason = deny_reason(client, case.config, session, str(tmp_path), home, ENV_FILE)
    assert os.path.basename(ENV_FILE.path) in reason
    assert not os.path.exists(os.path.join(case.result["project"], ENV_FILE.path)), (
        "the denied write ran"
    )
    final = case.conversations(family_of(client))[-1]
    call = _call(final, ENV_FILE.marker)
    tool, _ = client.hook_view(ENV_FILE, case.result["project"])
    rendered = channel.render(reason, tool)
    results = [s for s in final if s.place == channel.place and s.message > call]
    assert results, "no tool result after the denied call"
    assert channel.holds(results[0].text, rendered), (
        f"the deny reason did not reach the model as caveat wrote it:\n{results[0].text!r}"
    )
    report.channels.setdefault(harness, {})["strict deny"] = "reached (file not written)"


@pytest.mark.parametrize("harness", POST)
def test_compaction_advice(harness: str, cases: Cases, report: Report, tmp_path: Path) -> None:
    client = CLIENTS[harness]
    channel = client.post_channel
    assert channel is not None
    case = cases.get(harness, "--session", "compaction")
    assert client_errors(client, case) == []
    session = SESSIONS["compaction"]
    contexts = after_contexts(client, case.config, session, str(tmp_path), case.result["home"])
    first, second, third = session.steps
    assert contexts[first.id] == "", f"caveat spoke below the threshold: {contexts[first.id]!r}"
    assert contexts[second.id].startswith("This session's context is at about ")
    assert contexts[third.id] == "", "caveat advised twice for one crossing"
    final = case.conversations(family_of(client))[-1]
    tool, _ = client.hook_view(second, case.result["project"])
    rendered = channel.render(contexts[second.id], tool)
    hits = [s for s in final if s.place == channel.place and channel.holds(s.text, rendered)]
    assert len(hits) == 1, f"compaction advice reached the model {len(hits)} times"
    # After the call that reported the large context, or (transcript written late)
    # the next one.
    first_call = _call(final, first.marker)
    assert hits[0].message > _call(final, second.marker) > first_call
    spoken = [s.message for s in final if PROCEDURE in s.text and s.message > first_call]
    assert spoken == [hits[0].message], f"caveat's advice in messages {spoken}"
    report.channels.setdefault(harness, {})["compaction"] = "reached"


@pytest.mark.parametrize("harness", PLAN_MODE)
def test_plan_mode_advice(harness: str, cases: Cases, report: Report, tmp_path: Path) -> None:
    client = CLIENTS[harness]
    case = cases.get(harness, "--session", "plan-mode")
    assert client_errors(client, case) == []
    session = SESSIONS["plan-mode"]
    step = PLAN_MODE_WRITE
    context = before_context(client, case.config, session, str(tmp_path), case.result["home"], step)
    assert "plan mode" in context, f"caveat gave no plan-mode advice: {context!r}"
    final = case.conversations(family_of(client))[-1]
    tool, _ = client.hook_view(step, case.result["project"])
    rendered = client.tool_channel.render(context, tool)
    hits = [s for s in final if client.tool_channel.holds(s.text, rendered)]
    assert len(hits) == 1, f"plan-mode advice reached the model {len(hits)} times"
    assert hits[0].place == client.tool_channel.place
    assert hits[0].message > _call(final, step.marker)
    report.channels.setdefault(harness, {})["plan mode"] = "reached"


@pytest.mark.parametrize("harness", REFUSES)
def test_plan_mode_write_refused_by_the_client(harness: str, cases: Cases) -> None:
    client = CLIENTS[harness]
    case = cases.get(harness, "--session", "plan-mode")
    # Qwen logs the refused call as a tool error: the refusal itself.
    errors = [e for e in client_errors(client, case) if client.plan_mode_refusal not in e]
    assert errors == []
    step = PLAN_MODE_WRITE
    assert not os.path.exists(os.path.join(case.result["project"], step.path))
    final = case.conversations(family_of(client))[-1]
    call = _call(final, step.marker)
    results = [s for s in final if s.place == "tool_result" and s.message > call]
    assert results and client.plan_mode_refusal in results[0].text, results[:1]
    assert not any(PROCEDURE in s.text for s in final if s.message > call)


RULE_ADVICE = "gains a `print(` call"


@pytest.mark.parametrize("harness", sorted(CLIENTS))
def test_a_trusted_projects_rule(
    harness: str, cases: Cases, report: Report, tmp_path: Path
) -> None:
    client = CLIENTS[harness]
    case = cases.get(harness, "--session", "rule-trusted")
    assert client_errors(client, case) == []
    session, project = SESSIONS["rule-trusted"], case.result["project"]
    context, replayed = step_context(
        client, case.config, session, str(tmp_path), case.result["home"], PRINT_CALL
    )
    assert RULE_ADVICE in context, f"caveat gave no rule advice: {context!r}"
    context = context.replace(replayed, project)  # the rule file's path, in the case
    final = case.conversations(family_of(client))[-1]
    tool, _ = client.hook_view(PRINT_CALL, project)
    rendered = client.tool_channel.render(context, tool)
    hits = [s for s in final if client.tool_channel.holds(s.text, rendered)]
    assert len(hits) == 1, f"the rule's advice reached the model {len(hits)} times"
    assert hits[0].place == client.tool_channel.place
    assert hits[0].message > _call(final, PRINT_CALL.marker)
    report.channels.setdefault(harness, {})["custom rule (trusted)"] = "reached"


@pytest.mark.parametrize("harness", sorted(CLIENTS))
def test_an_untrusted_projects_rule(
    harness: str, cases: Cases, report: Report, tmp_path: Path
) -> None:
    client = CLIENTS[harness]
    case = cases.get(harness, "--session", "rule-untrusted")
    assert client_errors(client, case) == []
    session, project = SESSIONS["rule-untrusted"], case.result["project"]
    start, replayed = start_context(
        client, case.config, session, str(tmp_path), case.result["home"]
    )
    assert f"caveat trust {replayed}" in start, f"no trust notice: {start!r}"
    start = start.replace(replayed, project)
    conversations = case.conversations(family_of(client))
    channel = client.start_channel
    assert any(channel.holds(s.text, channel.render(start)) for s in conversations[0]), (
        "the session-start notice did not reach the model as caveat wrote it"
    )
    final = conversations[-1]
    call = _call(final, PRINT_CALL.marker)
    assert not any(RULE_ADVICE in s.text for s in final)
    assert not any(PROCEDURE in s.text for s in final if s.message > call)
    report.channels.setdefault(harness, {})["custom rule (untrusted)"] = "silent as expected"
