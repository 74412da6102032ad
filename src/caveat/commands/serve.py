"""``caveat serve [--host H] [--port N] [--workers N] [--port-file F] [--print-token]``:
answer hook calls over loopback HTTP (see ``caveat.serve``).

The requests carry no environment: every call runs under the server's own
(``CAVEAT_DISABLE``, ``CAVEAT_STATE_DIR``, ``CAVEAT_STRICT``, ``CLAUDE_PLUGIN_ROOT``,
``CLAUDE_PROJECT_DIR`` …), read when the call is made. The project is the payload's
``cwd``, as for the hook; a payload without one falls back to the vendor's project
variable in that environment, then to the folder the server was started in.
"""

from __future__ import annotations

import errno
import os

from caveat.common.term import err
from caveat.common.term import field
from caveat.common.term import out
from caveat.serve import DEFAULT_PORT
from caveat.serve import LOOPBACK

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse


def default_workers() -> int:
    """One per core, and at least four: a hook call also waits on git, and no client
    can hold a worker (requests are read whole before a worker gets them)."""
    return max(4, min(8, os.cpu_count() or 2))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Answer POST /hook/<contract>/<EVENT>?messages=m1,m2 (Authorization: Bearer "
        "<token>; the token file is in caveat's state folder) with exactly what "
        "`caveat hook --contract <contract> <EVENT> m1 m2` prints for the same payload. "
        "Calls run under this server's environment; the payload's cwd picks the project. "
        "GET /health needs no token."
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="loopback address to listen on: 127.0.0.1, ::1 or localhost (default: 127.0.0.1)",
    )
    parser.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=f"TCP port; 0 picks a free one (default: {DEFAULT_PORT})",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=default_workers(),
        help="worker processes, each running one hook call at a time (default: %(default)s)",
    )
    parser.add_argument(
        "--port-file", metavar="FILE", help="write the port listened on to FILE once ready"
    )
    parser.add_argument(
        "--print-token",
        action="store_true",
        help="print the bearer token (created if needed) and exit",
    )


def run(opts: argparse.Namespace) -> int:
    from caveat import serve

    if opts.host not in LOOPBACK:
        return _refuse(
            f"refusing to listen on {opts.host!r}: only a loopback address "
            "(127.0.0.1, ::1 or localhost) is allowed"
        )
    if not 0 <= opts.port <= 65535:
        return _refuse(f"--port {opts.port} is not a TCP port (0-65535)")
    if not 1 <= opts.workers <= 64:
        return _refuse(f"--workers {opts.workers} is not between 1 and 64")
    try:
        token = serve.ensure_token(os.environ)
    except OSError as exc:
        return _refuse(f"no bearer token: {field(exc)}", code=1)
    if opts.print_token:
        out(token)
        return 0
    if not hasattr(os, "fork"):
        return _refuse("needs fork() (Linux, macOS, BSD); use `caveat hook` here", code=1)
    from caveat.serve import listener as listening
    from caveat.serve import supervisor

    try:
        listener = listening.listen(opts.host, opts.port)
    except OSError as exc:
        hint = " (is another `caveat serve` running?)" if exc.errno == errno.EADDRINUSE else ""
        return _refuse(f"cannot listen on {opts.host} port {opts.port}: {field(exc)}{hint}", code=1)
    host, port = listener.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    from caveat.serve import imports

    imports.preload()
    if opts.port_file and not _write_port(opts.port_file, port):
        listener.close()
        return 1
    err(
        f"caveat serve: listening on http://{shown}:{port} ({opts.workers} workers; "
        f"token in {field(serve.token_path(os.environ))})",
        flush=True,
    )
    return supervisor.Supervisor(listener, token, opts.workers, os.environ).run()


def _write_port(path: str, port: int) -> bool:
    from caveat.common.state import write_atomic

    if not write_atomic(path, f"{port}\n".encode()):  # a reader never sees half a file
        err(f"caveat serve: cannot write {field(path)}")
        return False
    return True


def _refuse(message: str, code: int = 2) -> int:
    err(f"caveat serve: {message}")
    return code
