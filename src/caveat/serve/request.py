"""One HTTP/1.x request parsed from bytes as they arrive, within fixed bounds.

The parsers are generators over a shared buffer: each ``yield`` means "more bytes,
please", so the server's event loop can read many clients at once and none of them
holds anything while it waits. The head is at most ``HEAD_LIMIT`` bytes and the body
at most the hook's own input limit; the deadlines (``HEAD_DEADLINE_S`` for the head,
``body_deadline_s`` for the body) are kept by the loop. Anything outside HTTP/1.x
as a harness sends it is refused with a status, never guessed at.
"""

from __future__ import annotations

from caveat.dispatch import INPUT_LIMIT

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Generator

HEAD_DEADLINE_S = 2.0  # from the connection to the end of the head: a harness sends it at once
BODY_DEADLINE_S = 2.0  # from the end of the head, plus the time the body's size allows
BODY_RATE = 16 * 1024 * 1024  # bytes a second: 32 MiB on loopback takes milliseconds
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


class Request:
    __slots__ = ("headers", "method", "target", "version")

    def __init__(self, method: str, target: str, version: str, headers: dict[str, str]) -> None:
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers  # lower-case names; repeats joined with ", "


def body_deadline_s(request: Request) -> float:
    """How long the body may take once the head is in: a fixed allowance plus its
    declared size at ``BODY_RATE`` (the largest allowed size when it is chunked)."""
    size = INPUT_LIMIT if "transfer-encoding" in request.headers else content_length(request)
    return BODY_DEADLINE_S + size / BODY_RATE


def head(buffer: bytearray) -> Generator[None, None, Request]:
    """The request head, taken off the front of ``buffer``."""
    searched = 0
    while True:
        end = buffer.find(b"\r\n\r\n", max(0, searched - 3))
        if end >= 0:
            break
        if len(buffer) > HEAD_LIMIT:
            raise HttpError(431, "request head over 64 KiB")
        searched = len(buffer)
        yield
    if end > HEAD_LIMIT:
        raise HttpError(431, "request head over 64 KiB")
    raw = bytes(buffer[:end]).decode("latin-1")
    del buffer[: end + 4]
    return parse_head(raw)


def body(buffer: bytearray, request: Request) -> Generator[None, None, bytes]:
    """The request body, by Content-Length or chunked; over the limit is a 413."""
    if "transfer-encoding" in request.headers:
        return (yield from _chunked(buffer))
    return (yield from _exactly(buffer, content_length(request)))


def _exactly(buffer: bytearray, size: int) -> Generator[None, None, bytes]:
    while len(buffer) < size:
        yield
    data = bytes(buffer[:size])
    del buffer[:size]
    return data


def _line(buffer: bytearray, limit: int = 4096) -> Generator[None, None, bytes]:
    while True:
        end = buffer.find(b"\r\n")
        if end >= 0:
            break
        if len(buffer) > limit:
            raise HttpError(400, "chunk line too long")
        yield
    data = bytes(buffer[:end])
    del buffer[: end + 2]
    return data


def _chunked(buffer: bytearray) -> Generator[None, None, bytes]:
    parts: list[bytes] = []
    total = 0
    while True:
        size_text = (yield from _line(buffer)).split(b";", 1)[0].strip()
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
        parts.append((yield from _exactly(buffer, size)))
        if (yield from _line(buffer)) != b"":
            raise HttpError(400, "chunk not followed by CRLF")
    while (yield from _line(buffer)) != b"":  # trailer fields, ignored
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
