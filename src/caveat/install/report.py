"""``verify``: caveat's registrations for one harness in a scope, compared with what
this caveat would write, and its launcher and skills checked."""

from __future__ import annotations

import os

from caveat.install import skills_state
from caveat.install.compare import status
from caveat.install.core import InstallError
from caveat.install.owner import invocation
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
