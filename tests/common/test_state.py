from __future__ import annotations

import json
import os
import stat
import time

import pytest

from caveat.common import state
from tests.hostile.state import NOBODY
from tests.hostile.state import can_chown


def test_prune_removes_only_files_older_than_a_day(tmp_path):
    old = tmp_path / "old.json"
    new = tmp_path / "new.json"
    old.write_text("{}")
    new.write_text("{}")
    day_ago = time.time() - state.MAX_AGE_S - 60
    os.utime(old, (day_ago, day_ago))
    state.prune(str(tmp_path))
    assert not old.exists() and new.exists()
    state.prune(str(tmp_path / "missing"))  # no folder: nothing to do, no error


def test_write_atomic_is_0600_and_replaces(tmp_path):
    target = tmp_path / "f.json"
    assert state.write_atomic(str(target), b"one")
    assert state.write_atomic(str(target), b"two")
    assert target.read_bytes() == b"two"
    assert oct(target.stat().st_mode & 0o777) == "0o600"
    assert list(tmp_path.iterdir()) == [target]


def test_state_location_order(tmp_path):
    assert state.location({"CAVEAT_STATE_DIR": "/x", "CLAUDE_PLUGIN_DATA": "/p"}) == "/x"
    assert state.location({"CLAUDE_PLUGIN_DATA": "/p", "XDG_STATE_HOME": "/s"}) == "/p/state"
    assert state.location({"XDG_STATE_HOME": "/s"}) == "/s/caveat"
    assert state.location({"XDG_STATE_HOME": "relative", "HOME": "/h"}) == "/h/.local/state/caveat"


# --- nothing in the state folder is taken on trust (SPEC §7) ---------------------------

needs_root = pytest.mark.skipif(not can_chown(), reason="giving a file away needs root")


def _plant(path, data=b'{"version": 1, "entries": {"k": "PLANTED"}}', mode="loose"):
    path.write_bytes(data)
    if mode == "loose":
        os.chmod(path, 0o666)
    else:
        os.chown(path, NOBODY, NOBODY)
        os.chmod(path, 0o600)


MODES = [
    pytest.param("loose", id="writable-by-others"),
    pytest.param("foreign", id="another-users", marks=needs_root),
]


@pytest.mark.parametrize("mode", MODES)
def test_a_planted_cache_starts_empty_and_is_rebuilt_private(tmp_path, mode):
    env = {"CAVEAT_STATE_DIR": str(tmp_path / "state")}
    folder = state.ensure(env)
    assert folder
    planted = tmp_path / "state" / "c.json"
    _plant(planted, mode=mode)
    cache = state.JsonCache(env, "c.json", 1)
    assert cache.get("k") is None
    cache.put("k", "ours")
    cache.save()
    info = planted.stat()
    assert info.st_uid == os.geteuid() and stat.S_IMODE(info.st_mode) == 0o600
    assert state.JsonCache(env, "c.json", 1).get("k") == "ours"


@pytest.mark.parametrize("mode", MODES)
def test_a_planted_record_and_its_lock_are_replaced(tmp_path, mode):
    record = tmp_path / "r.json"
    _plant(record, b'{"keys": ["PLANTED"]}', mode)
    lock = tmp_path / "r.json.lock"
    _plant(lock, b"", mode)
    with state.LockedRecord(str(record)) as rec:
        assert rec.locked and rec.data == {}
        assert rec.save({"keys": ["ours"]})
    for path in (record, lock):
        info = path.stat()
        assert info.st_uid == os.geteuid() and stat.S_IMODE(info.st_mode) == 0o600


def test_a_planted_symlink_is_not_written_through(tmp_path):
    victim = tmp_path / "victim"
    victim.write_bytes(b"keep")
    record = tmp_path / "r.json"
    (tmp_path / f"r.json.{os.getpid()}.tmp").symlink_to(victim)
    (tmp_path / "r.json.lock").symlink_to(victim)
    with state.LockedRecord(str(record)) as rec:
        assert rec.locked and rec.save({"a": 1})
    assert victim.read_bytes() == b"keep"
    assert json.loads(record.read_text()) == {"a": 1}


@pytest.mark.parametrize("mode", MODES)
def test_a_planted_session_folder_is_moved_aside_not_used(tmp_path, mode):
    env = {"CAVEAT_STATE_DIR": str(tmp_path / "state")}
    assert state.ensure(env)
    sub = tmp_path / "state" / "seen"
    sub.mkdir()
    (sub / "s.json").write_text('{"keys": ["planted"]}')
    if mode == "loose":
        os.chmod(sub, 0o777)  # ours, but anyone could have put files in it
    else:
        os.chown(sub, NOBODY, NOBODY)
    path = state.session_file(env, "seen", "s", ".json")
    assert path == str(sub / "s.json")
    assert not os.path.exists(path)  # a new, empty folder: the planted file is not in it
    assert stat.S_IMODE(sub.stat().st_mode) == 0o700 and sub.stat().st_uid == os.geteuid()
    (aside,) = [p for p in (tmp_path / "state").iterdir() if p.name.startswith("seen.untrusted-")]
    assert (aside / "s.json").read_text() == '{"keys": ["planted"]}'


def test_a_readable_session_folder_of_ours_is_tightened_and_used(tmp_path):
    env = {"CAVEAT_STATE_DIR": str(tmp_path / "state")}
    assert state.ensure(env)
    sub = tmp_path / "state" / "seen"
    sub.mkdir(mode=0o755)
    (sub / "keep").write_text("x")
    assert state.session_file(env, "seen", "s", ".json") == str(sub / "s.json")
    assert stat.S_IMODE(sub.stat().st_mode) == 0o700 and (sub / "keep").exists()


def test_a_symlinked_session_folder_is_replaced_by_a_real_one(tmp_path):
    env = {"CAVEAT_STATE_DIR": str(tmp_path / "state")}
    assert state.ensure(env)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    link = tmp_path / "state" / "seen"
    link.symlink_to(elsewhere)
    path = state.session_file(env, "seen", "s", ".json")
    assert path == str(link / "s.json")
    assert not link.is_symlink() and link.is_dir()
    assert elsewhere.is_dir() and not list(elsewhere.iterdir())


def test_a_reader_only_checks_a_planted_folder(tmp_path):
    env = {"CAVEAT_STATE_DIR": str(tmp_path / "state")}
    assert state.ensure(env)
    sub = tmp_path / "state" / "audit"
    sub.mkdir()
    os.chmod(sub, 0o777)
    assert state.folder(env, "audit", create=False) is None
    assert stat.S_IMODE(sub.stat().st_mode) == 0o777  # a reader changes nothing
    assert state.folder(env, "missing", create=False) is None
    assert not (tmp_path / "state" / "missing").exists()


@needs_root
def test_a_state_folder_of_another_user_is_not_used(tmp_path):
    folder = tmp_path / "state"
    folder.mkdir(mode=0o700)
    os.chown(folder, NOBODY, NOBODY)
    assert state.ensure({"CAVEAT_STATE_DIR": str(folder)}) is None


def test_digest_tells_moved_and_changed_bytes_apart():
    text = bytes(range(256)) * 4
    moved = text[:1] + text[62:63] + text[2:62] + text[1:2] + text[63:]
    found = {state.digest(t) for t in (text, moved, text + b"\0", text[:-1] + b"\1", b"")}
    assert len(found) == 5
    assert state.digest(text) == state.digest(bytes(text))
    assert state.digest(b"") == "0000000000000000-0"
