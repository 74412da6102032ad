"""The server's one process that touches sockets: an event loop over the loopback
listener, every client connection and the workers' channels.

The loop only accepts on the listener (it never reads there), reads each client a
little at a time as bytes arrive (``caveat.serve.conn``: a deadline for the head and
one for the body), hands each complete request to an idle worker as a job
(``caveat.serve.pool``; queued while none is idle) and sends the answers, all
without blocking. A slow, idle or reconnecting client costs one file descriptor for
a couple of seconds, never a worker, and a burst waits in the queue, not in the
kernel's backlog. On SIGTERM, SIGINT or SIGHUP it stops accepting, answers the
requests already read, and stops the workers. Only POSIX calls are used (no
``sigtimedwait``, which macOS lacks).
"""

from __future__ import annotations

import os
import selectors
import signal
import time

from caveat.serve import pool
from caveat.serve.clients import READ
from caveat.serve.clients import WRITE
from caveat.serve.clients import Clients
from caveat.serve.conn import WAITING
from caveat.serve.conn import Connection
from caveat.serve.listener import capacity
from caveat.serve.proc import Proc
from caveat.serve.worker import STOP_SIGNALS

TYPE_CHECKING = False
if TYPE_CHECKING:
    import socket
    from collections.abc import Mapping
    from types import FrameType

TICK_S = 0.1  # how often deadlines are checked while anything is in flight
IDLE_TICK_S = 1.0


class Supervisor(Clients):
    def __init__(
        self, listener: socket.socket, token: str, workers: int, env: Mapping[str, str]
    ) -> None:
        super().__init__(listener, token, capacity(workers), selectors.DefaultSelector())
        self.workers = pool.Pool(workers, env, self.selector, self._answered, self._forget)
        self._wake = (-1, -1)

    def run(self) -> int:
        # Signal handlers only set flags and wake the loop through a pipe, so that
        # nothing interrupts the parent half-way through starting or reaping a worker.
        self._wake = os.pipe()
        for fd in self._wake:
            os.set_blocking(fd, False)
        signal.set_wakeup_fd(self._wake[1])
        for signum in STOP_SIGNALS:
            signal.signal(signum, self._on_stop)
        signal.signal(signal.SIGCHLD, self._on_child)
        self.selector.register(self._wake[0], READ, None)
        try:
            self._accept_again()
            for slot in range(self.workers.slots):
                self.workers.start(slot)
            grace = 0.0
            while True:
                if self.stopping and not grace:
                    grace = time.monotonic() + pool.GRACE_S
                    self._stop_accepting()
                if grace and (self._settled() or time.monotonic() > grace):
                    break
                self._turn()
        finally:
            self._stop_accepting()
            self.listener.close()
            for conn in list(self.conns):
                conn.close()
                self._watch(conn)
            self.workers.stop()
            signal.set_wakeup_fd(-1)
            for fd in self._wake:
                os.close(fd)
            self.selector.close()
        return 0

    def _turn(self) -> None:
        busy = self.conns or self.workers.busy()
        for key, mask in self.selector.select(TICK_S if busy else IDLE_TICK_S):
            now = time.monotonic()
            if isinstance(key.data, Connection):
                self._on_conn(key.data, mask, now)
            elif isinstance(key.data, Proc):
                self.workers.on_channel(key.data, mask, now)
            elif key.fileobj is self.listener:
                self._accept(now)
            else:
                try:
                    os.read(self._wake[0], 512)
                except OSError:
                    pass
        self.workers.reap()
        self.workers.start_due()
        self._sweep(time.monotonic())

    def _on_stop(self, signum: int, frame: FrameType | None) -> None:
        self.stopping = True
        self.workers.stopping = True

    def _on_child(self, signum: int, frame: FrameType | None) -> None:
        pass  # the byte on the wake-up pipe is the message

    def _on_conn(self, conn: Connection, mask: int, now: float) -> None:
        if mask & READ and conn.wants_read() and conn.readable(now):
            self.workers.submit(conn, now)
        if mask & WRITE and conn.wants_write():
            conn.writable(now)
        self._watch(conn)

    def _sweep(self, now: float) -> None:
        for conn in [c for c in self.conns if c.phase != WAITING and c.deadline <= now]:
            conn.expire(now)
            self._watch(conn)
        self.workers.watch(now)
        self._accept_again()

    def _forget(self) -> None:
        """In a new worker: close what the parent holds, or a client's connection
        would stay open after the parent closed it."""
        signal.set_wakeup_fd(-1)
        for fd in self._wake:
            os.close(fd)
        for sock in (self.listener, *(c.sock for c in self.conns)):
            sock.close()
        try:
            self.selector.close()
        except OSError:
            pass
