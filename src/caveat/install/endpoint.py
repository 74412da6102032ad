"""Where an HTTP registration posts: ``caveat serve`` on the loopback interface.

``http://127.0.0.1:<port>/hook/<contract>/<EVENT>[?guards=<id>,...]`` with
``Authorization: Bearer $CAVEAT_SERVE_TOKEN``. The token is ``caveat serve``'s own (a
0600 file in the state folder, made on install). It is never written into the
settings: Claude Code fills the header from the environment variable named in
``allowedEnvVars``, so the file others may read holds only the variable's name. The
operator exports the variable from the token file (:func:`export_line`).
"""

from __future__ import annotations

import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.install.command import Runtime

HOST = "127.0.0.1"
# The environment variable Claude Code reads the token from (``allowedEnvVars``).
TOKEN_ENV = "CAVEAT_SERVE_TOKEN"
# What a dry run shows when no token exists yet (it must not create one).
PLACEHOLDER = "<token made on install>"
_PORT = re.compile(r"^https?://[^/:]+:(\d+)/hook/")


class Endpoint:
    """The server a registration posts to, and the token it presents."""

    __slots__ = ("env", "port", "token")

    def __init__(self, port: int, token: str, env: Mapping[str, str] | None = None) -> None:
        self.port = port
        self.token = token
        self.env = env  # where the launcher of the command registrations lives

    @classmethod
    def resolve(cls, env: Mapping[str, str], port: int | None, create: bool = True) -> Endpoint:
        """The server's port (its default unless given) and token; without ``create``
        an existing token is read and none is made."""
        from caveat import serve  # the server's module, imported only for HTTP installs

        chosen = serve.DEFAULT_PORT if port is None else port
        if create:
            return cls(chosen, serve.ensure_token(env), env)
        from caveat.common.private import read_private

        raw = read_private(serve.token_path(env), 4096, drop=False)
        token = raw.decode("ascii", "replace").strip() if raw else ""
        return cls(chosen, token if len(token) >= 32 else PLACEHOLDER, env)

    def runtime(self) -> Runtime:
        """The interpreter for the events a harness will not post (resolved on use, so
        that an HTTP install of a harness without such events never needs it)."""
        import os

        from caveat.install.command import Runtime

        return Runtime.resolve(os.environ if self.env is None else self.env)

    def url(self, contract: str, event: str, guards: frozenset[str]) -> str:
        query = f"?guards={','.join(sorted(guards))}" if guards else ""
        return f"http://{HOST}:{self.port}/hook/{contract}/{event}{query}"

    def headers(self) -> dict[str, str]:
        """The header as the settings hold it: the variable's name, never the token."""
        return {"Authorization": f"Bearer ${TOKEN_ENV}"}


def export_line(env: Mapping[str, str]) -> str:
    """The shell line that sets :data:`TOKEN_ENV` from the token file, for a profile."""
    from caveat import serve

    return f"export {TOKEN_ENV}=\"$(cat '{serve.token_path(env)}')\""


def token_problem(env: Mapping[str, str], token: str) -> str | None:
    """Why Claude Code, started from this environment, would send no valid token."""
    given = env.get(TOKEN_ENV)
    if given == token:
        return None
    state = "is not set" if not given else "differs from caveat serve's token"
    return (
        f"{TOKEN_ENV} {state} here, so Claude Code started from this shell sends no "
        f"valid token; add to your shell profile: {export_line(env)}"
    )


def port_of(url: str) -> int | None:
    """The port an installed registration's URL names."""
    found = _PORT.match(url)
    return int(found.group(1)) if found else None
