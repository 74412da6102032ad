"""A ``PATH`` whose empty or relative entries (``.``, ``::``, a trailing ``:``,
``node_modules/.bin``) name the project's own folders, where it planted a ``git`` that
leaves a marker. Real hook calls (Write, Edit, Bash; Pre and Post, each its own
process through the launcher) and ``install``, ``verify`` and ``doctor`` never run it,
and the hook's answer is the one it gives with those entries left out."""

from __future__ import annotations

import json
import os

import pytest

from tests.helpers import envelope
from tests.helpers import run_hook
from tests.hostile import git as hostile
from tests.test_hostile_commands import COMMANDS
from tests.test_hostile_commands import run_command

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc")

REAL = os.environ["PATH"]
PATHS = hostile.planted_paths(REAL)

WRITE = {
    "file_path": "{project}/src/app.py",
    "content": "import pickle\n\n\ndef load(b):\n    return pickle.loads(b)\n",
}
EDIT = {
    "file_path": "{project}/src/main.py",
    "old_string": "print('hello')\n",
    "new_string": "import os\nos.system(input())\n",
}
BASH = {"command": "npm install lodash && git status"}
CALLS = {
    f"{tool}-{event}": (event, tool, tool_input)
    for tool, tool_input in (("Write", WRITE), ("Edit", EDIT), ("Bash", BASH))
    for event in ("PreToolUse", "PostToolUse")
}


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    return hostile.planted_git(tmp_path_factory.mktemp("planted"))


def _fill(value: dict[str, str], project: str) -> dict[str, str]:
    return {k: v.replace("{project}", project) for k, v in value.items()}


def answer(made, call: str, path: str, state: str):
    event, tool, tool_input = CALLS[call]
    data = {
        "session_id": "planted",
        "cwd": made.project,
        "hook_event_name": event,
        "tool_name": tool,
        "tool_input": _fill(tool_input, made.project),
    }
    env = dict(os.environ, PATH=path, CAVEAT_STATE_DIR=state)
    return envelope(run_hook(json.dumps(data).encode(), cwd=made.project, env=env))


def _without_planted(path: str) -> str:
    return os.pathsep.join(e for e in path.split(os.pathsep) if os.path.isabs(e))


@pytest.mark.parametrize("call", sorted(CALLS))
@pytest.mark.parametrize("variant", sorted(PATHS))
def test_hook_never_runs_a_planted_git(made, tmp_path, variant, call):
    found = answer(made, call, PATHS[variant], str(tmp_path / "state"))
    assert made.marks() == []
    reference = answer(made, call, _without_planted(PATHS[variant]), str(tmp_path / "again"))
    assert found == reference


ADVISED = {"Write-PreToolUse": "pickle", "Write-PostToolUse": "pickle", "Bash-PreToolUse": "lodash"}


@pytest.mark.parametrize("call", sorted(ADVISED))
def test_advice_is_still_given(made, tmp_path, call):
    # Not a vacuous comparison: these calls advise, with the planted entries first.
    found = answer(made, call, PATHS["dot"], str(tmp_path / "state"))
    assert found is not None and ADVISED[call] in json.dumps(found)
    assert made.marks() == []


@pytest.mark.parametrize("name", sorted(COMMANDS))
@pytest.mark.parametrize("variant", sorted(PATHS))
def test_commands_never_run_a_planted_git(tmp_path, variant, name):
    made = hostile.planted_git(tmp_path)
    run_command(made, name, PATHS[variant])
    assert made.marks() == []
