"""A project's policy files as trust sees them (SPEC §7): which files under
``.caveat/`` are policy, their ``stat`` stamps, their bytes (bounded) and their
digests. Read on the hook path: nothing here imports more than ``os`` up front."""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

POLICY = ".caveat"
CONFIG = "config.toml"
FOLDERS = ("rules", "messages")
MAX_FILES = 512  # policy files per folder that can be trusted (rules: 256 are read)
HASH_LIMIT = 4 << 20  # bytes hashed per file; no loader reads more than 1 MiB


def has_policy(root: str | None) -> bool:
    """Whether ``root`` has a ``.caveat`` folder at all (one ``stat``)."""
    return bool(root) and os.path.isdir(os.path.join(root or "", POLICY))


def _regular(path: str) -> os.stat_result | None:
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return info if (info.st_mode & 0o170000) == 0o100000 else None


class TooManyFilesError(Exception):
    """A policy folder holds more than ``MAX_FILES`` files: caveat does not trust it
    (past the cap a file would be loaded without being covered by the digest)."""


def policy_files(root: str) -> dict[str, os.stat_result]:
    """The project's policy files that are regular files: relative path → ``stat``.
    Names starting with ``.`` (editors' temporary files) are never read as policy,
    and so are left out. ``TooManyFilesError`` when a folder holds more than ``MAX_FILES``."""
    found: dict[str, os.stat_result] = {}
    base = os.path.join(root, POLICY)
    info = _regular(os.path.join(base, CONFIG))
    if info is not None:
        found[f"{POLICY}/{CONFIG}"] = info
    for folder in FOLDERS:
        try:
            names = sorted(os.listdir(os.path.join(base, folder)))
        except (OSError, ValueError):
            continue
        names = [n for n in names if n.endswith(".md") and not n.startswith(".")]
        if len(names) > MAX_FILES:
            raise TooManyFilesError(f"{POLICY}/{folder} holds over {MAX_FILES} files")
        for name in names:
            info = _regular(os.path.join(base, folder, name))
            if info is not None:
                found[f"{POLICY}/{folder}/{name}"] = info
    return found


def stamp(info: os.stat_result) -> list[int]:
    return [info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino, info.st_dev]


def read_policy(path: str, limit: int = HASH_LIMIT) -> bytes | None:
    """A policy file's first ``limit`` bytes (all it holds, when fewer); None when it
    is not a regular file or cannot be read (``files.open_regular``: a FIFO swapped in
    cannot hang)."""
    from caveat.common.files import open_regular
    from caveat.common.files import read_fd

    opened = open_regular(path)
    if opened is None:
        return None
    fd = opened[0]
    try:
        return read_fd(fd, limit)[:limit]
    except OSError:
        return None
    finally:
        os.close(fd)


def sha256(data: bytes) -> str:
    """The hex sha256 of ``data``, from the interpreter's built-in module where it has
    one: ``hashlib`` loads OpenSSL, about ten times the cost on a hook run."""
    for name in ("_sha2", "_sha256"):  # Python 3.12+, then 3.10 and 3.11
        try:
            return str(__import__(name).sha256(data).hexdigest())
        except ImportError:
            continue
    import hashlib

    return hashlib.sha256(data).hexdigest()


def overall(files: Mapping[str, str]) -> str:
    """One digest over every file's path and digest, in path order."""
    return sha256("".join(f"{path}\0{files[path]}\n" for path in sorted(files)).encode())
