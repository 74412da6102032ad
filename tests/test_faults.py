"""The fault matrix of the hardening issue: the cases not already covered elsewhere
(see ``test_hook``, ``test_messages``, ``test_chain``, ``session/test_transcript``,
``test_config``). Each fault leaves exit 0, a valid envelope or none, and the state
that was valid before it (the once-per-session record, the message cache) intact."""

from __future__ import annotations

import errno
import json
import os
import stat

import pytest

from caveat import dispatch
from caveat import messages
from caveat import seen
from caveat.common import state
from tests.helpers import LEFT_PAD
from tests.helpers import envelope as contract
from tests.helpers import run_hook
from tests.helpers import trust
from tests.helpers import write_payload as payload

EVAL = "import pickle\n\n\ndef f(b):\n    return pickle.loads(b)\n"


def context(envelope):
    return envelope["hookSpecificOutput"]["additionalContext"]


def state_files():
    folder = os.environ["CAVEAT_STATE_DIR"]
    record = os.path.join(folder, seen.FOLDER, "s.json")
    return record, os.path.join(folder, messages.CACHE_FILE)


def prime(project):
    """One ordinary run: the left-pad advice is given, recorded and its message cached."""
    assert "left-pad" in context(contract(run_hook(payload(project), cwd=project)))
    record, cache = state_files()
    with open(record, "rb") as a, open(cache, "rb") as b:
        return a.read(), b.read()


def assert_state_intact(project, record_bytes):
    record, cache = state_files()
    with open(record, "rb") as handle:
        keys = json.loads(handle.read())["keys"]
    assert set(json.loads(record_bytes)["keys"]) <= set(keys)
    with open(cache, "rb") as handle:
        assert json.loads(handle.read())["version"] == 1
    # and the recorded advice is still known: the same write stays silent
    assert contract(run_hook(payload(project), cwd=project)) is None


# --- state folder -----------------------------------------------------------------


def test_state_dir_is_a_file(project, tmp_path):
    blocker = tmp_path / "state-file"
    blocker.write_bytes(b"precious")
    env = dict(os.environ, CAVEAT_STATE_DIR=str(blocker))
    done = run_hook(payload(project), cwd=project, env=env)
    assert "left-pad" in context(contract(done))
    assert blocker.read_bytes() == b"precious"
    assert b"not a folder" in done.stderr or b"unusable" in done.stderr


def test_state_dir_is_a_symlink_to_elsewhere(project, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "keep.txt").write_text("x")
    link = tmp_path / "state-link"
    link.symlink_to(elsewhere)
    env = dict(os.environ, CAVEAT_STATE_DIR=str(link))
    for _ in range(2):  # refused each time, so the advice is not recorded there either
        assert "left-pad" in context(contract(run_hook(payload(project), cwd=project, env=env)))
    assert sorted(os.listdir(elsewhere)) == ["keep.txt"]
    assert os.path.islink(link)


class _FullDisk:
    """``os`` for the state modules, on a filesystem with no space left: each write
    stores at most ``room`` bytes, then fails with ENOSPC."""

    def __init__(self, room=0):
        self.room = room

    def __getattr__(self, name):
        return getattr(os, name)

    def write(self, fd, data):
        if self.room <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        done = os.write(fd, bytes(data[: self.room]))
        self.room -= done
        return done


def _on_a_full_disk(monkeypatch, data, room=0):
    """``dispatch.run`` of ``data`` while the state folder's filesystem is full."""
    disk = _FullDisk(room)
    with monkeypatch.context() as patch:
        patch.setattr(state, "os", disk)
        patch.setattr(seen, "os", disk)
        return dispatch.run([], data, dict(os.environ))


def test_full_disk_keeps_the_message_cache(project, monkeypatch):
    _, cache_before = prime(project)
    # a new finding whose message is not cached yet: the cache must be saved, and cannot
    outcome = _on_a_full_disk(monkeypatch, payload(project, "src/x.py", EVAL))
    assert "pickle" in context(json.loads(outcome.output))
    _, cache = state_files()
    with open(cache, "rb") as handle:
        assert handle.read() == cache_before
    assert not [n for n in os.listdir(os.path.dirname(cache)) if n.endswith(".tmp")]


@pytest.mark.parametrize("room", [0, 10])
def test_full_disk_keeps_the_session_record(project, monkeypatch, room):
    record_before, _ = prime(project)
    outcome = _on_a_full_disk(monkeypatch, payload(project, "src/x.py", EVAL), room)
    assert "pickle" in context(json.loads(outcome.output))
    assert_state_intact(project, record_before)


def test_corrupt_parse_cache_through_the_process(project):
    record_before, _ = prime(project)
    _, cache = state_files()
    with open(cache, "wb") as handle:
        handle.write(b'{"version": 1, "entries": {"/x": {"hash": 5, "sections": [')
    envelope = contract(run_hook(payload(project, "src/x.py", EVAL), cwd=project))
    assert "pickle" in context(envelope)
    assert_state_intact(project, record_before)


# --- message files (project overrides, read by the real process) ----------------


def _override(project):
    folder = project / ".caveat" / "messages"
    folder.mkdir(parents=True)
    return folder / "pretooluse-dependency-guard.md"


@pytest.mark.parametrize(
    "fault",
    ["empty", "malformed", "binary", "folder", "dangling-link", "dev-zero", "huge"],
)
def test_broken_message_override(project, fault):
    record_before, _ = prime(project)
    target = _override(project)
    if fault == "empty":
        target.write_text("")
    elif fault == "malformed":
        target.write_text("---\nunclosed: [front matter\n## Advisory\n{unclosed {{ }\n```\n")
    elif fault == "binary":
        target.write_bytes(bytes(range(256)) * 64)
    elif fault == "folder":
        target.mkdir()
    elif fault == "dangling-link":
        target.symlink_to(project / "nowhere.md")
    elif fault == "dev-zero":
        target.symlink_to("/dev/zero")
    elif fault == "huge":
        target.write_text("## Advisory\n" + "{path} " * 2_000_000)
    trust(project)  # the override is read: the project is trusted
    done = run_hook(payload(project, "requirements.txt", "requests==2.0\n"), cwd=project)
    envelope = contract(done)
    if envelope is not None:
        assert len(context(envelope)) <= 10_000
    assert b"Traceback" not in done.stderr
    assert_state_intact(project, record_before)


@pytest.mark.skipif(
    hasattr(os, "geteuid") and os.geteuid() == 0,
    reason="running as root: mode 000 does not stop root from reading the file",
)
def test_unreadable_message_override(project):
    target = _override(project)
    target.write_text("## Advisory\nOVERRIDE {packages}\n")
    trust(project)
    target.chmod(0)
    try:
        envelope = contract(run_hook(payload(project), cwd=project))
    finally:
        target.chmod(stat.S_IRUSR | stat.S_IWUSR)
    assert envelope is None or "OVERRIDE" not in context(envelope)


# --- configuration and git ---------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        b"[guards\ndependency = ",
        b"\xff\xfe\x00garbage",
        b"guards = 5\n[strict]\ndependency = 'x'\n",
    ],
    ids=["truncated", "binary", "wrong-types"],
)
def test_malformed_project_config_through_the_process(project, text):
    (project / ".caveat").mkdir()
    (project / ".caveat" / "config.toml").write_bytes(text)
    trust(project)
    envelope = contract(run_hook(payload(project), cwd=project))
    assert envelope and "left-pad" in context(envelope)


def _fake_git(tmp_path, body):
    folder = tmp_path / "fakebin"
    folder.mkdir()
    git = folder / "git"
    git.write_text(f"#!/bin/sh\n{body}\n")
    git.chmod(0o755)
    return str(folder)


@pytest.mark.parametrize("kind", ["absent", "failing", "garbage", "hanging"])
def test_git_missing_or_broken_on_a_post_tool_write(project, tmp_path, kind):
    """``committed_text`` runs ``git cat-file`` on a post-tool whole write."""
    if kind == "absent":
        path = str(tmp_path / "empty-bin")
        os.mkdir(path)
    elif kind == "failing":
        path = _fake_git(tmp_path, "echo fatal >&2; exit 128")
    elif kind == "garbage":
        path = _fake_git(tmp_path, "head -c 100000 /dev/urandom; exit 0")
    else:
        path = _fake_git(tmp_path, "exec sleep 30")
    (project / "package.json").write_text(LEFT_PAD)
    env = dict(os.environ, PATH=path)
    done = run_hook(payload(project, event="PostToolUse"), cwd=project, env=env)
    envelope = contract(done)
    if kind != "garbage":  # garbage "HEAD" text may make the write look unchanged
        assert envelope and "left-pad" in context(envelope)
