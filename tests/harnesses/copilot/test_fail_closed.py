"""Copilot CLI reads a preToolUse command hook that crashes or exits non-zero as a
deny of the tool call. Every preToolUse command caveat registers for Copilot, run
as Copilot runs it (its ``bash`` string), exits 0 whatever breaks underneath it: the
package gone, the interpreter gone, an interpreter that is there but cannot start,
the whole data folder (launcher included) deleted, input that is no JSON at all.
A timeout is Copilot's own to handle: it documents timeouts as failing open."""

# ruff: noqa: F401, F811  (the venv fixture is imported from test_launch_faults)

from __future__ import annotations

import json
import os
import shutil
import subprocess
from typing import Any

import pytest

from tests.install.test_launch_faults import _env
from tests.install.test_launch_faults import _faults
from tests.install.test_launch_faults import venv

Json = dict[str, Any]
PUSH = {"command": "git push --force origin main", "description": "push"}


def _install(where, home, project) -> list[Json]:
    argv = [str(where / "bin" / "python"), "-I", "-m", "caveat", "install"]
    argv += ["--harness", "copilot", "--project", str(project)]
    done = subprocess.run(argv, env=_env(home), capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    with open(project / ".github" / "hooks" / "caveat.json", encoding="utf-8") as fh:
        before: list[Json] = json.load(fh)["hooks"]["preToolUse"]
    assert before, "caveat registers a preToolUse hook for Copilot (holds)"
    return before


def _payload(project) -> bytes:
    data = {
        "timestamp": 1,
        "cwd": str(project),
        "toolName": "bash",
        "toolArgs": json.dumps(PUSH),
    }
    return json.dumps(data).encode()


def _run(handler: Json, home, project, data: bytes) -> subprocess.CompletedProcess[bytes]:
    """The handler's ``bash`` string, as Copilot starts it."""
    return subprocess.run(
        ["bash", "-c", handler["bash"]],
        input=data,
        capture_output=True,
        cwd=project,
        env=_env(home),
        timeout=handler["timeoutSec"],
    )


@pytest.fixture
def installed(venv, tmp_path):
    where, site = venv
    home, project = tmp_path / "home", tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    return where, site, home, project, _install(where, home, project)


def _silent_exit_0(handlers: list[Json], home, project, data: bytes) -> None:
    for handler in handlers:
        ran = _run(handler, home, project, data)
        assert ran.returncode == 0, (handler["bash"], ran.stderr)
        assert ran.stdout == b"", ran.stdout


def test_the_working_install_answers_with_status_0(installed):
    _where, _site, home, project, handlers = installed
    for handler in handlers:
        ran = _run(handler, home, project, _payload(project))
        assert ran.returncode == 0, ran.stderr  # a hold is a deny in JSON, never a status
        assert ran.stdout == b"" or isinstance(json.loads(ran.stdout), dict)


def test_the_package_gone(installed):
    where, site, home, project, handlers = installed
    (site / "caveat").rename(where / "caveat-moved-away")
    _silent_exit_0(handlers, home, project, _payload(project))
    assert _faults(home)


def test_the_interpreter_gone(installed):
    where, _site, home, project, handlers = installed
    shutil.rmtree(where)
    _silent_exit_0(handlers, home, project, _payload(project))
    assert "is gone" in _faults(home)[0]["failed"]


@pytest.mark.parametrize("status", [1, 2, 120])
def test_an_interpreter_that_cannot_start(installed, status):
    """There but broken (its standard library gone: Python exits 1 before any code
    of caveat's runs): the status is not passed on, and the audit log says why."""
    where, _site, home, project, handlers = installed
    python = where / "bin" / "python"
    python.unlink()
    python.write_text(
        f"#!/bin/sh\necho 'Fatal Python error: init_fs_encoding' >&2\nexit {status}\n"
    )
    python.chmod(0o755)
    _silent_exit_0(handlers, home, project, _payload(project))
    (fault, *_) = _faults(home)
    assert fault["failed"].endswith(f"exited {status}") and fault["contract"] == "copilot"


def test_the_data_folder_deleted(installed):
    """The launcher itself is gone (its folder removed by hand): ``/bin/sh`` on a
    missing script exits 2, so the registration checks for it first."""
    _where, _site, home, project, handlers = installed
    data = home / ".local" / "share" / "caveat"
    assert (data / "launch" / "hook.sh").is_file()
    shutil.rmtree(data)
    _silent_exit_0(handlers, home, project, _payload(project))


def test_the_data_folder_unreadable(installed):
    if os.geteuid() == 0:
        pytest.skip("root reads any file")
    _where, _site, home, project, handlers = installed
    launch = home / ".local" / "share" / "caveat" / "launch" / "hook.sh"
    launch.chmod(0)
    _silent_exit_0(handlers, home, project, _payload(project))


@pytest.mark.parametrize(
    "data",
    [b"", b"not json", b"{", b"[]", b'{"toolArgs": 3}', b"\xff\xfe", b"{}" * 200_000],
    ids=["empty", "text", "truncated", "array", "wrong-type", "not-utf8", "huge"],
)
def test_malformed_input(installed, data):
    _where, _site, home, project, handlers = installed
    for handler in handlers:
        ran = _run(handler, home, project, data)
        assert ran.returncode == 0, ran.stderr
        assert ran.stdout == b"" or isinstance(json.loads(ran.stdout), dict)


def test_the_old_registration_form_is_reported(installed):
    """A registration written before the check (``"/bin/sh" "<hook.sh>"``) still
    exits 2 once the data folder is gone; verify names it as drifted, so a reinstall
    rewrites it."""
    where, _site, home, project, _handlers = installed
    from caveat.install.launcher_sh import START

    path = project / ".github" / "hooks" / "caveat.json"
    data = json.loads(path.read_text())
    for group in data["hooks"].values():
        for handler in group:
            for key in ("bash", "powershell"):
                handler[key] = handler[key].replace(f" -c '{START}'", "")
    path.write_text(json.dumps(data, indent=2) + "\n")
    argv = [str(where / "bin" / "python"), "-I", "-m", "caveat", "verify"]
    done = subprocess.run(
        [*argv, "--harness", "copilot", "--project", str(project)],
        env=_env(home),
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1 and "copilot: drifted" in done.stdout, done.stdout
