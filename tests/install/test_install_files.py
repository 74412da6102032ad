"""What install leaves on disk: a read-only file is refused, a bearer token never
sits in a file others can read, a missing project folder is not created."""

# ruff: noqa: F401, F811  (pytest fixtures imported from harnesses.install_helpers)

from __future__ import annotations

import json
import os
import stat

import pytest

from caveat import harnesses
from caveat import serve
from caveat.install import resolve
from caveat.install.endpoint import TOKEN_ENV
from tests.harnesses.install_helpers import HARNESSES
from tests.harnesses.install_helpers import caveat
from tests.harnesses.install_helpers import file_for
from tests.harnesses.install_helpers import home
from tests.harnesses.install_helpers import read
from tests.harnesses.install_helpers import write


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.mark.parametrize("name", list(harnesses.HARNESSES))
def test_a_read_only_file_is_refused(name, project, caveat):
    """As root too: root could write it, so the mode bits decide, not os.access."""
    path = file_for(name, project)
    text = json.dumps({"mine": True}, indent=2) + "\n"
    write(path, text, 0o444)
    code, out, err = caveat("install", "--harness", name, "--project", str(project))
    assert code == 1 and not out
    assert path in err and "read-only (mode 0444)" in err and f"chmod u+w {path}" in err
    assert f"caveat install --harness {resolve.harness(name).id} --print" in err
    assert read(path) == text and mode(path) == 0o444
    code, out, err = caveat("install", "--harness", name, "--project", str(project), "--dry-run")
    assert code == 1 and "read-only" in err


@pytest.mark.parametrize("name", HARNESSES)
def test_uninstall_refuses_a_read_only_file_with_caveats_entries(name, project, caveat):
    path = file_for(name, project)
    write(path, "{}\n")
    caveat("install", "--harness", name, "--project", str(project))
    os.chmod(path, 0o444)
    installed = read(path)
    code, _, err = caveat("uninstall", "--harness", name, "--project", str(project))
    assert code == 1 and path in err and "read-only" in err
    assert read(path) == installed
    os.chmod(path, 0o644)
    assert caveat("uninstall", "--harness", name, "--project", str(project))[0] == 0
    assert read(path) == "{}\n"


def test_a_read_only_file_without_caveats_entries_is_no_problem(project, caveat):
    path = file_for("codex", project)
    write(path, "{}\n", 0o444)
    code, out, _ = caveat("uninstall", "--harness", "codex", "--project", str(project))
    assert code == 0 and "no caveat entries" in out


def readable_by_others(root) -> dict[str, str]:
    """Every regular file under ``root`` that group or others may read: its text."""
    out = {}
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            if os.path.isfile(path) and mode(path) & 0o044:
                with open(path, encoding="utf-8", errors="replace") as fh:
                    out[path] = fh.read()
    return out


def test_http_user_install_into_a_0644_file_puts_the_token_nowhere_readable(
    home, caveat, monkeypatch
):
    path = os.path.join(home, ".claude", "settings.json")
    token = serve.ensure_token(os.environ)
    # As an earlier version left it: the token itself in a 0644 settings file.
    old = {
        "type": "http",
        "url": f"http://127.0.0.1:{serve.DEFAULT_PORT}/hook/claude/Stop?messages=stop",
        "headers": {"Authorization": f"Bearer {token}"},
        "timeout": 30,
    }
    write(path, json.dumps({"model": "x", "hooks": {"Stop": [{"hooks": [old]}]}}) + "\n", 0o644)

    code, out, _ = caveat("install", "--harness", "claude", "--http", "--user")
    assert code == 0 and token not in out
    assert mode(path) == 0o644  # the operator's mode is kept: nothing secret inside
    text = read(path)
    assert token not in text and f"Bearer ${TOKEN_ENV}" in text
    assert text.count('"Stop"') == 1 and text.count("/hook/claude/Stop") == 1  # replaced
    leaks = {p: "token" for p, t in readable_by_others(home).items() if token in t}
    assert leaks == {}
    assert mode(serve.token_path(os.environ)) == 0o600
    # The verify that follows, from a shell whose profile exports the variable.
    monkeypatch.setenv(TOKEN_ENV, token)
    assert caveat("verify", "--harness", "claude")[0] == 0
    code, out, _ = caveat("uninstall", "--harness", "claude")
    assert code == 0 and json.loads(read(path)) == {"model": "x"}


def test_http_print_names_the_variable_not_the_token(home, caveat):
    token = serve.ensure_token(os.environ)
    code, out, _ = caveat("install", "--harness", "claude", "--http", "--print")
    assert code == 0 and token not in out
    assert f"Bearer ${TOKEN_ENV}" in out and f"export {TOKEN_ENV}=" in out
    assert not os.path.exists(os.path.join(home, ".claude", "settings.json"))


@pytest.mark.parametrize("name", ["claude", "codex", "devin"])
def test_a_missing_project_folder_is_refused_not_created(name, tmp_path, caveat):
    missing = tmp_path / "no" / "such"
    code, out, err = caveat("install", "--harness", name, "--project", str(missing))
    assert code == 1 and not out
    assert f"the project folder {missing} does not exist" in err
    assert not (tmp_path / "no").exists()
    afile = tmp_path / "afile"
    afile.write_text("x")
    code, _, err = caveat("install", "--harness", name, "--project", str(afile))
    assert code == 1 and f"{afile} is not a folder" in err
