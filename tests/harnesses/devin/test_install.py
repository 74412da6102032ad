"""caveat install --harness devin: Devin Local's .devin/config.local.json, kept out of
git through .git/info/exclude; PostToolUse on Devin's tool names, SessionStart."""

# ruff: noqa: F401, F811  (pytest fixtures imported from harnesses.install_helpers)

from __future__ import annotations

import json
import os
import subprocess

import pytest

from tests.harnesses.install_helpers import caveat
from tests.harnesses.install_helpers import context
from tests.harnesses.install_helpers import example
from tests.harnesses.install_helpers import home
from tests.harnesses.install_helpers import hooks
from tests.harnesses.install_helpers import read
from tests.harnesses.install_helpers import refused
from tests.harnesses.install_helpers import unsafe_project_is_refused
from tests.harnesses.install_helpers import write

SWITCH = "read_config_from.claude"
LINE = "/.devin/config.local.json"


@pytest.fixture
def repo(tmp_path):
    """A real git repository (GitPython needs more than a bare .git folder)."""
    root = tmp_path / "repo"
    root.mkdir()
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    return root


def exclude(repo) -> str:
    return read(repo / ".git" / "info" / "exclude")


def ignored(repo, name: str) -> bool:
    done = subprocess.run(["git", "check-ignore", "-q", name], cwd=repo, check=False)
    return done.returncode == 0


def test_registrations(project, caveat):
    assert caveat("install", "--harness", "devin", "--project", str(project))[0] == 0
    registered = hooks(project / ".devin" / "config.local.json")
    assert list(registered) == ["PostToolUse", "SessionStart"]  # PreToolUse context dropped
    (group,) = registered["PostToolUse"]
    assert group["matcher"] == "^(exec|edit|write)$"
    handler = group["hooks"][0]
    assert handler["timeout"] == 30
    assert handler["command"].endswith(" --contract devin PostToolUse")
    assert registered["SessionStart"][0]["hooks"][0]["command"].endswith(
        "--contract devin SessionStart"
    )


def test_registered_command_reaches_the_guards(project, caveat, monkeypatch):
    monkeypatch.setenv("DEVIN_PROJECT_DIR", str(project))  # Devin's payloads have no cwd
    caveat("install", "--harness", "devin", "--project", str(project))
    handler = hooks(project / ".devin" / "config.local.json")["PostToolUse"][0]["hooks"][0]
    payload = example("46-devin-posttooluse-edit-package-json.json", project)
    assert "lodahs" in context(handler, payload, project)


def test_local_config_is_excluded_from_git_and_the_line_removed_again(repo, caveat):
    before = exclude(repo)
    code, out, _ = caveat("install", "--harness", "devin", "--project", str(repo))
    assert code == 0 and f"added {LINE} to" in out
    assert exclude(repo) == before + LINE + "\n"
    assert ignored(repo, ".devin/config.local.json")
    code, out, _ = caveat("install", "--harness", "devin", "--project", str(repo))
    assert "already up to date" in out and exclude(repo).count(LINE) == 1
    code, out, _ = caveat("uninstall", "--harness", "devin", "--project", str(repo))
    assert code == 0 and f"removed {LINE} from" in out
    assert exclude(repo) == before
    assert sorted(os.listdir(repo)) == [".git"]


def test_a_subfolder_project_gets_its_own_pattern(repo, caveat):
    sub = repo / "services" / "api"
    sub.mkdir(parents=True)
    caveat("install", "--harness", "devin", "--project", str(sub))
    assert "/services/api/.devin/config.local.json\n" in exclude(repo)
    assert ignored(repo, "services/api/.devin/config.local.json")


def test_already_ignored_is_left_alone(repo, caveat):
    write(repo / ".gitignore", ".devin/\n")
    before = exclude(repo)
    code, out, _ = caveat("install", "--harness", "devin", "--project", str(repo))
    assert code == 0 and "exclude" not in out and exclude(repo) == before
    caveat("uninstall", "--harness", "devin", "--project", str(repo))
    assert exclude(repo) == before and read(repo / ".gitignore") == ".devin/\n"


def test_an_operators_own_exclude_line_is_kept(repo, caveat):
    write(repo / ".git" / "info" / "exclude", LINE + "\n")
    caveat("install", "--harness", "devin", "--project", str(repo))
    caveat("uninstall", "--harness", "devin", "--project", str(repo))
    assert exclude(repo) == LINE + "\n"


def test_exclude_without_a_final_newline_is_restored(repo, caveat):
    write(repo / ".git" / "info" / "exclude", "*.log")
    caveat("install", "--harness", "devin", "--project", str(repo))
    assert exclude(repo) == f"*.log\n{LINE}\n"
    caveat("uninstall", "--harness", "devin", "--project", str(repo))
    assert exclude(repo) == "*.log"


def test_dry_run_touches_neither_file(repo, caveat):
    before = exclude(repo)
    code, out, _ = caveat("install", "--harness", "devin", "--project", str(repo), "--dry-run")
    assert code == 0 and f"would add {LINE}" in out and "not written" in out
    assert exclude(repo) == before and sorted(os.listdir(repo)) == [".git"]


def test_no_git_repository_is_said_and_still_installs(tmp_path, caveat):
    folder = tmp_path / "plain"
    folder.mkdir()
    code, out, _ = caveat("install", "--harness", "devin", "--project", str(folder))
    assert code == 0 and "not in a git work tree" in out
    assert os.path.isfile(folder / ".devin" / "config.local.json")


def test_user_file_needs_no_exclude(home, caveat):
    code, out, _ = caveat("install", "--harness", "devin")
    assert code == 0 and "git" not in out
    assert os.path.isfile(os.path.join(home, ".config", "devin", "config.json"))


def test_note_when_claude_code_is_registered_too(repo, caveat):
    caveat("install", "--harness", "claude", "--project", str(repo))
    code, out, _ = caveat("install", "--harness", "devin", "--project", str(repo))
    assert code == 0 and SWITCH in out
    code, out, _ = caveat("install", "--harness", "claude", "--project", str(repo))
    assert SWITCH in out  # the other way round too
    caveat("uninstall", "--harness", "devin", "--project", str(repo))
    assert SWITCH not in caveat("install", "--harness", "claude", "--project", str(repo))[1]


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ('{\n  "hooks": {} // mine\n}\n', "JSONC/JSON5"),
        ('{"hooks": {"PostToolUse": {}}}', '"hooks.PostToolUse" is not a list'),
    ],
)
def test_refusals(text, why, project, caveat):
    refused(caveat, "devin", project, text, why)


def test_unsafe_project(tmp_path, caveat):
    unsafe_project_is_refused(caveat, "devin", tmp_path)
