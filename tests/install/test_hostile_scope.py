"""A project scope that attacks the installer (SPEC §7): committed symlinks where caveat
writes, FIFOs where it reads. Each command runs as the operator runs it, in its own
process with a deadline: install refuses a link and names it, leaving what it points
to byte for byte as it was; no command waits on a FIFO."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from caveat.install.records import record_path
from tests.helpers import hook_payload
from tests.hostile.scope import cases
from tests.hostile.scope import fifo_scope
from tests.hostile.scope import linked_scope
from tests.hostile.scope import snapshot

DEADLINE_S = 20  # a blocked open never ends; a working command takes well under this


def cli(
    *args: str, stdin: bytes = b"", cwd: str | None = None
) -> subprocess.CompletedProcess[bytes]:
    """``caveat ARGS`` in a fresh interpreter; a TimeoutExpired fails the test."""
    return subprocess.run(
        [sys.executable, "-I", "-m", "caveat", *args],
        input=stdin,
        capture_output=True,
        cwd=cwd,
        env=dict(os.environ),
        timeout=DEADLINE_S,
        check=False,
    )


@pytest.mark.parametrize(("name", "place"), cases())
def test_install_refuses_a_committed_link_and_leaves_its_target_alone(tmp_path, name, place):
    project, link, target = linked_scope(str(tmp_path), name, place)
    before = snapshot(str(tmp_path / "outside"))
    done = cli("install", "--harness", name, "--project", project)
    err = done.stderr.decode()
    assert done.returncode == 1, err
    assert f"{link} is a symlink (to {target})" in err
    assert "replace the link with a real file" in err
    assert snapshot(str(tmp_path / "outside")) == before
    assert os.path.islink(link)
    assert not os.path.exists(record_path(os.environ))  # nothing recorded either


@pytest.mark.parametrize(("name", "place"), cases())
def test_uninstall_refuses_a_committed_link_too(tmp_path, name, place):
    project, link, _ = linked_scope(str(tmp_path), name, place)
    before = snapshot(str(tmp_path / "outside"))
    done = cli("uninstall", "--harness", name, "--project", project)
    assert snapshot(str(tmp_path / "outside")) == before
    if place in ("file", "folder"):  # the file uninstall reads first
        assert done.returncode == 1 and f"{link} is a symlink" in done.stderr.decode()


def test_a_link_in_the_user_scope_is_the_users_own(tmp_path):
    home = os.environ["HOME"]
    real = tmp_path / "dotfiles" / "claude"
    real.mkdir(parents=True)
    os.symlink(real, os.path.join(home, ".claude"))  # a dotfile manager's link
    done = cli("install", "--harness", "claude")
    assert done.returncode == 0, done.stderr.decode()
    assert "launch/hook.sh" in (real / "settings.json").read_text()
    assert (real / "skills").is_dir()


@pytest.fixture
def fifos(tmp_path):
    project, found = fifo_scope(str(tmp_path))
    return project, found


def not_regular(done: subprocess.CompletedProcess[bytes], path: str) -> bool:
    text = (done.stdout + done.stderr).decode()
    return f"{path} is a FIFO, not a regular file" in text


@pytest.mark.parametrize(
    "name", ["claude", "codex", "copilot", "cursor", "devin", "kiro", "antigravity"]
)
def test_install_and_verify_refuse_a_fifo_at_the_harness_file(fifos, name):
    from caveat.install.resolve import harness

    project, _ = fifos
    path = harness(name).path(os.environ, project)
    done = cli("install", "--harness", name, "--project", project)
    assert done.returncode == 1 and not_regular(done, path)
    done = cli("verify", "--harness", name, "--project", project)
    assert done.returncode == 1 and not_regular(done, path)


def test_doctor_ends_and_names_the_fifo_rule(fifos):
    # Every harness file is a FIFO too: doctor verifies each (it lists only the
    # installed and drifted ones), and must still end.
    project, _ = fifos
    done = cli("doctor", "--project", project)
    rule = os.path.join(project, ".caveat", "rules", "rule.md")
    assert done.returncode == 1 and f"{rule}: not a regular file" in done.stdout.decode()


def test_a_fifo_at_the_install_record_is_refused(tmp_path, project):
    path = record_path(os.environ)
    os.makedirs(os.path.dirname(path))
    os.mkfifo(path)
    done = cli("install", "--harness", "claude", "--project", str(project))
    assert done.returncode == 1 and not_regular(done, path)


def test_explain_and_the_hook_pass_every_fifo_by(fifos, tmp_path):
    project, _ = fifos
    payload = json.loads(
        hook_payload(project, "Write", {"file_path": f"{project}/a.py", "content": "x = 1\n"})
    )
    payload["transcript_path"] = os.path.join(project, "transcript.jsonl")
    data = json.dumps(payload).encode()
    (tmp_path / "payload.json").write_bytes(data)
    done = cli("explain", str(tmp_path / "payload.json"), cwd=project)
    assert done.returncode == 0, done.stderr.decode()
    for event in ("PreToolUse", "SessionStart", "PreCompact", "Stop"):
        payload["hook_event_name"] = event
        done = cli("hook", stdin=json.dumps(payload).encode(), cwd=project)
        assert done.returncode == 0, event
        assert not done.stdout or isinstance(json.loads(done.stdout), dict)
