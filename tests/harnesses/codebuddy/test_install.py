"""caveat install --harness codebuddy: Claude-shaped, PostToolUse (pre-tool context is
dropped) with anchored Claude tool names, shell form, seconds."""

# ruff: noqa: F401, F811  (pytest fixtures imported from harnesses.install_helpers)

from __future__ import annotations

import os

import pytest

from tests.harnesses.install_helpers import caveat
from tests.harnesses.install_helpers import context
from tests.harnesses.install_helpers import example
from tests.harnesses.install_helpers import home
from tests.harnesses.install_helpers import hooks
from tests.harnesses.install_helpers import launch_sh
from tests.harnesses.install_helpers import refused
from tests.harnesses.install_helpers import shell_start
from tests.harnesses.install_helpers import unsafe_project_is_refused


def test_registrations(project, caveat):
    code, out, _ = caveat("install", "--harness", "codebuddy", "--project", str(project))
    assert code == 0 and "/hooks" in out  # review note
    registered = hooks(project / ".codebuddy" / "settings.json")
    assert list(registered) == ["PostToolUse", "SessionStart"]
    (group,) = registered["PostToolUse"]
    assert group["matcher"] == "^(Write|Edit|MultiEdit|NotebookEdit|Bash)$"
    handler = group["hooks"][0]
    assert handler["type"] == "command" and handler["timeout"] == 30  # seconds
    assert handler["command"].startswith(shell_start() + " ")
    # Routed by event: the hook runs whatever guards this version has for it.
    assert handler["command"].endswith(" --contract codebuddy PostToolUse")
    start = registered["SessionStart"][0]
    assert "matcher" not in start
    assert start["hooks"][0]["command"].endswith("--contract codebuddy SessionStart")


def test_registered_command_reaches_the_guards(project, caveat):
    caveat("install", "--harness", "codebuddy", "--project", str(project))
    handler = hooks(project / ".codebuddy" / "settings.json")["PostToolUse"][0]["hooks"][0]
    payload = example("25-codebuddy-posttooluse-edit-cargo.json", project)
    assert "reqwest" in context(handler, payload, project)


def test_user_file(home, caveat):
    caveat("install", "--harness", "codebuddy")
    assert os.path.isfile(os.path.join(home, ".codebuddy", "settings.json"))


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ('{\n  // mine\n  "hooks": {}\n}\n', "JSONC/JSON5"),
        ('{"hooks": ', "not valid JSON"),
        ('{"hooks": {"PostToolUse": [1]}}', '"hooks.PostToolUse" is not a list'),
    ],
)
def test_refusals(text, why, project, caveat):
    refused(caveat, "codebuddy", project, text, why)


def test_unsafe_project(tmp_path, caveat):
    unsafe_project_is_refused(caveat, "codebuddy", tmp_path)
