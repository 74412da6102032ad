from __future__ import annotations

import os
import shutil
import time

import pytest

from caveat.common import files
from caveat.common import gitctx
from caveat.common.gitctx import git_root
from tests.hostile import git as hostile


def test_folder_with_git_dir(project):
    assert git_root(str(project / "src" / "new" / "file.py")) == str(project)
    assert git_root(str(project)) == str(project)


def test_worktree_or_submodule_git_file(tmp_path):
    outer = tmp_path / "outer"
    (outer / ".git").mkdir(parents=True)
    inner = outer / "vendor" / "lib"
    inner.mkdir(parents=True)
    (inner / ".git").write_text("gitdir: ../../.git/modules/lib\n")
    assert git_root(str(inner / "x.c")) == str(inner)
    assert git_root(str(outer / "vendor" / "y.c")) == str(outer)


def test_dangling_git_file_still_marks_the_root(tmp_path):
    (tmp_path / ".git").write_text("gitdir: /nowhere\n")
    assert git_root(str(tmp_path / "a.txt")) == str(tmp_path)


def test_no_root(tmp_path):
    assert git_root(str(tmp_path / "a" / "b.txt")) is None


def test_odd_input():
    assert git_root("") is None
    assert git_root("bad\x00path") is None
    assert git_root("relative/path.txt") == git_root(os.path.join(os.getcwd(), "relative/path.txt"))


def test_head_id_and_git_dirs_of_a_real_repository(tmp_path):
    repo = hostile.committed(str(tmp_path / "repo"))
    head = hostile.git(repo, "rev-parse", "HEAD").strip()
    assert gitctx.git_dirs(repo) == (os.path.join(repo, ".git"), os.path.join(repo, ".git"))
    assert gitctx.head_id(repo) == head
    tree = str(tmp_path / "tree")
    hostile.git(repo, "worktree", "add", "-q", "--detach", tree)
    gitdir, common = gitctx.git_dirs(tree) or ("", "")
    assert common == os.path.join(repo, ".git") and gitdir.startswith(common)
    assert gitctx.head_id(tree) == head


@pytest.mark.parametrize(
    "special",
    [
        pytest.param(".git/HEAD", id="head"),
        pytest.param(".git/refs/heads/main", id="ref"),
        pytest.param(".git", id="dot-git-file"),
    ],
)
def test_special_files_in_git_read_as_nothing(tmp_path, special):
    """A FIFO where a file of ``.git`` should be is never opened: no HEAD, at once."""
    repo = hostile.committed(str(tmp_path / "repo"))
    hostile.git(repo, "branch", "-M", "main")
    path = os.path.join(repo, *special.split("/"))
    if os.path.isdir(path):
        shutil.rmtree(path)
    else:
        os.unlink(path)
    os.mkfifo(path)
    start = time.monotonic()
    assert gitctx.head_id(repo) is None
    assert time.monotonic() - start < 5  # a blocked open would never return
    assert git_root(os.path.join(repo, "a.py")) == repo  # a FIFO .git still marks the root


def test_device_is_never_opened(tmp_path):
    # /dev/null stands for any device: the check by stat refuses it before any open.
    assert files.open_regular(os.devnull) is None
    assert files.read_bytes(os.devnull, 10) is None
    regular = tmp_path / "a"
    regular.write_bytes(b"12345")
    assert files.read_bytes(str(regular), 10) == b"12345"
    assert files.read_bytes(str(regular), 4) is None
