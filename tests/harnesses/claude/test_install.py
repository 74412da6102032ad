"""caveat install --harness claude: exec form, seconds, three PreToolUse groups, one
PostToolUse group for the guards that speak only after a tool ran."""

# ruff: noqa: F401, F811  (pytest fixtures imported from harnesses.install_helpers)

from __future__ import annotations

import json
import os

from caveat.install.command import launcher
from tests.harnesses.install_helpers import answer as run_answer
from tests.harnesses.install_helpers import caveat
from tests.harnesses.install_helpers import context
from tests.harnesses.install_helpers import example
from tests.harnesses.install_helpers import home
from tests.harnesses.install_helpers import hooks
from tests.harnesses.install_helpers import launch_args
from tests.harnesses.install_helpers import launch_sh
from tests.harnesses.install_helpers import shell_start
from tests.harnesses.install_helpers import write


def test_registrations(project, caveat):
    code, out, _ = caveat("install", "--harness", "claude", "--project", str(project))
    assert code == 0 and "registered" in out
    registered = hooks(project / ".claude" / "settings.json")
    assert list(registered) == [
        "PreToolUse", "PostToolUse", "PostToolUseFailure", "SessionStart", "SubagentStart", "Stop",
    ]  # fmt: skip
    matchers = [g["matcher"] for g in registered["PreToolUse"]]
    assert matchers == ["Write|Edit|MultiEdit|NotebookEdit", "Bash|PowerShell", "AskUserQuestion"]
    files, shells, ask = (g["hooks"][0] for g in registered["PreToolUse"])
    assert files["command"] == "/bin/sh" and files["timeout"] == 30
    lead = launch_args()  # -c START <launcher>: status 0 when the launcher is gone
    assert files["args"][:6] == [*lead, "--contract", "claude", "PreToolUse"]
    assert os.path.isabs(files["args"][2]) and files["args"][2] == launch_sh()
    # Routed by event: each runs whatever guards this version has for its event and tool.
    assert len(files["args"]) == len(shells["args"]) == len(ask["args"]) == 6
    start = registered["SessionStart"][0]
    assert "matcher" not in start
    assert start["hooks"][0]["args"][5:] == ["SessionStart"]
    assert registered["Stop"][0]["hooks"][0]["args"][5:] == ["Stop"]
    (sub,) = registered["SubagentStart"]  # a subagent gets no SessionStart
    assert "matcher" not in sub and sub["hooks"][0]["args"][5:] == ["SubagentStart"]
    (after,) = registered["PostToolUse"]
    assert after["matcher"] == "*"  # every tool: the context grows on reads too
    assert after["hooks"][0]["args"][5:] == ["PostToolUse", "--guards", "compaction,custom"]
    (failed,) = registered["PostToolUseFailure"]
    assert failed["matcher"] == "*"
    words = ["PostToolUseFailure", "--guards", "compaction,custom"]
    assert failed["hooks"][0]["args"][5:] == words
    assert "PreCompact" not in registered  # Claude Code discards its output


def test_post_tool_runs_compaction_not_the_file_guards_again(project, caveat, home):
    """The file guards spoke before the write; after it only the context-size guard
    (here with a one-call budget) and the operator's PostToolUse rules run."""
    config = os.path.join(home, ".config", "caveat", "config.toml")
    write(config, "[compaction]\nthreshold_calls = 1\n")
    caveat("install", "--harness", "claude", "--project", str(project))
    after = hooks(project / ".claude" / "settings.json")["PostToolUse"][0]["hooks"][0]
    payload = example("02-claude-write-package-json.json", project)
    payload.update(hook_event_name="PostToolUse", tool_response={"success": True})
    text = context(after, payload, project)
    assert "compact" in text.lower()
    assert "lodahs" not in text and "package.json" not in text


def test_failed_tool_runs_compaction_not_the_shell_guards_again(project, caveat, home):
    """A command that exits non-zero fires PostToolUseFailure in place of PostToolUse:
    the git guard spoke before the push (holding it once, the advice as its reason),
    so after its failure only the context-size guard (a one-call budget) speaks."""
    config = os.path.join(home, ".config", "caveat", "config.toml")
    write(config, "[compaction]\nthreshold_calls = 1\n")
    caveat("install", "--harness", "claude", "--project", str(project))
    registered = hooks(project / ".claude" / "settings.json")
    before = registered["PreToolUse"][1]["hooks"][0]
    failed = registered["PostToolUseFailure"][0]["hooks"][0]
    payload: dict[str, object] = {
        "session_id": "s-failed",
        "transcript_path": "",
        "cwd": str(project),
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "git push --force origin main"},
        "tool_use_id": "toolu_1",
    }
    assert "force" in json.dumps(run_answer(before, payload, project)).lower()
    payload.update(hook_event_name="PostToolUseFailure", error="exit code 128", is_interrupt=False)
    text = context(failed, payload, project)
    assert "compact" in text.lower()
    assert "force" not in text.lower()


def test_registered_command_reaches_the_guards(project, caveat):
    caveat("install", "--harness", "claude", "--project", str(project))
    shells = hooks(project / ".claude" / "settings.json")["PreToolUse"][1]["hooks"][0]
    answer = run_answer(shells, example("07-claude-bash-npm-install.json", project), project)
    # a package the project does not declare: held once, with the advice as the reason
    decision = answer["hookSpecificOutput"]
    assert decision["permissionDecision"] == "deny"
    assert "zod" in decision["permissionDecisionReason"]


def test_user_install_goes_to_home(home, caveat):
    caveat("install", "--harness", "claude", "--user")
    assert os.path.isfile(os.path.join(home, ".claude", "settings.json"))
