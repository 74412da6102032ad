"""``run(args)``: parse a command line (not ``hook``'s) and hand it to the handler
module of its sub-command, imported only then."""

from __future__ import annotations

from caveat.commands.parser import build_parser

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse


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
