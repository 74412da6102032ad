"""One HTTP/1.x request read from a socket, within fixed bounds.

Every read has a deadline for the whole request (a client that trickles bytes
cannot hold a worker longer than ``READ_DEADLINE_S``), the head is at most
``HEAD_LIMIT`` bytes, and the body at most the hook's own input limit. Anything
outside HTTP/1.x as a harness sends it is refused with a status, never guessed at.
"""

from __future__ import annotations

import socket
import time

from caveat.hook import INPUT_LIMIT

READ_DEADLINE_S = 10.0  # the whole request, head and body; 32 MiB on loopback takes ms
HEAD_LIMIT = 64 * 1024
MAX_HEADERS = 100
# RFC 9110 tchar: what a method or a field name may be made of.
_TOKEN_CHARS = frozenset(
    "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
)
# Fields the server decides on: two of one are ambiguous, so refused.
_SINGLE = frozenset({"host", "authorization", "content-length", "transfer-encoding", "expect"})


class HttpError(Exception):
    """A request refused with ``status``; ``headers`` go into the answer."""

    def __init__(self, status: int, reason: str, headers: tuple[tuple[str, str], ...] = ()) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason
        self.headers = headers


class ClientGoneError(Exception):
    """The client went away before the request was complete: nobody to answer."""


class Request:
    __slots__ = ("headers", "method", "target", "version")

    def __init__(self, method: str, target: str, version: str, headers: dict[str, str]) -> None:
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers  # lower-case names; repeats joined with ", "


class Reader:
    """Buffered reads from ``conn`` until the deadline."""

    def __init__(self, conn: socket.socket, deadline_s: float | None = None) -> None:
        self.conn = conn
        self.deadline = time.monotonic() + (READ_DEADLINE_S if deadline_s is None else deadline_s)
        self.buffer = bytearray()
        self.request: Request | None = None  # once the head is read, for the log

    def _fill(self) -> None:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        self.conn.settimeout(left)
        chunk = self.conn.recv(1 << 16)
        if not chunk:
            raise ClientGoneError
        self.buffer += chunk

    def head(self) -> Request:
        searched = 0
        while True:
            end = self.buffer.find(b"\r\n\r\n", max(0, searched - 3))
            if end >= 0:
                break
            if len(self.buffer) > HEAD_LIMIT:
                raise HttpError(431, "request head over 64 KiB")
            searched = len(self.buffer)
            self._fill()
        if end > HEAD_LIMIT:
            raise HttpError(431, "request head over 64 KiB")
        raw = bytes(self.buffer[:end]).decode("latin-1")
        del self.buffer[: end + 4]
        self.request = parse_head(raw)
        return self.request

    def exactly(self, size: int) -> bytes:
        while len(self.buffer) < size:
            self._fill()
        data = bytes(self.buffer[:size])
        del self.buffer[:size]
        return data

    def line(self, limit: int = 4096) -> bytes:
        while True:
            end = self.buffer.find(b"\r\n")
            if end >= 0:
                break
            if len(self.buffer) > limit:
                raise HttpError(400, "chunk line too long")
            self._fill()
        data = bytes(self.buffer[:end])
        del self.buffer[: end + 2]
        return data

    def body(self, request: Request) -> bytes:
        """The request body, by Content-Length or chunked; over the limit is a 413."""
        if "transfer-encoding" in request.headers:
            return self._chunked()
        return self.exactly(content_length(request))

    def _chunked(self) -> bytes:
        parts: list[bytes] = []
        total = 0
        while True:
            size_text = self.line().split(b";", 1)[0].strip()
            try:
                size = int(size_text, 16)
            except ValueError:
                raise HttpError(400, "bad chunk size") from None
            if size < 0:
                raise HttpError(400, "bad chunk size")
            if size == 0:
                break
            total += size
            if total > INPUT_LIMIT:
                raise HttpError(413, "body over 32 MiB")
            parts.append(self.exactly(size))
            if self.line() != b"":
                raise HttpError(400, "chunk not followed by CRLF")
        while self.line() != b"":  # trailer fields, ignored
            pass
        return b"".join(parts)


def parse_head(raw: str) -> Request:
    lines = raw.split("\r\n")
    parts = lines[0].split(" ")
    if len(parts) != 3 or parts[2] not in ("HTTP/1.1", "HTTP/1.0") or not parts[0]:
        raise HttpError(400, "malformed request line")
    method, target, version = parts
    if set(method) - _TOKEN_CHARS:
        raise HttpError(400, "malformed method")
    if len(lines) - 1 > MAX_HEADERS:
        raise HttpError(431, f"more than {MAX_HEADERS} header fields")
    headers: dict[str, str] = {}
    for line in lines[1:]:
        name, colon, value = line.partition(":")
        # No space before the colon and no folded lines: both are ways to smuggle.
        if not colon or not name or set(name) - _TOKEN_CHARS:
            raise HttpError(400, "malformed header field")
        key, value = name.lower(), value.strip(" \t")
        if key in headers:
            if key in _SINGLE:
                raise HttpError(400, f"repeated header field {name}")
            value = f"{headers[key]}, {value}"
        headers[key] = value
    if "transfer-encoding" in headers:
        if headers["transfer-encoding"].lower() != "chunked":
            raise HttpError(501, "only chunked transfer coding is understood")
        if "content-length" in headers:
            raise HttpError(400, "both Content-Length and Transfer-Encoding")
    length = headers.get("content-length")
    if length is not None and not (length.isascii() and length.isdigit()):
        raise HttpError(400, "malformed Content-Length")
    return Request(method, target, version, headers)


def content_length(request: Request) -> int:
    """The declared body size (0 when absent: RFC 9112 §6.3); a 413 over the limit."""
    text = request.headers.get("content-length")
    if text is None:
        return 0
    size = int(text)  # digits only: checked with the head
    if size > INPUT_LIMIT:
        raise HttpError(413, "body over 32 MiB")
    return size
