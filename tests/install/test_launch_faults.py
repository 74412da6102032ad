"""A registration cannot exit non-zero: caveat installed from a throwaway venv, then
its package or its interpreter vanishes, and the registered command, run exactly as
the harness runs it, still exits 0, prints nothing, and leaves the fault where
``caveat log``, ``caveat stats`` and ``caveat doctor`` show it. A launcher file
planted before the install is replaced, never run."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from typing import Any

import pytest

from caveat.install import launcher_sh
from tests.helpers import ROOT

Json = dict[str, Any]


def _env(home) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CAVEAT_", "XDG_"))}
    env.update(HOME=str(home), CAVEAT_STATE_DIR=str(home / "state"))
    env["XDG_CONFIG_HOME"] = str(home / ".config")
    return env


@pytest.fixture
def venv(tmp_path):
    """A venv holding a copy of caveat's package (no pip: a copy is what an install is)."""
    where = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True)
    (site,) = where.glob("lib/python3*/site-packages")
    shutil.copytree(
        os.path.join(ROOT, "src", "caveat"),
        site / "caveat",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    return where, site


def _install(python, home, project, harness: str = "claude") -> subprocess.CompletedProcess[str]:
    argv = [str(python), "-I", "-m", "caveat", "install", "--harness", harness]
    return subprocess.run(
        [*argv, "--project", str(project)], env=_env(home), capture_output=True, text=True
    )


def _handlers(path) -> list[Json]:
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    return [h for groups in data["hooks"].values() for g in groups for h in g["hooks"]]


def _run(handler: Json, home, project) -> subprocess.CompletedProcess[bytes]:
    """Start the handler as Claude Code does (exec form: command + args), on a Write."""
    payload = {
        "session_id": "s1",
        "cwd": str(project),
        "hook_event_name": "PreToolUse",
        "tool_name": "Write",
        "tool_input": {"file_path": f"{project}/notes.txt", "content": "hello\n"},
    }
    argv = [handler["command"], *handler["args"]]
    return subprocess.run(
        argv, input=json.dumps(payload).encode(), capture_output=True, env=_env(home), timeout=30
    )


def _pretool(project) -> Json:
    (handler,) = [
        h for h in _handlers(project / ".claude/settings.json") if "PreToolUse" in h["args"]
    ][:1]
    return handler


def _caveat(home, *args: str) -> subprocess.CompletedProcess[str]:
    """This checkout's caveat, reading the same home and state."""
    return subprocess.run(
        [sys.executable, "-I", "-m", "caveat", *args],
        env=_env(home),
        capture_output=True,
        text=True,
    )


def _faults(home) -> list[Json]:
    folder = home / "state" / "audit"
    lines = [line for f in sorted(folder.glob("*.jsonl")) for line in f.read_text().splitlines()]
    return [r for r in map(json.loads, lines) if str(r.get("failed", "")).startswith("launch")]


@pytest.fixture
def installed(venv, tmp_path):
    where, site = venv
    home, project = tmp_path / "home", tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    done = _install(where / "bin" / "python", home, project)
    assert done.returncode == 0, done.stderr
    handler = _pretool(project)
    ran = _run(handler, home, project)  # the working install: silent, exit 0
    assert (ran.returncode, ran.stdout) == (0, b""), ran.stderr
    return where, site, home, project, handler


def test_the_package_vanishing_blocks_nothing(installed):
    where, site, home, project, handler = installed
    (site / "caveat").rename(where / "caveat-moved-away")  # pipx reinstall --python …
    ran = _run(handler, home, project)
    assert ran.returncode == 0 and ran.stdout == b"", ran.stderr
    assert b"launch failed" in ran.stderr
    (fault,) = _faults(home)
    assert fault["contract"] == "claude" and fault["event"] == "PreToolUse"
    assert "ModuleNotFoundError" in fault["failed"] and fault["received"] == "nothing"
    shown = _caveat(home, "log")
    assert (
        shown.returncode == 0
        and "hook failed open (launch failed: ModuleNotFoundError" in shown.stdout
    )
    stats = _caveat(home, "stats")
    (row,) = [line.split() for line in stats.stdout.splitlines() if line.startswith("claude ")]
    assert stats.returncode == 0 and row[1:5] == ["2", "0", "0", "1"], stats.stdout
    doctor = _caveat(home, "doctor", "--project", str(project))
    assert doctor.returncode == 1 and "1 hook call(s) could not start caveat" in doctor.stdout


def test_a_half_upgraded_package_blocks_nothing(installed):
    _where, site, home, project, handler = installed
    (site / "caveat" / "hook.py").write_text("def main(:\n")  # a SyntaxError mid-upgrade
    ran = _run(handler, home, project)
    assert ran.returncode == 0 and ran.stdout == b"", ran.stderr
    (fault,) = _faults(home)
    assert "SyntaxError" in fault["failed"]


def test_the_interpreter_vanishing_blocks_nothing(installed):
    where, _site, home, project, handler = installed
    shutil.rmtree(where)  # pipx uninstall caveat
    ran = _run(handler, home, project)
    assert ran.returncode == 0 and ran.stdout == b"", ran.stderr
    (fault,) = _faults(home)
    assert fault["failed"] == f"launch failed: interpreter {where}/bin/python is gone"
    assert "launch failed: interpreter" in _caveat(home, "log").stdout


def test_disabled_records_nothing(installed):
    where, _site, home, _project, handler = installed
    shutil.rmtree(where)
    env = {**_env(home), "CAVEAT_DISABLE": "1"}
    argv = [handler["command"], *handler["args"]]
    ran = subprocess.run(argv, input=b"{}", capture_output=True, env=env, timeout=30)
    assert (ran.returncode, ran.stdout, ran.stderr) == (0, b"", b"")
    assert _faults(home) == []


def _plant(kind: str, path, marker) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    evil = f"touch {marker}\n"
    if kind == "symlink":
        target = path.parent.parent / "elsewhere.sh"
        target.write_text(evil)
        path.symlink_to(target)
        return
    path.write_text(evil)
    if kind == "loose":
        path.chmod(0o666)
    else:
        os.chown(path, 12345, 12345)


KINDS = ["symlink", "loose"] + (["another user's"] if os.geteuid() == 0 else [])


@pytest.mark.parametrize("kind", KINDS)
def test_a_planted_launcher_is_replaced_not_run(venv, tmp_path, kind):
    where, _ = venv
    home, project = tmp_path / "home", tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    marker = tmp_path / "planted-ran"
    launch = home / ".local" / "share" / "caveat" / "launch" / "hook.sh"
    planted_python = launch.parent / "hook.py"
    _plant(kind, launch, marker)
    _plant(kind, planted_python, marker) if kind != "symlink" else None
    done = _install(where / "bin" / "python", home, project)
    assert done.returncode == 0, done.stderr
    assert not launch.is_symlink() and launch.stat().st_uid == os.geteuid()
    assert launch.stat().st_mode & 0o022 == 0 and "touch" not in launch.read_text()
    ran = _run(_pretool(project), home, project)
    assert (ran.returncode, ran.stdout) == (0, b"") and not marker.exists()
    if kind == "symlink":
        assert "touch" in (launch.parent.parent / "elsewhere.sh").read_text()  # not written through


def test_the_data_folder_deleted_blocks_nothing(installed):
    """The launcher's folder removed by hand: ``/bin/sh`` on a missing script exits 2
    (Claude Code shows a hook error on every call, Copilot denies), so the exec form
    runs ``-c START`` first, which exits 0 without the script."""
    _where, _site, home, project, handler = installed
    assert handler["args"][:2] == ["-c", launcher_sh.START]
    shutil.rmtree(home / ".local" / "share" / "caveat")
    ran = _run(handler, home, project)
    assert (ran.returncode, ran.stdout) == (0, b""), ran.stderr
    bare = subprocess.run(
        [handler["command"], *handler["args"][2:]], input=b"{}", capture_output=True
    )
    assert bare.returncode != 0  # what the check in front prevents


def test_an_interpreter_that_cannot_start_blocks_nothing(installed):
    where, _site, home, project, handler = installed
    python = where / "bin" / "python"
    python.unlink()
    python.write_text("#!/bin/sh\nexit 1\n")
    python.chmod(0o755)
    ran = _run(handler, home, project)
    assert (ran.returncode, ran.stdout) == (0, b""), ran.stderr
    (fault,) = _faults(home)
    assert fault["failed"] == f"launch failed: interpreter {python} exited 1"
