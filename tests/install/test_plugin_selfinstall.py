"""bootstrap.sh's install (selfinstall.sh), run by bash for real: a plugin that
carries caveat's source, on a PATH where no Python can import caveat.

The install itself is proven in the end-to-end lane (tests/e2e/test_e2e_plugin.py),
against a local wheelhouse. Here pip either has no index at all, so every install
fails quickly (what the failure report and the back-off are about), or the Python is
a stand-in whose venvs and pip only pretend (what the re-install of a changed plugin
source is about)."""

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


def run(plugin_root, data, path, event="PreToolUse", state=None, **extra):
    entry = next(e for e in HARNESS.entries if e.vendor_event == event)
    env = {
        "PATH": path,
        "HOME": str(data.parent),
        "CAVEAT_STATE_DIR": str(state or data.parent / "state"),
        "CLAUDE_PLUGIN_ROOT": str(plugin_root),
        "CLAUDE_PLUGIN_DATA": str(data),
        "PIP_NO_INDEX": "1",  # no package index: the install fails, quickly
        "PIP_FIND_LINKS": str(data.parent / "nothing-here"),
        **extra,
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


def failed(data):
    failures, next_try = (data / "install.failed").read_text().split()
    return int(failures), int(next_try)


def test_a_failed_install_is_retried_at_the_next_session_start_only(
    plugin_root, base_python, tmp_path
):
    data = tmp_path / "data"
    run(plugin_root, data, path_of(base_python))
    settle(data)
    assert failed(data)[0] == 1 and failed(data)[1] <= time.time() + 1  # due at once
    first = (data / "install.log").read_text()
    done, _ = run(plugin_root, data, path_of(base_python))  # another tool call
    assert done.stdout == b"" and not (data / "install.lock").exists()
    assert (data / "install.log").read_text() == first
    done, _ = run(plugin_root, data, path_of(base_python), "SessionStart")
    reply = json.loads(done.stdout)
    assert reply["hookSpecificOutput"]["hookEventName"] == "SessionStart"
    assert GETTING_READY in reply["hookSpecificOutput"]["additionalContext"]
    # The user is told the last try failed, and where its log is.
    assert "the last try failed" in reply["systemMessage"]
    assert str(data / "install.log") in reply["systemMessage"]
    settle(data)
    assert failed(data)[0] == 2


def test_after_a_failure_the_session_start_tells_the_user_not_the_model(
    plugin_root, base_python, tmp_path
):
    """Backing off, a session start answers with a systemMessage (Claude Code shows it
    to the user): what failed, the log, the fix, when it tries again. The model is not
    told that caveat is getting ready, and no install starts."""
    data = tmp_path / "data"
    run(plugin_root, data, path_of(base_python), "SessionStart")
    settle(data)
    run(plugin_root, data, path_of(base_python), "SessionStart")  # the retry, due at once
    settle(data)
    failures, next_try = failed(data)
    assert failures == 2 and 290 <= next_try - time.time() <= 301
    log = (data / "install.log").read_text()
    done, _ = run(plugin_root, data, path_of(base_python), "SessionStart")
    assert done.returncode == 0 and done.stderr == b""
    reply = json.loads(done.stdout)
    assert list(reply) == ["systemMessage"]
    told = reply["systemMessage"]
    assert "caveat is not running" in told and "2 tries" in told
    assert str(data / "install.log") in told and "PIP_INDEX_URL" in told
    assert "5 minutes from now" in told and str(data / "install.failed") in told
    assert f"pipx install {plugin_root}, then caveat install --harness claude" in told
    assert GETTING_READY not in done.stdout.decode()
    assert not (data / "install.lock").exists() and (data / "install.log").read_text() == log
    assert run(plugin_root, data, path_of(base_python))[0].stdout == b""  # tool calls: silent


def test_the_retry_waits_double_from_the_next_session_start_to_a_day(tmp_path):
    selfinstall = os.path.join(ROOT, "src", "caveat", "install", "selfinstall.sh")
    data = tmp_path / "data"
    data.mkdir()
    waits = []
    for _ in range(13):
        subprocess.run([BASH, selfinstall, "--failed", str(data)], check=True, timeout=10)
        waits.append(failed(data)[1] - int(time.time()))
    expected = [0, 300, 600, 1200, 2400, 4800, 9600, 19200, 38400, 76800, 86400, 86400, 86400]
    assert all(abs(w - e) <= 1 for w, e in zip(waits, expected, strict=True)), waits
    assert failed(data)[0] == 13


def test_a_due_retry_starts_at_a_session_start_only(plugin_root, base_python, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "install.failed").write_text(f"4 {int(time.time()) - 5}\n")
    done, _ = run(plugin_root, data, path_of(base_python))
    assert done.stdout == b"" and not (data / "install.log").exists()
    done, _ = run(plugin_root, data, path_of(base_python), "SessionStart")
    assert GETTING_READY in json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
    settle(data)
    assert failed(data)[0] == 5 and "failed" in (data / "install.log").read_text()


@pytest.mark.parametrize(
    "record", ["08 09", "08 0999999999999", "x y", "", "99999999999999999999999 1", "\0\n"]
)
def test_a_damaged_failure_record_fails_open(plugin_root, base_python, tmp_path, record):
    """Whatever install.failed holds, every hook exits 0 with nothing or one JSON
    object (bash ends with status 1 on an arithmetic error, such as 08 read as octal)."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "install.failed").write_text(record)
    for event in ("PreToolUse", "SessionStart"):
        done, _ = run(plugin_root, data, path_of(base_python), event)
        assert done.returncode == 0 and done.stderr == b""
        assert done.stdout == b"" or isinstance(json.loads(done.stdout), dict)
    settle(data)
    if (data / "install.log").exists():  # an install ran and failed: a sound record
        failures, next_try = (data / "install.failed").read_text().split()
        assert failures == str(int(failures)) and next_try == str(int(next_try))


def test_the_report_is_json_whatever_the_data_folders_name(plugin_root, base_python, tmp_path):
    data = tmp_path / 'da"ta\\x'
    data.mkdir()
    (data / "install.failed").write_text(f"3 {int(time.time()) + 7200}\n")
    done, _ = run(plugin_root, data, path_of(base_python), "SessionStart")
    told = json.loads(done.stdout)["systemMessage"]
    assert str(data / "install.log") in told and "2 hours from now" in told


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
    """Once the plugin's venv is ready (DATA/ready names it) its interpreter runs the
    hook, before any on PATH (here the venv holds a stand-in caveat that reports
    itself)."""
    data = tmp_path / "data"
    venv = data / "venv-0"
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
    write(data / "ready", "venv-0\n")
    done, _ = run(plugin_root, data, path_of(base_python))
    assert json.loads(done.stdout) == {"from": "plugin venv"}


# ---------------------------------------------------------------- a changed plugin source

# A stand-in python3, enough of one for selfinstall.sh and bootstrap.sh: ``-m venv
# DIR`` makes DIR/bin/python (itself) and a stand-in caveat package, ``-m pip`` fails
# when FAKE_PIP=fail and else succeeds, and a venv's interpreter runs the launcher by
# answering which venv it is.
FAKE_PYTHON = r"""#!/bin/sh
venv=$(cd "$(dirname "$0")/.." && pwd)
case "$1 $2" in
"-I -c")
    case $3 in
    *ensurepip*) exit 0 ;;
    *"import caveat"*) [ -f "$venv/pyvenv.cfg" ] && echo "$venv/pkg" && exit 0 ;;
    esac
    exit 1 ;;
"-m venv") mkdir -p "$3/bin" "$3/pkg" && : >"$3/pyvenv.cfg" && : >"$3/pkg/_launch.py" &&
    cp "$0" "$3/bin/python" && exit 0 ;;
"-m pip") [ "${FAKE_PIP:-}" != fail ] && exit 0
    echo "pip: no package index" >&2; exit 1 ;;
esac
if [ "$1" = -I ] && [ -f "$2" ]; then
    cat >/dev/null
    printf '{"from": "%s"}\n' "${venv##*/}"
    exit 0
fi
exit 1
"""


@pytest.fixture
def fake_python(tmp_path):
    folder = tmp_path / "fakebin"
    write(folder / "python3", FAKE_PYTHON)
    os.chmod(folder / "python3", 0o755)
    return f"{folder}:/usr/bin:/bin"


def served_by(plugin_root, data, path, event="PreToolUse", **extra):
    done, _ = run(plugin_root, data, path, event, **extra)
    assert done.returncode == 0 and done.stderr == b"", done.stderr
    return json.loads(done.stdout)["from"] if done.stdout else None


def test_a_changed_plugin_source_is_installed_again_while_the_old_venv_serves(
    plugin_root, fake_python, tmp_path
):
    data = tmp_path / "data"
    assert served_by(plugin_root, data, fake_python) is None  # the first install starts
    settle(data)
    first = (data / "ready").read_text().strip()
    assert first.startswith("venv-") and served_by(plugin_root, data, fake_python) == first
    # The same source: a session start installs nothing.
    assert served_by(plugin_root, data, fake_python, "SessionStart") == first
    assert not (data / "install.lock").exists()
    # A pull changes the source: the old venv answers this session start while the
    # new one is made, and the next hook after it is ready runs the new one.
    write(plugin_root / "src" / "caveat" / "guards.py", "# new\n")
    assert served_by(plugin_root, data, fake_python, "SessionStart") == first
    settle(data)
    second = (data / "ready").read_text().strip()
    assert second != first and not (data / first).exists()
    assert served_by(plugin_root, data, fake_python) == second
    assert "caveat self-install: ready" in (data / "install.log").read_text()


def test_a_failed_reinstall_leaves_the_old_venv_serving(plugin_root, fake_python, tmp_path):
    data = tmp_path / "data"
    served_by(plugin_root, data, fake_python)
    settle(data)
    first = (data / "ready").read_text().strip()
    write(plugin_root / "pyproject.toml", '[project]\nname = "caveat"\nversion = "1"\n')
    assert served_by(plugin_root, data, fake_python, "SessionStart", FAKE_PIP="fail") == first
    settle(data)
    assert (data / "ready").read_text().strip() == first and failed(data)[0] == 1
    assert [p.name for p in data.glob("venv-*")] == [first]
    assert served_by(plugin_root, data, fake_python) == first
    # Retried at the next session start (the first retry is due at once).
    assert served_by(plugin_root, data, fake_python, "SessionStart") == first
    settle(data)
    assert (data / "ready").read_text().strip() != first
    assert not (data / "install.failed").exists()


def test_a_caveat_on_path_is_never_replaced(plugin_root, tmp_path):
    """The plugin installs itself only when no interpreter imports caveat, or to
    renew its own venv: a caveat the user installed serves, and nothing starts."""
    data = tmp_path / "data"
    venv_bin = os.path.dirname(os.path.abspath(sys.executable))
    done, _ = run(plugin_root, data, f"{venv_bin}:/usr/bin:/bin", "SessionStart")
    assert done.returncode == 0 and b"additionalContext" in done.stdout
    assert not (data / "install.lock").exists() and not (data / "install.log").exists()
