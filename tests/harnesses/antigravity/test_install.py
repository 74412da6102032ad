"""caveat install --harness antigravity (or agy): one PreToolUse hook named ``hooks``
merged into the operator's hooks.json, their named hooks kept byte for byte; what
the registered command answers; the warning beside a Gemini CLI registration."""

# ruff: noqa: F401, F811  (pytest fixtures imported from harnesses.install_helpers)

from __future__ import annotations

import json
import os
import sys

import pytest

from caveat.harnesses.antigravity.install import MATCHER
from tests.harnesses.install_helpers import Json
from tests.harnesses.install_helpers import caveat
from tests.harnesses.install_helpers import drifts_when_the_interpreter_moves
from tests.harnesses.install_helpers import dry_run_writes_nothing
from tests.harnesses.install_helpers import home
from tests.harnesses.install_helpers import move_interpreter
from tests.harnesses.install_helpers import read
from tests.harnesses.install_helpers import refused
from tests.harnesses.install_helpers import round_trip
from tests.harnesses.install_helpers import run_registered
from tests.harnesses.install_helpers import shell_start
from tests.harnesses.install_helpers import unsafe_project_is_refused
from tests.harnesses.install_helpers import write

OPERATOR: Json = {
    "my-linter-hook": {
        "PostToolUse": [
            {
                "matcher": "run_command",
                "hooks": [{"type": "command", "command": "./scripts/lint.sh", "timeout": 10}],
            }
        ]
    },
    "safety-gate": {
        "enabled": False,
        "PreToolUse": [{"matcher": "run_command", "hooks": [{"command": "./safety.sh"}]}],
    },
    "reminder": {"PreInvocation": [{"type": "command", "command": "./scripts/reminder.sh"}]},
}


def agy_file(project) -> str:
    return os.path.join(str(project), ".agents", "hooks.json")


def test_merges_one_named_hook_into_the_operators_file(project, caveat):
    write(agy_file(project), json.dumps(OPERATOR, indent=2) + "\n")
    code, out, err = caveat("install", "--harness", "agy", "--project", str(project))
    assert code == 0 and "antigravity: registered" in out, err
    data = json.loads(read(agy_file(project)))
    assert list(data) == [*OPERATOR, "hooks"]
    assert {k: data[k] for k in OPERATOR} == OPERATOR
    (group,) = data["hooks"]["PreToolUse"]
    assert group == {
        "matcher": MATCHER,
        "hooks": [
            {
                "type": "command",
                "command": f"{shell_start()} --contract antigravity PreToolUse",
                "timeout": 10,
            }
        ],
    }
    assert list(data["hooks"]) == ["PreToolUse"]  # nothing after the tool reaches the model


@pytest.mark.parametrize(
    "original",
    [
        json.dumps(OPERATOR, indent=2) + "\n",
        json.dumps(OPERATOR, indent=4),
        "{}\n",
    ],
)
def test_round_trip(original, project, caveat):
    round_trip(caveat, "antigravity", project, original)


def test_new_file_goes_again_on_uninstall(project, caveat):
    caveat("install", "--harness", "antigravity", "--project", str(project))
    assert os.path.isfile(agy_file(project))
    caveat("uninstall", "--harness", "antigravity", "--project", str(project))
    assert sorted(os.listdir(project)) == [".git"]


def test_user_file(home, caveat):
    code, out, _ = caveat("install", "--harness", "antigravity")
    assert code == 0 and "built from agy's documentation, not run here" in out.lower()
    assert os.path.isfile(os.path.join(home, ".gemini", "config", "hooks.json"))


def test_the_alias_is_listed_in_the_error(caveat):
    code, _, err = caveat("install", "--harness", "antigravit")
    assert code == 1 and "agy (antigravity)" in err


def registered(project) -> Json:
    found: Json = json.loads(read(agy_file(project)))["hooks"]["PreToolUse"][0]["hooks"][0]
    return found


def payload(project, command: str) -> Json:
    return {
        "conversationId": "c-install",
        "stepIdx": 1,
        "workspacePaths": [str(project)],
        "toolCall": {"name": "run_command", "args": {"CommandLine": command, "Cwd": str(project)}},
    }


def test_the_registered_command_answers_a_decision(project, caveat):
    caveat("install", "--harness", "antigravity", "--project", str(project))
    done = run_registered(registered(project), payload(project, "ls"), project)
    assert done.returncode == 0 and json.loads(done.stdout) == {"decision": "ask"}
    held = run_registered(registered(project), payload(project, "git push --force"), project)
    answer = json.loads(held.stdout)
    assert answer["decision"] == "deny" and "git push --force" in answer["reason"]


@pytest.mark.parametrize("form", ["sh", "py"])
def test_a_moved_caveat_still_answers_the_ask(project, caveat, form, tmp_path):
    caveat("install", "--harness", "antigravity", "--project", str(project))
    handler = registered(project)
    if form == "sh":
        move_interpreter("/opt/gone/bin/python3")
    else:  # the Python launcher, when caveat can no longer be imported
        from caveat.install import launcher

        path = launcher.python_path(os.environ)
        write(path, read(path).replace('SITE = "', 'SITE = "/opt/gone'))
        write(path, read(path).replace("import caveat  #", "import caveat_gone  #"))
        handler = {"command": f'"{sys.executable}" -I "{path}" --contract antigravity PreToolUse'}
    for env in ({}, {"CAVEAT_DISABLE": "1"}):
        os.environ.update(env)
        try:
            done = run_registered(handler, payload(project, "ls"), project)
        finally:
            for key in env:
                del os.environ[key]
        assert done.returncode == 0 and json.loads(done.stdout) == {"decision": "ask"}
    claude = run_registered({"command": handler["command"].replace("antigravity", "claude")},
                            {}, project)  # fmt: skip
    assert claude.returncode == 0 and claude.stdout == b""


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ('{\n  "hooks": {},\n}\n', "JSONC/JSON5"),
        ("{hooks: 1}", "not valid JSON"),
        ('{"hooks": {"PreToolUse": {"command": "x"}}}', "is not a list"),
    ],
)
def test_refusals(text, why, project, caveat):
    refused(caveat, "antigravity", project, text, why)


def test_drift(project, caveat):
    drifts_when_the_interpreter_moves(caveat, "antigravity", project)


def test_dry_run(project, caveat):
    dry_run_writes_nothing(caveat, "antigravity", project)


def test_unsafe_project(tmp_path, caveat):
    unsafe_project_is_refused(caveat, "antigravity", tmp_path)


def test_gemini_beside_agy_is_warned_about(project, caveat):
    warning = "a Gemini registration it imported runs caveat a second time"
    caveat("install", "--harness", "antigravity")
    _, out, err = caveat("verify")
    assert warning not in out + err
    caveat("install", "--harness", "gemini", "--project", str(project))
    _, out, err = caveat("verify", "--project", str(project))
    assert warning in out + err
    assert "caveat uninstall --harness gemini --project" in out + err


def test_the_launcher_holds_exactly_the_silent_answers():
    from caveat.harnesses import antigravity
    from caveat.install import launcher

    assert launcher.silent_answers() == {"antigravity": antigravity.SILENT}
    sh, py = launcher.texts({"HOME": "/h"}, "/usr/bin/python3", "/site").values()
    assert f"    antigravity) printf '%s\\n' '{antigravity.SILENT}' ;;" in sh
    assert f"SILENT = {{'antigravity': '{antigravity.SILENT}'}}" in py
    assert "claude)" not in sh


def test_verify_run_sends_agy_a_call_and_wants_its_decision(project, caveat):
    from caveat.install import probe

    caveat("install", "--harness", "antigravity", "--project", str(project))
    code, out, err = caveat("verify", "--harness", "agy", "--project", str(project), "--run")
    assert code == 0 and 'printed "{\\"decision\\":\\"ask\\"}"' in out, out + err
    data = json.loads(probe.payload("antigravity", "PreToolUse", "/f"))
    assert data["toolCall"] == {"name": "view_file", "args": {"AbsolutePath": "/f/probe.txt"}}
    assert not probe._one_object(b"", required=True)  # agy refuses a tool on no answer
    assert probe._one_object(b"", required=False)
