"""Taking caveat's registrations out of one harness file, and with them the file and
folders caveat created for them once nothing else is in them (the install record
says which); and out of the scope's other file when an install writes the other form."""

from __future__ import annotations

import os

from caveat.install import filewrite
from caveat.install import gitexclude
from caveat.install.core import InstallError
from caveat.install.merge import unlink_if_unchanged
from caveat.install.records import read_records
from caveat.install.records import rmdirs
from caveat.install.records import save_record
from caveat.install.resolve import ATTEMPTS
from caveat.install.resolve import Result
from caveat.install.resolve import raced
from caveat.install.resolve import read
from caveat.install.resolve import redacted
from caveat.install.resolve import writable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.install.base import Harness
    from caveat.install.core import Json


def remove(
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
            if unlink_if_unchanged(path, doc, folder):
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


def clear_others(
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
            cleared = remove(spec, other, env, dry_run, folder)
        except InstallError as exc:
            notes.append(f"could not check {other} for caveat's other registrations: {exc}")
            continue
        if cleared.status in ("removed", "planned"):
            verb = "would remove" if dry_run else "removed"
            notes.append(f"{verb} caveat's other registrations from {other}")
            result.diff += cleared.diff
    return notes
