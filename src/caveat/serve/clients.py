"""The client side of the server's event loop: accepting on the listener while
there is room, registering each connection for what it waits on, and forgetting it
once closed."""

from __future__ import annotations

import selectors

from caveat.common.log import log
from caveat.serve.conn import CLOSED
from caveat.serve.conn import READING
from caveat.serve.conn import Connection

TYPE_CHECKING = False
if TYPE_CHECKING:
    import socket

READ, WRITE = selectors.EVENT_READ, selectors.EVENT_WRITE


class Clients:
    def __init__(
        self,
        listener: socket.socket,
        token: str,
        capacity: int,
        selector: selectors.BaseSelector,
    ) -> None:
        self.listener = listener
        self.token = token
        self.capacity = capacity
        self.selector = selector
        self.accepting = False
        self.conns: set[Connection] = set()
        self.stopping = False

    def _accept(self, now: float) -> None:
        while len(self.conns) < self.capacity:
            try:
                sock, _ = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:  # out of file descriptors, say: pause, then retry
                log(f"serve: accept failed: {exc}")
                break
            conn = Connection(sock, self.token, now)
            self.conns.add(conn)
            self._watch(conn)
        self._stop_accepting()  # until the next sweep

    def _accept_again(self) -> None:
        if not self.accepting and not self.stopping and len(self.conns) < self.capacity:
            self.selector.register(self.listener, READ, None)
            self.accepting = True

    def _stop_accepting(self) -> None:
        if self.accepting:
            self.selector.unregister(self.listener)
            self.accepting = False

    def _answered(self, conn: Connection, data: bytes, now: float) -> None:
        conn.reply(data, now)
        self._watch(conn)

    def _watch(self, conn: Connection) -> None:
        """Register for what the connection waits on; forget it once closed."""
        want = 0
        if conn.phase != CLOSED:
            want = (READ if conn.wants_read() else 0) | (WRITE if conn.wants_write() else 0)
        if want != conn.events:
            if not conn.events:
                self.selector.register(conn.sock, want, conn)
            elif not want:
                self.selector.unregister(conn.sock)
            else:
                self.selector.modify(conn.sock, want, conn)
            conn.events = want
        if conn.phase == CLOSED:
            conn.sock.close()
            self.conns.discard(conn)

    def _settled(self) -> bool:
        """Nothing left to answer: every request already read has had its answer."""
        for conn in [c for c in self.conns if c.phase == READING]:
            conn.close()  # not yet a request: nothing was promised
            self._watch(conn)
        return not self.conns
