"""One client connection in the server's event loop, from accept to close.

A connection is read without blocking, a little at a time as bytes arrive, under a
deadline for the head and one for the body (``caveat.serve.request``); a client that
sends half a request and waits holds one file descriptor for at most those, and
never a worker. Once the request is complete it becomes a job for a worker; the
answer is sent without blocking too, under ``WRITE_TIMEOUT_S``.
"""

from __future__ import annotations

import socket

from caveat.serve import app
from caveat.serve import request as http
from caveat.serve.request import HttpError

WRITE_TIMEOUT_S = 5.0
LINGER_S = 1.0  # how long a refused body is drained so the client reads the refusal
LINGER_BYTES = 1 << 20
RECV_SIZE = 1 << 16

READING, WAITING, WRITING, LINGERING, CLOSED = range(5)
TIMED_OUT = HttpError(408, "request not received in time")


class Connection:
    __slots__ = (
        "deadline",
        "drained",
        "events",
        "job",
        "linger",
        "out",
        "phase",
        "sock",
        "state",
        "steps",
    )

    def __init__(self, sock: socket.socket, token: str, now: float) -> None:
        sock.setblocking(False)
        self.sock = sock
        self.phase = READING
        self.deadline = now + http.HEAD_DEADLINE_S
        self.state = app.Reading()
        self.steps = app.reading(self.state, token)
        self.job: tuple[list[str], bytes] | None = None  # once read, until a worker has it
        self.out = b""
        self.linger = False
        self.drained = 0
        self.events = 0  # what the event loop has it registered for

    def wants_write(self) -> bool:
        return bool(self.out)

    def wants_read(self) -> bool:
        return self.phase in (READING, LINGERING)

    def readable(self, now: float) -> bool:
        """Take what has arrived; True once the request is complete (``job`` set)."""
        try:
            chunk = self.sock.recv(RECV_SIZE)
        except (BlockingIOError, InterruptedError):
            return False
        except OSError:
            chunk = b""
        if self.phase == LINGERING:
            self.drained += len(chunk)
            if not chunk or self.drained >= LINGER_BYTES:
                self.close()
            return False
        if not chunk:  # the client is gone before its request was complete
            self.close()
            return False
        self.state.buffer += chunk
        had_head = self.state.request is not None
        try:
            next(self.steps)
        except StopIteration as done:
            self.job = done.value
            self.phase = WAITING
            return True
        except HttpError as err:
            self.refuse(err, now)
            return False
        if not had_head and self.state.request is not None and self.state.body_s is not None:
            self.deadline = now + self.state.body_s
            if self.state.interim:
                self.send(self.state.interim, now)
        return False

    def refuse(self, err: HttpError, now: float) -> None:
        # A refused body may still be on its way: drain it after the answer, or the
        # close would reset the connection and the client could lose the refusal.
        self.reply(app.refusal(self.state, err), now, linger=err.status != 408)

    def reply(self, data: bytes, now: float, linger: bool = False) -> None:
        self.phase = WRITING
        self.linger = linger
        self.out = b""
        self.send(data, now)

    def send(self, data: bytes, now: float) -> None:
        self.out += data
        if self.phase == WRITING:
            self.deadline = now + WRITE_TIMEOUT_S
        self.writable(now)

    def writable(self, now: float) -> None:
        try:
            sent = self.sock.send(self.out)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            self.close()
            return
        self.out = self.out[sent:]
        if self.out or self.phase != WRITING:
            return
        if not self.linger:
            self.close()
            return
        try:
            self.sock.shutdown(socket.SHUT_WR)
        except OSError:
            self.close()
            return
        self.phase = LINGERING
        self.deadline = now + LINGER_S

    def expire(self, now: float) -> None:
        """The deadline has passed: a request still being read is answered 408."""
        if self.phase == READING:
            self.refuse(TIMED_OUT, now)
            if self.phase == WRITING:
                self.deadline = now + LINGER_S  # one more try to hand over the 408
                return
        self.close()

    def close(self) -> None:
        """Done with: the event loop unregisters the socket, then closes it."""
        if self.phase != CLOSED:
            self.phase = CLOSED
            self.steps.close()
