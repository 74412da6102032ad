"""``caveat install``: caveat's registrations for one harness written into the scope's
file, with the launcher they run, the record of what was created, the git exclude
line of a private file and caveat's skills (SPEC §8)."""

from __future__ import annotations

import os

from caveat.install import filewrite
from caveat.install import gitexclude
from caveat.install import launcher_write
from caveat.install import rehash
from caveat.install import skills_copy
from caveat.install.merge import merge
from caveat.install.merge import write
from caveat.install.records import read_records
from caveat.install.records import write_records
from caveat.install.remove import clear_others
from caveat.install.resolve import Result
from caveat.install.resolve import check_local
from caveat.install.resolve import harness
from caveat.install.resolve import project as project_folder
from caveat.install.resolve import read
from caveat.install.resolve import redacted
from caveat.install.resolve import target

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.install.core import Json

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
    folder = project_folder(project)
    path = spec.path(env, folder, http or local)
    units = spec.units(aim)
    merge(spec, read(spec, path, folder), units)  # refused: nothing at all is touched
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
    result.notes += clear_others(spec, path, env, folder, dry_run, result)
    diff = result.diff
    mode = HTTP_MODE if http else 0o644
    doc, after, created = write(spec, path, units, mode, dry_run, folder)
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
        result.notes += skills_copy.install(where, env, dry_run, spec.id, folder)
    if http:
        result.notes += _token_note(env, getattr(aim, "token", ""))
    return result


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
