"""One HTTP/1.x request parsed from bytes as they arrive, within fixed bounds.

The parsers are generators over a shared buffer: each ``yield`` means "more bytes,
please", so the server's event loop can read many clients at once and none of them
holds anything while it waits. This module reads the head, at most ``HEAD_LIMIT``
bytes, within ``HEAD_DEADLINE_S`` (kept by the loop); ``caveat.serve.body`` reads the
body. Anything outside HTTP/1.x as a harness sends it is refused with a status,
never guessed at.
"""

from __future__ import annotations

from caveat.dispatch import INPUT_LIMIT

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Generator

HEAD_DEADLINE_S = 2.0  # from the connection to the end of the head: a harness sends it at once
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
