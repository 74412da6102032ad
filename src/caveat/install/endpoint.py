"""Where an HTTP registration posts: ``caveat serve`` on the loopback interface.

``http://127.0.0.1:<port>/hook/<contract>/<EVENT>?messages=<m1>,<m2>,...`` with
``Authorization: Bearer <token>``. The token is ``caveat serve``'s own (a 0600 file in
the state folder, made on first use); it ends up as a literal in the settings file,
which is why project installs of this form go to the uncommitted local settings.
"""

from __future__ import annotations

import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.install.command import Runtime

HOST = "127.0.0.1"
# What a dry run shows when no token exists yet (it must not create one).
PLACEHOLDER = "<token made on install>"
_PORT = re.compile(r"^https?://[^/:]+:(\d+)/hook/")


class Endpoint:
    """The server a registration posts to, and the token it presents."""

    __slots__ = ("port", "token")

    def __init__(self, port: int, token: str) -> None:
        self.port = port
        self.token = token

    @classmethod
    def resolve(cls, env: Mapping[str, str], port: int | None, create: bool = True) -> Endpoint:
        """The server's port (its default unless given) and token; without ``create``
        an existing token is read and none is made."""
        from caveat import serve  # the server's module, imported only for HTTP installs

        chosen = serve.DEFAULT_PORT if port is None else port
        if create:
            return cls(chosen, serve.ensure_token(env))
        try:
            with open(serve.token_path(env), encoding="ascii") as fh:
                token = fh.read().strip()
        except (OSError, ValueError):
            token = ""
        return cls(chosen, token if len(token) >= 32 else PLACEHOLDER)

    def runtime(self) -> Runtime:
        """The interpreter for the events a harness will not post (resolved on use, so
        that an HTTP install of a harness without such events never needs it)."""
        from caveat.install.command import Runtime

        return Runtime.resolve()

    def url(self, contract: str, event: str, messages: tuple[str, ...]) -> str:
        query = f"?messages={','.join(messages)}" if messages else ""
        return f"http://{HOST}:{self.port}/hook/{contract}/{event}{query}"

    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}


def port_of(url: str) -> int | None:
    """The port an installed registration's URL names."""
    found = _PORT.match(url)
    return int(found.group(1)) if found else None
