"""The options of the commands that register caveat with a harness: ``install``,
``plugin``, ``verify``, ``uninstall`` and ``harnesses``."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse


def add_arguments(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    def scope(p: argparse.ArgumentParser) -> argparse._MutuallyExclusiveGroup:
        where = p.add_mutually_exclusive_group()
        where.add_argument("--user", action="store_true", help="the user's file (default)")
        where.add_argument("--project", metavar="DIR", help="the project's file under DIR")
        return where

    install = sub.add_parser("install", help="register caveat's hooks with a harness")
    install.add_argument("--harness", required=True, help="see `caveat harnesses`")
    scope(install)
    install.add_argument("--dry-run", action="store_true", help="print the diff, write nothing")
    install.add_argument(
        "--print",
        action="store_true",
        dest="show",
        help="print the entries to paste by hand; reads and writes nothing",
    )
    install.add_argument("--http", action="store_true", help="HTTP hooks to `caveat serve`")
    install.add_argument("--port", type=int, help="with --http: the server's port")
    install.add_argument(
        "--local",
        action="store_true",
        help="with --project: the project's local file, kept out of git (claude, codebuddy)",
    )
    from caveat.commands import plugin

    plugin.add_arguments(sub)
    verify = sub.add_parser("verify", help="report installed, missing or drifted registrations")
    verify.add_argument("--harness", help="one harness (default: every installed one)")
    scope(verify)
    verify.add_argument("--json", action="store_true", help="print a JSON report")
    verify.add_argument(
        "--run",
        action="store_true",
        help="also start each registered command on a harmless payload and report "
        "its output and exit status",
    )
    uninstall = sub.add_parser("uninstall", help="remove caveat's hooks from a harness")
    uninstall.add_argument("--harness", help="see `caveat harnesses`")
    where = scope(uninstall)
    where.add_argument(
        "--all",
        action="store_true",
        dest="every",
        help="every recorded install (user and projects) of --harness, or of every harness",
    )
    uninstall.add_argument("--dry-run", action="store_true", help="print the diff, write nothing")
    harnesses = sub.add_parser("harnesses", help="list the harnesses caveat can install into")
    harnesses.add_argument("--json", action="store_true", help="print JSON")
