"""``caveat install`` / ``verify`` / ``uninstall``: caveat's hook registrations in each
harness's own configuration file (SPEC §8).

A harness's installer is ``caveat.harnesses.<id>.install`` (its ``HARNESS``, a
:class:`caveat.install.base.Harness`), found through the table in
:mod:`caveat.harnesses`. What they share is here: how handlers sit in a file
(:mod:`caveat.install.layout`) and which are caveat's (:mod:`caveat.install.owner`),
the command a registration runs (:mod:`caveat.install.command`), reading and writing
the file (:mod:`caveat.install.document`), the scope and refusals
(:mod:`caveat.install.resolve`), verify (:mod:`caveat.install.report`), caveat's
skills (:mod:`caveat.install.skills`) and the record of what caveat created
(:mod:`caveat.install.records`).

Every write is a compare-and-swap: the file is read, merged and written only if it
is still what was read; when another program wrote it meanwhile, the merge starts
again from its new content (:data:`caveat.install.resolve.ATTEMPTS` times at most).
"""

from __future__ import annotations

import json
import os

from caveat.harnesses import HARNESSES
from caveat.install import document
from caveat.install import filewrite
from caveat.install import gitexclude
from caveat.install import launcher_write
from caveat.install import rehash
from caveat.install import skills
from caveat.install.core import InstallError
from caveat.install.core import Json
from caveat.install.records import read_records
from caveat.install.records import rmdirs
from caveat.install.records import save_record
from caveat.install.records import sweep
from caveat.install.records import write_records
from caveat.install.report import overlaps
from caveat.install.report import projects
from caveat.install.report import recorded
from caveat.install.report import verify
from caveat.install.resolve import ATTEMPTS
from caveat.install.resolve import Result
from caveat.install.resolve import check_local
from caveat.install.resolve import harness
from caveat.install.resolve import project as _project
from caveat.install.resolve import raced
from caveat.install.resolve import read
from caveat.install.resolve import redacted
from caveat.install.resolve import target
from caveat.install.resolve import writable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.install.base import Harness

__all__ = [
    "HARNESSES", "InstallError", "Result", "entries", "harness", "install", "overlaps",
    "projects", "recorded", "uninstall", "uninstall_all", "verify",
]  # fmt: skip

# A new file holding HTTP registrations is private: they name this machine's server.
HTTP_MODE = 0o600


def install(
    name: str,
    env: Mapping[str, str],
    project: str | None = None,
    dry_run: bool = False,
    http: bool = False,
    port: int | None = None,
    local: bool = False,
) -> Result:
    """Write (or with ``dry_run`` only diff) caveat's registrations for ``name``; with
    ``http``, as HTTP hooks posting to ``caveat serve``; with ``local``, into the
    project's local file, which stays out of git. Caveat's registrations for the same
    harness in the scope's other file are removed."""
    spec = harness(name)
    if local:
        check_local(spec, project)
    aim = target(spec, env, http, port, dry_run)
    folder = _project(project)
    path = spec.path(env, folder, http or local)
    units = spec.units(aim)
    _merge(spec, read(spec, path, folder), units)  # refused: nothing at all is touched
    for other in spec.paths(env, folder):  # and a link at any file of the scope
        filewrite.check(other, folder)
    where = spec.skills_folder(env, folder)
    if where is not None:
        filewrite.check(where, folder, folder=True)
    result = Result(spec.id, path, "written")
    # The launcher first: a registration must never name a file not there yet.
    result.notes += launcher_write.launcher(spec, aim, dry_run)
    # First the other form's registrations go (with the file and folders caveat made
    # for them), so that folders this write needs are recorded as made for it.
    result.notes += _clear_others(spec, path, env, folder, dry_run, result)
    diff = result.diff
    mode = HTTP_MODE if http else 0o644
    doc, after, created = _write(spec, path, units, mode, dry_run, folder)
    result.diff = redacted(filewrite.diff(path, doc.text, after)) + diff
    result.notes += rehash.notes(spec, doc.data, spec.wanted(aim))
    if after == doc.text:
        result.status = "unchanged"
    elif dry_run:
        result.status = "planned"
    elif not doc.exact:
        result.notes.append(
            f"note: {path} was not laid out as a JSON writer lays it out; it is now "
            "(its content and key order are kept)"
        )
    key = os.path.abspath(path)
    records = read_records(env)
    record: Json = dict(records.get(key) or {"harness": spec.id})
    record["registered"] = True  # so that uninstall finds every install
    if not dry_run and after != doc.text:
        made = [p for p in record.get("created", []) if isinstance(p, str)]
        made += [p for p in created if p not in made]
        if doc.text is None and key not in made:
            made.append(key)
        if made:
            record["created"] = made
        hooks = doc.data.get("hooks")
        if hooks is not None and not hooks:
            record["empty_hooks"] = True  # the operator's own, kept on uninstall
    if folder is not None and (spec.private or http or local):
        result.notes += gitexclude.add(folder, path, record, dry_run)
    if not dry_run and record != records.get(key):
        records[key] = record
        write_records(env, records)
    if where is not None:
        result.notes += skills.install(where, env, dry_run, spec.id, folder)
    if http:
        result.notes += _token_note(env, getattr(aim, "token", ""))
    return result


def _merge(spec: Harness, doc: document.Document, units: list[tuple[str, Json]]) -> str:
    """The file's text with caveat's registrations; refused when it must change and
    the file is read-only."""
    # A new (or blank) file starts as the format's skeleton, e.g. Cursor's version key.
    data = doc.data if doc.data or (doc.text or "").strip() else dict(spec.layout.skeleton)
    after = doc.dump(spec.layout.merged(data, spec.id, units))
    if after != doc.text:
        writable(spec, doc)
    return after


def _write(
    spec: Harness,
    path: str,
    units: list[tuple[str, Json]],
    mode: int,
    dry_run: bool,
    folder: str | None,
) -> tuple[document.Document, str, list[str]]:
    """Merge and write with compare-and-swap: (the file as last read, its new text,
    the folders created for it), never through a link inside the project ``folder``."""
    created: list[str] = []
    for _ in range(ATTEMPTS):
        doc = read(spec, path, folder)
        after = _merge(spec, doc, units)
        if dry_run or after == doc.text:
            return doc, after, created
        created += filewrite.make_parents(path, folder)
        if filewrite.write_atomic(path, after, mode, expect=doc, inside=folder):
            return doc, after, created
    raise raced(path)


def _clear_others(
    spec: Harness,
    path: str,
    env: Mapping[str, str],
    folder: str | None,
    dry_run: bool,
    result: Result,
) -> list[str]:
    """Remove caveat's registrations from the scope's other file (the other form's)."""
    notes = []
    for other in spec.paths(env, folder):
        if other == path:
            continue
        try:
            cleared = _remove(spec, other, env, dry_run, folder)
        except InstallError as exc:
            notes.append(f"could not check {other} for caveat's other registrations: {exc}")
            continue
        if cleared.status in ("removed", "planned"):
            verb = "would remove" if dry_run else "removed"
            notes.append(f"{verb} caveat's other registrations from {other}")
            result.diff += cleared.diff
    return notes


def _token_note(env: Mapping[str, str], token: str) -> list[str]:
    from caveat.install.endpoint import TOKEN_ENV
    from caveat.install.endpoint import export_line
    from caveat.install.endpoint import token_problem

    if not token_problem(env, token):
        return []
    return [
        f"the HTTP hooks send caveat serve's token from ${TOKEN_ENV} (the token is in "
        "no settings file): add this line to your shell profile, then start Claude "
        f"Code from a new shell: {export_line(env)}"
    ]


def _remove(
    spec: Harness, path: str, env: Mapping[str, str], dry_run: bool, folder: str | None
) -> Result:
    """Take caveat's registrations out of one file (and the file and folders caveat
    created for them, once nothing else is in them), never through a link inside the
    project ``folder``."""
    key = os.path.abspath(path)
    records = read_records(env)
    record: Json = dict(records.get(key) or {})
    keep = bool(record.get("empty_hooks"))
    created = [p for p in record.get("created", []) if isinstance(p, str)]
    for _ in range(ATTEMPTS):
        try:
            doc = read(spec, path, folder)
        except OSError as exc:
            result = Result(spec.id, path, "skipped")
            result.detail = f"cannot read it: {exc.strerror or exc}"
            return result
        data, count = spec.layout.removed(doc.data, spec.id, keep_empty=keep)
        delete = bool(count) and spec.layout.bare(data) and key in created
        after = None if delete else doc.dump(data)
        if not count:
            break
        writable(spec, doc)
        if dry_run:
            break
        if after is None:
            if _unlink_if_unchanged(path, doc, folder):
                break
        elif filewrite.write_atomic(path, after, expect=doc, inside=folder):
            break
    else:
        raise raced(path)
    result = Result(spec.id, path, "removed" if count else "absent")
    result.notes += gitexclude.remove(path, record, dry_run)
    if not count:
        record.pop("registered", None)
        save_record(env, records, key, record, dry_run)
        return result
    result.diff = redacted(filewrite.diff(path, doc.text, after))
    if dry_run:
        result.status = "planned"
        return result
    for done in ("created", "empty_hooks", "registered"):
        record.pop(done, None)
    if after is None:
        # Folders something else still fills stay recorded: a later uninstall of
        # the scope removes them once they are empty (see records.sweep).
        left = rmdirs([p for p in created if p != key])
        if left:
            record["created"] = left
    save_record(env, records, key, record, dry_run)
    return result


def _unlink_if_unchanged(path: str, doc: document.Document, folder: str | None) -> bool:
    """Delete the file caveat created, unless another program wrote it meanwhile (or
    a link was put on its way inside the project ``folder``)."""
    if filewrite.before_swap is not None:
        filewrite.before_swap(path)
    if not filewrite.unchanged(path, doc):
        return False
    filewrite.check(path, folder)
    os.unlink(path)
    return True


def uninstall(
    name: str,
    env: Mapping[str, str],
    project: str | None = None,
    dry_run: bool = False,
    elsewhere: bool = True,
) -> Result:
    """Remove caveat's registrations for ``name`` from every file of the scope, and
    caveat's skills from where the harness reads them."""
    spec = harness(name)
    folder = _project(project, must_exist=False)
    paths = spec.paths(env, folder)
    _refusal(spec, paths[0], folder)
    where = spec.skills_folder(env, folder)
    if where is not None:
        filewrite.check(where, folder, folder=True)
    # The skills go first: the settings file's record may hold their parent folder.
    notes = skills.uninstall(where, env, dry_run, folder) if where is not None else []
    results = []
    for path in paths:
        try:
            results.append(_remove(spec, path, env, dry_run, folder))
        except InstallError as exc:
            if not results:
                raise
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
    main.notes += notes
    if not dry_run:
        sweep(env, paths)
    if folder is None and elsewhere:  # the project installs, which this leaves
        for place in projects(spec.id, env):
            main.notes.append(
                f"caveat is also installed for {spec.id} in the project {place}: "
                f"caveat uninstall --harness {spec.id} --project {place} "
                "(or --all for every install)"
            )
    return main


def _refusal(spec: Harness, path: str, folder: str | None) -> None:
    """Raise now what removing caveat's entries from ``path`` would raise, before
    anything else is touched."""
    try:
        doc = read(spec, path, folder)
    except OSError:
        return  # reported as skipped
    if spec.layout.found(doc.data, spec.id):
        writable(spec, doc)


def uninstall_all(name: str | None, env: Mapping[str, str], dry_run: bool = False) -> list[Result]:
    """Uninstall every install caveat recorded (the user's files and every project)
    of ``name``, or of every harness when ``name`` is None."""
    names = [harness(name).id] if name else list(HARNESSES)
    out = []
    for harness_id in names:
        for where in [None, *projects(harness_id, env)]:
            try:
                out.append(uninstall(harness_id, env, where, dry_run, elsewhere=False))
            except InstallError as exc:
                spec = harness(harness_id)
                refused = Result(harness_id, spec.path(env, where), "skipped")
                refused.detail = str(exc)
                out.append(refused)
    return out


def entries(
    name: str,
    env: Mapping[str, str],
    project: str | None = None,
    http: bool = False,
    port: int | None = None,
) -> tuple[str, str]:
    """(the file, the text to paste into it): caveat's registrations for ``name`` as
    a JSON object in the harness's layout, made without reading the file (it may be
    one caveat refuses to rewrite) and without writing it; the launcher the entries
    run is written, in caveat's own data folder."""
    spec = harness(name)
    aim = target(spec, env, http, port, dry_run=True)
    launcher_write.launcher(spec, aim, dry_run=False)
    folder = _project(project, must_exist=False)
    data = spec.layout.merged(dict(spec.layout.skeleton), spec.id, spec.units(aim))
    return spec.path(env, folder, http), json.dumps(data, indent=2, ensure_ascii=False) + "\n"
