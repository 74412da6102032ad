"""``caveat install`` / ``verify`` / ``uninstall``: caveat's hook registrations in each
harness's own configuration file (SPEC §8).

The harness table maps a name to its module's ``HARNESS``; the shared merge is in
:mod:`caveat.install.base`, the command line in :mod:`caveat.install.command`.
"""

from __future__ import annotations

import os

from caveat.install.base import Harness
from caveat.install.base import InstallError
from caveat.install.base import Json

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = ["HARNESSES", "InstallError", "Result", "harness", "install", "uninstall", "verify"]

# name → module; aliases → name.
HARNESSES: dict[str, str] = {
    "claude-code": "caveat.install.claude_code",
    "codex": "caveat.install.codex",
    "gemini": "caveat.install.gemini",
    "qwen-code": "caveat.install.qwen_code",
}
ALIASES = {"claude": "claude-code", "qwen": "qwen-code", "gemini-cli": "gemini"}
# Contracts the hook speaks whose installer is not written yet.
NOT_YET = ("codebuddy", "copilot", "cursor", "kiro", "devin")


def harness(name: str) -> Harness:
    key = ALIASES.get(name, name)
    if key not in HARNESSES:
        known = ", ".join(HARNESSES)
        later = f" (not yet installable: {', '.join(NOT_YET)})" if name in NOT_YET else ""
        raise InstallError(f"unknown harness {name!r}{later}; choose one of: {known}")
    found: Harness = __import__(HARNESSES[key], fromlist=["_"]).HARNESS
    return found


class Result:
    """What one operation did (or would do) to one file."""

    __slots__ = ("detail", "diff", "harness", "path", "problems", "status")

    def __init__(self, harness: str, path: str, status: str) -> None:
        self.harness = harness
        self.path = path
        self.status = status
        self.problems: list[str] = []
        self.diff = ""
        self.detail = ""

    def as_json(self) -> Json:
        return {
            "harness": self.harness,
            "path": self.path,
            "status": self.status,
            "problems": self.problems,
        }


def _project(project: str | None) -> str | None:
    if project is None:
        return None
    from caveat.install.command import check_path

    return check_path(os.path.abspath(project), "project")


def install(
    name: str, env: Mapping[str, str], project: str | None = None, dry_run: bool = False
) -> Result:
    """Write (or with ``dry_run`` only diff) caveat's registrations for ``name``."""
    from caveat.install import base
    from caveat.install.command import Runtime

    spec = harness(name)
    runtime = Runtime.resolve()
    path = spec.path(env, _project(project))
    doc = base.load(path)
    after = doc.dump(base.merged(doc.data, spec, spec.groups(runtime)))
    result = Result(spec.name, path, "unchanged" if after == doc.text else "written")
    result.diff = base.diff(path, doc.text, after)
    if dry_run:
        result.status = "unchanged" if after == doc.text else "planned"
        return result
    if after == doc.text:
        return result
    created = base.make_parents(path)
    if doc.text is None:
        created.append(os.path.abspath(path))
    base.write_atomic(path, after)
    if created:
        records = base.read_records(env)
        records[os.path.abspath(path)] = {"harness": spec.name, "created": created}
        base.write_records(env, records)
    return result


def uninstall(
    name: str, env: Mapping[str, str], project: str | None = None, dry_run: bool = False
) -> Result:
    """Remove caveat's registrations for ``name``, and the file and folders caveat
    created for them once nothing else is in them."""
    from caveat.install import base

    spec = harness(name)
    path = spec.path(env, None if project is None else os.path.abspath(project))
    try:
        doc = base.load(path)
    except OSError as exc:
        result = Result(spec.name, path, "skipped")
        result.detail = f"cannot read it: {exc.strerror or exc}"
        return result
    data, count = base.removed(doc.data, spec.contract)
    if not count:
        return Result(spec.name, path, "absent")
    records = base.read_records(env)
    record = records.get(os.path.abspath(path)) or {}
    created = [p for p in record.get("created", []) if isinstance(p, str)]
    delete = not data and os.path.abspath(path) in created
    after = None if delete else doc.dump(data)
    result = Result(spec.name, path, "removed")
    result.diff = base.diff(path, doc.text, after)
    if dry_run:
        result.status = "planned"
        return result
    if after is None:
        os.unlink(path)
        for folder in reversed([p for p in created if p != os.path.abspath(path)]):
            try:
                os.rmdir(folder)  # only when empty
            except OSError:
                break
    else:
        base.write_atomic(path, after)
    if record:
        records.pop(os.path.abspath(path))
        base.write_records(env, records)
    return result


def verify(name: str, env: Mapping[str, str], project: str | None = None) -> Result:
    """``installed``, ``missing``, ``drifted`` or ``unreadable`` for one harness file."""
    from caveat.install import base
    from caveat.install.command import Runtime

    spec = harness(name)
    path = spec.path(env, None if project is None else os.path.abspath(project))
    try:
        doc = base.load(path)
    except (OSError, InstallError) as exc:
        result = Result(spec.name, path, "unreadable")
        result.problems.append(str(exc))
        return result
    try:
        wanted = spec.groups(Runtime.resolve())
    except InstallError as exc:
        result = Result(spec.name, path, "drifted")
        result.problems.append(str(exc))
        return result
    state, problems = base.status(doc.data, spec, wanted)
    result = Result(spec.name, path, state)
    result.problems = problems
    return result


def recorded(env: Mapping[str, str]) -> list[tuple[str, str]]:
    """(harness, file) pairs caveat created files for (for ``verify`` with no scope)."""
    from caveat.install import base

    out = []
    for path, record in sorted(base.read_records(env).items()):
        if isinstance(record, dict) and record.get("harness") in HARNESSES:
            out.append((str(record["harness"]), path))
    return out
