"""The record of what caveat created (``installs.json`` in the data folder): per
harness file, its harness, the folders and file an install made, whether the
operator's ``hooks`` was empty, and the line added to ``.git/info/exclude``, so that
uninstall takes away exactly those. Records name the harness by its id; those of
earlier versions, by the installer's own names, are read as the id."""

from __future__ import annotations

import json
import os

from caveat.install.core import ALIASES
from caveat.install.core import home
from caveat.install.document import write_atomic

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.install.core import Json


def record_path(env: Mapping[str, str]) -> str:
    base = env.get("XDG_DATA_HOME") or os.path.join(home(env), ".local", "share")
    return os.path.join(base, "caveat", "installs.json")


def read_records(env: Mapping[str, str]) -> Json:
    try:
        with open(record_path(env), encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
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
    os.makedirs(os.path.dirname(path), exist_ok=True)
    write_atomic(path, json.dumps(records, indent=2, sort_keys=True) + "\n")
