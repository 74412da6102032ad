"""Read one request and answer it: the hook's bytes, or a refusal.

The server's event loop reads a request with ``reading`` (the head, then routing and
the bearer token by ``caveat.serve.route``, then the body), a worker answers it with
``answer``, and the loop sends what ``response`` builds. Status codes are chosen for
what a harness does with them. Claude Code treats any non-2xx as a non-blocking
error (the turn goes on, the user sees "hook error"), so refusals that mean a
misconfiguration (403, 404, 405, 401, 413) say so loudly, while a fault of ours is
answered as the hook answers one: 200 and an empty body, the fault logged on stderr.
"""

from __future__ import annotations

import os

from caveat import __version__
from caveat.common.log import log
from caveat.serve import body as http_body
from caveat.serve import request as http
from caveat.serve.request import HttpError
from caveat.serve.route import HEALTH
from caveat.serve.route import route

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Generator
    from collections.abc import Mapping

    from caveat.serve.request import Request

CONTINUE = b"HTTP/1.1 100 Continue\r\n\r\n"
_REASONS = {
    200: "OK",
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    405: "Method Not Allowed",
    408: "Request Timeout",
    413: "Content Too Large",
    431: "Request Header Fields Too Large",
    501: "Not Implemented",
}


class Reading:
    """What the event loop needs from a request while it is read: its buffer, the
    head once parsed (for the log), the body's deadline and an interim answer."""

    __slots__ = ("body_s", "buffer", "interim", "request")

    def __init__(self) -> None:
        self.buffer = bytearray()
        self.request: Request | None = None
        self.body_s: float | None = None  # set once the head is in
        self.interim = b""  # 100 Continue, when the client asked for it


def reading(state: Reading, token: str) -> Generator[None, None, tuple[list[str], bytes]]:
    """Resumed each time bytes arrive; returns the job (the hook's arguments, or
    ``HEALTH``, and the body). Raises HttpError for a refusal: nothing unauthorised
    gets as far as a body, nor as far as a worker."""
    request = state.request = yield from http.head(state.buffer)
    args = route(request, token)
    if args is HEALTH:
        return args, b""
    state.body_s = http_body.body_deadline_s(request)  # an oversized body is refused here
    if request.headers.get("expect", "").lower() == "100-continue":
        state.interim = CONTINUE
    data = yield from http_body.body(state.buffer, request)
    return args, data


def answer(args: list[str], data: bytes, env: Mapping[str, str]) -> bytes:
    """In a worker: the body of the 200 answer to a routed job."""
    if not args:
        # The worker's pid: which process answered, for a supervisor's health checks.
        return f'{{"ok":true,"version":"{__version__}","pid":{os.getpid()}}}'.encode()
    from caveat import hook

    return hook.respond(args, data, env)


def refusal(state: Reading, err: HttpError) -> bytes:
    """The answer to a refused request, and one stderr line: a 401 or 404 usually
    means a misconfigured hook."""
    request = state.request
    what = f"{request.method} {request.target[:200]}" if request else "request"
    log(f"serve: {err.status} for {what}: {err.reason}")
    from caveat.common.jsonio import dumps

    return response(err.status, dumps({"error": err.reason}).encode(), err.headers)


def response(status: int, body: bytes, headers: tuple[tuple[str, str], ...] = ()) -> bytes:
    lines = [
        f"HTTP/1.1 {status} {_REASONS.get(status, 'Error')}",
        "Content-Type: application/json",
        f"Content-Length: {len(body)}",
        "Cache-Control: no-store",
        "Connection: close",
        *(f"{name}: {value}" for name, value in headers),
    ]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body
