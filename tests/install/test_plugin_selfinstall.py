"""bootstrap.sh's one-time install (selfinstall.sh), run by bash for real: a plugin
that carries caveat's source, on a PATH where no Python can import caveat.

The install itself is proven in the end-to-end lane (tests/e2e/test_e2e_plugin.py),
against a local wheelhouse; here pip has no index at all, so every install fails
quickly, which is what the retry rules are about."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time

import pytest

from caveat.harnesses.claude.install import HARNESS
from tests.harnesses.install_helpers import ROOT
from tests.harnesses.install_helpers import write

BASH = shutil.which("bash") or "/bin/bash"
BOOTSTRAP = os.path.join(ROOT, "src", "caveat", "install", "bootstrap.sh")
GETTING_READY = "is getting ready"


@pytest.fixture
def base_python(tmp_path):
    """A folder holding only a Python >= 3.10 with venv that cannot import caveat."""
    found = shutil.which("python3", path="/usr/bin:/usr/local/bin:/bin")
    if not found:
        pytest.skip("no system python3 outside the test venv")
    check = "import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 10))"
    if subprocess.run([found, "-I", "-c", check], check=False).returncode != 0:
        pytest.skip(f"{found} cannot make a venv")
    if subprocess.run([found, "-I", "-c", "import caveat"], capture_output=True).returncode == 0:
        pytest.skip(f"{found} imports caveat")
    folder = tmp_path / "pybin"
    folder.mkdir()
    os.symlink(found, folder / "python3")
    return folder


@pytest.fixture
def plugin_root(tmp_path):
    """A plugin root that carries caveat's source, as the repository does."""
    root = tmp_path / "plugin"
    write(root / "pyproject.toml", '[project]\nname = "caveat"\nversion = "0"\n')
    write(root / "src" / "caveat" / "_launch.py", "")
    return root


def run(plugin_root, data, path, event="PreToolUse", state=None):
    entry = next(e for e in HARNESS.entries if e.vendor_event == event)
    env = {
        "PATH": path,
        "HOME": str(data.parent),
        "CAVEAT_STATE_DIR": str(state or data.parent / "state"),
        "CLAUDE_PLUGIN_ROOT": str(plugin_root),
        "CLAUDE_PLUGIN_DATA": str(data),
        "PIP_NO_INDEX": "1",  # no package index: the install fails, quickly
        "PIP_FIND_LINKS": str(data.parent / "nothing-here"),
    }
    started = time.monotonic()
    done = subprocess.run(
        [BASH, BOOTSTRAP, "--contract", "claude", event, *entry.words()],
        input=b'{"session_id": "s"}',
        capture_output=True,
        env=env,
        timeout=60,
        check=False,
    )
    return done, time.monotonic() - started


def settle(data, timeout=120.0):
    """Wait for the background install to end (its lock is removed either way)."""
    deadline = time.monotonic() + timeout
    while (data / "install.lock").exists():
        assert time.monotonic() < deadline, "the background install never ended"
        time.sleep(0.2)


def path_of(base_python):
    return f"{base_python}:/usr/bin:/bin"


def test_no_caveat_starts_the_install_in_the_background(plugin_root, base_python, tmp_path):
    data = tmp_path / "data"
    done, seconds = run(plugin_root, data, path_of(base_python))
    assert done.returncode == 0 and done.stdout == b"" and done.stderr == b""
    assert seconds < 10, "the hook waited for the install"
    assert (data / "install.lock").is_dir() or (data / "install.log").exists()
    settle(data)
    log = (data / "install.log").read_text()
    assert "caveat self-install" in log and "failed" in log
    assert (data / "install.failed").exists() and not (data / "venv" / ".caveat-ready").exists()


def test_a_failed_install_is_retried_at_the_next_session_start_only(
    plugin_root, base_python, tmp_path
):
    data = tmp_path / "data"
    run(plugin_root, data, path_of(base_python))
    settle(data)
    first = (data / "install.log").read_text()
    done, _ = run(plugin_root, data, path_of(base_python))  # another tool call
    assert done.stdout == b"" and not (data / "install.lock").exists()
    assert (data / "install.log").read_text() == first
    done, _ = run(plugin_root, data, path_of(base_python), "SessionStart")
    reply = json.loads(done.stdout)["hookSpecificOutput"]
    assert reply["hookEventName"] == "SessionStart"
    assert GETTING_READY in reply["additionalContext"]
    settle(data)
    assert (data / "install.failed").exists()


def test_while_the_install_runs_only_the_session_start_speaks(plugin_root, base_python, tmp_path):
    data = tmp_path / "data"
    lock = data / "install.lock"
    lock.mkdir(parents=True)
    busy = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        (lock / "pid").write_text(f"{busy.pid}\n")
        done, _ = run(plugin_root, data, path_of(base_python))
        assert done.stdout == b""
        done, _ = run(plugin_root, data, path_of(base_python), "SessionStart")
        assert GETTING_READY in done.stdout.decode()
        assert lock.is_dir() and not (data / "install.log").exists()  # no second install
    finally:
        busy.kill()
        busy.wait()


def test_a_lock_left_by_a_dead_install_counts_as_a_failure(plugin_root, base_python, tmp_path):
    data = tmp_path / "data"
    lock = data / "install.lock"
    lock.mkdir(parents=True)
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    (lock / "pid").write_text(f"{gone.pid}\n")
    done, _ = run(plugin_root, data, path_of(base_python))
    assert done.stdout == b"" and not lock.exists()
    assert (data / "install.failed").exists()


def test_a_plugin_without_caveats_source_never_installs(base_python, tmp_path):
    """A built plugin (caveat plugin build) carries no source: it only looks for an
    interpreter, as before."""
    root = tmp_path / "built"
    root.mkdir()
    data = tmp_path / "data"
    done, _ = run(root, data, path_of(base_python), "SessionStart")
    assert done.stdout == b"" and not data.exists()


def test_the_ready_venv_is_used_first(plugin_root, base_python, tmp_path):
    """Once the plugin's venv is ready its interpreter runs the hook, before any on
    PATH (here the venv holds a stand-in caveat that reports itself)."""
    data = tmp_path / "data"
    venv = data / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    package = tmp_path / "pkg"
    write(package / "caveat" / "__init__.py", "")
    write(package / "caveat" / "_launch.py", 'print(\'{"from": "plugin venv"}\')\n')
    purelib = subprocess.run(
        [
            str(venv / "bin" / "python"),
            "-c",
            "import sysconfig; print(sysconfig.get_paths()['purelib'])",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    write(os.path.join(purelib, "stand-in.pth"), f"{package}\n")
    write(venv / ".caveat-ready", "")
    done, _ = run(plugin_root, data, path_of(base_python))
    assert json.loads(done.stdout) == {"from": "plugin venv"}
