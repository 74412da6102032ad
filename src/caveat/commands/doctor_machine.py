"""``caveat doctor``'s checks of this machine: the interpreter, the state folder and
the guards that stepped aside in a session."""

from __future__ import annotations

import os
import sys

import caveat
from caveat.common import state

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.commands.doctor import Row


def interpreter() -> list[Row]:
    version = ".".join(map(str, sys.version_info[:3]))
    ok = sys.version_info >= (3, 10)
    problem = "" if ok else f"Python {version} is too old; caveat needs 3.10 or newer"
    detail = f"{sys.executable} (Python {version}, caveat {caveat.__version__})"
    return [("python", problem, detail)]


def state_folder(env: Mapping[str, str]) -> list[Row]:
    """The state folder's health, judged without writing to it (doctor only reads)."""
    where = state.location(env)
    try:
        info = os.lstat(where)
    except FileNotFoundError:
        return [("state", "", f"{where} (not there yet: the first hook call creates it)")]
    except OSError as exc:
        return [("state", f"{where} cannot be used: {exc.strerror}", where)]
    if (info.st_mode & 0o170000) != 0o040000:
        return [("state", f"{where} is not a folder (a symlink or a file)", where)]
    if hasattr(os, "geteuid") and info.st_uid != os.geteuid():
        return [("state", f"{where} belongs to another user", where)]
    if not os.access(where, os.W_OK | os.X_OK):
        return [("state", f"{where} is not writable", where)]
    loose = " (looser than 0700: the next hook call tightens it)" if info.st_mode & 0o077 else ""
    return [("state", "", f"{where}{loose}")]


def aside(env: Mapping[str, str]) -> list[Row]:
    """Guards that stepped aside in a session (day-old records are pruned)."""
    from caveat import stepaside

    folder = os.path.join(state.location(env), stepaside.FOLDER)
    try:
        names = sorted(n for n in os.listdir(folder) if n.endswith(".json"))
    except OSError:
        return []
    rows: list[Row] = []
    for name in names:
        session = name.removesuffix(".json")
        for guard in sorted(stepaside.benched(env, session)):
            problem = (
                f"guard {guard} faulted {stepaside.LIMIT} times in session {session} and is "
                f"skipped there until it ends (caveat log --session {session} --guard {guard})"
            )
            rows.append(("guards", problem, ""))
    return rows
