"""The server's listening socket: bound to a loopback address only, and how many
client connections it may hold open at once."""

from __future__ import annotations

import socket

from caveat.serve import LOOPBACK

BACKLOG = 1024  # a burst of connections waits here only until the loop accepts it
MAX_CONNECTIONS = 1024  # open at once; past it the loop stops accepting for a moment


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on the loopback address ``host`` names; ValueError for
    any other name (no name is resolved, so none can lead elsewhere)."""
    address = LOOPBACK.get(host)
    if address is None:
        raise ValueError(f"{host!r} is not a loopback name")
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((address, port))
        sock.listen(BACKLOG)
        sock.setblocking(False)
    except BaseException:
        sock.close()
        raise
    return sock


def capacity(workers: int) -> int:
    """Connections open at once: ``MAX_CONNECTIONS``, or fewer when the file
    descriptor limit is lower (the workers' channels and a margin come first)."""
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):
        return 64
    if soft == resource.RLIM_INFINITY:
        return MAX_CONNECTIONS
    return max(8, min(MAX_CONNECTIONS, soft - 2 * workers - 32))
