"""caveat install --harness gemini: AfterTool with Gemini's tool names, milliseconds."""

# ruff: noqa: F401, F811  (pytest fixtures imported from harnesses.install_helpers)

from __future__ import annotations

import os

from tests.harnesses.install_helpers import caveat
from tests.harnesses.install_helpers import context
from tests.harnesses.install_helpers import example
from tests.harnesses.install_helpers import home
from tests.harnesses.install_helpers import hooks
from tests.harnesses.install_helpers import launch_sh
from tests.harnesses.install_helpers import shell_start


def test_registrations(project, caveat):
    assert caveat("install", "--harness", "gemini", "--project", str(project))[0] == 0
    registered = hooks(project / ".gemini" / "settings.json")
    # BeforeTool context is dropped: there, the shell tool's entry answers only with a hold
    assert list(registered) == ["BeforeTool", "AfterTool", "SessionStart"]
    (before,) = registered["BeforeTool"]
    assert before["matcher"] == "run_shell_command"
    assert before["hooks"][0]["command"].endswith(" --contract gemini BeforeTool --hold")
    (group,) = registered["AfterTool"]
    assert group["matcher"] == "write_file|replace|run_shell_command"
    handler = group["hooks"][0]
    assert handler["timeout"] == 30_000  # milliseconds
    assert handler["name"] == "caveat" and handler["type"] == "command"
    assert handler["command"].startswith(shell_start() + " ")
    assert handler["command"].endswith(" --contract gemini AfterTool")
    start = registered["SessionStart"][0]["hooks"][0]["command"]
    assert start.endswith(" --contract gemini SessionStart")


def test_registered_command_reaches_the_guards(project, caveat):
    caveat("install", "--harness", "gemini", "--project", str(project))
    handler = hooks(project / ".gemini" / "settings.json")["AfterTool"][0]["hooks"][0]
    payload = example("21-gemini-aftertool-write-package-json.json", project)
    assert "package.json" in context(handler, payload, project)


def test_user_file(home, caveat):
    caveat("install", "--harness", "gemini")
    assert os.path.isfile(os.path.join(home, ".gemini", "settings.json"))
