"""verify after caveat moved (reinstalled in another venv or for another Python):
one line that says what the registrations run, whether that still exists, and the
exact command that repairs them."""

# ruff: noqa: F401, F811  (pytest fixtures imported from harnesses.install_helpers)

from __future__ import annotations

import json
import os
import sys

from caveat.install.command import launcher
from tests.harnesses.install_helpers import caveat
from tests.harnesses.install_helpers import file_for
from tests.harnesses.install_helpers import read
from tests.harnesses.install_helpers import write


def _move(path: str, old: str, new: str) -> None:
    write(path, read(path).replace(json.dumps(old)[1:-1], json.dumps(new)[1:-1]))


def test_a_launcher_that_is_gone(project, caveat):
    assert caveat("install", "--harness", "claude", "--project", str(project))[0] == 0
    path = file_for("claude", project)
    gone = "/opt/old-venv/lib/python3.9/site-packages/caveat/_launch.py"
    _move(path, launcher(), gone)
    code, out, _ = caveat("verify", "--harness", "claude", "--project", str(project))
    assert code == 1 and "claude: drifted" in out
    (line,) = [x for x in out.splitlines() if x.startswith("  - ")]
    assert line.startswith("  - all ") and " registrations run " in line
    assert f"-I {gone}: {gone} no longer exists, so these hooks start nothing" in line
    assert line.endswith(f"this caveat is {sys.executable} -I {launcher()}")
    assert f"fix: caveat install --harness claude --project {project} rewrites them" in out
    assert caveat("install", "--harness", "claude", "--project", str(project))[0] == 0
    code, out, _ = caveat("verify", "--harness", "claude", "--project", str(project))
    assert code == 0 and "claude: installed" in out


def test_another_caveat_that_still_works(project, caveat, tmp_path):
    """Registrations made by another caveat install that still exists are not broken,
    but this caveat is not the one that answers them."""
    other = tmp_path / "other" / "caveat" / "_launch.py"
    write(str(other), "")
    caveat("install", "--harness", "codex", "--project", str(project))
    _move(file_for("codex", project), launcher(), str(other))
    code, out, _ = caveat("verify", "--harness", "codex", "--project", str(project))
    assert code == 1 and "another caveat than this one answers them" in out


def test_other_differences_are_listed_one_by_one(project, caveat):
    caveat("install", "--harness", "claude", "--project", str(project))
    path = file_for("claude", project)
    write(
        path,
        read(path).replace('"timeout": 30', '"timeout": 31', 1),
    )
    code, out, _ = caveat("verify", "--harness", "claude", "--project", str(project))
    assert code == 1 and "registrations run" not in out and "differs" in out
