"""The worker processes as the server's event loop sees them: starting, feeding,
reaping and replacing them.

Each worker has a channel (a Unix socket pair) to the parent. A complete request
waits in ``queue`` until a worker is idle, goes down its channel as a job, and the
answer comes back the same way; all of it without blocking, on the parent's one
selector. A job whose worker is lost before it started goes to the next worker; one
whose worker dies or is killed mid-job has its client answered as the hook answers a
fault of its own: 200 and an empty body.
"""

from __future__ import annotations

import collections
import os
import selectors
import signal
import socket
import time

from caveat.common.log import log
from caveat.serve import app
from caveat.serve.conn import WAITING
from caveat.serve.worker import ANSWER
from caveat.serve.worker import STARTED
from caveat.serve.worker import WATCHED
from caveat.serve.worker import Worker
from caveat.serve.worker import job_frame

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from collections.abc import Mapping

    from caveat.serve.conn import Connection

REQUEST_LIMIT_S = 60.0  # every guard has its own budget; this only catches a hang
GRACE_S = 5.0
YOUNG_S = 1.0
RESTART_PAUSE_S = 1.0
READ, WRITE = selectors.EVENT_READ, selectors.EVENT_WRITE


class Proc:
    """One worker process: its channel and the job it is on."""

    __slots__ = ("channel", "conn", "inbox", "out", "pid", "since", "slot", "started")

    def __init__(self, pid: int, slot: int, channel: socket.socket) -> None:
        self.pid = pid
        self.slot = slot
        self.channel: socket.socket | None = channel
        self.conn: Connection | None = None  # the client whose job it is on
        self.since = 0.0  # when that job was sent
        self.out = memoryview(b"")  # the rest of the job, still to send (a view: no copies)
        self.inbox = bytearray()  # the answer so far
        self.started = False  # the worker has the whole job and runs it


class Pool:
    def __init__(
        self,
        slots: int,
        env: Mapping[str, str],
        selector: selectors.BaseSelector,
        answered: Callable[[Connection, bytes, float], None],
        forget: Callable[[], None],
    ) -> None:
        self.slots = slots
        self.env = env
        self.selector = selector
        self.answered = answered  # sends a job's answer to its client
        self.forget = forget  # in a new worker: closes what the parent holds
        self.queue: collections.deque[Connection] = collections.deque()
        self.idle: collections.deque[Proc] = collections.deque()
        self.pids: dict[int, Proc] = {}
        self.born: dict[int, float] = {}  # slot → when its worker started
        self.due: dict[int, float] = {}  # slot → when to start its next worker
        self.stopping = False

    def busy(self) -> bool:
        return bool(self.queue) or len(self.idle) < len(self.pids) or bool(self.due)

    def channels(self) -> list[socket.socket]:
        return [proc.channel for proc in self.pids.values() if proc.channel is not None]

    def submit(self, conn: Connection, now: float) -> None:
        self.queue.append(conn)
        self.dispatch(now)

    def dispatch(self, now: float) -> None:
        while self.queue and self.idle:
            conn = self.queue.popleft()
            if conn.phase != WAITING or conn.job is None:
                continue
            proc = self.idle.popleft()
            proc.conn, proc.since, proc.started = conn, now, False
            proc.out = memoryview(job_frame(*conn.job))
            self._flush(proc)

    def _flush(self, proc: Proc) -> None:
        assert proc.channel is not None
        if proc.out:
            try:
                sent = proc.channel.send(proc.out)
            except (BlockingIOError, InterruptedError):
                sent = 0
            except OSError:
                self._lost(proc, time.monotonic())
                return
            proc.out = proc.out[sent:]
        self.selector.modify(proc.channel, READ | (WRITE if proc.out else 0), proc)

    def on_channel(self, proc: Proc, mask: int, now: float) -> None:
        if mask & WRITE and proc.channel is not None:
            self._flush(proc)
        if mask & READ and proc.channel is not None:
            self._receive(proc, now)

    def _receive(self, proc: Proc, now: float) -> None:
        """Take what the worker sent: an answer once complete; at the end, it is gone."""
        while proc.channel is not None:
            try:
                chunk = proc.channel.recv(1 << 16)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                chunk = b""
            if not chunk:
                self._lost(proc, now)
                return
            proc.inbox += chunk
            self._parse(proc, now)

    def _parse(self, proc: Proc, now: float) -> None:
        while proc.conn is not None and proc.inbox:
            if not proc.started:
                if proc.inbox[:1] != STARTED:  # never: a worker out of step is replaced
                    log(f"serve: worker {proc.pid} sent garbage; killed")
                    _kill(proc.pid, signal.SIGKILL)
                    proc.inbox.clear()
                    return
                del proc.inbox[:1]
                proc.started = True
                continue
            if len(proc.inbox) < ANSWER.size:
                return
            (size,) = ANSWER.unpack_from(proc.inbox)
            if len(proc.inbox) < ANSWER.size + size:
                return
            body = bytes(proc.inbox[ANSWER.size : ANSWER.size + size])
            del proc.inbox[: ANSWER.size + size]
            conn, proc.conn = proc.conn, None
            conn.job = None
            self.answered(conn, app.response(200, body), now)
            self.idle.append(proc)
            self.dispatch(now)

    def _lost(self, proc: Proc, now: float) -> None:
        """The worker's channel closed: it exited or died. Its client, if any, gets
        what the hook gives on a fault of its own: 200 and nothing."""
        if proc.channel is None:
            return
        self.selector.unregister(proc.channel)
        proc.channel.close()
        proc.channel = None
        if proc in self.idle:
            self.idle.remove(proc)
        conn, proc.conn = proc.conn, None
        if conn is not None and not proc.started:
            self.queue.appendleft(conn)  # it never ran: the next worker takes it
        elif conn is not None:
            conn.job = None
            log(f"serve: worker {proc.pid} gone mid-request; answered empty (fail open)")
            self.answered(conn, app.response(200, b""), now)

    def watch(self, now: float) -> None:
        """Kill a worker stuck on one job for ``REQUEST_LIMIT_S``; its client is then
        answered as above, and the worker replaced."""
        for proc in self.pids.values():
            if proc.conn is not None and now - proc.since > REQUEST_LIMIT_S:
                log(
                    f"serve: worker {proc.pid} stuck on one request for "
                    f"{REQUEST_LIMIT_S:g} s; killed"
                )
                _kill(proc.pid, signal.SIGKILL)
                proc.since = float("inf")  # once

    def start(self, slot: int) -> None:
        self.due.pop(slot, None)
        ours, theirs = socket.socketpair()
        # Blocked across fork: the child must not run the parent's handlers.
        signal.pthread_sigmask(signal.SIG_BLOCK, WATCHED)
        try:
            pid = os.fork()
        except OSError as exc:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, WATCHED)
            ours.close()
            theirs.close()
            log(f"serve: cannot start a worker: {exc}")
            self.due[slot] = time.monotonic() + RESTART_PAUSE_S
            return
        if pid == 0:
            code = 1
            try:
                self.forget()
                for channel in (ours, *self.channels()):
                    channel.close()
                code = Worker(theirs, self.env).run()
            finally:
                os._exit(code)  # never return into the parent's code
        signal.pthread_sigmask(signal.SIG_UNBLOCK, WATCHED)
        theirs.close()
        ours.setblocking(False)
        proc = Proc(pid, slot, ours)
        self.pids[pid] = proc
        self.born[slot] = time.monotonic()
        self.selector.register(ours, READ, proc)
        self.idle.append(proc)
        self.dispatch(time.monotonic())

    def start_due(self) -> None:
        now = time.monotonic()
        for slot, when in sorted(self.due.items()):
            if when <= now:
                self.start(slot)

    def reap(self) -> None:
        while self.pids:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            proc = self.pids.pop(pid, None)
            if proc is None:
                continue
            now = time.monotonic()
            self._receive(proc, now)  # an answer sent before it exited still counts
            self._lost(proc, now)
            clean = os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
            if not clean and not self.stopping:
                log(f"serve: worker {pid} died ({_how(status)}); starting another")
            young = now - self.born.get(proc.slot, now) < YOUNG_S
            if not self.stopping:
                self.due[proc.slot] = now + (RESTART_PAUSE_S if young and not clean else 0.0)

    def stop(self) -> None:
        """Close the channels (an idle worker leaves at once, a busy one after its
        job), and SIGTERM; SIGKILL after GRACE_S."""
        self.stopping = True
        for proc in self.pids.values():
            if proc.channel is not None:
                self.selector.unregister(proc.channel)
                proc.channel.close()
                proc.channel = None
            _kill(proc.pid, signal.SIGTERM)
        deadline = time.monotonic() + GRACE_S
        while self.pids and time.monotonic() < deadline:
            self.reap()
            if self.pids:
                time.sleep(0.05)
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
