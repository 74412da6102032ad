"""The hardened git runner, on real repositories: it reads, it never lets the
repository act, it never outlives its deadline, and no child outlives it."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from caveat.common import gitrun
from caveat.common.budget import Overrun
from caveat.common.budget import Timer
from tests.hostile import git as hostile

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc")


@pytest.fixture
def repo(tmp_path):
    return hostile.committed(str(tmp_path / "repo"))


def left_in(folder):
    return hostile.processes_in(str(folder))


def test_reads_a_committed_file(repo):
    assert gitrun.run(repo, "cat-file", "blob", "HEAD:src/main.py") == (
        b"# SPDX-License-Identifier: MIT\nprint('hello')\n"
    )


def test_status_outside_ok_is_none(repo):
    assert gitrun.run(repo, "cat-file", "blob", "HEAD:no/such/file") is None
    assert gitrun.run(repo, "check-ignore", "-q", "--", "src/main.py") is None
    assert gitrun.run(repo, "check-ignore", "-q", "--", "src/main.py", ok=(0, 1)) == b""


def test_output_over_the_limit_is_none(repo):
    assert gitrun.run(repo, "ls-files", "-z") is not None
    assert gitrun.run(repo, "ls-files", "-z", limit=10) is None


def test_paths_no_argv_can_carry_and_no_repository(repo, tmp_path):
    assert gitrun.run(repo, "cat-file", "blob", "HEAD:a\x00b") is None
    assert gitrun.run(repo, "cat-file", "blob", "HEAD:\udcff") is None
    assert gitrun.run(str(tmp_path / "nowhere"), "ls-files") is None
    assert gitrun.run("", "ls-files") is None


def test_missing_git_is_none(repo, monkeypatch):
    monkeypatch.setenv("PATH", "/nonexistent")
    assert gitrun.run(repo, "ls-files") is None


def test_inherited_git_variables_are_dropped(repo, tmp_path, monkeypatch):
    other = hostile.committed(str(tmp_path / "other"), {"x.py": "other\n"})
    monkeypatch.setenv("GIT_DIR", os.path.join(other, ".git"))
    monkeypatch.setenv("GIT_CONFIG_COUNT", "1")
    monkeypatch.setenv("GIT_CONFIG_KEY_0", "core.fsmonitor")
    monkeypatch.setenv("GIT_CONFIG_VALUE_0", hostile.program(str(tmp_path), "m"))
    listing = gitrun.run(repo, "ls-files", "-z")
    assert listing is not None and listing.split(b"\0")[0] == b"README.md"
    env = gitrun.environment()
    assert "GIT_DIR" not in env and "GIT_CONFIG_COUNT" not in env
    assert env["GIT_ALLOW_PROTOCOL"] == "" and env["GIT_NO_LAZY_FETCH"] == "1"


def test_partial_clone_never_fetches(tmp_path):
    made = hostile.partial_clone(tmp_path)
    assert gitrun.run(made.project, "cat-file", "blob", "HEAD:src/app.py") is None
    assert gitrun.run(made.project, "ls-files", "-z") is not None
    assert made.marks() == []


def test_configured_programs_never_run(tmp_path):
    made = hostile.configured_programs(tmp_path)
    assert gitrun.run(made.project, "cat-file", "blob", "HEAD:src/app.py") is not None
    assert gitrun.run(made.project, "ls-files", "-z", "--stage") is not None
    assert gitrun.run(made.project, "check-ignore", "-q", "--", "a.py", ok=(0, 1)) == b""
    assert made.marks() == []


@pytest.mark.parametrize("factory", [hostile.fifo_index, hostile.fifo_head])
def test_special_files_in_git_are_refused_before_git_starts(tmp_path, factory):
    made = factory(tmp_path)
    start = time.monotonic()
    assert not gitrun.safe(made.project)
    assert gitrun.run(made.project, "ls-files", "-z", timeout=30) is None
    assert time.monotonic() - start < 5
    assert left_in(tmp_path) == []


def test_safe_needs_head_and_accepts_worktrees(repo, tmp_path):
    assert gitrun.safe(repo)
    tree = str(tmp_path / "tree")
    hostile.git(repo, "worktree", "add", "-q", tree)
    assert gitrun.safe(tree)
    assert gitrun.run(tree, "cat-file", "blob", "HEAD:README.md") == b"# Demo\n"
    os.unlink(os.path.join(repo, ".git", "HEAD"))
    assert not gitrun.safe(repo)


def _blocking(tmp_path):
    """A repository whose configuration includes a FIFO: git blocks reading it, which
    no check before git starts can see (the include is git's to follow)."""
    folder = hostile.committed(str(tmp_path / "blocking"))
    fifo = str(tmp_path / "include.fifo")
    os.mkfifo(fifo)
    hostile.git(folder, "config", "include.path", fifo)
    return folder


def test_deadline_kills_a_blocked_git(tmp_path):
    folder = _blocking(tmp_path)
    assert gitrun.safe(folder)
    start = time.monotonic()
    assert gitrun.run(folder, "ls-files", "-z", timeout=0.5) is None
    assert time.monotonic() - start < 5
    assert left_in(tmp_path) == []


def test_deadline_comes_from_the_callers_budget(tmp_path):
    folder = _blocking(tmp_path)
    start = time.monotonic()
    try:
        with Timer(0.4):
            found = gitrun.run(folder, "ls-files", "-z", timeout=30)
    except Overrun:  # pragma: no cover - the runner must return before the budget ends
        pytest.fail("the runner outlived the caller's budget")
    assert found is None
    assert time.monotonic() - start < 5
    assert left_in(tmp_path) == []


def test_overrun_inside_the_runner_still_kills_git(tmp_path):
    folder = _blocking(tmp_path)
    with pytest.raises(Overrun), Timer(0.3):
        # The margin is what lets the runner return first; without it, the budget's
        # own Overrun interrupts the wait, and git must still die with it.
        gitrun.MARGIN_S, saved = -1.0, gitrun.MARGIN_S
        try:
            gitrun.run(folder, "ls-files", "-z", timeout=30)
        finally:
            gitrun.MARGIN_S = saved
    assert left_in(tmp_path) == []


def test_children_die_with_the_group_at_the_deadline(repo, tmp_path):
    # An alias given by the caller (never the repository) stands in for a git that
    # starts a child and a grandchild that hang.
    alias = "alias.hang=!sh -c 'sleep 60 & sleep 60'"
    start = time.monotonic()
    assert gitrun.run(repo, "-c", alias, "hang", timeout=0.5) is None
    assert time.monotonic() - start < 5
    assert left_in(tmp_path) == []


def test_children_die_with_the_group_when_git_exits(repo, tmp_path):
    alias = "alias.spawn=!sleep 60 >/dev/null 2>&1 & echo done"
    assert gitrun.run(repo, "-c", alias, "spawn", timeout=5) == b"done\n"
    assert left_in(tmp_path) == []


def test_stdin_is_empty(repo):
    alias = "alias.readin=!cat"
    assert gitrun.run(repo, "-c", alias, "readin", timeout=5) == b""


def test_parent_started_without_stdin_and_stderr(repo):
    # The pipe then takes descriptors 0 and 2, where git's /dev/null files go.
    code = (
        "import os, sys; os.close(0); os.close(2); from caveat.common import gitrun; "
        "sys.stdout.write(repr(gitrun.run(sys.argv[1], 'cat-file', 'blob', 'HEAD:README.md')))"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-c", code, repo], capture_output=True, text=True, timeout=60
    )
    assert done.stdout == repr(b"# Demo\n")


def _planted(folder, markers, name="git"):
    """A ``git`` in ``folder`` that leaves a marker: what a project could plant."""
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(f"#!/bin/sh\ntouch {os.path.join(markers, 'planted')}\nexit 0\n")
    os.chmod(path, 0o755)
    return path


REAL_PATH = os.environ["PATH"]


@pytest.mark.parametrize(
    "path",
    [f".:{REAL_PATH}", f":{REAL_PATH}", f"node_modules/.bin:{REAL_PATH}", "/nonexistent:"],
    ids=["dot", "empty-first", "relative", "empty-last"],
)
def test_relative_and_empty_path_entries_are_never_searched(repo, tmp_path, monkeypatch, path):
    markers = tmp_path / "markers"
    markers.mkdir()
    _planted(repo, markers)
    _planted(os.path.join(repo, "node_modules", ".bin"), markers)
    monkeypatch.chdir(repo)
    monkeypatch.setenv("PATH", path)
    found = gitrun.program()
    listing = gitrun.run(repo, "ls-files", "-z")
    if path.startswith("/nonexistent"):
        assert found is None and listing is None
    else:
        assert found is not None and os.path.isabs(found) and os.path.dirname(found) != repo
        assert listing is not None and b"src/main.py\0" in listing
    assert os.listdir(markers) == []


def test_git_gets_only_the_absolute_path_entries():
    env = gitrun.environment({"PATH": f".::node_modules/.bin:/usr/bin:{os.sep}bin:", "X": "1"})
    assert env["PATH"] == f"/usr/bin:{os.sep}bin" and env["X"] == "1"


def test_configured_git_is_the_one_run(repo, tmp_path, monkeypatch):
    # A wrapper that leaves a marker and runs the real git: it is the one started.
    real = gitrun.program()
    assert real is not None
    wrapper = tmp_path / "bin" / "mygit"
    wrapper.parent.mkdir()
    wrapper.write_text(f'#!/bin/sh\ntouch {tmp_path / "used"}\nexec {real} "$@"\n')
    wrapper.chmod(0o755)
    monkeypatch.setenv(gitrun.VARIABLE, str(wrapper))
    assert gitrun.program() == str(wrapper)
    assert gitrun.run(repo, "cat-file", "blob", "HEAD:README.md") == b"# Demo\n"
    assert (tmp_path / "used").exists()


@pytest.mark.parametrize("value", ["git", "bin/git", "./git", "/nonexistent/git"])
def test_a_relative_or_missing_configured_git_is_refused(repo, tmp_path, monkeypatch, value):
    markers = tmp_path / "markers"
    markers.mkdir()
    _planted(os.path.join(repo, "bin"), markers)
    _planted(repo, markers)
    monkeypatch.chdir(repo)
    monkeypatch.setenv(gitrun.VARIABLE, value)
    # Refused, not replaced by a PATH search: git does not run at all.
    assert gitrun.program() is None
    assert gitrun.run(repo, "ls-files") is None
    assert os.listdir(markers) == []


def test_the_lookup_is_made_once_per_process(repo, monkeypatch):
    calls = []
    resolve = gitrun._resolve

    def counted(configured, path):
        calls.append(path)
        return resolve(configured, path)

    monkeypatch.setattr(gitrun, "_resolve", counted)
    monkeypatch.setenv("PATH", REAL_PATH + os.pathsep)  # a value not looked up yet
    for _ in range(3):
        assert gitrun.run(repo, "ls-files", "-z") is not None
    assert len(calls) == 1
    monkeypatch.setenv("PATH", REAL_PATH)
    assert gitrun.program() is not None and len(calls) == 2
