"""Time budgets: a real-time timer around a piece of work, and the ``Overrun`` it raises.

``caveat.chain`` puts one ``Timer`` around each guard; the conformity guard puts one
around each of its checks, inside the guard's. Timers nest: the inner one saves what
is left of the outer, runs for its own budget or for that remainder when it is
shorter, and re-arms the outer with what is left of it on the way out, so the outer
budget still ends on time. Where the platform has no ``setitimer`` or this is not the
main thread, nothing is armed and callers only measure.
"""

from __future__ import annotations

import time

TYPE_CHECKING = False
if TYPE_CHECKING:
    import signal as _signal
    from types import FrameType
else:
    import _signal  # the C module: ``signal`` itself would import enum

_HAS_TIMER = hasattr(_signal, "setitimer")


class Overrun(BaseException):
    """Raised inside the work when a ``Timer``'s budget runs out; ``timer`` is the one
    that ran out. A BaseException, so that the work's own ``except Exception`` cannot
    swallow it."""

    def __init__(self, timer: Timer | None = None) -> None:
        super().__init__()
        self.timer = timer


class Timer:
    """Arms a real-time timer of ``seconds`` around a ``with`` block; when it runs out,
    ``Overrun(self)`` is raised inside the block.

    When a timer is already armed (an outer budget), it is saved on entry: the block
    then gets at most what is left of it, and on exit it is re-armed with what is left
    after the block, so its own handler fires right away if it ran out meanwhile.
    ``enforce=False`` (benchmarks) arms nothing."""

    __slots__ = ("_armed", "_outer", "_previous", "_started", "enforce", "seconds")

    def __init__(self, seconds: float, enforce: bool = True) -> None:
        self.seconds = seconds
        self.enforce = enforce
        self._armed = False
        self._outer = 0.0
        self._started = 0.0
        self._previous: _signal._HANDLER = None

    def _on_alarm(self, signum: int, frame: FrameType | None) -> None:
        raise Overrun(self)

    def __enter__(self) -> Timer:
        if not self.enforce or not _HAS_TIMER or self.seconds <= 0:
            return self
        try:
            self._previous = _signal.signal(_signal.SIGALRM, self._on_alarm)
        except ValueError:  # not the main thread
            return self
        self._started = time.perf_counter()
        self._outer = _signal.setitimer(_signal.ITIMER_REAL, self.seconds)[0]
        if 0 < self._outer < self.seconds:
            _signal.setitimer(_signal.ITIMER_REAL, self._outer)
        self._armed = True
        return self

    def __exit__(self, *exc: object) -> None:
        if not self._armed:
            return
        self._armed = False
        _signal.setitimer(_signal.ITIMER_REAL, 0)
        _signal.signal(_signal.SIGALRM, self._previous)
        if self._outer > 0:
            left = self._outer - (time.perf_counter() - self._started)
            # Never 0, which would disarm: an outer budget that ran out fires now.
            _signal.setitimer(_signal.ITIMER_REAL, max(left, 1e-6))


def remaining(cap: float) -> float:
    """Seconds left of the innermost armed ``Timer``, at most ``cap`` (``cap`` when none
    is armed): how long a wait inside the budget may last."""
    if not _HAS_TIMER:
        return cap
    left = _signal.getitimer(_signal.ITIMER_REAL)[0]
    return min(cap, left) if left > 0 else cap
