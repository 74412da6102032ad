"""Removing the copies of caveat's skills that are still caveat's (as shipped, or as
an earlier install wrote them), and the folders an install created for them."""

from __future__ import annotations

import os

from caveat.common import files as _io
from caveat.common import writes
from caveat.install.records import read_records
from caveat.install.records import write_records
from caveat.install.refusal import refusal
from caveat.install.skills import shipped
from caveat.install.skills_state import KEY
from caveat.install.skills_state import copy_state

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.install.core import Json


def uninstall(
    folder: str, env: Mapping[str, str], dry_run: bool, inside: str | None = None
) -> list[str]:
    """Remove caveat's skills from ``folder`` (and the folders an install created
    for them, once empty); returns notes for the operator. Inside the project
    ``inside``, a skill folder reached through a link is not removed."""
    key = os.path.abspath(folder)
    records = read_records(env)
    record: Json = dict(records.get(key) or {})
    written: Json = dict(record.get(KEY) or {})
    notes = []
    for name, files in shipped().items():
        where = os.path.join(folder, name)
        state = copy_state(folder, name, files, written.get(name))
        if state == "foreign" and name in written:
            notes.append(f"kept {where}: it is no longer caveat's copy of skill {name}")
        if state in ("current", "older"):
            notes.append(f"{'would remove' if dry_run else 'removed'} skill {name} from {where}")
            if not dry_run:
                try:
                    if inside is not None:
                        writes.check(where, inside, folder=True)
                except (_io.LinkedError, _io.NotRegularError) as exc:
                    raise refusal(exc, inside) from exc
                _remove_tree(where)
        written.pop(name, None)
    if dry_run or key not in records:
        return notes
    for item in reversed([p for p in record.get("created", []) if isinstance(p, str)]):
        try:
            os.rmdir(item)  # only when empty
        except OSError:
            pass
    del records[key]
    write_records(env, records)
    return notes


def _remove_tree(folder: str) -> None:
    """Remove a skill folder that holds only regular files (checked by the caller)."""
    for root, dirs, names in os.walk(folder, topdown=False):
        for name in names:
            os.unlink(os.path.join(root, name))
        for name in dirs:
            os.rmdir(os.path.join(root, name))
    os.rmdir(folder)
