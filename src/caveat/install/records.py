"""The record of what caveat created (``installs.json`` in the data folder): per
harness file, its harness, the folders and file an install made, whether the
operator's ``hooks`` was empty, and the line added to ``.git/info/exclude``, so that
uninstall takes away exactly those (a folder something else still fills stays
recorded, and goes once empty). Every install is recorded, so that uninstall can
name (and ``--all`` remove) the projects caveat is installed in. Records name the
harness by its id; those of earlier versions, by the installer's own names, are read
as the id."""

from __future__ import annotations

import json
import os

from caveat.common.files import read_bytes
from caveat.install.core import ALIASES
from caveat.install.core import home
from caveat.install.filewrite import make_parents
from caveat.install.filewrite import write_atomic

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.install.core import Json


def data_folder(env: Mapping[str, str]) -> str:
    """caveat's data folder: ``$XDG_DATA_HOME/caveat``, else ``~/.local/share/caveat``."""
    base = env.get("XDG_DATA_HOME") or os.path.join(home(env), ".local", "share")
    return os.path.join(base, "caveat")


def record_path(env: Mapping[str, str]) -> str:
    return os.path.join(data_folder(env), "installs.json")


def read_records(env: Mapping[str, str]) -> Json:
    """The records; {} when there are none or the file is unreadable, not JSON or not
    a regular file (``files.read_bytes``: a FIFO there is never waited on)."""
    raw = read_bytes(record_path(env), 64 << 20)
    try:
        data = json.loads(raw) if raw is not None else {}
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    for record in data.values():
        if isinstance(record, dict) and record.get("harness") in ALIASES:
            record["harness"] = ALIASES[record["harness"]]  # written by an earlier version
    return data


def write_records(env: Mapping[str, str], records: Json) -> None:
    path = record_path(env)
    if not records:  # nothing left that caveat created: leave no trace
        try:
            os.unlink(path)
            os.rmdir(os.path.dirname(path))
        except OSError:
            pass
        return
    make_parents(path)  # the user's own data folder: where their links lead
    write_atomic(path, json.dumps(records, indent=2, sort_keys=True) + "\n")


def rmdirs(folders: list[str]) -> list[str]:
    """Remove the empty ones of ``folders`` (outermost first), innermost first;
    returns those left."""
    left: list[str] = []
    for item in reversed(folders):
        try:
            os.rmdir(item)
        except FileNotFoundError:
            pass
        except OSError:
            left.insert(0, item)
    return left


def sweep(env: Mapping[str, str], paths: list[str]) -> None:
    """The folders caveat created for these files, once empty (and the files gone)."""
    records = read_records(env)
    changed = False
    for path in paths:
        key = os.path.abspath(path)
        record = records.get(key)
        if not isinstance(record, dict) or "created" not in record or os.path.lexists(key):
            continue
        left = rmdirs([p for p in record["created"] if isinstance(p, str) and p != key])
        changed = True
        if left:
            record["created"] = left
        else:
            del record["created"]
            if len(record) <= 1:
                del records[key]
    if changed:
        write_records(env, records)


def save_record(
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
