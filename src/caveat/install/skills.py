"""caveat's own skills (``skills/<name>/`` in the package), copied where a harness
reads skills (Claude Code: ``~/.claude/skills/`` or ``<project>/.claude/skills/``),
so that the skills the session-start index names are there.

A skill folder there is caveat's only when its files are exactly a copy caveat
ships now, or exactly the copy an earlier install wrote (its digest is kept in the
install record of the skills folder). Anything else (an edited copy, a skill of the
operator's with the same name) is left alone, and said so.
"""

from __future__ import annotations

import hashlib
import os

import caveat
from caveat.common import files as _io
from caveat.common import writes
from caveat.install.filewrite import make_parents
from caveat.install.records import read_records
from caveat.install.records import write_records
from caveat.install.refusal import refusal

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.install.core import Json

KEY = "skills"  # in the skills folder's install record: {skill folder: digest written}

Files = dict[str, bytes]  # relative '/'-separated path: content
SKILL_LIMIT = 4 << 20  # a larger file is no copy of caveat's


def bundled() -> str | None:
    """``skills/`` inside the installed package, else the source checkout's."""
    package = os.path.dirname(os.path.abspath(caveat.__file__))
    for folder in (
        os.path.join(package, "skills"),
        os.path.join(os.path.dirname(os.path.dirname(package)), "skills"),
    ):
        if os.path.isdir(folder):
            return folder
    return None


def _files(folder: str) -> Files | None:
    """Every regular file under ``folder``; None when it holds anything else (a
    link, a FIFO) or cannot be read: then it is nobody's copy."""
    out: Files = {}
    for root, dirs, names in os.walk(folder):
        dirs.sort()
        for name in [*dirs, *names]:
            if os.path.islink(os.path.join(root, name)):
                return None
        for name in sorted(names):
            path = os.path.join(root, name)
            data = _io.read_bytes(path, SKILL_LIMIT)  # a regular file only: never a FIFO
            if data is None:
                return None
            out[os.path.relpath(path, folder).replace(os.sep, "/")] = data
    return out


def shipped() -> dict[str, Files]:
    """caveat's skills by folder name: every ``<name>/SKILL.md`` folder it ships."""
    root = bundled()
    out: dict[str, Files] = {}
    if root is None:
        return out
    for name in sorted(os.listdir(root)):
        folder = os.path.join(root, name)
        if os.path.isfile(os.path.join(folder, "SKILL.md")):
            files = _files(folder)
            if files:
                out[name] = files
    return out


def digest(files: Files) -> str:
    sha = hashlib.sha256()
    for name in sorted(files):
        sha.update(f"{name}\0{len(files[name])}\0".encode())
        sha.update(files[name])
    return sha.hexdigest()


class Plan:
    """What an install (or uninstall) of the skills does in one folder."""

    __slots__ = ("folder", "keep", "notes", "write")

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.write: dict[str, Files] = {}  # skill name: the files to (re)write
        self.keep: list[str] = []  # skill names that are caveat's and current
        self.notes: list[str] = []


def _state(folder: str, name: str, files: Files, written: object) -> str:
    """``absent``, ``current`` (caveat's copy as shipped), ``older`` (exactly what
    caveat wrote earlier) or ``foreign``."""
    where = os.path.join(folder, name)
    if not os.path.lexists(where):
        return "absent"
    found = _files(where) if os.path.isdir(where) and not os.path.islink(where) else None
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
        state = _state(folder, name, files, written.get(name))
        where = os.path.join(folder, name)
        if state == "absent":
            problems.append(f"skill {name} is not installed in {folder}")
        elif state == "older":
            problems.append(f"skill {name} in {where} is an earlier version's copy")
        elif state == "foreign":
            problems.append(f"{where} is not caveat's skill (edited, or another one)")
    return problems


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
        state = _state(folder, name, files, written.get(name))
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
        state = _state(folder, name, files, written.get(name))
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
