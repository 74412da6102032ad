"""verify after caveat moved (reinstalled in another venv or for another Python), or
with registrations of the old form that named caveat's package folder: one line that
says what they run, whether that still exists, and the command that repairs them."""

# ruff: noqa: F401, F811  (pytest fixtures imported from harnesses.install_helpers)

from __future__ import annotations

import json
import os
import sys

from caveat.install.command import launcher
from tests.harnesses.install_helpers import caveat
from tests.harnesses.install_helpers import file_for
from tests.harnesses.install_helpers import launch_sh
from tests.harnesses.install_helpers import move_interpreter
from tests.harnesses.install_helpers import read
from tests.harnesses.install_helpers import read_json
from tests.harnesses.install_helpers import shell_start
from tests.harnesses.install_helpers import write


def _old_form(path: str, python: str, old: str) -> None:
    """Turn the registrations back into the form of earlier versions."""
    data = read_json(path)
    for groups in data["hooks"].values():
        for group in groups:
            for handler in group["hooks"]:
                if "args" in handler:
                    handler["command"] = python
                    handler["args"] = ["-I", old, *handler["args"][3:]]
                else:
                    start = shell_start()
                    handler["command"] = handler["command"].replace(start, f'"{python}" -I "{old}"')
    write(path, json.dumps(data, indent=2) + "\n")


def test_the_old_form_is_reported_and_rewritten(project, caveat):
    assert caveat("install", "--harness", "claude", "--project", str(project))[0] == 0
    path = file_for("claude", project)
    gone = "/opt/old-venv/lib/python3.9/site-packages/caveat/_launch.py"
    _old_form(path, sys.executable, gone)
    code, out, _ = caveat("verify", "--harness", "claude", "--project", str(project))
    assert code == 1 and "claude: drifted" in out
    (line,) = [x for x in out.splitlines() if x.startswith("  - ")]
    assert " registrations are of the old, fragile form that names caveat's package" in line
    assert f"{gone} no longer exists, so these hooks exit with an error status" in line
    assert f"fix: caveat install --harness claude --project {project} rewrites them" in out
    assert caveat("install", "--harness", "claude", "--project", str(project))[0] == 0
    code, out, _ = caveat("verify", "--harness", "claude", "--project", str(project))
    assert code == 0 and "claude: installed" in out
    assert gone not in read(path) and launch_sh() in read(path)


def test_the_old_form_of_an_existing_caveat(project, caveat):
    caveat("install", "--harness", "codex", "--project", str(project))
    _old_form(file_for("codex", project), sys.executable, launcher())
    code, out, _ = caveat("verify", "--harness", "codex", "--project", str(project))
    assert code == 1 and "they break when caveat's package moves" in out


def test_a_launcher_of_another_caveat(project, caveat, tmp_path):
    """A launcher written by another caveat install that still exists is not broken,
    but this caveat is not the one that answers."""
    other = tmp_path / "other" / "bin" / "python3"
    write(str(other), "")
    caveat("install", "--harness", "codex", "--project", str(project))
    move_interpreter(str(other))
    code, out, _ = caveat("verify", "--harness", "codex", "--project", str(project))
    assert code == 1 and f"starts another caveat than this one ({other})" in out


def test_other_differences_are_listed_one_by_one(project, caveat):
    caveat("install", "--harness", "claude", "--project", str(project))
    path = file_for("claude", project)
    write(
        path,
        read(path).replace('"timeout": 30', '"timeout": 31', 1),
    )
    code, out, _ = caveat("verify", "--harness", "claude", "--project", str(project))
    assert code == 1 and "registrations run" not in out and "differs" in out


def test_verify_run_starts_each_registered_command(project, caveat):
    caveat("install", "--harness", "claude", "--project", str(project))
    code, out, _ = caveat("verify", "--harness", "claude", "--project", str(project), "--run")
    ran = [x for x in out.splitlines() if x.startswith("  ran ")]
    assert code == 0 and len(ran) == 8
    assert "  ran PreToolUse Bash|PowerShell: exit 0, printed nothing" in ran
    assert any(x.startswith('  ran SessionStart (all): exit 0, printed "{') for x in ran)


def test_verify_run_fails_on_a_command_that_exits_non_zero(project, caveat):
    caveat("install", "--harness", "codex", "--project", str(project))
    gone = "/opt/old-venv/lib/python3.9/site-packages/caveat/_launch.py"
    _old_form(file_for("codex", project), sys.executable, gone)
    code, out, _ = caveat("verify", "--harness", "codex", "--project", str(project), "--run")
    failed = [x for x in out.splitlines() if x.startswith("  - ran ")]
    assert code == 1 and failed and all(": exit 2, printed nothing, stderr " in x for x in failed)
    assert "No such file or directory" in failed[0]
