"""``caveat serve``: the hook contract over a resident loopback HTTP endpoint.

``POST /hook/<contract>[/<EVENT>][?messages=m1,m2]`` with ``Authorization: Bearer
<token>`` answers with exactly the bytes ``caveat hook --contract <contract> <EVENT>
m1 m2`` would print for the same payload, under the server's environment. The
modules: ``request`` parses one bounded HTTP request head as its bytes arrive and
``body`` its body, ``route`` decides which hook call it asks for, ``app`` reads and
answers it, ``conn`` is one client connection, ``listener`` the loopback socket,
``supervisor`` the event loop that accepts (``clients``) and reads every client
without blocking, ``pool`` the worker processes it hands complete requests to
(``jobs`` feeds them, ``proc`` is one of them as the parent sees it), ``worker`` one
of them. This one holds what the installer needs too (the port, the token, the
loopback names) and imports nothing heavy.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

DEFAULT_PORT = 47681  # not assigned by IANA
TOKEN_FILE = "serve-token"

# The only names ``--host`` accepts, and the address each binds (never resolved:
# a hosts file could map ``localhost`` anywhere).
LOOPBACK = {"127.0.0.1": "127.0.0.1", "localhost": "127.0.0.1", "::1": "::1"}


def token_path(env: Mapping[str, str]) -> str:
    """Where the server's bearer token lives: a file in caveat's state folder."""
    from caveat.common import state

    return os.path.join(state.location(env), TOKEN_FILE)


def ensure_token(env: Mapping[str, str]) -> str:
    """The bearer token, created (0600, ``secrets.token_urlsafe(32)``) on first use.

    Raises OSError when the state folder is unusable: without a private place for
    it, a token would protect nothing.
    """
    import secrets

    from caveat.common import state

    folder = state.ensure(env)
    if folder is None:
        raise OSError(f"state folder {state.location(env)!r} is unusable")
    path = os.path.join(folder, TOKEN_FILE)
    from caveat.common.private import read_private

    # A token file another user could have written (or planted) is discarded: its
    # token would let them in.
    raw = read_private(path, 4096)
    token = raw.decode("ascii", "replace").strip() if raw else ""
    if len(token) >= 32 and token.isascii() and token.isprintable() and " " not in token:
        _tighten(path)
        return token
    token = secrets.token_urlsafe(32)
    if not state.write_atomic(path, (token + "\n").encode("ascii")):
        raise OSError(f"cannot write the token file {path!r}")
    return token


def _tighten(path: str) -> None:
    """A token file others can read is made private again (a copy or a chmod may
    have loosened it)."""
    try:
        if os.stat(path).st_mode & 0o077:
            os.chmod(path, 0o600)
    except OSError:
        pass
