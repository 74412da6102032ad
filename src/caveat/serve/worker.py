"""One worker process: answers the jobs its parent sends, one at a time, on its main
thread.

Processes, not threads: a guard's time budget is an ``ITIMER_REAL`` signal, and
Python runs signal handlers only in the main thread. A worker never touches a client
socket: the parent reads each request whole and sends it down the worker's channel
(a Unix socket pair) as a job; the worker sends back the hook's bytes. A slow or
hostile client therefore cannot hold a worker. A worker is replaced after
``MAX_REQUESTS`` (whatever a request leaked goes with it), and right after a request
over ``LARGE`` bytes (a 16 MB Write leaves a worker holding hundreds of MB that the
allocator does not give back); it leaves by itself when its parent is gone (its
channel closes).

A job is ``!II`` (length of the arguments, length of the body), the arguments joined
by NUL, then the body. The worker answers ``STARTED`` once it has the whole job (a
worker lost before that never ran it, so the job can go to another), then ``!I`` and
the bytes.
"""

from __future__ import annotations

import os
import signal
import struct

from caveat.common.log import log

TYPE_CHECKING = False
if TYPE_CHECKING:
    import socket
    from collections.abc import Mapping
    from types import FrameType

POLL_S = 1.0  # how often an idle worker checks that its parent is alive
MAX_REQUESTS = 1000
LARGE = 4 << 20  # a request body over this many bytes is the worker's last
STOP_SIGNALS = frozenset({signal.SIGTERM, signal.SIGINT, signal.SIGHUP})
WATCHED = frozenset({signal.SIGCHLD, *STOP_SIGNALS})  # the supervisor's signals
JOB = struct.Struct("!II")
ANSWER = struct.Struct("!I")
STARTED = b"+"


def job_frame(args: list[str], body: bytes) -> bytes:
    names = "\0".join(args).encode("utf-8")
    return JOB.pack(len(names), len(body)) + names + body


class _Stop(BaseException):
    """Raised by SIGTERM in an idle worker."""


class _GoneError(Exception):
    """The channel closed: the parent is stopping or gone."""


class Worker:
    """One process answering one job at a time on its main thread."""

    def __init__(self, channel: socket.socket, env: Mapping[str, str]) -> None:
        self.channel = channel
        self.env = env
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
        from caveat.serve.app import answer

        self.channel.settimeout(POLL_S)
        served = 0
        try:
            while served < MAX_REQUESTS and not self.stopping:
                sizes = self._read(JOB.size, idle=True)
                names, size = JOB.unpack(sizes)
                self.busy = True
                raw = self._read(names)
                args = raw.decode("utf-8").split("\0") if raw else []
                data = self._read(size)
                self.channel.settimeout(None)
                self.channel.sendall(STARTED)
                try:
                    out = answer(args, data, self.env)
                except Exception as exc:  # a fault of ours, outside the hook's own fail-open
                    log(f"serve failed open: {type(exc).__name__}: {exc}")
                    out = b""
                self.channel.sendall(ANSWER.pack(len(out)) + out)
                self.channel.settimeout(POLL_S)
                self.busy = False
                served += 1
                if size > LARGE:
                    break  # the pool starts a fresh worker in its place
        except (_Stop, _GoneError, OSError):
            pass
        return 0

    def _read(self, size: int, idle: bool = False) -> bytes:
        """``size`` bytes from the channel; while idle, a check on the parent each
        ``POLL_S``."""
        chunks = bytearray()
        while len(chunks) < size:
            try:
                chunk = self.channel.recv(size - len(chunks))
            except TimeoutError:
                if os.getppid() != self.parent:
                    raise _GoneError from None  # orphaned: the parent was killed
                continue
            if not chunk:
                raise _GoneError
            if idle and not chunks:
                self.busy = True
            chunks += chunk
        return bytes(chunks)

    def _on_term(self, signum: int, frame: FrameType | None) -> None:
        if self.busy:
            self.stopping = True  # finish this job first
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
