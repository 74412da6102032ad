"""``caveat plugin build DIR [--skills CATALOG]``: write caveat as a Claude Code plugin
(see :mod:`caveat.install.plugin`). Exit 0 when written, 1 when refused, 2 usage.
"""

from __future__ import annotations

from caveat.common.term import err
from caveat.common.term import field
from caveat.common.term import out

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse


def add_arguments(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    plugin = sub.add_parser("plugin", help="build caveat as a Claude Code plugin")
    actions = plugin.add_subparsers(dest="action", metavar="ACTION")
    build = actions.add_parser(
        "build",
        help="write the plugin (manifest, hooks, bootstrap.sh, messages) into DIR",
    )
    build.add_argument(
        "directory", metavar="DIR", help="a new or empty folder, or an earlier build"
    )
    build.add_argument(
        "--skills",
        metavar="CATALOG",
        help="bundle this skills catalog, with its index in plugin form (/caveat:NAME)",
    )


def run(opts: argparse.Namespace) -> int:
    if getattr(opts, "action", None) != "build":
        err("usage: caveat plugin build DIR [--skills CATALOG]")
        return 2
    from caveat.install import plugin_build
    from caveat.install.core import InstallError

    try:
        written = plugin_build.build(opts.directory, opts.skills)
    except (InstallError, OSError) as exc:
        err(f"caveat plugin build: {field(exc)}")
        return 1
    out(f"wrote {len(written)} files to {field(opts.directory)}")
    out(f"try it: claude --plugin-dir {field(opts.directory)}")
    return 0
