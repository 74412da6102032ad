"""``caveat`` command line: ``main(argv) -> int`` with one handler per sub-command.

``caveat hook`` is routed before argparse is imported: it runs on every tool call and
has its own argument reader and its own contract (always exit 0).
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "hook":
        from caveat import hook

        hook.main(args[1:])  # exits the process
    from caveat.common.term import err
    from caveat.common.term import out

    try:
        if args[:1] == ["--version"]:
            out(f"caveat {version()}")
            code = 0
        else:
            from caveat.commands.route import run

            try:
                code = run(args)
            except SystemExit as exc:  # argparse's --help, or a usage error it printed
                if isinstance(exc.code, str):
                    err(exc.code)
                code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
        sys.stdout.flush()  # a closed pipe shows here, not at exit
    except BrokenPipeError:
        # The reader went away (``caveat install --dry-run | head``): stop quietly.
        # Python's recipe: point stdout at devnull so the flush at exit cannot fail.
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return code


def version() -> str:
    """The installed distribution's version (its package metadata); the source's own
    when caveat runs from a tree that is not installed."""
    from importlib import metadata

    try:
        return metadata.version("caveat")
    except metadata.PackageNotFoundError:
        from caveat import __version__

        return __version__
