"""Per-session markers: the duplicate SessionStart window and the Stop latch."""

from __future__ import annotations

import os
import stat
import time

import pytest

from caveat.common import marker
from tests.helpers import marker_taken
from tests.hostile.state import NOBODY
from tests.hostile.state import can_chown
from tests.hostile.state import held_lock


def env():
    return dict(os.environ)


def test_first_claim_wins_and_a_second_within_the_window_loses():
    assert marker.claim(env(), "sessionstart", "s1", 10.0, now=1000.0)
    assert not marker.claim(env(), "sessionstart", "s1", 10.0, now=1005.0)
    assert not marker.claim(env(), "sessionstart", "s1", 10.0, now=1009.9)


def test_after_the_window_the_marker_is_stale_and_renewed():
    assert marker.claim(env(), "sessionstart", "s1", 10.0, now=1000.0)
    assert marker.claim(env(), "sessionstart", "s1", 10.0, now=1010.5)  # a later compaction
    assert not marker.claim(env(), "sessionstart", "s1", 10.0, now=1015.0)


def test_markers_are_per_session_and_per_kind():
    assert marker.claim(env(), "sessionstart", "s1", 10.0, now=1000.0)
    assert marker.claim(env(), "sessionstart", "s2", 10.0, now=1000.0)
    assert marker.claim(env(), "other", "s1", 10.0, now=1000.0)


def test_a_clock_that_went_back_does_not_lock_out_forever():
    assert marker.claim(env(), "sessionstart", "s1", 10.0, now=5000.0)
    assert marker.claim(env(), "sessionstart", "s1", 10.0, now=100.0)


def test_no_session_id_always_claims():
    assert marker.claim(env(), "sessionstart", "", 10.0)
    assert marker.claim(env(), "sessionstart", "", 10.0)


def test_once_is_true_once():
    assert marker.once(env(), "stop", "s1")
    assert not marker.once(env(), "stop", "s1")
    assert marker.once(env(), "stop", "s2")
    assert marker_taken(env(), "stop", "s1")
    assert not marker_taken(env(), "stop", "s3")


def test_session_ids_become_safe_file_names():
    path = marker.path(env(), "stop", "../../etc/passwd")
    assert path is not None
    folder = os.path.join(os.environ["CAVEAT_STATE_DIR"], "stop")
    assert os.path.dirname(path) == folder
    assert marker.once(env(), "stop", "../../etc/passwd")
    assert os.listdir(folder) == [os.path.basename(path)]


def test_files_are_private():
    assert marker.once(env(), "stop", "s1")
    path = marker.path(env(), "stop", "s1")
    assert path is not None
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(os.path.dirname(path)).st_mode) == 0o700


def test_a_corrupt_marker_counts_as_stale():
    path = marker.path(env(), "sessionstart", "s1")
    assert path is not None
    with open(path, "wb") as handle:
        handle.write(b"\xffnot a time")
    assert marker.claim(env(), "sessionstart", "s1", 10.0, now=1000.0)
    assert not marker.claim(env(), "sessionstart", "s1", 10.0, now=1001.0)


def test_an_unusable_state_folder_fails_open(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("CAVEAT_STATE_DIR", str(blocker / "state"))
    assert marker.claim(env(), "sessionstart", "s1", 10.0)
    assert marker.claim(env(), "sessionstart", "s1", 10.0)
    assert marker.once(env(), "stop", "s1")


def test_old_markers_are_pruned_when_a_new_one_is_made():
    assert marker.once(env(), "stop", "old")
    old = marker.path(env(), "stop", "old")
    assert old is not None
    os.utime(old, (1, 1))
    assert marker.once(env(), "stop", "new")
    assert not os.path.exists(old)


@pytest.mark.parametrize("mode", ["loose", "foreign"])
def test_a_planted_marker_is_discarded_and_the_claim_made(mode):
    """A marker claimed "just now" by someone else would silence SessionStart."""
    if mode == "foreign" and not can_chown():
        pytest.skip("giving a file to another user needs root")
    path = marker.path(env(), "sessionstart", "s1")
    assert path is not None
    with open(path, "w") as handle:
        handle.write("1000.0")
    if mode == "loose":
        os.chmod(path, 0o666)
    else:
        os.chown(path, NOBODY, NOBODY)
    assert marker.claim(env(), "sessionstart", "s1", 10.0, now=1001.0)
    info = os.stat(path)
    assert info.st_uid == os.geteuid() and stat.S_IMODE(info.st_mode) == 0o600


def test_a_held_marker_is_claimed_after_a_bounded_wait():
    """A stuck holder cannot silence the session's start: caveat speaks (SPEC §1.7)."""
    path = marker.path(env(), "sessionstart", "held")
    assert path is not None
    with held_lock(path):
        start = time.monotonic()
        assert marker.claim(env(), "sessionstart", "held", 10.0)
        assert marker.once(env(), "sessionstart", "held")
        assert time.monotonic() - start < 5.0
