"""Helpers for the installer tests (``tests/harnesses/<id>/test_install.py`` and
``tests/install/``), imported as ``tests.harnesses.install_helpers``."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from typing import Any

import pytest

from caveat.commands.route import run as cli
from caveat.install import resolve

# The harnesses whose file is Claude-shaped ({"hooks": {EVENT: [groups]}}).
HARNESSES = ("claude", "codex", "gemini", "qwen", "codebuddy", "devin", "antigravity")
PYTHON = os.path.abspath(sys.executable)


def launch_sh() -> str:
    """The launcher registrations run (in the data folder of the test's home)."""
    from caveat.install import launcher

    return launcher.shell_path(os.environ)


def launch_args() -> list[str]:
    """How an exec-form registration's ``args`` begin: ``-c START <launcher>``."""
    from caveat.install import launcher_sh

    return ["-c", launcher_sh.START, launch_sh()]


def shell_start() -> str:
    """How a shell-form registration begins: ``"/bin/sh" -c 'START' "<launcher>"``."""
    from caveat.install import launcher_sh

    return f'"/bin/sh" -c \'{launcher_sh.START}\' "{launch_sh()}"'


def move_interpreter(gone: str) -> None:
    """Make the launcher name an interpreter that is not there (caveat moved)."""
    path = launch_sh()
    write(path, read(path).replace(f'py="{PYTHON}"', f'py="{gone}"'))


# A JSON object as a harness file or a hook's output holds it: its values are whatever
# the text says, which the tests index freely.
Json = dict[str, Any]


def read_json(path) -> Json:
    with open(path, encoding="utf-8") as fh:
        found: Json = json.load(fh)
    return found


def hooks(path) -> Json:
    found: Json = read_json(path)["hooks"]
    return found


def read(path) -> str:
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def write(path, text: str, mode: int | None = None) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    if mode is not None:
        os.chmod(path, mode)


def run_registered(handler: Json, payload: Json, cwd) -> subprocess.CompletedProcess[bytes]:
    """Start a handler as its harness would: exec form as argv, shell form by a shell
    (Copilot's ``bash``, Kiro's ``action.command``)."""
    if "args" in handler:
        argv = [handler["command"], *handler["args"]]
    else:
        command = handler.get("bash") or handler.get("action", {}).get("command")
        argv = ["/bin/sh", "-c", command or handler["command"]]
    return subprocess.run(
        argv,
        input=json.dumps(payload).encode(),
        capture_output=True,
        cwd=cwd,
        env=dict(os.environ),
        timeout=60,
        check=False,
    )


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def example(name: str, project) -> Json:
    """An example payload from examples/payloads, pointed at ``project``."""
    with open(os.path.join(ROOT, "examples", "payloads", name), encoding="utf-8") as fh:
        text = fh.read()
    found: Json = json.loads(text.replace("{project}", str(project)))
    return found


def answer(handler: Json, payload: Json, cwd) -> Json:
    """The envelope the registered command prints for ``payload``."""
    done = run_registered(handler, payload, cwd)
    assert done.returncode == 0, done.stderr
    assert done.stdout, done.stderr
    envelope = json.loads(done.stdout)
    assert isinstance(envelope, dict)
    return envelope


def context(handler: Json, payload: Json, cwd) -> str:
    """What the registered command hands the model for ``payload`` (Claude's shape)."""
    return str(answer(handler, payload, cwd)["hookSpecificOutput"]["additionalContext"])


def file_for(name: str, project) -> str:
    return resolve.harness(name).path(os.environ, None if project is None else str(project))


def round_trip(call, name: str, project, original: str) -> str:
    """install → verify → install again (byte-identical) → uninstall → ``original``
    exactly; returns the text as installed."""
    path = file_for(name, project)
    write(path, original, 0o640)
    scope = ("--project", str(project))
    code, out, err = call("install", "--harness", name, *scope)
    assert code == 0 and "registered" in out, err
    installed = read(path)
    code, out, _ = call("verify", "--harness", name, *scope, "--json")
    report = json.loads(out)
    assert code == 0 and report["ok"] and report["results"][0]["status"] == "installed"
    assert call("install", "--harness", name, *scope)[0] == 0
    assert read(path) == installed  # byte-identical re-install
    code, out, _ = call("uninstall", "--harness", name, *scope)
    assert code == 0 and "removed" in out
    assert read(path) == original
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640
    code, out, _ = call("verify", "--harness", name, *scope)
    assert code == 1 and "missing" in out
    return installed


def refused(call, name: str, project, text: str, why: str) -> None:
    """``text`` in the harness file is refused, naming the file; nothing is written."""
    path = file_for(name, project)
    write(path, text)
    code, _, err = call("install", "--harness", name, "--project", str(project))
    assert code == 1 and path in err and why in err, err
    assert read(path) == text


def drifts_when_the_interpreter_moves(call, name: str, project) -> None:
    path = file_for(name, project)
    scope = ("--project", str(project))
    call("install", "--harness", name, *scope)
    installed = read(path)
    move_interpreter("/opt/gone/bin/python3")
    code, out, _ = call("verify", "--harness", name, *scope, "--json")
    report = json.loads(out)
    assert code == 1 and not report["ok"] and report["results"][0]["status"] == "drifted"
    assert any(
        "/opt/gone/bin/python3, which no longer exists" in p
        for p in report["results"][0]["problems"]
    )
    call("install", "--harness", name, *scope)  # repaired in place, one set of entries
    assert call("verify", "--harness", name, *scope)[0] == 0
    assert "/opt/gone" not in read(launch_sh()) and read(path) == installed


def dry_run_writes_nothing(call, name: str, project) -> None:
    path = file_for(name, project)
    before = sorted(os.listdir(project))
    code, out, _ = call("install", "--harness", name, "--project", str(project), "--dry-run")
    assert code == 0 and out.startswith("--- /dev/null\n+++ " + path)
    assert "--contract" in out and "not written" in out
    assert sorted(os.listdir(project)) == before


def unsafe_project_is_refused(call, name: str, tmp_path) -> None:
    project = tmp_path / "pro$ject"
    project.mkdir()
    code, _, err = call("install", "--harness", name, "--project", str(project))
    assert code == 1 and repr(str(project)) in err and "project" in err
    assert os.listdir(project) == []


@pytest.fixture
def caveat(capsys):
    """Run the CLI in-process: (exit code, stdout, stderr)."""

    def call(*args: str) -> tuple[int, str, str]:
        code = cli(list(args))
        out = capsys.readouterr()
        return code, out.out, out.err

    return call


@pytest.fixture
def home():
    return os.environ["HOME"]
