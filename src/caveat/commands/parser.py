"""The argument parser of every sub-command but ``hook``: ``build_parser``. Each
command's own options are added by its handler module (or ``install_parser``)."""

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
        help="the hook's own arguments: [--contract ID] [--guards ID,...] [EVENT]",
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
    msgs = sub.add_parser("messages", help="lint the message files, or preview one's text")
    msg_sub = msgs.add_subparsers(dest="action", metavar="ACTION")
    msg_check = msg_sub.add_parser(
        "check", help="lint the bundled messages and the project's .caveat/messages/ overrides"
    )
    msg_check.add_argument("--project", help="a folder inside the project (default: current)")
    msg_render = msg_sub.add_parser("render", help="print the exact text a finding injects")
    msg_render.add_argument("name", help="message name, e.g. pretooluse-bash")
    msg_render.add_argument(
        "--sample",
        metavar="FINDING.json",
        help='the finding\'s values: {"values": {...}, "variant": "..."} or just {...} '
        "(default: the built-in sample)",
    )
    msg_render.add_argument("--variant", help="the finding's variant (default: the plain one)")
    msg_render.add_argument(
        "--after", action="store_true", help="render as after the tool ran (PostToolUse)"
    )
    msg_render.add_argument("--project", help="a folder inside the project (default: current)")
    from caveat.commands import install_parser

    install_parser.add_arguments(sub)
    from caveat.commands import skill_index

    skill_index.add_arguments(
        sub.add_parser(
            "skill-index",
            help="render skill-index.md from a skills catalog, or --check the committed one",
        )
    )
    from caveat.commands import log
    from caveat.commands import stats

    log.add_arguments(sub.add_parser("log", help="print the recent records of the audit log"))
    stats.add_arguments(
        sub.add_parser("stats", help="sum the audit log per guard and harness (--html: charts)")
    )
    from caveat.commands import serve

    serve.add_arguments(
        sub.add_parser("serve", help="answer hook calls over loopback HTTP (resident server)")
    )
    from caveat.commands import trust

    trust.add_arguments(sub)
    return parser
