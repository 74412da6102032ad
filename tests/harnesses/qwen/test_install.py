"""caveat install --harness qwen: PostToolUse with Qwen's tool names, seconds."""

# ruff: noqa: F401, F811  (pytest fixtures imported from harnesses.install_helpers)

from __future__ import annotations

import os

from tests.harnesses.install_helpers import caveat
from tests.harnesses.install_helpers import context
from tests.harnesses.install_helpers import example
from tests.harnesses.install_helpers import home
from tests.harnesses.install_helpers import hooks
from tests.harnesses.install_helpers import shell_start


def test_registrations(project, caveat):
    assert caveat("install", "--harness", "qwen", "--project", str(project))[0] == 0
    registered = hooks(project / ".qwen" / "settings.json")
    # PreToolUse context is dropped; a command that exits non-zero fires PostToolUseFailure
    # (the shell tool's PreToolUse entry answers only with a hold)
    assert list(registered) == ["PreToolUse", "PostToolUse", "PostToolUseFailure", "SessionStart"]
    (before,) = registered["PreToolUse"]
    assert before["matcher"] == "^run_shell_command$"
    assert before["hooks"][0]["command"].endswith(" --contract qwen PreToolUse --hold")
    (group,) = registered["PostToolUse"]
    assert group["matcher"] == "^(write_file|edit|run_shell_command)$"
    handler = group["hooks"][0]
    assert handler["timeout"] == 30  # seconds (>= 1000 would be legacy ms)
    assert handler["command"].endswith(" --contract qwen PostToolUse")
    (failure,) = registered["PostToolUseFailure"]
    assert failure["matcher"] == group["matcher"]
    command = failure["hooks"][0]["command"]
    assert command == f"{shell_start()} --contract qwen PostToolUseFailure"


def test_failing_command_still_gets_advice(project, caveat):
    """Qwen fires PostToolUseFailure, not PostToolUse, when a shell command exits
    non-zero: a rejected force push still gets the git advice."""
    caveat("install", "--harness", "qwen", "--project", str(project))
    handler = hooks(project / ".qwen" / "settings.json")["PostToolUseFailure"][0]["hooks"][0]
    payload = {
        "session_id": "qwen-failure",
        "hook_event_name": "PostToolUseFailure",
        "cwd": str(project),
        "tool_name": "run_shell_command",
        "tool_input": {"command": "git push --force origin main", "is_background": False},
        "error": "fatal: 'origin' does not appear to be a git repository",
    }
    assert "force-push" in context(handler, payload, project)


def test_registered_command_reaches_the_guards(project, caveat):
    caveat("install", "--harness", "qwen", "--project", str(project))
    handler = hooks(project / ".qwen" / "settings.json")["PostToolUse"][0]["hooks"][0]
    payload = example("23-qwen-posttooluse-shell-pip-install.json", project)
    assert "requests" in context(handler, payload, project)


def test_user_file(home, caveat):
    caveat("install", "--harness", "qwen-code")
    assert os.path.isfile(os.path.join(home, ".qwen", "settings.json"))
