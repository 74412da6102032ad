"""Sub-commands other than ``hook``: argparse, and one handler module per command."""

from __future__ import annotations

import argparse

from caveat import __version__


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="caveat",
        description="Advisory guard engine for AI coding-agent hooks.",
    )
    parser.add_argument("--version", action="version", version=f"caveat {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser(
        "hook",
        help="run as a harness hook: read one payload on stdin, answer on stdout",
        description=(
            "caveat hook [--contract ID] [EVENT] [MESSAGE ...]: read the payload on "
            "stdin, run the guards, print nothing or one JSON envelope; always exit 0."
        ),
    )
    demo = sub.add_parser(
        "demo",
        help="feed example payloads through the hook and print what the model receives",
    )
    demo.add_argument(
        "directory",
        nargs="?",
        help="folder with payloads/*.json and project/ (default: the bundled examples)",
    )
    demo.add_argument(
        "--contract",
        help="vendor contract for every payload (default: the one its file name names)",
    )
    explain = sub.add_parser(
        "explain",
        help="show how a payload is normalized, which guards ran and what the hook answers",
    )
    explain.add_argument("payload", help="payload file, or - for stdin")
    explain.add_argument(
        "hook_args",
        nargs=argparse.REMAINDER,
        help="the hook's own arguments: [--contract ID] [EVENT] [MESSAGE ...]",
    )
    doctor = sub.add_parser(
        "doctor",
        help="check the interpreter, state folder, configuration, messages and custom rules",
    )
    doctor.add_argument("--json", action="store_true", help="print a JSON report")
    doctor.add_argument("--project", help="a folder inside the project (default: the current one)")
    rules = sub.add_parser(
        "rules",
        help="list the custom rules (.caveat/rules/*.md, user rules/) and why any is invalid",
    )
    rules.add_argument("--json", action="store_true", help="print a JSON report")
    rules.add_argument("--project", help="a folder inside the project (default: the current one)")
    return parser


def run(args: list[str]) -> int:
    parser = build_parser()
    opts = parser.parse_args(args)
    if opts.command == "demo":
        from caveat.commands import demo

        return demo.run(directory=opts.directory, contract=opts.contract)
    if opts.command == "explain":
        from caveat.commands import explain

        return explain.run(payload=opts.payload, args=opts.hook_args)
    if opts.command == "doctor":
        from caveat.commands import doctor

        return doctor.run(project=opts.project, as_json=opts.json)
    if opts.command == "rules":
        from caveat.commands import rules

        return rules.run(project=opts.project, as_json=opts.json)
    parser.print_help()
    return 2
