"""Which hook call a request asks for, if it may: a loopback Host (the DNS-rebinding
guard), ``GET /health``, or ``POST /hook/<contract>[/<EVENT>]`` with plain names and
the bearer token. Anything else is an HttpError with the status that says why."""

from __future__ import annotations

import hmac

from caveat.serve.request import HttpError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.serve.request import Request

LOOPBACK_HOSTS = frozenset({"127.0.0.1", "::1", "localhost"})
HEALTH: list[str] = []  # a job's arguments for GET /health (a hook call always has some)
_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-")


def route(request: Request, token: str) -> list[str]:
    """The hook's arguments for ``request``, or ``HEALTH``; HttpError for a refusal."""
    if not _loopback_host(request.headers.get("host")):
        raise HttpError(403, "Host is not a loopback name")
    path, _, query = request.target.partition("?")
    if path == "/health":
        if request.method != "GET":
            raise HttpError(405, "use GET", (("Allow", "GET"),))
        return HEALTH
    args = hook_args(path, query)
    if request.method != "POST":
        raise HttpError(405, "use POST", (("Allow", "POST"),))
    if not _authorized(request.headers.get("authorization", ""), token):
        raise HttpError(401, "missing or wrong bearer token", (("WWW-Authenticate", "Bearer"),))
    return args


def hook_args(path: str, query: str) -> list[str]:
    """``/hook/<contract>[/<EVENT>]`` and ``guards=g1,g2`` (or, from earlier versions,
    ``messages=m1,m2``) → the hook's arguments.
    Names are plain words: nothing the hook's argument reader could take for an option."""
    from urllib.parse import parse_qs
    from urllib.parse import unquote

    parts = [unquote(part) for part in path.split("/")]
    if len(parts) not in (3, 4) or parts[0] or parts[1] != "hook":
        raise HttpError(404, "no such path; use /hook/<contract>/<EVENT>")
    names = parts[2:]
    if not all(_plain(name) for name in names):
        raise HttpError(404, "contract and event are plain names")
    fields = parse_qs(query, keep_blank_values=True)
    guards = [n for value in fields.get("guards", []) for n in value.split(",") if n]
    messages = [n for value in fields.get("messages", []) for n in value.split(",") if n]
    if not all(_plain(name) for name in (*guards, *messages)):
        raise HttpError(400, "guard and message names are plain names")
    narrowed = ["--guards", ",".join(guards)] if guards else []
    return ["--contract", *names, *narrowed, *messages]


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
