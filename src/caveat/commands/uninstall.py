"""``caveat uninstall`` (SPEC §8): exit 0 done (or nothing to do), 1 refused, 2 usage."""

from __future__ import annotations

import os

from caveat.commands.install import fail
from caveat.common.term import err
from caveat.common.term import field
from caveat.common.term import out
from caveat.install.core import InstallError
from caveat.install.resolve import Result
from caveat.install.unregister import uninstall
from caveat.install.unregister import uninstall_all


def run_uninstall(name: str | None, project: str | None, dry_run: bool, every: bool = False) -> int:
    if not every and not name:
        err("caveat uninstall: name a --harness, or give --all")
        return 2
    try:
        if every:
            results = uninstall_all(name, os.environ, dry_run)
        else:
            results = [uninstall(str(name), os.environ, project, dry_run)]
    except (InstallError, OSError) as exc:
        return fail("uninstall", exc)
    shown = [r for r in results if not every or name or r.status != "absent" or r.notes]
    for result in shown:
        _report_uninstall(result, dry_run)
    if every and not shown:
        out("caveat is installed nowhere caveat knows of (installs.json)")
    return 0


def _report_uninstall(result: Result, dry_run: bool) -> None:
    if result.status == "skipped":
        out(f"{result.harness}: skipped {field(result.path)}: {field(result.detail)}")
    elif result.status == "absent":
        out(f"{result.harness}: no caveat entries in {field(result.path)}")
    elif dry_run:
        out(result.diff, end="")
        out(f"(dry run: {field(result.path)} not written)")
    else:
        out(f"{result.harness}: removed caveat's entries from {field(result.path)}")
    for line in result.notes:
        out(field(line))
