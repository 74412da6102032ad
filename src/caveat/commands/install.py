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

from caveat import install as inst
from caveat.common.term import err
from caveat.common.term import field
from caveat.common.term import out
from caveat.install import InstallError


def _fail(command: str, exc: Exception) -> int:
    err(f"caveat {command}: {field(exc)}")
    return 1


def run_print(name: str, project: str | None, http: bool, port: int | None) -> int:
    """The entries to paste by hand, whatever the target file holds."""
    try:
        path, text = inst.entries(name, os.environ, project, http, port)
        spec = inst.harness(name)
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
) -> int:
    if show:
        return run_print(name, project, http, port)
    try:
        result = inst.install(name, os.environ, project, dry_run, http, port)
    except (InstallError, OSError) as exc:
        return _fail("install", exc)
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
        for note in inst.harness(name).notes:
            out(f"note: {note}")
    for line in result.notes:
        out(field(line))
    for note in inst.overlaps(name, os.environ, project):
        out(f"note: {field(note)}")
    return 0


def run_uninstall(name: str | None, project: str | None, dry_run: bool, every: bool = False) -> int:
    if not every and not name:
        err("caveat uninstall: name a --harness, or give --all")
        return 2
    try:
        if every:
            results = inst.uninstall_all(name, os.environ, dry_run)
        else:
            results = [inst.uninstall(str(name), os.environ, project, dry_run)]
    except (InstallError, OSError) as exc:
        return _fail("uninstall", exc)
    shown = [r for r in results if not every or name or r.status != "absent" or r.notes]
    for result in shown:
        _report_uninstall(result, dry_run)
    if every and not shown:
        out("caveat is installed nowhere caveat knows of (installs.json)")
    return 0


def _report_uninstall(result: inst.Result, dry_run: bool) -> None:
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
    names = [name] if name else list(inst.HARNESSES)
    if project is not None:
        return [(n, project) for n in names]
    return [(n, None) for n in names]


def run_verify(
    name: str | None, project: str | None, user: bool, as_json: bool, run: bool = False
) -> int:
    results: list[inst.Result] = []
    try:
        for harness_name, where in _targets(name, project, user):
            result = inst.verify(harness_name, os.environ, where, run)
            # Without --harness, only what is installed (or drifted) is reported.
            if name or result.status in ("installed", "drifted"):
                results.append(result)
        if not name and project is None and not user:
            seen = {(r.harness, os.path.abspath(r.path)) for r in results}
            for harness_name, path in inst.recorded(os.environ):
                folder = inst.harness(harness_name).project_of(path)
                if (harness_name, path) in seen or folder is None:
                    continue
                results.append(inst.verify(harness_name, os.environ, folder, run))
    except InstallError as exc:
        return _fail("verify", exc)
    bad = [r for r in results if r.status != "installed"]
    if as_json:
        out(json.dumps({"ok": not bad, "results": [r.as_json() for r in results]}, indent=2))
    else:
        if not results:
            out("no harness has caveat registered (caveat install --harness NAME)")
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
                spec = inst.harness(r.harness)
                folder = None if r.path == spec.path(os.environ, None) else spec.project_of(r.path)
                scope = "--user" if folder is None else f"--project {field(folder)}"
                out(f"fix: caveat install --harness {r.harness} {scope} rewrites them")
    return 1 if bad else 0


def run_harnesses(as_json: bool) -> int:
    rows: list[dict[str, Any]] = []
    for name in inst.HARNESSES:
        spec = inst.harness(name)
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
