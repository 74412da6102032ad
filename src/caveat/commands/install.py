"""``caveat install`` / ``verify`` / ``uninstall`` / ``harnesses`` (SPEC §8).

``caveat install --harness claude --http [--port N]`` registers HTTP hooks that
post to ``caveat serve`` instead of starting a process per event.

Exit codes: 0 done (or nothing to do), 1 refused or something missing/drifted,
2 usage.
"""

from __future__ import annotations

import json
import os
from typing import Any

from caveat.common.term import err
from caveat.common.term import field
from caveat.common.term import out
from caveat.harnesses import HARNESSES
from caveat.install.core import InstallError
from caveat.install.paste import entries
from caveat.install.register import install
from caveat.install.report import overlaps
from caveat.install.report import recorded
from caveat.install.report import verify
from caveat.install.resolve import Result
from caveat.install.resolve import harness
from caveat.install.unregister import uninstall
from caveat.install.unregister import uninstall_all


def _fail(command: str, exc: Exception) -> int:
    err(f"caveat {command}: {field(exc)}")
    return 1


def run_print(name: str, project: str | None, http: bool, port: int | None) -> int:
    """The entries to paste by hand, whatever the target file holds."""
    try:
        path, text = entries(name, os.environ, project, http, port)
        spec = harness(name)
    except (InstallError, OSError) as exc:
        return _fail("install", exc)
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
        return _fail("install", exc)
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
        return _fail("uninstall", exc)
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


def _targets(name: str | None, project: str | None, user: bool) -> list[tuple[str, str | None]]:
    names = [name] if name else list(HARNESSES)
    if project is not None:
        return [(n, project) for n in names]
    return [(n, None) for n in names]


def run_verify(
    name: str | None, project: str | None, user: bool, as_json: bool, run: bool = False
) -> int:
    results: list[Result] = []
    try:
        for harness_name, where in _targets(name, project, user):
            result = verify(harness_name, os.environ, where, run)
            # Without --harness, only what is installed (or drifted) is reported.
            if name or result.status in ("installed", "drifted"):
                results.append(result)
        if not name and project is None and not user:
            seen = {(r.harness, os.path.abspath(r.path)) for r in results}
            for harness_name, path in recorded(os.environ):
                folder = harness(harness_name).project_of(path)
                if (harness_name, path) in seen or folder is None:
                    continue
                results.append(verify(harness_name, os.environ, folder, run))
    except InstallError as exc:
        return _fail("verify", exc)
    from caveat.install import duplicates
    from caveat.install import pluginstate

    # Without --harness, or for claude: caveat's Claude Code plugin, where enabled.
    plugins = pluginstate.enabled(os.environ, project) if name in (None, "claude") else []
    folders = [f for f in (_folder(r) for r in results) if f is not None]
    twice = duplicates.found(os.environ, [*folders, *([project] if project else [])])
    # The plugin registers Claude Code's hooks itself: no file of claude's is missing.
    covered = {("claude", "missing")} if plugins else set()
    bad = [r for r in results if r.status != "installed" and (r.harness, r.status) not in covered]
    nothing = not name and not results and not plugins
    if as_json:
        report = {
            "ok": not bad and not nothing,
            "results": [r.as_json() for r in results],
            "plugins": [{"key": on.key, "enabled_in": on.path} for on in plugins],
            "warnings": twice,
        }
        out(json.dumps(report, indent=2))
    else:
        if nothing:
            err(
                "caveat verify: caveat is registered with no harness (no harness file, "
                "and no enabled Claude Code plugin), so no hook runs; fix: caveat install "
                "--harness NAME (caveat harnesses lists them), or install the Claude Code "
                "plugin (claude plugin install caveat@caveat)"
            )
        for on in plugins:
            out(f"claude: plugin {field(on.key)} enabled ({field(on.path)})")
        for line in twice:
            err(f"warning: {field(line)}")
        for r in results:
            out(f"{r.harness}: {r.status} ({field(r.path)})")
            for problem in r.problems:
                out(f"  - {field(problem)}")
            for note in r.notes:
                out(f"  {field(note)}")
        from caveat.install.endpoint import TOKEN_ENV

        # A token variable to export is fixed in the shell profile, not by install.
        for r in bad:
            if any(not p.startswith(TOKEN_ENV) for p in r.problems or ["-"]):
                folder = _folder(r)
                scope = "--user" if folder is None else f"--project {field(folder)}"
                out(f"fix: caveat install --harness {r.harness} {scope} rewrites them")
    return 1 if bad or nothing else 0


def _folder(result: Result) -> str | None:
    """The project folder a result's file is in; None for the user's file."""
    spec = harness(result.harness)
    return None if result.path == spec.path(os.environ, None) else spec.project_of(result.path)


def run_harnesses(as_json: bool) -> int:
    rows: list[dict[str, Any]] = []
    for name in HARNESSES:
        spec = harness(name)
        rows.append(
            {
                "name": name,
                "contract": spec.id,
                "user_file": spec.path(os.environ, None),
                "project_file": spec.project_file,
                "events": list(dict.fromkeys(e.vendor_event for e in spec.entries)),
                "why": spec.why,
            }
        )
    if as_json:
        out(json.dumps(rows, indent=2))
        return 0
    for row in rows:
        out(f"{row['name']:<12} {field(row['user_file'])}  |  <project>/{row['project_file']}")
        out(f"{'':<12} {', '.join(row['events'])}: {row['why']}")
    return 0
