"""A project install writes this machine's paths into a file teams commit: install
warns when git tracks it or would take it, and ``--local`` writes the harness's
local project file instead, which stays out of git."""

# ruff: noqa: F401, F811  (pytest fixtures imported from harnesses.install_helpers)

from __future__ import annotations

import os
import subprocess

import pytest

from tests.harnesses.install_helpers import caveat
from tests.harnesses.install_helpers import hooks
from tests.harnesses.install_helpers import read


def _git(repo, *args: str) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid"}
    env.update(GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.invalid")
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=env)


@pytest.fixture
def repo(tmp_path):
    root = tmp_path / "repo"
    root.mkdir()
    _git(root, "init", "-q")
    return root


def test_a_project_file_git_would_commit_is_warned_of(repo, caveat):
    shared = repo / ".claude" / "settings.json"
    code, _, err = caveat("install", "--harness", "claude", "--project", str(repo))
    assert code == 0
    assert err.startswith(f"warning: {shared} is not ignored by git")
    assert "this machine's interpreter and launcher" in err
    assert f"--project {repo} --local writes them to {shared.parent}/settings.local.json" in err
    _git(repo, "add", ".claude/settings.json")
    _git(repo, "commit", "-q", "-m", "settings")
    code, _, err = caveat("install", "--harness", "claude", "--project", str(repo), "--dry-run")
    assert code == 0 and err.startswith(f"warning: {shared} is tracked by git")


def test_an_ignored_project_file_is_not_warned_of(repo, caveat):
    (repo / ".gitignore").write_text(".claude/settings.json\n")
    code, _, err = caveat("install", "--harness", "claude", "--project", str(repo))
    assert code == 0 and err == ""


def test_local_writes_the_local_file_out_of_git(repo, caveat):
    shared = repo / ".claude" / "settings.json"
    local = repo / ".claude" / "settings.local.json"
    caveat("install", "--harness", "claude", "--project", str(repo))
    code, out, err = caveat("install", "--harness", "claude", "--project", str(repo), "--local")
    assert code == 0 and err == ""
    assert f"claude: registered caveat in {local}" in out
    assert f"removed caveat's other registrations from {shared}" in out
    assert set(hooks(local)) == {
        "PreToolUse",
        "PostToolUse",
        "PostToolUseFailure",
        "SessionStart",
        "SubagentStart",
        "Stop",
    }
    assert "/.claude/settings.local.json" in read(repo / ".git" / "info" / "exclude")
    code, out, _ = caveat("verify", "--harness", "claude", "--project", str(repo))
    assert code == 0 and f"claude: installed ({local})" in out
    code, out, _ = caveat("uninstall", "--harness", "claude", "--project", str(repo))
    assert code == 0 and not local.exists()


def test_codebuddy_has_a_local_file_too(repo, caveat):
    local = repo / ".codebuddy" / "settings.local.json"
    code, _, err = caveat("install", "--harness", "codebuddy", "--project", str(repo))
    assert code == 0 and "--local writes them to" in err
    code, _, err = caveat("install", "--harness", "codebuddy", "--project", str(repo), "--local")
    assert code == 0 and err == "" and "SessionStart" in hooks(local)
    assert not (repo / ".codebuddy" / "settings.json").exists()  # caveat made it: gone


def test_a_harness_without_a_local_file_refuses_local_and_names_another_fix(repo, caveat):
    code, _, err = caveat("install", "--harness", "gemini", "--project", str(repo), "--local")
    assert code == 1 and "gemini reads no local project file" in err
    assert not (repo / ".gemini").exists()
    code, _, err = caveat("install", "--harness", "gemini", "--project", str(repo))
    assert code == 0 and "is not ignored by git" in err
    assert "add it to .gitignore" in err and "caveat install --harness gemini --user" in err
    code, _, err = caveat("install", "--harness", "claude", "--local")
    assert code == 1 and "--local goes with --project DIR" in err
