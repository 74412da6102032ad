"""caveat install --harness claude-code: exec form, seconds, three PreToolUse groups."""

# ruff: noqa: F401, F811  (pytest fixtures imported from install_helpers)

from __future__ import annotations

import os

from install_helpers import PYTHON
from install_helpers import caveat
from install_helpers import context
from install_helpers import example
from install_helpers import home
from install_helpers import hooks

from caveat.install.command import launcher


def test_registrations(project, caveat):
    code, out, _ = caveat("install", "--harness", "claude-code", "--project", str(project))
    assert code == 0 and "registered" in out
    registered = hooks(project / ".claude" / "settings.json")
    assert list(registered) == ["PreToolUse", "SessionStart", "Stop"]
    matchers = [g["matcher"] for g in registered["PreToolUse"]]
    assert matchers == ["Write|Edit|MultiEdit|NotebookEdit", "Bash|PowerShell", "AskUserQuestion"]
    files, shells, ask = (g["hooks"][0] for g in registered["PreToolUse"])
    assert files["command"] == PYTHON and files["timeout"] == 30
    assert files["args"][:5] == ["-I", launcher(), "--contract", "claude", "PreToolUse"]
    assert os.path.isabs(files["args"][1])
    assert "pretooluse-write-header-guard" in files["args"] and "custom" in files["args"]
    assert "pretooluse-bash" not in files["args"]
    assert "pretooluse-bash" in shells["args"] and "custom" in shells["args"]
    assert ask["args"][5:] == ["pretooluse-askuserquestion-recommended", "custom"]
    start = registered["SessionStart"][0]
    assert "matcher" not in start
    assert start["hooks"][0]["args"][4:] == [
        "SessionStart",
        "sessionstart",
        "postcompact",
        "custom",
    ]
    assert registered["Stop"][0]["hooks"][0]["args"][4:] == ["Stop", "stop"]


def test_registered_command_reaches_the_guards(project, caveat):
    caveat("install", "--harness", "claude-code", "--project", str(project))
    shells = hooks(project / ".claude" / "settings.json")["PreToolUse"][1]["hooks"][0]
    text = context(shells, example("07-claude-bash-npm-install.json", project), project)
    assert "zod" in text or "npm" in text


def test_user_install_goes_to_home(home, caveat):
    caveat("install", "--harness", "claude", "--user")
    assert os.path.isfile(os.path.join(home, ".claude", "settings.json"))
