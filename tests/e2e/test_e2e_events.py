"""Claude Code's newer events in the real CLI (the main session of scenario.py).

The failing ``git push --force`` fires PostToolUseFailure in place of PostToolUse,
and Claude Code starts caveat's registration for it; caveat's git advice reached the
model once, before the push (test_e2e_harnesses checks its text and count), so the
failure hook runs only the guards that speak after a tool ran, and stays silent.
Read from caveat's own audit log in the case's HOME: one line per hook start.
"""

from __future__ import annotations

import pytest
from clients import CLIENTS
from lane import Cases
from lane import find_unshare
from lane import install_clis
from scenario import PUSH
from verdict import audit

pytestmark = pytest.mark.e2e


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
