"""caveat install --harness kiro: a v1 hooks file of caveat's own in .kiro/hooks/, one
SessionStart handler (Kiro shows only session-start output to the model)."""

# ruff: noqa: F401, F811  (pytest fixtures imported from harnesses.install_helpers)

from __future__ import annotations

import json
import os

import pytest

from tests.harnesses.install_helpers import Json
from tests.harnesses.install_helpers import caveat
from tests.harnesses.install_helpers import context
from tests.harnesses.install_helpers import drifts_when_the_interpreter_moves
from tests.harnesses.install_helpers import dry_run_writes_nothing
from tests.harnesses.install_helpers import example
from tests.harnesses.install_helpers import home
from tests.harnesses.install_helpers import launch_sh
from tests.harnesses.install_helpers import read_json
from tests.harnesses.install_helpers import refused
from tests.harnesses.install_helpers import round_trip
from tests.harnesses.install_helpers import shell_start
from tests.harnesses.install_helpers import unsafe_project_is_refused


def installed(project) -> Json:
    return read_json(project / ".kiro" / "hooks" / "caveat.json")


def test_registrations(project, caveat):
    assert caveat("install", "--harness", "kiro", "--project", str(project))[0] == 0
    data = installed(project)
    assert list(data) == ["version", "hooks"] and data["version"] == "v1"
    (handler,) = data["hooks"]
    assert handler["name"] == "caveat-sessionstart" and handler["trigger"] == "SessionStart"
    assert handler["timeout"] == 30 and handler["enabled"] is True  # seconds
    assert handler["action"]["type"] == "command"
    assert handler["action"]["command"].startswith(shell_start() + " ")
    assert handler["action"]["command"].endswith("--contract kiro SessionStart")
    assert "matcher" not in handler


def test_registered_command_reaches_the_guards(project, caveat):
    caveat("install", "--harness", "kiro", "--project", str(project))
    (handler,) = installed(project)["hooks"]
    assert context(handler, example("44-kiro-agentspawn.json", project), project)


def test_round_trip_keeps_an_operators_hooks(project, caveat):
    lint = {
        "name": "lint-on-save",
        "trigger": "PostFileSave",
        "matcher": "\\.ts$",
        "action": {"type": "command", "command": "npm run lint"},
    }
    original = json.dumps({"version": "v1", "hooks": [lint]}, indent=2) + "\n"
    data = json.loads(round_trip(caveat, "kiro", project, original))
    assert data["hooks"][0] == lint and data["hooks"][1]["trigger"] == "SessionStart"


def test_created_file_and_folders_go_on_uninstall(project, caveat):
    caveat("install", "--harness", "kiro", "--project", str(project))
    caveat("uninstall", "--harness", "kiro", "--project", str(project))
    assert sorted(os.listdir(project)) == [".git"]


def test_user_file(home, caveat):
    caveat("install", "--harness", "kiro")
    assert os.path.isfile(os.path.join(home, ".kiro", "hooks", "caveat.json"))


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ('{\n  "version": "v1", /* mine */\n  "hooks": []\n}\n', "JSONC/JSON5"),
        ('{"version": "v1", "hooks": [', "not valid JSON"),
        ('{"version": "v1", "hooks": {"SessionStart": []}}', '"hooks" is not a list'),
        ('{"version": "v1", "hooks": ["x"]}', '"hooks" is not a list'),
    ],
)
def test_refusals(text, why, project, caveat):
    refused(caveat, "kiro", project, text, why)


def test_drift(project, caveat):
    drifts_when_the_interpreter_moves(caveat, "kiro", project)


def test_dry_run(project, caveat):
    dry_run_writes_nothing(caveat, "kiro", project)


def test_unsafe_project(tmp_path, caveat):
    unsafe_project_is_refused(caveat, "kiro", tmp_path)
