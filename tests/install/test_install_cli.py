"""The installer's command line: uninstall finds project installs (and ``--all``
removes every recorded one), and output into a pipe closed early ends quietly."""

# ruff: noqa: F401, F811  (pytest fixtures imported from harnesses.install_helpers)

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.harnesses.install_helpers import caveat
from tests.harnesses.install_helpers import file_for
from tests.harnesses.install_helpers import home
from tests.harnesses.install_helpers import read
from tests.harnesses.install_helpers import write


def test_uninstall_names_the_project_install(project, caveat):
    path = file_for("claude", project)
    write(path, '{\n  "model": "x"\n}\n')  # caveat creates nothing here: still recorded
    caveat("install", "--harness", "claude", "--project", str(project))
    code, out, _ = caveat("uninstall", "--harness", "claude-code")
    assert code == 0 and "claude: no caveat entries in" in out
    assert (
        f"caveat is also installed for claude in the project {project}: "
        f"caveat uninstall --harness claude --project {project} (or --all for every install)"
    ) in out
    assert "launch/hook.sh" in read(path)  # nothing removed yet


def test_uninstall_all_removes_user_and_project_installs(project, tmp_path, home, caveat):
    other = tmp_path / "other"
    (other / ".git").mkdir(parents=True)
    kept = file_for("claude", other)
    write(kept, '{\n  "model": "x"\n}\n')
    for where in (project, other):
        caveat("install", "--harness", "claude", "--project", str(where))
    caveat("install", "--harness", "claude")
    caveat("install", "--harness", "gemini", "--project", str(project))

    code, out, _ = caveat("uninstall", "--harness", "claude", "--all", "--dry-run")
    assert code == 0 and out.count("(dry run:") == 3
    code, out, _ = caveat("uninstall", "--harness", "claude", "--all")
    assert code == 0 and out.count("claude: removed caveat's entries from") == 3
    assert read(kept) == '{\n  "model": "x"\n}\n'
    assert not os.path.exists(os.path.join(home, ".claude"))
    assert sorted(os.listdir(project)) == [".gemini", ".git"]  # another harness: kept
    code, out, _ = caveat("uninstall", "--all")
    assert code == 0 and "gemini: removed caveat's entries" in out and "claude" not in out
    assert sorted(os.listdir(project)) == [".git"]
    code, out, _ = caveat("uninstall", "--all")
    assert code == 0 and "installed nowhere" in out


def test_uninstall_needs_a_harness_or_all(caveat):
    code, _, err = caveat("uninstall")
    assert code == 2 and "--harness" in err and "--all" in err


COMMANDS = [
    ["install", "--harness", "claude", "--dry-run"],
    ["install", "--harness", "claude", "--print"],
    ["harnesses"],
    ["harnesses", "--json"],
    ["verify", "--harness", "codex"],
    ["uninstall", "--harness", "claude", "--dry-run"],
    ["doctor"],
    ["messages", "render", "pretooluse-bash"],
    ["--help"],
    ["--version"],
]


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_a_pipe_closed_early_ends_quietly(args, tmp_path):
    """``caveat ... | head`` with head gone before caveat writes: no traceback."""
    env = {**os.environ, "HOME": str(tmp_path), "CAVEAT_STATE_DIR": str(tmp_path / "state")}
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone: every write fails with EPIPE
    try:
        done = subprocess.run(
            [sys.executable, "-m", "caveat", *args],
            stdout=write_end,
            stderr=subprocess.PIPE,
            cwd=tmp_path,
            env=env,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write_end)
    assert b"Traceback" not in done.stderr and b"BrokenPipeError" not in done.stderr
    assert done.stderr == b"", done.stderr
    assert done.returncode in (0, 1)
    assert not os.path.exists(tmp_path / ".claude")
