"""``caveat verify`` (SPEC §8): exit 0 when caveat is registered as it must be, 1 when a
registration is missing or drifted, or caveat is registered nowhere."""

from __future__ import annotations

import json
import os

from caveat.commands.install import fail
from caveat.common.term import err
from caveat.common.term import field
from caveat.common.term import out
from caveat.harnesses import HARNESSES
from caveat.install.core import InstallError
from caveat.install.installs import recorded
from caveat.install.report import verify
from caveat.install.resolve import Result
from caveat.install.resolve import harness


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
        return fail("verify", exc)
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
