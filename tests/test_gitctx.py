from __future__ import annotations

import os

from caveat.gitctx import git_root


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
