"""The CLI in a hostile repository (SPEC §7, "Git is data"): ``caveat install`` (and
``--dry-run``), ``uninstall``, ``verify``, ``doctor`` and ``explain`` on a project whose
git configuration names a marker-leaving program wherever git allows one (fsmonitor,
hooks, pagers, external diff, filters with a ``.gitattributes``, credential helper,
askpass, ssh command, editors, gpg, an ``uploadpack`` remote). Each command runs as a
real process; none of those programs may run."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.hostile import git as hostile

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc")


def cli(
    made: hostile.Hostile, *args: str, path: str | None = None
) -> subprocess.CompletedProcess[bytes]:
    """``caveat ARGS`` as its own process, in the project, with this test's home."""
    env = dict(os.environ)
    if path is not None:
        env["PATH"] = path
    argv = [sys.executable, "-I", "-m", "caveat", *args]
    return subprocess.run(
        argv, env=env, cwd=made.project, capture_output=True, timeout=60, check=False
    )


def payload(made: hostile.Hostile, event: str, tool: str, tool_input: dict[str, str]) -> str:
    where = os.path.join(os.path.dirname(made.project), f"{event}-{tool}.json")
    data = {
        "session_id": "hostile-cli",
        "cwd": made.project,
        "hook_event_name": event,
        "tool_name": tool,
        "tool_input": tool_input,
    }
    with open(where, "w", encoding="utf-8") as handle:
        json.dump(data, handle)
    return where


def write_payload(made: hostile.Hostile, event: str) -> str:
    content = "import pickle\n\n\ndef load(b):\n    return pickle.loads(b)\n"
    target = os.path.join(made.project, "src", "app.py")
    return payload(made, event, "Write", {"file_path": target, "content": content})


def _install(made: hostile.Hostile, path: str | None = None) -> None:
    done = cli(made, "install", "--harness", "devin", "--project", made.project, path=path)
    assert done.returncode == 0, done.stderr


# id → (what runs first, unchecked; the command checked, as argv for ``caveat``).
COMMANDS = {
    "install-dry-run": (None, ("install", "--harness", "devin", "--dry-run")),
    "install": (None, ("install", "--harness", "devin")),
    "install-claude": (None, ("install", "--harness", "claude")),
    "uninstall": (_install, ("uninstall", "--harness", "devin")),
    "verify": (_install, ("verify",)),
    "doctor": (None, ("doctor",)),
}
EXPLAIN = ("PreToolUse", "PostToolUse")


def _clear(made: hostile.Hostile) -> None:
    for name in os.listdir(made.markers):
        os.unlink(os.path.join(made.markers, name))


def run_command(made, name, path=None):
    """Run the named command on ``made`` (after its set-up); what it printed."""
    before, args = COMMANDS[name]
    if before is not None:
        before(made, path)
        _clear(made)  # only the command under test is judged
    done = cli(made, *args, "--project", made.project, path=path)
    assert done.returncode in (0, 1), done.stderr  # verify and doctor report with 1
    return done


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_command_runs_no_configured_program(tmp_path, name):
    made = hostile.configured_programs(tmp_path)
    done = run_command(made, name)
    assert made.marks() == [], done.stdout
    assert hostile.processes_in(str(tmp_path)) == []


@pytest.mark.parametrize("event", EXPLAIN)
def test_explain_runs_no_configured_program(tmp_path, event):
    made = hostile.configured_programs(tmp_path)
    done = cli(made, "explain", write_payload(made, event))
    assert done.returncode == 0, done.stderr
    assert b"pickle" in done.stdout  # the eval guard's finding is still explained
    assert made.marks() == []


def test_install_still_excludes_its_file(tmp_path):
    made = hostile.configured_programs(tmp_path)
    done = run_command(made, "install")
    exclude = os.path.join(made.project, ".git", "info", "exclude")
    assert f"added /.devin/config.local.json to {exclude}".encode() in done.stdout
    with open(exclude, encoding="utf-8") as handle:
        assert handle.read().endswith("/.devin/config.local.json\n")
    assert made.marks() == []
