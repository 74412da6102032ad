"""The parent of the pre-forked workers, and the loopback socket they share.

The parent only supervises: it starts the workers, replaces one that dies (after a
pause when it died young, so a crash at start-up cannot spin), kills one stuck on a
single request for ``REQUEST_LIMIT_S``, and on SIGTERM, SIGINT or SIGHUP lets each
worker finish its request and stops them all. Concurrency is bounded by the number
of workers plus the listen backlog; the kernel queues the rest. Only POSIX calls are
used (no ``sigtimedwait``, which macOS lacks).
"""

from __future__ import annotations

import os
import select
import signal
import socket
import time

from caveat.log import log
from caveat.serve import LOOPBACK
from caveat.serve.worker import ACCEPT_POLL_S
from caveat.serve.worker import STOP_SIGNALS
from caveat.serve.worker import WATCHED
from caveat.serve.worker import Board
from caveat.serve.worker import Worker

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from types import FrameType

BACKLOG = 64
REQUEST_LIMIT_S = 60.0  # every guard has its own budget; this only catches a hang
TICK_S = 0.25
GRACE_S = 5.0
YOUNG_S = 1.0
RESTART_PAUSE_S = 1.0


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on the loopback address ``host`` names; ValueError for
    any other name (no name is resolved, so none can lead elsewhere)."""
    address = LOOPBACK.get(host)
    if address is None:
        raise ValueError(f"{host!r} is not a loopback name")
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((address, port))
        sock.listen(BACKLOG)
        sock.settimeout(ACCEPT_POLL_S)
    except BaseException:
        sock.close()
        raise
    return sock


class Supervisor:
    def __init__(
        self, listener: socket.socket, token: str, workers: int, env: Mapping[str, str]
    ) -> None:
        self.listener = listener
        self.token = token
        self.env = env
        self.board = Board(workers)
        self.slots = workers
        self.pids: dict[int, int] = {}  # pid → slot
        self.born: dict[int, float] = {}  # slot → when its worker started
        self.due: dict[int, float] = {}  # slot → when to start its next worker
        self.stopping = False
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
        try:
            for slot in range(self.slots):
                self._start(slot)
            while not self.stopping:
                self._reap()
                self._start_due()
                self._watch()
                if not self.stopping:
                    self._sleep(TICK_S)
        finally:
            self._stop_all()
            self.listener.close()
            signal.set_wakeup_fd(-1)
            for fd in self._wake:
                os.close(fd)
        return 0

    def _on_stop(self, signum: int, frame: FrameType | None) -> None:
        self.stopping = True

    def _on_child(self, signum: int, frame: FrameType | None) -> None:
        pass  # the byte on the wake-up pipe is the message

    def _sleep(self, seconds: float) -> None:
        try:
            select.select([self._wake[0]], [], [], seconds)
            os.read(self._wake[0], 512)
        except (BlockingIOError, InterruptedError):
            pass

    def _start(self, slot: int) -> None:
        self.due.pop(slot, None)
        self.board.set(slot, 0.0)
        # Blocked across fork: the child must not run the parent's handlers.
        signal.pthread_sigmask(signal.SIG_BLOCK, WATCHED)
        try:
            pid = os.fork()
        except OSError as exc:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, WATCHED)
            log(f"serve: cannot start a worker: {exc}")
            self.due[slot] = time.monotonic() + RESTART_PAUSE_S
            return
        if pid == 0:
            code = 1
            try:
                signal.set_wakeup_fd(-1)
                for fd in self._wake:
                    os.close(fd)
                code = Worker(self.listener, self.token, self.env, self.board, slot).run()
            finally:
                os._exit(code)  # never return into the parent's code
        signal.pthread_sigmask(signal.SIG_UNBLOCK, WATCHED)
        self.pids[pid] = slot
        self.born[slot] = time.monotonic()

    def _reap(self) -> None:
        while self.pids:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            slot = self.pids.pop(pid, None)
            if slot is None:
                continue
            now = time.monotonic()
            clean = os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
            if not clean and not self.stopping:
                log(f"serve: worker {pid} died ({_how(status)}); starting another")
            young = now - self.born.get(slot, now) < YOUNG_S
            self.due[slot] = now + (RESTART_PAUSE_S if young and not clean else 0.0)

    def _start_due(self) -> None:
        now = time.monotonic()
        for slot, when in sorted(self.due.items()):
            if when <= now:
                self._start(slot)

    def _watch(self) -> None:
        now = time.monotonic()
        for pid, slot in list(self.pids.items()):
            since = self.board.get(slot)
            if since and now - since > REQUEST_LIMIT_S:
                log(f"serve: worker {pid} stuck on one request for {REQUEST_LIMIT_S:g} s; killed")
                _kill(pid, signal.SIGKILL)
                self.board.set(slot, 0.0)

    def _stop_all(self) -> None:
        """SIGTERM: each worker finishes the request it is on; SIGKILL after GRACE_S."""
        self.stopping = True
        for pid in self.pids:
            _kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + GRACE_S
        while self.pids and time.monotonic() < deadline:
            self._reap()
            if self.pids:
                self._sleep(0.05)
        for pid in self.pids:
            _kill(pid, signal.SIGKILL)
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
        self.pids.clear()


def _kill(pid: int, signum: int) -> None:
    try:
        os.kill(pid, signum)
    except ProcessLookupError:
        pass


def _how(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"signal {os.WTERMSIG(status)}"
    return f"exit {os.WEXITSTATUS(status)}"
