"""Copying caveat's skills into a harness's skills folder, never through a link inside
the project, with the digest of each copy in the folder's install record."""

from __future__ import annotations

import os

from caveat.common import files as _io
from caveat.common import writes
from caveat.install.filewrite import make_parents
from caveat.install.records import read_records
from caveat.install.records import write_records
from caveat.install.refusal import refusal
from caveat.install.skills import Files
from caveat.install.skills import digest
from caveat.install.skills import shipped
from caveat.install.skills_state import KEY
from caveat.install.skills_state import copy_state

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.install.core import Json


class Plan:
    """What an install (or uninstall) of the skills does in one folder."""

    __slots__ = ("folder", "keep", "notes", "write")

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.write: dict[str, Files] = {}  # skill name: the files to (re)write
        self.keep: list[str] = []  # skill names that are caveat's and current
        self.notes: list[str] = []


def install(
    folder: str, env: Mapping[str, str], dry_run: bool, harness: str, inside: str | None = None
) -> list[str]:
    """Copy caveat's skills into ``folder``, never through a link inside the project
    ``inside`` (``caveat.common.files``); returns notes for the operator."""
    key = os.path.abspath(folder)
    records = read_records(env)
    record: Json = dict(records.get(key) or {"harness": harness})
    written: Json = dict(record.get(KEY) or {})
    notes = []
    for name, files in shipped().items():
        where = os.path.join(folder, name)
        state = copy_state(folder, name, files, written.get(name))
        if state == "current":
            written[name] = digest(files)
            continue
        if state == "foreign":
            notes.append(f"kept {where}: it is not caveat's copy of skill {name}")
            continue
        verb = "would install" if dry_run else "installed"
        notes.append(f"{verb} skill {name} in {where}")
        if dry_run:
            continue
        created = make_parents(os.path.join(where, "SKILL.md"), inside)  # the skill's folder
        if created:
            record.setdefault("created", [])
            record["created"] = [*record["created"], *created]
        for relative, data in files.items():
            path = os.path.join(where, *relative.split("/"))
            try:
                writes.make_folders(os.path.dirname(path), inside)
                writes.write_atomic(path, data, inside=inside, keep_mode=False)
            except (_io.LinkedError, _io.NotRegularError) as exc:
                raise refusal(exc, inside) from exc
        written[name] = digest(files)
    if not dry_run and written:
        record[KEY] = written
        if record != records.get(key):
            records[key] = record
            write_records(env, records)
    return notes
