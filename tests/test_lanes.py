"""The lanes of scripts/test.sh: the end-to-end lane is skipped, with one line, where
``unshare -n`` is not allowed, except under CI=true; a missing CPython is skipped."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile

import pytest

from tests.helpers import ROOT

NOBODY = 65534


@pytest.fixture
def scripts_copy():
    """scripts/ copied where the unprivileged user can read it, with nothing else of
    the checkout beside it (a lane that did not skip fails at once: no setup.sh)."""
    root = tempfile.mkdtemp(prefix="caveat-lanes-")
    try:
        os.chmod(root, 0o755)
        os.mkdir(os.path.join(root, "scripts"), 0o755)
        for name in ("e2e.sh", "test.sh"):
            shutil.copy(os.path.join(ROOT, "scripts", name), os.path.join(root, "scripts", name))
        os.chmod(root, 0o755)
        yield root
    finally:
        shutil.rmtree(root)


def as_nobody(argv, ci=None, cwd=None):
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("needs root and setpriv to run as an unprivileged user")
    env = {"PATH": os.environ["PATH"], "HOME": "/nonexistent"}
    if ci is not None:
        env["CI"] = ci
    command = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", *argv]
    return subprocess.run(command, capture_output=True, text=True, env=env, cwd=cwd, check=False)


def unshare_allowed_for_nobody() -> bool:
    return bool(as_nobody(["unshare", "-n", "true"]).returncode == 0)


def test_e2e_lane_is_skipped_with_one_line_without_unshare(scripts_copy):
    if unshare_allowed_for_nobody():
        pytest.skip("this machine lets an unprivileged user unshare -n")
    done = as_nobody(["bash", f"{scripts_copy}/scripts/e2e.sh"])
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1 and lines[0].startswith("e2e: lane skipped: `unshare -n`"), lines
    assert "root" in lines[0] and "bash scripts/e2e.sh" in lines[0]
    assert done.stderr == ""


def test_e2e_lane_runs_under_ci_even_without_unshare(scripts_copy):
    if unshare_allowed_for_nobody():
        pytest.skip("this machine lets an unprivileged user unshare -n")
    done = as_nobody(["bash", f"{scripts_copy}/scripts/e2e.sh"], ci="true")
    assert "skipped" not in done.stdout
    # It went on to set up the lane, which in this bare copy cannot work: CI would fail.
    assert done.returncode != 0
    assert "scripts/setup.sh" in done.stderr
    check = as_nobody(["bash", f"{scripts_copy}/scripts/e2e.sh", "--check"], ci="true")
    assert check.returncode == 1 and check.stdout.startswith("e2e: cannot run: ")


def test_e2e_check_as_root():
    if os.geteuid() != 0:
        pytest.skip("needs root")
    script = os.path.join(ROOT, "scripts", "e2e.sh")
    done = subprocess.run(["bash", script, "--check"], capture_output=True, text=True, check=False)
    unshare = subprocess.run(["unshare", "-n", "true"], capture_output=True, check=False)
    if unshare.returncode == 0:
        assert (done.returncode, done.stdout) == (0, "e2e: can run\n")
    else:
        assert done.returncode == 1 and done.stdout.startswith("e2e: cannot run: ")


def test_missing_interpreter_is_found_or_skipped(tmp_path):
    """``find_cpython`` from scripts/test.sh: PATH first, then the newest pyenv build."""
    versions = tmp_path / "pyenv" / "versions"
    for name in ("3.12.1", "3.12.10"):
        binary = versions / name / "bin" / "python3.12"
        binary.parent.mkdir(parents=True)
        binary.write_text("#!/bin/sh\n")
        binary.chmod(0o755)
    script = os.path.join(ROOT, "scripts", "test.sh")
    body = subprocess.run(
        ["sed", "-n", "/^find_cpython()/,/^}/p", script], capture_output=True, text=True, check=True
    ).stdout
    assert body
    tools = tmp_path / "bin"  # only what the function needs: no python3.X on PATH
    tools.mkdir()
    for tool in ("ls", "sort"):
        (tools / tool).symlink_to(shutil.which(tool))
    env = {"PATH": str(tools), "PYENV_ROOT": str(tmp_path / "pyenv")}
    run = f"{body}\nfind_cpython 3.12 && echo found || echo none; find_cpython 3.9 || echo none"
    done = subprocess.run(
        ["/bin/bash", "-c", run], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout.splitlines() == [
        str(versions / "3.12.10" / "bin" / "python3.12"),
        "found",
        "none",
    ]


def test_test_sh_runs_every_lane_and_ends_with_one_summary_line(tmp_path):
    """scripts/test.sh in a checkout whose tools are stand-ins: two lanes fail, every
    lane still runs under its own header, and the run ends with the count and fails."""
    root = tmp_path / "checkout"
    (root / "scripts").mkdir(parents=True)
    shutil.copy(os.path.join(ROOT, "scripts", "test.sh"), root / "scripts" / "test.sh")
    for name in ("setup.sh", "setup-browser.sh", "e2e.sh"):
        (root / "scripts" / name).write_text("echo ran " + name + "\n")
    bin_dir = root / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    stubs = {"ruff": "exit 0", "mypy": "exit 1", "caveat": "exit 0", "twine": "exit 0"}
    # python: `-m build` passes, `-m pytest` fails, anything else passes
    stubs["python"] = 'case "$2" in pytest) exit 1;; esac; exit 0'
    for name, body in stubs.items():
        (bin_dir / name).write_text(f"#!/bin/sh\n{body}\n")
        (bin_dir / name).chmod(0o755)
    done = subprocess.run(
        ["bash", str(root / "scripts" / "test.sh")],
        capture_output=True,
        text=True,
        cwd=root,
        check=False,
    )
    lines = done.stdout.splitlines()
    ends = [line.rsplit(" after ", 1)[0].rsplit(" in ", 1)[0] for line in lines]
    assert "== types: FAILED" in ends and "== unit tests: FAILED" in ends
    assert "== end to end: passed" in ends  # the lanes after a failure still run
    assert "== lint ==" in lines and "== packages ==" in lines
    assert lines[-2:] == ["lanes that failed: types unit tests", "lanes: 6 passed, 2 failed"]
    assert done.returncode == 1
