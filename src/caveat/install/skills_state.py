"""The state of a copy of one of caveat's skills where a harness reads skills, from
its files and the digest an earlier install recorded; ``verify``'s problems with them."""

from __future__ import annotations

import os

from caveat.install.records import read_records
from caveat.install.skills import Files
from caveat.install.skills import digest
from caveat.install.skills import read_files
from caveat.install.skills import shipped

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

KEY = "skills"  # in the skills folder's install record: {skill folder: digest written}


def copy_state(folder: str, name: str, files: Files, written: object) -> str:
    """``absent``, ``current`` (caveat's copy as shipped), ``older`` (exactly what
    caveat wrote earlier) or ``foreign``."""
    where = os.path.join(folder, name)
    if not os.path.lexists(where):
        return "absent"
    found = read_files(where) if os.path.isdir(where) and not os.path.islink(where) else None
    if found == files:
        return "current"
    if found is not None and isinstance(written, str) and digest(found) == written:
        return "older"
    return "foreign"


def check(folder: str, env: Mapping[str, str]) -> list[str]:
    """``verify``'s problems with caveat's skills in ``folder``."""
    record = read_records(env).get(os.path.abspath(folder)) or {}
    written = record.get(KEY) or {}
    problems = []
    for name, files in shipped().items():
        state = copy_state(folder, name, files, written.get(name))
        where = os.path.join(folder, name)
        if state == "absent":
            problems.append(f"skill {name} is not installed in {folder}")
        elif state == "older":
            problems.append(f"skill {name} in {where} is an earlier version's copy")
        elif state == "foreign":
            problems.append(f"{where} is not caveat's skill (edited, or another one)")
    return problems
