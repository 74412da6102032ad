"""caveat install --harness claude: exec form, seconds, three PreToolUse groups, one
PostToolUse group for the guards that speak only after a tool ran."""

# ruff: noqa: F401, F811  (pytest fixtures imported from harnesses.install_helpers)

from __future__ import annotations

import os

from caveat.install.command import launcher
from tests.harnesses.install_helpers import answer as run_answer
from tests.harnesses.install_helpers import caveat
from tests.harnesses.install_helpers import context
from tests.harnesses.install_helpers import example
from tests.harnesses.install_helpers import home
from tests.harnesses.install_helpers import hooks
from tests.harnesses.install_helpers import launch_sh
from tests.harnesses.install_helpers import shell_start
from tests.harnesses.install_helpers import write


def test_registrations(project, caveat):
    code, out, _ = caveat("install", "--harness", "claude", "--project", str(project))
    assert code == 0 and "registered" in out
    registered = hooks(project / ".claude" / "settings.json")
    assert list(registered) == ["PreToolUse", "PostToolUse", "SessionStart", "Stop"]
    matchers = [g["matcher"] for g in registered["PreToolUse"]]
    assert matchers == ["Write|Edit|MultiEdit|NotebookEdit", "Bash|PowerShell", "AskUserQuestion"]
    files, shells, ask = (g["hooks"][0] for g in registered["PreToolUse"])
    assert files["command"] == "/bin/sh" and files["timeout"] == 30
    assert files["args"][:4] == [launch_sh(), "--contract", "claude", "PreToolUse"]
    assert os.path.isabs(files["args"][0])
    # Routed by event: each runs whatever guards this version has for its event and tool.
    assert len(files["args"]) == len(shells["args"]) == len(ask["args"]) == 4
    start = registered["SessionStart"][0]
    assert "matcher" not in start
    assert start["hooks"][0]["args"][3:] == ["SessionStart"]
    assert registered["Stop"][0]["hooks"][0]["args"][3:] == ["Stop"]
    (after,) = registered["PostToolUse"]
    assert after["matcher"] == "*"  # every tool: the context grows on reads too
    assert after["hooks"][0]["args"][3:] == ["PostToolUse", "--guards", "compaction,custom"]
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
