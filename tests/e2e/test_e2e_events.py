"""Claude Code's newer events in the real CLI.

- The main session of scenario.py: the failing ``git push --force`` fires
  PostToolUseFailure in place of PostToolUse, and Claude Code starts caveat's
  registration for it; caveat's git advice reached the model once, before the push
  (test_e2e_harnesses checks its text and count), so the failure hook runs only the
  guards that speak after a tool ran, and stays silent.
- The "subagent" session: the model hands the steps to a subagent (the Agent tool).
  The subagent gets no SessionStart but a SubagentStart, whose context reaches it;
  its own tool calls run caveat's PreToolUse and PostToolUse registrations with its
  ``agent_id``, and their advice reaches the subagent's conversation, not the main
  one. The Agent call itself starts no PreToolUse (caveat registers none for it).

Read from caveat's own audit log in the case's HOME (one line per hook start) and
from the requests the model server got.
"""

from __future__ import annotations

import os

import pytest
from clients import CLIENTS
from lane import Cases
from lane import find_unshare
from lane import install_clis
from run_case import family_of
from scenario import PUSH
from scenario import SUBAGENT_TASK
from servers.base import opening
from verdict import START_HEADING as START
from verdict import audit
from verdict import client_errors

pytestmark = pytest.mark.e2e
EVAL_TEXT = "pickle.loads (unsafe deserialization)"


@pytest.fixture(scope="session")
def cases(tmp_path_factory: pytest.TempPathFactory) -> Cases:
    return Cases(find_unshare(), install_clis(), tmp_path_factory)


def test_a_failing_command_fires_post_tool_use_failure_in_claude_code(cases: Cases) -> None:
    records = audit(cases.get("claude").result["home"])
    shell = [r for r in records if r["tool"] == "Bash"]
    failing = sum(step.fails for step in CLIENTS["claude"].steps)
    assert failing == 1 and PUSH in CLIENTS["claude"].steps
    assert [r["event"] for r in shell if r["event"] != "PreToolUse"].count(
        "PostToolUseFailure"
    ) == failing
    (failed,) = [r for r in records if r["event"] == "PostToolUseFailure"]
    guards = {g["id"]: g["outcome"] for g in failed["guards"]}
    assert guards == {"compaction": "silent", "custom": "silent"}
    assert failed["received"] == "nothing"  # the git advice came before the push
    before = [r for r in shell if r["event"] == "PreToolUse"]
    git = [g for r in before for g in r["guards"] if g["id"] == "git"]
    assert [g["outcome"] for g in git].count("advised") == 1
    # Every other tool call ran PostToolUse: one post-tool start per tool call.
    pre = [r for r in records if r["event"] == "PreToolUse"]
    post = [r for r in records if r["event"] in ("PostToolUse", "PostToolUseFailure")]
    assert len(post) >= len(pre)


def test_no_subagent_ran_in_the_main_session(cases: Cases) -> None:
    """The scripted model server drives no Agent tool call, so SubagentStart never
    fires here and no line names an agent (see the README of this folder)."""
    records = audit(cases.get("claude").result["home"])
    assert not [r for r in records if r["event"] == "SubagentStart" or "agent_id" in r]


def test_a_subagents_tool_calls_reach_caveat_and_its_advice_the_subagent(cases: Cases) -> None:
    client = CLIENTS["claude"]
    case = cases.get("claude", "--session", "subagent")
    assert client_errors(client, case) == []
    records = audit(case.result["home"])
    (started,) = [r for r in records if r["event"] == "SubagentStart"]
    agent = started["agent_id"]
    assert agent and started["received"] == "advice"
    assert not [r for r in records if r["event"] == "SessionStart" and "agent_id" in r]
    writes = [r for r in records if r["event"] == "PreToolUse"]
    assert sorted(os.path.basename(r["path"]) for r in writes) == ["app.py", "notes.md"]
    assert {r.get("agent_id") for r in writes} == {agent}
    (pickled,) = [r for r in writes if r["path"].endswith("app.py")]
    assert {g["id"]: g["outcome"] for g in pickled["guards"]}["eval"] == "advised"
    assert not [r for r in records if r["event"] == "PreToolUse" and r["tool"] == "Agent"]
    family = family_of(client)
    loops = [r["body"] for r in case.records if r["answered"] != "other"]
    subagent = [b for b in loops if SUBAGENT_TASK in opening(family, b)]
    main = [b for b in loops if SUBAGENT_TASK not in opening(family, b)]
    assert subagent and main
    said = [s.text for s in family.conversation(subagent[-1]) if s.place == "system_msg"]
    assert any(t.startswith("SubagentStart hook additional context: " + START) for t in said)
    wrote = "PreToolUse:Write hook additional context: "
    assert any(t.startswith(wrote) and EVAL_TEXT in t for t in said)
    assert not [s for b in main for s in family.conversation(b) if EVAL_TEXT in s.text]
