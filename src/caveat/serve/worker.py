"""One worker process: answers one connection at a time, on its main thread.

Processes, not threads: a guard's time budget is an ``ITIMER_REAL`` signal, and
Python runs signal handlers only in the main thread. A worker is replaced after
``MAX_REQUESTS`` (whatever a request leaked goes with it) and leaves by itself when
its parent is gone.
"""

from __future__ import annotations

import mmap
import os
import signal
import struct
import time

from caveat.log import log

TYPE_CHECKING = False
if TYPE_CHECKING:
    import socket
    from collections.abc import Mapping
    from types import FrameType

ACCEPT_POLL_S = 1.0  # how often an idle worker checks that its parent is alive
MAX_REQUESTS = 1000
STOP_SIGNALS = frozenset({signal.SIGTERM, signal.SIGINT, signal.SIGHUP})
WATCHED = frozenset({signal.SIGCHLD, *STOP_SIGNALS})  # the supervisor's signals


class Board:
    """Shared memory with one slot per worker: when its current request started (0
    when idle). The parent reads it to find a worker stuck on one request."""

    def __init__(self, slots: int) -> None:
        self._map = mmap.mmap(-1, 8 * slots)  # anonymous and shared across fork

    def set(self, slot: int, value: float) -> None:
        struct.pack_into("d", self._map, 8 * slot, value)

    def get(self, slot: int) -> float:
        value: float = struct.unpack_from("d", self._map, 8 * slot)[0]
        return value


class _Stop(BaseException):
    """Raised by SIGTERM in an idle worker."""


class Worker:
    """One process answering one connection at a time on its main thread."""

    def __init__(
        self,
        listener: socket.socket,
        token: str,
        env: Mapping[str, str],
        board: Board,
        slot: int,
    ) -> None:
        self.listener = listener
        self.token = token
        self.env = env
        self.board = board
        self.slot = slot
        self.parent = os.getppid()
        self.busy = False
        self.stopping = False

    def run(self) -> int:
        signal.signal(signal.SIGTERM, self._on_term)
        for signum in (signal.SIGINT, signal.SIGHUP):
            signal.signal(signum, signal.SIG_IGN)  # the parent decides, then says SIGTERM
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, WATCHED)
        _quiet_stdin()
        from caveat.serve.app import serve_connection

        served = 0
        try:
            while served < MAX_REQUESTS and not self.stopping:
                try:
                    conn, _ = self.listener.accept()
                except TimeoutError:
                    if os.getppid() != self.parent:
                        return 0  # orphaned: the parent was killed
                    continue
                except OSError as exc:  # out of file descriptors, say: wait, then retry
                    log(f"serve: accept failed: {exc}")
                    time.sleep(0.1)
                    continue
                self.busy = True
                self.board.set(self.slot, time.monotonic())
                try:
                    serve_connection(conn, self.token, self.env)
                finally:
                    conn.close()
                    self.board.set(self.slot, 0.0)
                    self.busy = False
                served += 1
        except _Stop:
            pass
        return 0

    def _on_term(self, signum: int, frame: FrameType | None) -> None:
        if self.busy:
            self.stopping = True  # finish this request first
        else:
            raise _Stop


def _quiet_stdin() -> None:
    """Subprocesses of the guards (git) must not read the terminal."""
    try:
        fd = os.open(os.devnull, os.O_RDONLY)
        os.dup2(fd, 0)
        os.close(fd)
    except OSError:
        pass
