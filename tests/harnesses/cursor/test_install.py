"""caveat install --harness cursor: one sessionStart handler merged into the operator's
hooks.json (version and everything else kept); the note about Claude Code's hooks."""

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
from tests.harnesses.install_helpers import read
from tests.harnesses.install_helpers import refused
from tests.harnesses.install_helpers import round_trip
from tests.harnesses.install_helpers import shell_start
from tests.harnesses.install_helpers import unsafe_project_is_refused
from tests.harnesses.install_helpers import write

SWITCH = '"Include Third-Party Plugins, Skills, and Other Configs"'
OPERATOR: Json = {
    "version": 1,
    "hooks": {
        "beforeShellExecution": [{"command": "./hooks/block-rm.sh", "timeout": 5}],
        "sessionStart": [{"command": "./hooks/greet.sh"}],
    },
}


def test_merges_one_entry_into_the_operators_file(project, caveat):
    path = project / ".cursor" / "hooks.json"
    write(path, json.dumps(OPERATOR, indent=2) + "\n")
    code, out, _ = caveat("install", "--harness", "cursor", "--project", str(project))
    assert code == 0 and "sessionStart" in out  # the note about older builds
    data = json.loads(read(path))
    assert data["version"] == 1 and list(data) == ["version", "hooks"]
    # the operator's handlers first, then caveat's, which answers only with a hold
    *theirs, hold = data["hooks"]["beforeShellExecution"]
    assert theirs == OPERATOR["hooks"]["beforeShellExecution"]
    assert hold == {"command": f"{shell_start()} --contract cursor beforeShellExecution --hold"}
    mine, caveats = data["hooks"]["sessionStart"]
    assert mine == {"command": "./hooks/greet.sh"}
    assert caveats == {"command": f"{shell_start()} --contract cursor sessionStart"}
    assert "timeout" not in caveats  # its unit is not settled: Cursor's default


def test_new_file_gets_a_version(project, caveat):
    caveat("install", "--harness", "cursor", "--project", str(project))
    data = json.loads(read(project / ".cursor" / "hooks.json"))
    assert list(data) == ["version", "hooks"] and data["version"] == 1
    assert list(data["hooks"]) == ["sessionStart", "beforeShellExecution"]
    caveat("uninstall", "--harness", "cursor", "--project", str(project))
    assert sorted(os.listdir(project)) == [".git"]


@pytest.mark.parametrize(
    "original",
    [
        json.dumps(OPERATOR, indent=2) + "\n",
        json.dumps(OPERATOR, indent=4),
        '{\n  "version": 1,\n  "hooks": {}\n}\n',  # an empty hooks object stays
    ],
)
def test_round_trip(original, project, caveat):
    round_trip(caveat, "cursor", project, original)


def test_registered_command_reaches_the_guards(project, caveat):
    caveat("install", "--harness", "cursor", "--project", str(project))
    (handler,) = json.loads(read(project / ".cursor" / "hooks.json"))["hooks"]["sessionStart"]
    envelope = answer(handler, example("42-cursor-sessionstart.json", project), project)
    assert list(envelope) == ["additional_context"] and envelope["additional_context"]


def test_note_when_claude_code_is_registered_too(project, caveat):
    code, out, _ = caveat("install", "--harness", "cursor", "--project", str(project))
    assert SWITCH not in out
    code, out, _ = caveat("install", "--harness", "claude", "--project", str(project))
    assert code == 0 and SWITCH in out
    assert os.path.join(str(project), ".claude", "settings.json") in out
    code, out, _ = caveat("install", "--harness", "cursor", "--project", str(project))
    assert SWITCH in out  # also on an up-to-date re-install
    caveat("uninstall", "--harness", "claude", "--project", str(project))
    assert SWITCH not in caveat("install", "--harness", "cursor", "--project", str(project))[1]


def test_note_across_scopes(project, home, caveat):
    """A user-wide Claude Code install and a project Cursor install overlap too."""
    caveat("install", "--harness", "claude")
    _, out, _ = caveat("install", "--harness", "cursor", "--project", str(project))
    assert SWITCH in out and os.path.join(home, ".claude", "settings.json") in out


def test_user_file(home, caveat):
    caveat("install", "--harness", "cursor")
    assert os.path.isfile(os.path.join(home, ".cursor", "hooks.json"))


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ('{\n  "version": 1,\n  "hooks": {},\n}\n', "JSONC/JSON5"),
        ("{version: 1}", "not valid JSON"),
        ('{"version": 1, "hooks": {"sessionStart": {"command": "x"}}}', "is not a list"),
    ],
)
def test_refusals(text, why, project, caveat):
    refused(caveat, "cursor", project, text, why)


def test_drift(project, caveat):
    drifts_when_the_interpreter_moves(caveat, "cursor", project)


def test_dry_run(project, caveat):
    dry_run_writes_nothing(caveat, "cursor", project)


def test_unsafe_project(tmp_path, caveat):
    unsafe_project_is_refused(caveat, "cursor", tmp_path)
