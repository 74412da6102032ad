"""Route one request and answer it: the hook's bytes, or a refusal.

Status codes are chosen for what a harness does with them. Claude Code treats any
non-2xx as a non-blocking error (the turn goes on, the user sees "hook error"), so
refusals that mean a misconfiguration (403, 404, 405, 401, 413) say so loudly,
while a fault of ours is answered as the hook answers one: 200 and an empty body,
the fault logged on stderr.
"""

from __future__ import annotations

import hmac
import os
import socket
import time

from caveat import __version__
from caveat.log import log
from caveat.serve.request import ClientGoneError
from caveat.serve.request import HttpError
from caveat.serve.request import Reader
from caveat.serve.request import content_length

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

WRITE_TIMEOUT_S = 5.0
LINGER_S = 1.0  # how long a refused body is drained so the client reads the refusal
LINGER_BYTES = 1 << 20
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "::1", "localhost"})
_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-")
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

Answer = tuple[int, bytes, tuple[tuple[str, str], ...]]


def serve_connection(conn: socket.socket, token: str, env: Mapping[str, str]) -> None:
    """Read one request from ``conn``, answer it and close: one request per
    connection, so an idle keep-alive client never holds a single-threaded worker."""
    reader = Reader(conn)
    try:
        status, body, headers = handle(reader, conn, token, env)
    except HttpError as err:
        status, body, headers = err.status, _error(err.reason), err.headers
        _refused(reader, status, err.reason)
    except TimeoutError:
        status, body, headers = 408, _error("request not received in time"), ()
        _refused(reader, status, "request not received in time")
    except (ClientGoneError, OSError):
        return  # the client is gone: nobody to answer
    except Exception as exc:  # a fault of ours, outside the hook's own fail-open
        log(f"serve failed open: {type(exc).__name__}: {exc}")
        status, body, headers = 200, b"", ()
    if not _send(conn, status, body, headers):
        return
    if status not in (200, 408):  # a refused body may still be on its way
        _linger(conn)


def handle(reader: Reader, conn: socket.socket, token: str, env: Mapping[str, str]) -> Answer:
    request = reader.head()
    if not _loopback_host(request.headers.get("host")):
        raise HttpError(403, "Host is not a loopback name")
    path, _, query = request.target.partition("?")
    if path == "/health":
        if request.method != "GET":
            raise HttpError(405, "use GET", (("Allow", "GET"),))
        # The worker's pid: which process answered, for a supervisor's health checks.
        text = f'{{"ok":true,"version":"{__version__}","pid":{os.getpid()}}}'
        return 200, text.encode(), ()
    args = hook_args(path, query)
    if request.method != "POST":
        raise HttpError(405, "use POST", (("Allow", "POST"),))
    if not _authorized(request.headers.get("authorization", ""), token):
        raise HttpError(401, "missing or wrong bearer token", (("WWW-Authenticate", "Bearer"),))
    content_length(request)  # an oversized body is refused before it is read
    if request.headers.get("expect", "").lower() == "100-continue":
        conn.settimeout(WRITE_TIMEOUT_S)
        conn.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")
    data = reader.body(request)
    from caveat import hook

    return 200, hook.respond(args, data, env), ()


def hook_args(path: str, query: str) -> list[str]:
    """``/hook/<contract>[/<EVENT>]`` and ``messages=m1,m2`` → the hook's arguments.
    Names are plain words: nothing the hook's argument reader could take for an option."""
    from urllib.parse import parse_qs
    from urllib.parse import unquote

    parts = [unquote(part) for part in path.split("/")]
    if len(parts) not in (3, 4) or parts[0] or parts[1] != "hook":
        raise HttpError(404, "no such path; use /hook/<contract>/<EVENT>")
    names = parts[2:]
    if not all(_plain(name) for name in names):
        raise HttpError(404, "contract and event are plain names")
    messages = [
        name
        for value in parse_qs(query, keep_blank_values=True).get("messages", [])
        for name in value.split(",")
        if name
    ]
    if not all(_plain(name) for name in messages):
        raise HttpError(400, "message names are plain names")
    return ["--contract", *names, *messages]


def _plain(name: str) -> bool:
    return bool(name) and not name.startswith("-") and set(name) <= _NAME_CHARS


def _loopback_host(host: str | None) -> bool:
    """The DNS-rebinding guard: a browser page whose name resolves to 127.0.0.1
    still sends its own name as Host."""
    if not host:
        return False
    name = host.lower()
    if name.startswith("["):
        name, bracket, rest = name[1:].partition("]")
        if not bracket or (rest and not (rest.startswith(":") and rest[1:].isdigit())):
            return False
    elif ":" in name:
        name, _, port = name.partition(":")
        if not port.isdigit():
            return False
    return name.rstrip(".") in LOOPBACK_HOSTS


def _authorized(header: str, token: str) -> bool:
    scheme, _, given = header.strip().partition(" ")
    if scheme.lower() != "bearer":
        return False
    return hmac.compare_digest(given.strip().encode("utf-8", "replace"), token.encode())


def _refused(reader: Reader, status: int, reason: str) -> None:
    """One stderr line per refusal: a 401 or 404 usually means a misconfigured hook."""
    request = reader.request
    what = f"{request.method} {request.target[:200]}" if request else "request"
    log(f"serve: {status} for {what}: {reason}")


def _error(reason: str) -> bytes:
    from caveat.jsonio import dumps

    return dumps({"error": reason}).encode()


def _send(
    conn: socket.socket, status: int, body: bytes, headers: tuple[tuple[str, str], ...]
) -> bool:
    lines = [
        f"HTTP/1.1 {status} {_REASONS.get(status, 'Error')}",
        "Content-Type: application/json",
        f"Content-Length: {len(body)}",
        "Cache-Control: no-store",
        "Connection: close",
        *(f"{name}: {value}" for name, value in headers),
    ]
    head = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
    try:
        conn.settimeout(WRITE_TIMEOUT_S)
        conn.sendall(head + body)
    except OSError:
        return False
    return True


def _linger(conn: socket.socket) -> None:
    """Half-close, then drain what the client is still sending for a moment: closing
    with unread bytes would reset the connection and could lose the refusal."""
    try:
        conn.shutdown(socket.SHUT_WR)
        deadline = time.monotonic() + LINGER_S
        drained = 0
        while drained < LINGER_BYTES:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            conn.settimeout(left)
            chunk = conn.recv(1 << 16)
            if not chunk:
                break
            drained += len(chunk)
    except OSError:
        pass
