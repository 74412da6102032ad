"""``caveat install`` / ``verify`` / ``uninstall``: caveat's hook registrations in each
harness's own configuration file (SPEC §8).

A harness's installer is ``caveat.harnesses.<id>.install`` (its ``HARNESS``, a
:class:`caveat.install.base.Harness`), found through the table in
:mod:`caveat.harnesses`. What they share is here: how handlers sit in a file
(:mod:`caveat.install.layout`) and which are caveat's (:mod:`caveat.install.owner`),
the command a registration runs (:mod:`caveat.install.command`), reading and writing
the file (:mod:`caveat.install.document`), verify's comparison
(:mod:`caveat.install.compare`) and the record of what caveat created
(:mod:`caveat.install.records`).
"""

from __future__ import annotations

import importlib
import os
import re

from caveat.harnesses import HARNESSES
from caveat.install import document
from caveat.install import gitexclude
from caveat.install.compare import status
from caveat.install.core import ALIASES
from caveat.install.core import InstallError
from caveat.install.core import Json
from caveat.install.records import read_records
from caveat.install.records import write_records

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.install.base import Harness
    from caveat.install.command import Runtime
    from caveat.install.core import Found
    from caveat.install.endpoint import Endpoint

__all__ = [
    "HARNESSES", "InstallError", "Result", "harness", "install", "overlaps", "uninstall", "verify",
]  # fmt: skip


def harness(name: str) -> Harness:
    """The installer of harness ``name``: its id, or a name earlier versions used."""
    key = ALIASES.get(name, name)
    if key not in HARNESSES:
        known = ", ".join(HARNESSES)
        raise InstallError(f"unknown harness {name!r}; choose one of: {known}")
    found: Harness = importlib.import_module(f"caveat.harnesses.{key}.install").HARNESS
    return found


class Result:
    """What one operation did (or would do) to one file."""

    __slots__ = ("detail", "diff", "harness", "notes", "path", "problems", "status")

    def __init__(self, harness: str, path: str, status: str) -> None:
        self.harness = harness
        self.path = path
        self.status = status
        self.problems: list[str] = []
        self.notes: list[str] = []  # what was done beside the file, for the operator
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


def _read(spec: Harness, path: str) -> document.Document:
    """The harness file, refused when caveat could not rewrite it without loss."""
    doc = document.load(path)
    spec.layout.check(path, doc.data)
    return doc


def _target(
    spec: Harness, env: Mapping[str, str], http: bool, port: int | None, dry_run: bool
) -> Runtime | Endpoint:
    """What the registrations run: caveat's interpreter, or ``caveat serve``."""
    from caveat.install.command import Runtime
    from caveat.install.endpoint import Endpoint

    if not http:
        if port is not None:
            raise InstallError("--port goes with --http")
        return Runtime.resolve()
    if spec.http_handler is None:
        raise InstallError(f"{spec.id} takes no HTTP hooks; --http is for claude")
    if port is not None and not 0 < port < 65536:
        raise InstallError(f"--port {port} is not a TCP port (1-65535)")
    try:
        return Endpoint.resolve(env, port, create=not dry_run)
    except ImportError as exc:
        raise InstallError(f"--http needs caveat serve, which this install lacks ({exc})") from exc


def install(
    name: str,
    env: Mapping[str, str],
    project: str | None = None,
    dry_run: bool = False,
    http: bool = False,
    port: int | None = None,
) -> Result:
    """Write (or with ``dry_run`` only diff) caveat's registrations for ``name``; with
    ``http``, as HTTP hooks posting to ``caveat serve``. Caveat's registrations for the
    same harness in the scope's other file (the other form's) are removed."""
    spec = harness(name)
    target = _target(spec, env, http, port, dry_run)
    folder = _project(project)
    path = spec.path(env, folder, http)
    doc = _read(spec, path)
    # A new (or blank) file starts as the format's skeleton, e.g. Cursor's version key.
    data = doc.data if doc.data or (doc.text or "").strip() else dict(spec.layout.skeleton)
    after = doc.dump(spec.layout.merged(data, spec.id, spec.units(target)))
    result = Result(spec.id, path, "unchanged" if after == doc.text else "written")
    result.diff = _redacted(document.diff(path, doc.text, after))
    # First the other form's registrations go (with the file and folders caveat made
    # for them), so that folders this write needs are recorded as made for it.
    for other in spec.paths(env, folder):
        if other == path:
            continue
        try:
            cleared = _remove(spec, other, env, dry_run)
        except InstallError as exc:
            result.notes.append(f"could not check {other} for caveat's other registrations: {exc}")
            continue
        if cleared.status in ("removed", "planned"):
            verb = "would remove" if dry_run else "removed"
            result.notes.append(f"{verb} caveat's other registrations from {other}")
            result.diff += cleared.diff
    key = os.path.abspath(path)
    records = read_records(env)
    record: Json = dict(records.get(key) or {"harness": spec.id})
    if dry_run:
        result.status = "unchanged" if after == doc.text else "planned"
    elif after != doc.text:
        created = document.make_parents(path)
        if doc.text is None:
            created.append(key)
        document.write_atomic(path, after, 0o600 if http else 0o644)  # HTTP: a token inside
        if created:
            record["created"] = created
        hooks = doc.data.get("hooks")
        if hooks is not None and not hooks:
            record["empty_hooks"] = True  # the operator's own, kept on uninstall
    if folder is not None and (spec.private or http):
        result.notes += gitexclude.add(folder, path, record, dry_run)
    if not dry_run and len(record) > 1 and record != records.get(key):
        records[key] = record
        write_records(env, records)
    return result


def _remove(spec: Harness, path: str, env: Mapping[str, str], dry_run: bool) -> Result:
    """Take caveat's registrations out of one file (and the file and folders caveat
    created for them, once nothing else is in them)."""
    key = os.path.abspath(path)
    records = read_records(env)
    record: Json = dict(records.get(key) or {})
    try:
        doc = _read(spec, path)
    except OSError as exc:
        result = Result(spec.id, path, "skipped")
        result.detail = f"cannot read it: {exc.strerror or exc}"
        return result
    keep = bool(record.get("empty_hooks"))
    data, count = spec.layout.removed(doc.data, spec.id, keep_empty=keep)
    result = Result(spec.id, path, "removed" if count else "absent")
    result.notes += gitexclude.remove(path, record, dry_run)
    if not count:
        _save_record(env, records, key, record, dry_run)
        return result
    created = [p for p in record.get("created", []) if isinstance(p, str)]
    delete = spec.layout.bare(data) and key in created
    after = None if delete else doc.dump(data)
    result.diff = _redacted(document.diff(path, doc.text, after))
    if dry_run:
        result.status = "planned"
        return result
    if after is None:
        os.unlink(path)
        for item in reversed([p for p in created if p != key]):
            try:
                os.rmdir(item)  # only when empty
            except OSError:
                break
    else:
        document.write_atomic(path, after)
    for done in ("created", "empty_hooks"):
        record.pop(done, None)
    _save_record(env, records, key, record, dry_run)
    return result


def _redacted(text: str) -> str:
    """``text`` without ``caveat serve``'s token (diffs are printed, and logs keep
    what is printed)."""
    return re.sub(r"(Bearer )[A-Za-z0-9_-]{16,}", r"\1<token>", text)


def uninstall(
    name: str, env: Mapping[str, str], project: str | None = None, dry_run: bool = False
) -> Result:
    """Remove caveat's registrations for ``name`` from every file of the scope."""
    spec = harness(name)
    folder = None if project is None else os.path.abspath(project)
    results = []
    for path in spec.paths(env, folder):
        try:
            results.append(_remove(spec, path, env, dry_run))
        except InstallError as exc:
            if not results:
                raise  # the main file: refused, as install refuses it
            skipped = Result(spec.id, path, "skipped")
            skipped.detail = str(exc)
            results.append(skipped)
    main = next((r for r in results if r.status != "absent"), results[0])
    for other in results:
        if other is not main:
            main.notes += other.notes
            if other.status in ("removed", "planned"):
                main.diff += other.diff
                verb = "would remove" if dry_run else "removed"
                main.notes.append(f"{verb} caveat's entries from {other.path} too")
            elif other.status == "skipped":
                main.notes.append(f"skipped {other.path}: {other.detail}")
    return main


def _save_record(
    env: Mapping[str, str], records: Json, key: str, record: Json, dry_run: bool
) -> None:
    """Keep what is left of a file's record (a bare ``harness`` name is nothing)."""
    if dry_run:
        return
    left = record if len(record) > 1 else None
    if records.get(key) == left:
        return
    if left is None:
        records.pop(key, None)
    else:
        records[key] = left
    write_records(env, records)


def verify(name: str, env: Mapping[str, str], project: str | None = None) -> Result:
    """``installed``, ``missing``, ``drifted`` or ``unreadable``: caveat's registrations
    for ``name`` in the scope's file that holds them (HTTP ones are checked against
    ``caveat serve``'s current token and the port they name)."""
    spec = harness(name)
    folder = None if project is None else os.path.abspath(project)
    held: list[tuple[str, list[Found]]] = []
    for path in spec.paths(env, folder):
        try:
            doc = _read(spec, path)
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
        # Read-only: a missing token is not made here (the entries then differ).
        target = _target(spec, env, http, _port(found) if http else None, dry_run=True)
        wanted = spec.wanted(target)
    except InstallError as exc:
        result.problems.append(str(exc))
        return result
    state, problems = status(found, wanted)
    expected = spec.path(env, folder, http)
    if path != expected:
        form = "HTTP" if http else "command"
        problems.append(f"{form} registrations belong in {expected}, not {path}")
    for other, _ in held[1:]:
        problems.append(f"caveat is registered in {other} too, so every hook runs twice")
    result.status = "drifted" if problems else state
    result.problems = [_redacted(p) for p in problems]
    return result


def _port(found: list[Found]) -> int | None:
    from caveat.install.endpoint import port_of

    for _, _, handler in found:
        url = handler.get("url")
        port = port_of(url) if isinstance(url, str) else None
        if port is not None:
            return port
    return None


def recorded(env: Mapping[str, str]) -> list[tuple[str, str]]:
    """(harness, file) pairs caveat created files for (for ``verify`` with no scope)."""
    out = []
    for path, record in sorted(read_records(env).items()):
        if isinstance(record, dict) and record.get("harness") in HARNESSES:
            out.append((str(record["harness"]), path))
    return out


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
