"""``verify`` and what reads the same files: the installs caveat recorded, and the
note for harnesses that also run Claude Code's hooks."""

from __future__ import annotations

import os

from caveat.harnesses import HARNESSES
from caveat.install import skills_state
from caveat.install.compare import status
from caveat.install.core import InstallError
from caveat.install.owner import invocation
from caveat.install.records import read_records
from caveat.install.resolve import Result
from caveat.install.resolve import harness
from caveat.install.resolve import read
from caveat.install.resolve import redacted
from caveat.install.resolve import target

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.install.command import Runtime
    from caveat.install.core import Found
    from caveat.install.endpoint import Endpoint


def verify(
    name: str, env: Mapping[str, str], project: str | None = None, run: bool = False
) -> Result:
    """``installed``, ``missing``, ``drifted`` or ``unreadable``: caveat's registrations
    for ``name`` in the scope's file that holds them (HTTP ones are checked against
    the port they name, and the token variable against ``caveat serve``'s token), and
    caveat's skills where the harness reads skills. With ``run``, each registered
    command is also started on a harmless payload (:mod:`caveat.install.probe`): one
    note per command, and a problem for each that exits non-zero or prints anything
    but one JSON object."""
    spec = harness(name)
    folder = None if project is None else os.path.abspath(project)
    held: list[tuple[str, list[Found]]] = []
    for path in spec.paths(env, folder):
        try:
            doc = read(spec, path)
        except (OSError, InstallError) as exc:
            if path != spec.path(env, folder):
                continue  # the local file is optional; a broken one shows when installed
            result = Result(spec.id, path, "unreadable")
            result.problems.append(str(exc))
            return result
        found = spec.layout.found(doc.data, spec.id)
        if found:
            held.append((path, found))
    if not held:
        return Result(spec.id, spec.path(env, folder), "missing")
    path, found = held[0]
    http = any(handler.get("type") == "http" for _, _, handler in found)
    result = Result(spec.id, path, "drifted")
    try:
        # Read-only: a missing token is not made here.
        aim = target(spec, env, http, _port(found) if http else None, dry_run=True)
        wanted = spec.wanted(aim)
    except InstallError as exc:
        result.problems.append(str(exc))
        return result
    state, problems = status(found, wanted)
    problems += _launcher(aim, found)
    if run:
        from caveat.install import probe

        for line, ok in probe.run(found, env):
            (result.notes if ok else problems).append(f"ran {line}")
    expected = spec.path(env, folder, http)
    # A command install may go to the local file (--local); an HTTP one must.
    if path != expected and (http or path != spec.path(env, folder, http=True)):
        form = "HTTP" if http else "command"
        problems.append(f"{form} registrations belong in {expected}, not {path}")
    for other, _ in held[1:]:
        problems.append(f"caveat is registered in {other} too, so every hook runs twice")
    if http:
        from caveat.install.endpoint import token_problem

        problem = token_problem(env, getattr(aim, "token", ""))
        if problem:
            problems.append(problem)
    where = spec.skills_folder(env, folder)
    if where is not None:
        problems += skills_state.check(where, env)
    result.status = "drifted" if problems else state
    result.problems = [redacted(p) for p in problems]
    return result


def _launcher(aim: Runtime | Endpoint, found: list[Found]) -> list[str]:
    """What is wrong with the launcher files the command registrations run."""
    from caveat.install import launcher_check
    from caveat.install.command import Runtime

    named = {invocation(handler) for _, _, handler in found if handler.get("type") != "http"}
    if not named:
        return []
    runtime = aim if isinstance(aim, Runtime) else aim.runtime()
    if not any(path in command for path, _ in runtime.files for command in named):
        return []  # the old form names no launcher file (its own line says so)
    return launcher_check.check(runtime.files)


def _port(found: list[Found]) -> int | None:
    from caveat.install.endpoint import port_of

    for _, _, handler in found:
        url = handler.get("url")
        port = port_of(url) if isinstance(url, str) else None
        if port is not None:
            return port
    return None


def recorded(env: Mapping[str, str]) -> list[tuple[str, str]]:
    """(harness, file) pairs of the harness files caveat installed into."""
    out = []
    for path, record in sorted(read_records(env).items()):
        if not isinstance(record, dict) or skills_state.KEY in record:
            continue
        if record.get("harness") in HARNESSES:
            out.append((str(record["harness"]), path))
    return out


def projects(name: str, env: Mapping[str, str]) -> list[str]:
    """The project folders caveat recorded an install of ``name`` in."""
    spec = harness(name)
    user = os.path.abspath(spec.path(env, None))
    found = []
    for harness_id, path in recorded(env):
        if harness_id != spec.id or os.path.abspath(path) == user:
            continue
        folder = spec.project_of(path)
        if folder is not None and folder not in found:
            found.append(folder)
    return found


def _registered(name: str, env: Mapping[str, str], scopes: list[str | None]) -> list[str]:
    """The files, of those scopes, that hold caveat's registrations for ``name``."""
    found = []
    for where in scopes:
        result = verify(name, env, where)
        if result.status in ("installed", "drifted"):
            found.append(result.path)
    return found


def overlaps(name: str, env: Mapping[str, str], project: str | None = None) -> list[str]:
    """Notes for a harness that also runs the hooks in Claude Code's settings (Cursor,
    Devin Local) when caveat is registered for both it and Claude Code, in the user's
    files or this project's (SPEC §8): each names the vendor's switch that turns that
    import off."""
    spec = harness(name)
    if spec.id == "claude":
        others = [h for h in map(harness, HARNESSES) if h.reads_claude]
    elif spec.reads_claude:
        others = [spec]
    else:
        return []
    scopes: list[str | None] = [None] if project is None else [None, project]
    claude = _registered("claude", env, scopes)
    if not claude:
        return []
    return [
        f"{other.reads_claude} (caveat is registered for Claude Code in {', '.join(claude)})"
        for other in others
        if _registered(other.id, env, scopes)
    ]
