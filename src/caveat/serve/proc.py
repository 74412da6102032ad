"""One worker process as the parent sees it: its channel (one end of a Unix socket
pair) and the job it is on; started by fork, signalled, and its exit described."""

from __future__ import annotations

import os
import signal
import socket

from caveat.common.log import log
from caveat.serve.worker import WATCHED
from caveat.serve.worker import Worker

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from collections.abc import Mapping

    from caveat.serve.conn import Connection


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


def spawn(
    slot: int,
    env: Mapping[str, str],
    forget: Callable[[], None],
    others: Callable[[], list[socket.socket]],
) -> Proc | None:
    """A new worker for ``slot``, its channel non-blocking; None (logged) when it
    cannot be started. In the child, ``forget`` closes what the parent holds and
    ``others`` names the other workers' channels, closed too."""
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
        return None
    if pid == 0:
        code = 1
        try:
            forget()
            for channel in (ours, *others()):
                channel.close()
            code = Worker(theirs, env).run()
        finally:
            os._exit(code)  # never return into the parent's code
    signal.pthread_sigmask(signal.SIG_UNBLOCK, WATCHED)
    theirs.close()
    ours.setblocking(False)
    return Proc(pid, slot, ours)


def kill(pid: int, signum: int) -> None:
    try:
        os.kill(pid, signum)
    except ProcessLookupError:
        pass


def how(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"signal {os.WTERMSIG(status)}"
    return f"exit {os.WEXITSTATUS(status)}"
