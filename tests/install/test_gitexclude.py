"""``info/exclude``: found by git (through the hardened runner) in plain clones and
linked worktrees, and never written through a symbolic link or into a special file."""

# ruff: noqa: F401, F811  (pytest fixtures imported from harnesses.install_helpers)

from __future__ import annotations

import os
import stat
import subprocess
import sys

import pytest

from tests.harnesses.install_helpers import caveat
from tests.harnesses.install_helpers import read
from tests.harnesses.install_helpers import write
from tests.hostile import git as hostile

LINE = "/.devin/config.local.json"


@pytest.fixture
def repo(tmp_path):
    return hostile.committed(str(tmp_path / "repo"))


def ignored(folder, name: str) -> bool:
    done = subprocess.run(["git", "check-ignore", "-q", name], cwd=folder, check=False)
    return done.returncode == 0


def install(caveat, project, *more: str) -> tuple[int, str, str]:
    code, out, err = caveat("install", "--harness", "devin", "--project", str(project), *more)
    return code, out, err


def test_a_linked_worktree_writes_the_shared_exclude(repo, tmp_path, caveat):
    tree = str(tmp_path / "tree")
    hostile.git(repo, "worktree", "add", "-q", tree)
    code, out, err = install(caveat, tree)
    shared = os.path.join(repo, ".git", "info", "exclude")
    assert code == 0 and f"added {LINE} to {shared}" in out, err
    assert read(shared).endswith(LINE + "\n")
    assert ignored(tree, ".devin/config.local.json")
    code, out, _ = caveat("uninstall", "--harness", "devin", "--project", tree)
    assert code == 0 and f"removed {LINE} from {shared}" in out
    assert LINE not in read(shared)


def test_the_file_is_replaced_whole_keeping_its_mode(repo, caveat):
    exclude = os.path.join(repo, ".git", "info", "exclude")
    os.chmod(exclude, 0o600)
    before = os.stat(exclude).st_ino
    assert install(caveat, repo)[0] == 0
    after = os.stat(exclude)
    assert after.st_ino != before  # a rename, not a write in place
    assert stat.S_IMODE(after.st_mode) == 0o600
    assert sorted(os.listdir(os.path.dirname(exclude))) == ["exclude"]  # no temp file left


def test_a_missing_info_folder_is_made(repo, caveat):
    info = os.path.join(repo, ".git", "info")
    os.unlink(os.path.join(info, "exclude"))
    os.rmdir(info)
    assert install(caveat, repo)[0] == 0
    assert read(os.path.join(info, "exclude")) == LINE + "\n"


def _link_exclude(repo, tmp_path) -> tuple[str, str]:
    target = str(tmp_path / "elsewhere")
    write(target, "keep\n")
    exclude = os.path.join(repo, ".git", "info", "exclude")
    os.unlink(exclude)
    os.symlink(target, exclude)
    return exclude, target


def _link_info(repo, tmp_path) -> tuple[str, str]:
    folder = tmp_path / "outside"
    folder.mkdir()
    write(str(folder / "exclude"), "keep\n")
    info = os.path.join(repo, ".git", "info")
    os.unlink(os.path.join(info, "exclude"))
    os.rmdir(info)
    os.symlink(folder, info)
    return info, str(folder / "exclude")


@pytest.mark.parametrize("dry_run", [False, True], ids=["write", "dry-run"])
@pytest.mark.parametrize("link", [_link_exclude, _link_info], ids=["file", "folder"])
def test_a_symbolic_link_is_refused_naming_it(repo, tmp_path, caveat, link, dry_run):
    where, target = link(repo, tmp_path)
    code, out, err = install(caveat, repo, *(["--dry-run"] if dry_run else []))
    assert code == 0, err  # the registration stands; only the exclude line is refused
    assert f"{where} is a symlink (to {os.readlink(where)}); replace {where} with a regular" in out
    assert "nothing keeps .devin/config.local.json out of commits" in out
    assert read(target) == "keep\n"
    assert not ignored(repo, ".devin/config.local.json")


def test_a_fifo_is_refused_without_blocking(repo):
    exclude = os.path.join(repo, ".git", "info", "exclude")
    os.unlink(exclude)
    os.mkfifo(exclude)
    # Its own process: a reader blocked on the FIFO fails the test, it does not hang it.
    argv = [sys.executable, "-I", "-m", "caveat", "install", "--harness", "devin"]
    try:
        done = subprocess.run(
            [*argv, "--project", repo], capture_output=True, text=True, timeout=30, check=False
        )
    finally:
        hostile.Hostile(repo, repo, (exclude,)).release()
    assert done.returncode == 0, done.stderr
    assert f"{exclude} is a FIFO, not a regular file; replace it with a regular file" in done.stdout
    assert stat.S_ISFIFO(os.lstat(exclude).st_mode)


def test_uninstall_refuses_a_link_put_there_since(repo, tmp_path, caveat):
    assert install(caveat, repo)[0] == 0
    exclude = os.path.join(repo, ".git", "info", "exclude")
    target = str(tmp_path / "elsewhere")
    write(target, read(exclude))
    os.unlink(exclude)
    os.symlink(target, exclude)
    code, out, _ = caveat("uninstall", "--harness", "devin", "--project", str(repo))
    assert code == 0 and f"refused to write {exclude}: {exclude} is a symlink" in out
    assert f"Remove the line {LINE} from it by hand" in out
    assert LINE in read(target)
