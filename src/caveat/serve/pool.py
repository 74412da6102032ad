"""The worker processes as the server's event loop sees them: starting, reaping and
replacing them, killing one stuck on a job, and stopping them all. Feeding them
jobs is ``caveat.serve.jobs``; one worker process is ``caveat.serve.proc``.
"""

from __future__ import annotations

import os
import signal
import time

from caveat.common.log import log
from caveat.serve.jobs import READ
from caveat.serve.jobs import Jobs
from caveat.serve.proc import how
from caveat.serve.proc import kill
from caveat.serve.proc import spawn

TYPE_CHECKING = False
if TYPE_CHECKING:
    import selectors
    import socket
    from collections.abc import Callable
    from collections.abc import Mapping

    from caveat.serve.conn import Connection
    from caveat.serve.proc import Proc

REQUEST_LIMIT_S = 60.0  # every guard has its own budget; this only catches a hang
GRACE_S = 5.0
YOUNG_S = 1.0
RESTART_PAUSE_S = 1.0


class Pool(Jobs):
    def __init__(
        self,
        slots: int,
        env: Mapping[str, str],
        selector: selectors.BaseSelector,
        answered: Callable[[Connection, bytes, float], None],
        forget: Callable[[], None],
    ) -> None:
        super().__init__(selector, answered)
        self.slots = slots
        self.env = env
        self.forget = forget  # in a new worker: closes what the parent holds
        self.pids: dict[int, Proc] = {}
        self.born: dict[int, float] = {}  # slot → when its worker started
        self.due: dict[int, float] = {}  # slot → when to start its next worker
        self.stopping = False

    def busy(self) -> bool:
        return bool(self.queue) or len(self.idle) < len(self.pids) or bool(self.due)

    def channels(self) -> list[socket.socket]:
        return [proc.channel for proc in self.pids.values() if proc.channel is not None]

    def watch(self, now: float) -> None:
        """Kill a worker stuck on one job for ``REQUEST_LIMIT_S``; its client is then
        answered as above, and the worker replaced."""
        for proc in self.pids.values():
            if proc.conn is not None and now - proc.since > REQUEST_LIMIT_S:
                log(
                    f"serve: worker {proc.pid} stuck on one request for "
                    f"{REQUEST_LIMIT_S:g} s; killed"
                )
                kill(proc.pid, signal.SIGKILL)
                proc.since = float("inf")  # once

    def start(self, slot: int) -> None:
        self.due.pop(slot, None)
        proc = spawn(slot, self.env, self.forget, self.channels)
        if proc is None:
            self.due[slot] = time.monotonic() + RESTART_PAUSE_S
            return
        self.pids[proc.pid] = proc
        self.born[slot] = time.monotonic()
        assert proc.channel is not None
        self.selector.register(proc.channel, READ, proc)
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
                log(f"serve: worker {pid} died ({how(status)}); starting another")
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
            kill(proc.pid, signal.SIGTERM)
        deadline = time.monotonic() + GRACE_S
        while self.pids and time.monotonic() < deadline:
            self.reap()
            if self.pids:
                time.sleep(0.05)
        for pid in self.pids:
            kill(pid, signal.SIGKILL)
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
        self.pids.clear()
