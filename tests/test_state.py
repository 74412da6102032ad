from __future__ import annotations

import os
import time

from caveat import state


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
