"""Real timers, nested as the chain and the conformity checks nest them."""

from __future__ import annotations

import signal
import threading
import time

import pytest

from caveat.common.budget import Overrun
from caveat.common.budget import Timer

pytestmark = pytest.mark.skipif(
    not hasattr(signal, "setitimer"), reason="no interval timer on this platform"
)


def spin(seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        pass


@pytest.fixture(autouse=True)
def _clean_timer():
    handler = signal.getsignal(signal.SIGALRM)
    yield
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, handler)


def test_a_timer_stops_the_work_and_names_itself():
    timer = Timer(0.05)
    started = time.monotonic()
    with pytest.raises(Overrun) as caught, timer:
        spin(5)
    assert caught.value.timer is timer
    assert time.monotonic() - started < 1.0
    assert signal.getitimer(signal.ITIMER_REAL)[0] == 0


def test_work_within_budget_leaves_nothing_armed():
    handler = signal.getsignal(signal.SIGALRM)
    with Timer(1.0):
        assert 0 < signal.getitimer(signal.ITIMER_REAL)[0] <= 1.0
    assert signal.getitimer(signal.ITIMER_REAL)[0] == 0
    assert signal.getsignal(signal.SIGALRM) is handler


def test_inner_overrun_restores_what_is_left_of_the_outer():
    outer, inner = Timer(2.0), Timer(0.05)
    with outer:
        spin(0.2)
        with pytest.raises(Overrun) as caught, inner:
            spin(5)
        assert caught.value.timer is inner
        left = signal.getitimer(signal.ITIMER_REAL)[0]
        # The outer lost the time spent in and before the inner block, not more.
        assert 1.0 < left < 1.8
    assert signal.getitimer(signal.ITIMER_REAL)[0] == 0


def test_inner_within_budget_hands_back_to_the_outer():
    outer = Timer(0.3)
    started = time.monotonic()
    with pytest.raises(Overrun) as caught, outer:
        with Timer(0.1):
            spin(0.05)
        spin(5)
    assert caught.value.timer is outer
    assert 0.25 < time.monotonic() - started < 1.5


def test_outer_ending_first_cuts_the_inner_short_then_fires():
    outer, inner = Timer(0.1), Timer(3.0)
    started = time.monotonic()
    with pytest.raises(Overrun) as caught, outer:
        try:
            with inner:
                spin(5)
        except Overrun as exc:
            if exc.timer is not inner:  # as the conformity checks do
                raise
        spin(5)
    # The inner got only what was left of the outer, and the outer fired right after.
    assert caught.value.timer is outer
    assert time.monotonic() - started < 1.5


def test_not_enforced_arms_nothing():
    with Timer(0.01, enforce=False):
        assert signal.getitimer(signal.ITIMER_REAL)[0] == 0
        spin(0.03)


def test_outside_the_main_thread_nothing_is_armed():
    seen: list[object] = []

    def work():
        with Timer(0.01):
            seen.append(signal.getitimer(signal.ITIMER_REAL)[0])
            spin(0.03)
        seen.append("done")

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    assert seen == [0, "done"]
