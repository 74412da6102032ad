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
    _add_install(sub)
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


def _add_install(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
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


def _run_install(opts: argparse.Namespace) -> int | None:
    if opts.command == "plugin":
        from caveat.commands import plugin

        return plugin.run(opts)
    if opts.command not in ("install", "verify", "uninstall", "harnesses"):
        return None
    if opts.command == "install":
        from caveat.commands import install

        return install.run_install(
            opts.harness, opts.project, opts.dry_run, opts.http, opts.port, opts.show, opts.local
        )
    if opts.command == "uninstall":
        from caveat.commands import uninstall

        return uninstall.run_uninstall(opts.harness, opts.project, opts.dry_run, opts.every)
    if opts.command == "verify":
        from caveat.commands import verify

        return verify.run_verify(opts.harness, opts.project, opts.user, opts.json, opts.run)
    from caveat.commands import harnesses

    return harnesses.run_harnesses(opts.json)


def run(args: list[str]) -> int:
    parser = build_parser()
    opts = parser.parse_args(args)
    done = _run_install(opts)
    if done is not None:
        return done
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
    if opts.command == "messages":
        if opts.action == "check":
            from caveat.commands import messages

            return messages.run_check(opts.project)
        if opts.action == "render":
            from caveat.commands import message_render

            return message_render.run_render(
                opts.name, opts.sample, opts.variant, opts.after, opts.project
            )
    if opts.command == "skill-index":
        from caveat.commands import skill_index

        return skill_index.run(opts)
    if opts.command in ("log", "stats"):
        from caveat.commands import log
        from caveat.commands import stats

        return log.run(opts) if opts.command == "log" else stats.run(opts)
    if opts.command == "serve":
        from caveat.commands import serve

        return serve.run(opts)
    if opts.command in ("trust", "untrust"):
        from caveat.commands import trust

        return trust.run(opts)
    parser.print_help()
    return 2
