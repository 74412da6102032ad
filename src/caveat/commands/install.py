"""``caveat install`` (SPEC §8), and the refusal line its siblings ``uninstall`` and
``verify`` print too.

``caveat install --harness claude --http [--port N]`` registers HTTP hooks that
post to ``caveat serve`` instead of starting a process per event.

Exit codes: 0 done (or nothing to do), 1 refused, 2 usage.
"""

from __future__ import annotations

import os

from caveat.common.term import err
from caveat.common.term import field
from caveat.common.term import out
from caveat.install.core import InstallError
from caveat.install.installs import overlaps
from caveat.install.paste import entries
from caveat.install.register import install
from caveat.install.resolve import Result
from caveat.install.resolve import harness


def fail(command: str, exc: Exception) -> int:
    err(f"caveat {command}: {field(exc)}")
    return 1


def run_print(name: str, project: str | None, http: bool, port: int | None) -> int:
    """The entries to paste by hand, whatever the target file holds."""
    try:
        path, text = entries(name, os.environ, project, http, port)
        spec = harness(name)
    except (InstallError, OSError) as exc:
        return fail("install", exc)
    # Paths (a project folder) and the harness file's text are not caveat's: a path is
    # a field, a diff or an entry goes out through ``out`` (its lines escaped).
    out(f'# merge into {field(path)} (under its "hooks", beside your own entries):')
    out(text, end="")
    where = spec.skills_folder(os.environ, project)
    if where is not None:
        from caveat.install import skills

        shipped = skills.bundled()
        for name in skills.shipped():
            source = os.path.join(shipped or "", name)
            out(f"# skill: copy the folder {field(source)} to {field(os.path.join(where, name))}")
    if http:
        from caveat.install.endpoint import export_line

        out(f"# and in your shell profile: {field(export_line(os.environ))}")
    return 0


def run_install(
    name: str,
    project: str | None,
    dry_run: bool,
    http: bool = False,
    port: int | None = None,
    show: bool = False,
    local: bool = False,
) -> int:
    if show:
        return run_print(name, project, http, port)
    try:
        result = install(name, os.environ, project, dry_run, http, port, local)
    except (InstallError, OSError) as exc:
        return fail("install", exc)
    if project is not None and not http:
        _committed(result)
    if dry_run:
        if result.status == "unchanged":
            out(f"{field(result.path)}: already up to date, nothing to write")
        else:
            out(result.diff, end="")
            out(f"(dry run: {field(result.path)} not written)")
        for line in result.notes:
            out(field(line))
        return 0
    if result.status == "unchanged":
        out(f"{result.harness}: {field(result.path)} already up to date")
    else:
        out(f"{result.harness}: registered caveat in {field(result.path)}")
        for note in harness(name).notes:
            out(f"note: {note}")
    for line in result.notes:
        out(field(line))
    for note in overlaps(name, os.environ, project):
        out(f"note: {field(note)}")
    return 0


def _committed(result: Result) -> None:
    """Warn when the project file just written is one git commits."""
    from caveat.install import committed
    from caveat.install.command import Runtime

    spec = harness(result.harness)
    folder = spec.project_of(result.path)
    if folder is None:
        return
    line = committed.warning(spec, result.path, folder, Runtime.resolve(os.environ))
    if line:
        err(f"warning: {field(line)}")
