"""caveat install --harness copilot: a file of caveat's own in .github/hooks/, handlers
straight under camelCase events, bash + powershell twins, timeoutSec."""

# ruff: noqa: F401, F811  (pytest fixtures imported from harnesses.install_helpers)

from __future__ import annotations

import json
import os

import pytest

from caveat.install.command import launcher
from tests.harnesses.install_helpers import Json
from tests.harnesses.install_helpers import answer
from tests.harnesses.install_helpers import caveat
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
    return read_json(project / ".github" / "hooks" / "caveat.json")


def test_registrations(project, caveat):
    code, out, _ = caveat("install", "--harness", "copilot", "--project", str(project))
    assert code == 0 and "cloud coding agent" in out
    data = installed(project)
    assert list(data) == ["version", "hooks"] and data["version"] == 1
    # preToolUse context is dropped: its shell entry answers only with a hold; a failing
    # tool fires postToolUseFailure
    hooks = ["sessionStart", "preToolUse", "postToolUse", "postToolUseFailure"]
    assert list(data["hooks"]) == hooks
    (before,) = data["hooks"]["preToolUse"]
    assert before["matcher"] == "bash|powershell"
    assert before["bash"] == f"{shell_start()} --contract copilot preToolUse --hold"
    (start,) = data["hooks"]["sessionStart"]
    assert list(start) == ["type", "bash", "powershell", "timeoutSec"]
    assert start["timeoutSec"] == 30  # seconds
    assert start["bash"] == f"{shell_start()} --contract copilot sessionStart"
    assert start["powershell"] == "& " + start["bash"]
    (after,) = data["hooks"]["postToolUse"]
    assert after["matcher"] == "create|edit|str_replace_editor|apply_patch|bash|powershell"
    assert after["bash"] == f"{shell_start()} --contract copilot postToolUse"
    (failure,) = data["hooks"]["postToolUseFailure"]
    assert failure["matcher"] == after["matcher"]
    # the same registration, on the event a failed call fires
    assert failure["bash"] == f"{shell_start()} --contract copilot postToolUseFailure"


def test_registered_command_reaches_the_guards(project, caveat):
    caveat("install", "--harness", "copilot", "--project", str(project))
    (after,) = installed(project)["hooks"]["postToolUse"]
    payload = example("40-copilot-posttooluse-edit-package-json.json", project)
    envelope = answer(after, payload, project)
    assert "lodahs" in envelope["additionalContext"]  # top level, Copilot's own shape


def test_round_trip_keeps_an_operators_handlers(project, caveat):
    mine = {"type": "command", "bash": "./lint.sh", "powershell": "./lint.ps1"}
    original = json.dumps({"version": 1, "hooks": {"postToolUse": [mine]}, "x": 1}, indent=2)
    text = round_trip(caveat, "copilot", project, original + "\n")
    data = json.loads(text)
    assert list(data) == ["version", "hooks", "x"]
    assert data["hooks"]["postToolUse"][0] == mine and len(data["hooks"]["postToolUse"]) == 2


def test_created_file_and_folders_go_on_uninstall(project, caveat):
    caveat("install", "--harness", "copilot", "--project", str(project))
    assert caveat("uninstall", "--harness", "copilot", "--project", str(project))[0] == 0
    assert sorted(os.listdir(project)) == [".git"]


def test_user_file(home, tmp_path, caveat, monkeypatch):
    monkeypatch.delenv("COPILOT_HOME", raising=False)
    caveat("install", "--harness", "copilot")
    assert os.path.isfile(os.path.join(home, ".copilot", "hooks", "caveat.json"))
    monkeypatch.setenv("COPILOT_HOME", str(tmp_path / "copilot"))
    caveat("install", "--harness", "copilot")
    assert os.path.isfile(tmp_path / "copilot" / "hooks" / "caveat.json")
    assert caveat("verify", "--harness", "copilot")[0] == 0


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ('{\n  "version": 1, // mine\n  "hooks": {}\n}\n', "JSONC/JSON5"),
        ('{"version": 1, "hooks": ', "not valid JSON"),
        ('{"version": 1, "hooks": []}', '"hooks" is not an object'),
        ('{"version": 1, "hooks": {"postToolUse": {}}}', '"hooks.postToolUse" is not a list'),
        ('{"version": 1, "hooks": {"sessionStart": ["x"]}}', "handler objects"),
    ],
)
def test_refusals(text, why, project, caveat):
    refused(caveat, "copilot", project, text, why)


def test_drift(project, caveat):
    drifts_when_the_interpreter_moves(caveat, "copilot", project)


def test_dry_run(project, caveat):
    dry_run_writes_nothing(caveat, "copilot", project)


def test_unsafe_project(tmp_path, caveat):
    unsafe_project_is_refused(caveat, "copilot", tmp_path)
