"""The body of one HTTP/1.x request, taken off the shared buffer as it arrives: by
Content-Length or chunked, at most the hook's own input limit, within a deadline of
a fixed allowance plus what its size takes at ``BODY_RATE`` (kept by the loop)."""

from __future__ import annotations

from caveat.dispatch import INPUT_LIMIT
from caveat.serve.request import HttpError
from caveat.serve.request import content_length

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Generator

    from caveat.serve.request import Request

BODY_DEADLINE_S = 2.0  # from the end of the head, plus the time the body's size allows
BODY_RATE = 16 * 1024 * 1024  # bytes a second: 32 MiB on loopback takes milliseconds


def body_deadline_s(request: Request) -> float:
    """How long the body may take once the head is in: a fixed allowance plus its
    declared size at ``BODY_RATE`` (the largest allowed size when it is chunked)."""
    size = INPUT_LIMIT if "transfer-encoding" in request.headers else content_length(request)
    return BODY_DEADLINE_S + size / BODY_RATE


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
