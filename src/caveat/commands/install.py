"""``caveat install`` / ``verify`` / ``uninstall`` / ``harnesses`` (SPEC §8).

``caveat install --harness claude --http [--port N]`` registers HTTP hooks that
post to ``caveat serve`` instead of starting a process per event.

Exit codes: 0 done (or nothing to do), 1 refused or something missing/drifted,
2 usage.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from caveat import install as inst
from caveat.install import InstallError


def _fail(command: str, exc: Exception) -> int:
    print(f"caveat {command}: {exc}", file=sys.stderr)
    return 1


def run_print(name: str, project: str | None, http: bool, port: int | None) -> int:
    """The entries to paste by hand, whatever the target file holds."""
    try:
        path, text = inst.entries(name, os.environ, project, http, port)
        spec = inst.harness(name)
    except (InstallError, OSError) as exc:
        return _fail("install", exc)
    print(f'# merge into {path} (under its "hooks", beside your own entries):')
    print(text, end="")
    where = spec.skills_folder(os.environ, project)
    if where is not None:
        from caveat.install import skills

        shipped = skills.bundled()
        for name in skills.shipped():
            source = os.path.join(shipped or "", name)
            print(f"# skill: copy the folder {source} to {os.path.join(where, name)}")
    if http:
        from caveat.install.endpoint import export_line

        print(f"# and in your shell profile: {export_line(os.environ)}")
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
            print(f"{result.path}: already up to date, nothing to write")
        else:
            print(result.diff, end="")
            print(f"(dry run: {result.path} not written)")
        for line in result.notes:
            print(line)
        return 0
    if result.status == "unchanged":
        print(f"{result.harness}: {result.path} already up to date")
    else:
        print(f"{result.harness}: registered caveat in {result.path}")
        for note in inst.harness(name).notes:
            print(f"note: {note}")
    for line in result.notes:
        print(line)
    for note in inst.overlaps(name, os.environ, project):
        print(f"note: {note}")
    return 0


def run_uninstall(name: str | None, project: str | None, dry_run: bool, every: bool = False) -> int:
    if not every and not name:
        print("caveat uninstall: name a --harness, or give --all", file=sys.stderr)
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
        print("caveat is installed nowhere caveat knows of (installs.json)")
    return 0


def _report_uninstall(result: inst.Result, dry_run: bool) -> None:
    if result.status == "skipped":
        print(f"{result.harness}: skipped {result.path}: {result.detail}")
    elif result.status == "absent":
        print(f"{result.harness}: no caveat entries in {result.path}")
    elif dry_run:
        print(result.diff, end="")
        print(f"(dry run: {result.path} not written)")
    else:
        print(f"{result.harness}: removed caveat's entries from {result.path}")
    for line in result.notes:
        print(line)


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
        print(json.dumps({"ok": not bad, "results": [r.as_json() for r in results]}, indent=2))
    else:
        if not results:
            print("no harness has caveat registered (caveat install --harness NAME)")
        for r in results:
            print(f"{r.harness}: {r.status} ({r.path})")
            for problem in r.problems:
                print(f"  - {problem}")
            for note in r.notes:
                print(f"  {note}")
        from caveat.install.endpoint import TOKEN_ENV

        # A token variable to export is fixed in the shell profile, not by install.
        for r in bad:
            if any(not p.startswith(TOKEN_ENV) for p in r.problems or ["-"]):
                spec = inst.harness(r.harness)
                folder = None if r.path == spec.path(os.environ, None) else spec.project_of(r.path)
                scope = "--user" if folder is None else f"--project {folder}"
                print(f"fix: caveat install --harness {r.harness} {scope} rewrites them")
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
        print(json.dumps(rows, indent=2))
        return 0
    for row in rows:
        print(f"{row['name']:<12} {row['user_file']}  |  <project>/{row['project_file']}")
        print(f"{'':<12} {', '.join(row['events'])}: {row['why']}")
    return 0
