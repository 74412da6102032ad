"""The jobs on their way through the workers' channels, as the server's event loop
sees them: a complete request waits in ``queue`` until a worker is idle, goes down
its channel as a job, and the answer comes back the same way; all of it without
blocking, on the parent's one selector. A job whose worker is lost before it started
goes to the next worker; one whose worker dies or is killed mid-job has its client
answered as the hook answers a fault of its own: 200 and an empty body.
"""

from __future__ import annotations

import collections
import selectors
import signal
import time

from caveat.common.log import log
from caveat.serve import app
from caveat.serve.conn import WAITING
from caveat.serve.proc import kill
from caveat.serve.worker import ANSWER
from caveat.serve.worker import STARTED
from caveat.serve.worker import job_frame

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from caveat.serve.conn import Connection
    from caveat.serve.proc import Proc

READ, WRITE = selectors.EVENT_READ, selectors.EVENT_WRITE


class Jobs:
    def __init__(
        self,
        selector: selectors.BaseSelector,
        answered: Callable[[Connection, bytes, float], None],
    ) -> None:
        self.selector = selector
        self.answered = answered  # sends a job's answer to its client
        self.queue: collections.deque[Connection] = collections.deque()
        self.idle: collections.deque[Proc] = collections.deque()

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
                    kill(proc.pid, signal.SIGKILL)
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
