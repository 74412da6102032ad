"""Hostile state: caches planted in the state folder, and locks held by a stuck process.

``plant_caches`` writes every cache caveat keeps, each filled so that, were it read,
its text would reach the model (the message cache's entries match the real message
files' digests) or silence the advice (the config cache turning every guard off, the
rules cache making every rule apply to nothing, a seen record listing the finding). The files
are planted the way another user could have while the folder was looser: writable by
everyone (``loose``), or owned by another user (``foreign``, root only). ``held_lock``
starts a real process that takes ``flock`` on files and keeps them until the block
ends.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import zlib
from collections.abc import Iterator
from collections.abc import Mapping

PLANTED = "PLANTED-BY-ANOTHER-USER"
NOBODY = 65534
MODES = ("loose", "foreign")
CACHES = (
    "messages.cache.json",
    "patterns.cache.json",
    "config.cache.json",
    "header.cache.json",
    "custom-rules.cache.json",
)


def can_chown() -> bool:
    """Whether files can be given to another user here (root only)."""
    return hasattr(os, "geteuid") and os.geteuid() == 0


def _message_entries(project: str | None) -> dict[str, object]:
    """Entries of the message cache for every bundled message (and the project's rules
    and overrides), each with the file's real digest and every section replaced by the
    planted text."""
    from caveat.common.msgparse import parse
    from caveat.messages import bundled_dir

    folders = [bundled_dir()]
    if project:
        folders += [os.path.join(project, ".caveat", sub) for sub in ("rules", "messages")]
    paths = [
        os.path.join(folder, name)
        for folder in folders
        if os.path.isdir(folder)
        for name in sorted(os.listdir(folder))
        if name.endswith(".md")
    ]
    entries: dict[str, object] = {}
    for path in paths:
        with open(path, "rb") as handle:
            raw = handle.read(1 << 20)
        sections = parse(raw.decode("utf-8", "replace"))
        digest = f"{zlib.crc32(raw):08x}-{len(raw)}"
        planted = dict.fromkeys(sections, f"{PLANTED} {{path}}")
        entries[path] = {"hash": digest, "sections": planted}
    return entries


def _digest(path: str) -> str:
    with open(path, "rb") as handle:
        raw = handle.read(1 << 20)
    return f"{zlib.crc32(raw):08x}-{len(raw)}"


def _config_entries(env: Mapping[str, str], project: str | None) -> dict[str, object]:
    """The config cache: every config file there is, read as turning every guard off."""
    from caveat.config import config_dir
    from caveat.guards import REGISTRY

    off = {"guards": dict.fromkeys((spec.id for spec in REGISTRY), False)}
    paths = [os.path.join(config_dir(env), "config.toml")]
    if project:
        paths.append(os.path.join(project, ".caveat", "config.toml"))
    return {p: {"hash": _digest(p), "data": off} for p in paths if os.path.isfile(p)}


def _rule_entries(project: str | None) -> dict[str, object]:
    """The custom rules cache: every project rule, read as applying to no event."""
    from caveat import __version__

    folder = os.path.join(project or "", ".caveat", "rules")
    if not project or not os.path.isdir(folder):
        return {}
    never = {"events": [], "tools": [], "paths": [], "content": "", "strict": False}
    entries: dict[str, object] = {}
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        entries[path] = {"hash": f"{_digest(path)}-{__version__}", "rule": never}
    return entries


def _spoil(path: str, mode: str) -> None:
    if mode == "loose":
        os.chmod(path, 0o666)
    else:
        os.chown(path, NOBODY, NOBODY)
        os.chmod(path, 0o644)


def plant_caches(
    env: Mapping[str, str],
    mode: str,
    project: str | None = None,
    session_id: str = "",
    keys: tuple[str, ...] = (),
) -> list[str]:
    """Plant the caches in the state folder of ``env`` (the message cache covering the
    ``project``'s own rules and overrides too); with ``session_id``, its seen record
    (listing ``keys`` as advised). The paths planted."""
    from caveat import seen
    from caveat.common import state
    from caveat.messages import _CACHE_VERSION
    from caveat.messages import CACHE_FILE

    folder = state.ensure(env)
    assert folder is not None
    files: dict[str, object] = {
        name: {"version": 1, "entries": {PLANTED: PLANTED}} for name in CACHES
    }
    files[CACHE_FILE] = {"version": _CACHE_VERSION, "entries": _message_entries(project)}
    files["config.cache.json"] = {"version": 1, "entries": _config_entries(env, project)}
    files["custom-rules.cache.json"] = {"version": 1, "entries": _rule_entries(project)}
    planted = []
    for name, data in files.items():
        path = os.path.join(folder, name)
        with open(path, "w") as handle:
            json.dump(data, handle)
        planted.append(path)
    if session_id:
        record = state.session_file(env, seen.FOLDER, session_id, ".json")
        assert record is not None
        with open(record, "w") as handle:
            json.dump({"keys": list(keys), PLANTED: PLANTED}, handle)
        planted.append(record)
    for path in planted:
        _spoil(path, mode)
    return planted


def session_locks(env: Mapping[str, str], session_id: str) -> list[str]:
    """Every lock file caveat takes for a session: its seen record's, its context
    usage record's, and its SessionStart and Stop markers."""
    from caveat import seen
    from caveat.common import marker
    from caveat.guards.compaction import usage
    from caveat.guards.sessionstart.bootstrap import MARKER as START
    from caveat.guards.stop import MARKER as STOP

    found = [
        seen._path(env, session_id),
        usage.record_path(env, session_id),
    ]
    files: list[str | None] = [path + ".lock" for path in found if path]
    files += [marker.path(env, START, session_id), marker.path(env, STOP, session_id)]
    return [p for p in files if p]


_HOLDER = """
import fcntl, os, sys
fds = []
for path in sys.argv[1:]:
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX)
    fds.append(fd)
sys.stdout.write("held\\n")
sys.stdout.flush()
sys.stdin.read()  # until the test lets go (or dies: its end of the pipe closes)
"""


@contextlib.contextmanager
def held_lock(*files: str) -> Iterator[subprocess.Popen[bytes]]:
    """A separate process holding an exclusive ``flock`` on each of ``files`` for as
    long as the block runs."""
    proc = subprocess.Popen(
        [sys.executable, "-I", "-c", _HOLDER, *files],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline() == b"held\n", "the lock holder did not start"
        yield proc
    finally:
        if proc.stdin is not None:
            proc.stdin.close()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()


FOLDER_WAYS = ("loose", "linked")


def plant_folder(env: Mapping[str, str], kind: str, how: str, files: Mapping[str, bytes]) -> str:
    """Plant the state subfolder ``kind`` holding ``files`` (name: bytes), the way
    another user could: ``loose``, a real folder anyone can write (0777, its files
    0666); ``linked``, a symlink to such a folder outside the state folder (what a
    folder another user owns looks like from here). The folder holding the files."""
    from caveat.common import state

    base = state.ensure(env)
    assert base is not None
    place = os.path.join(base, kind)
    folder = place if how == "loose" else os.path.join(os.path.dirname(base), f"planted-{kind}")
    os.makedirs(folder)
    for name, data in files.items():
        with open(os.path.join(folder, name), "wb") as handle:
            handle.write(data)
        os.chmod(os.path.join(folder, name), 0o666)
    os.chmod(folder, 0o777)
    if how == "linked":
        os.symlink(folder, place)
    return folder


def listing(folder: str) -> dict[str, bytes]:
    """The files of ``folder`` and their bytes."""
    out: dict[str, bytes] = {}
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), "rb") as handle:
            out[name] = handle.read()
    return out
