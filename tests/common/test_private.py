"""State files only the user can have written, and locks with deadlines."""

from __future__ import annotations

import os
import time

import pytest

from caveat.common import private
from tests.hostile.state import NOBODY
from tests.hostile.state import can_chown
from tests.hostile.state import held_lock

needs_root = pytest.mark.skipif(not can_chown(), reason="giving a file away needs root")
MODES = [
    pytest.param("loose", id="writable-by-others"),
    pytest.param("foreign", id="another-users", marks=needs_root),
]


def _plant(path, mode):
    path.write_bytes(b'{"version": 1, "entries": {"k": "PLANTED"}}')
    if mode == "loose":
        os.chmod(path, 0o666)
    else:
        os.chown(path, NOBODY, NOBODY)
        os.chmod(path, 0o600)


@pytest.mark.parametrize("mode", MODES)
def test_a_planted_state_file_is_discarded_not_read(tmp_path, mode):
    planted = tmp_path / "cache.json"
    _plant(planted, mode)
    assert private.read_private(str(planted)) is None
    assert not planted.exists()


def test_group_writable_is_as_bad_as_world_writable(tmp_path):
    planted = tmp_path / "cache.json"
    planted.write_bytes(b"{}")
    os.chmod(planted, 0o620)
    assert private.read_private(str(planted)) is None
    own = tmp_path / "own.json"
    own.write_bytes(b"{}")
    os.chmod(own, 0o600)
    assert private.read_private(str(own)) == b"{}"
    os.chmod(own, 0o644)  # readable by others: not a way in, still read
    assert private.read_private(str(own)) == b"{}"


def test_a_symlink_is_never_followed(tmp_path):
    target = tmp_path / "elsewhere.json"
    target.write_bytes(b'{"version": 1, "entries": {"k": "PLANTED"}}')
    os.chmod(target, 0o600)
    link = tmp_path / "cache.json"
    link.symlink_to(target)
    assert private.read_private(str(link)) is None
    assert not link.is_symlink() and target.exists()  # the link went, not its target


def test_a_fifo_is_not_waited_on(tmp_path):
    fifo = tmp_path / "cache.json"
    os.mkfifo(fifo, 0o600)
    assert private.read_private(str(fifo)) is None  # returns at once: no writer needed
    assert not fifo.exists()


# --- every lock wait has a deadline -----------------------------------------------------


def test_a_held_lock_is_given_up_after_its_deadline(tmp_path):
    file = str(tmp_path / "x.lock")
    with held_lock(file):
        start = time.monotonic()
        assert private.lock(file) is None
        first = time.monotonic() - start
        start = time.monotonic()
        assert private.lock(file) is None  # known stuck: tried, not waited for
        again = time.monotonic() - start
    assert first < 5 and again < first
    fd = private.lock(file)  # let go: taken again
    assert fd is not None
    os.close(fd)


def test_a_lock_inside_a_budget_ends_within_it(tmp_path):
    from caveat.common.budget import Timer

    file = str(tmp_path / "x.lock")
    with held_lock(file):
        start = time.monotonic()
        with Timer(0.3):
            assert private.lock(file) is None  # no Overrun: the wait ended first
        assert time.monotonic() - start < 5
