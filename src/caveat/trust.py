"""Trust in a project's caveat policy (SPEC §7).

What a project ships under ``.caveat/`` — ``config.toml``, ``rules/*.md``,
``messages/*.md`` — is policy written by whoever wrote the repository. It is honoured
only after the user has looked at it and run ``caveat trust``, which records a sha256
of each policy file (and one over them all) in ``<state>/trust.json``, keyed by the
project's real git root path. Any change to the files (one added, removed or edited)
lapses the trust until the user trusts again; ``caveat untrust`` removes the record.

The check runs on the hook path, and only for a project that has such a file (a
project without ``.caveat/`` never gets here). It reads the small record, lists the
two policy folders, and compares each file's ``stat`` (size, mtime, ctime, inode)
with the one recorded; a file whose ``stat`` differs is hashed, so a ``touch`` or a
fresh checkout costs a hash, and a real edit lapses the trust. The hook never writes
the record.

Beside the record, ``<state>/trust/<key>.json`` keeps the text of the trusted files
(up to ``TEXT_LIMIT`` each) so that ``caveat trust`` can show a diff of what changed.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

RECORD = "trust.json"
SNAPSHOTS = "trust"
_VERSION = 1
POLICY = ".caveat"
CONFIG = "config.toml"
FOLDERS = ("rules", "messages")
MAX_FILES = 512  # policy files per folder that can be trusted (rules: 256 are read)
HASH_LIMIT = 4 << 20  # bytes hashed per file; no loader reads more than 1 MiB
TEXT_LIMIT = 64 << 10  # text kept per file for the next diff

NONE = "none"  # the project has no policy files
TRUSTED = "trusted"
UNTRUSTED = "untrusted"  # never trusted (or untrusted since)
LAPSED = "lapsed"  # trusted once, changed since


class Verdict:
    """Whether a project's policy is trusted; ``changed`` names the policy files
    (relative to the root) added, removed or edited since the trust was recorded."""

    __slots__ = ("changed", "files", "root", "status")

    def __init__(
        self, status: str, root: str, files: tuple[str, ...] = (), changed: tuple[str, ...] = ()
    ) -> None:
        self.status = status
        self.root = root
        self.files = files
        self.changed = changed

    @property
    def trusted(self) -> bool:
        return self.status in (TRUSTED, NONE)

    @property
    def lapsed(self) -> bool:
        """Trusted once, changed since."""
        return self.status == LAPSED

    def __repr__(self) -> str:
        return f"Verdict({self.status!r}, {self.root!r}, changed={self.changed!r})"


def key(root: str) -> str:
    """The project's real path: the record's key (a symlinked path trusts the same)."""
    return os.path.realpath(root)


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


def _stamp(info: os.stat_result) -> list[int]:
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


def _record_path(env: Mapping[str, str]) -> str | None:
    """The record in the state folder (which ``state.ensure`` checks is the user's
    own and no one else's), or None when the folder cannot be used."""
    from caveat.common import state

    folder = state.ensure(env)
    return os.path.join(folder, RECORD) if folder else None


def read_private(path: str, limit: int) -> bytes | None:
    """A state file's bytes, only when it is a regular file (not a link) owned by
    this user that no one else can write: trust planted by another user is none. The
    file is left where it is (only ``caveat trust`` changes the record)."""
    from caveat.common import private

    return private.read_private(path, limit, drop=False)


def projects(env: Mapping[str, str]) -> dict[str, dict[str, object]]:
    """Every trust record: real root → ``{"digest", "files", "trusted_at"}``."""
    path = _record_path(env)
    raw = read_private(path, 4 << 20) if path else None
    from caveat.common.jsonio import load_object

    data = load_object(raw)
    if data is None or data.get("version") != _VERSION:
        return {}
    found = data.get("projects")
    if not isinstance(found, dict):
        return {}
    return {k: v for k, v in found.items() if isinstance(k, str) and isinstance(v, dict)}


def verdict(env: Mapping[str, str], root: str) -> Verdict:
    """The project's trust, checked against its policy files as they are now (no
    ``.caveat`` folder costs one ``stat``)."""
    if not has_policy(root):
        return Verdict(NONE, root)
    current = policy_files(root)
    names = tuple(sorted(current))
    if not current:
        return Verdict(NONE, root)
    entry = projects(env).get(key(root))
    recorded = entry.get("files") if entry else None
    if not isinstance(recorded, dict):
        return Verdict(UNTRUSTED, root, names)
    changed = sorted(set(recorded) ^ set(current))
    for rel, info in current.items():
        known = recorded.get(rel)
        if not isinstance(known, dict) or rel in changed:
            continue
        if known.get("stat") == _stamp(info):
            continue
        data = read_policy(os.path.join(root, rel))
        if data is None or sha256(data) != known.get("sha256"):
            changed.append(rel)
    if changed:
        return Verdict(LAPSED, root, names, tuple(sorted(changed)))
    return Verdict(TRUSTED, root, names)


def verdict_safe(env: Mapping[str, str], root: str | None) -> Verdict:
    """``verdict``, where a fault (or no root) reads as untrusted: it never turns
    trust on."""
    if not root:
        return Verdict(UNTRUSTED, "")
    try:
        return verdict(env, root)
    except TooManyFilesError as exc:
        return Verdict(UNTRUSTED, root, (str(exc),))
    except Exception as exc:
        from caveat.common.log import log

        log(f"trust check for {root!r} failed: {type(exc).__name__}: {exc}")
        return Verdict(UNTRUSTED, root)


def trusted(env: Mapping[str, str], root: str | None) -> bool:
    """Whether the policy under ``root`` may be loaded: the cheap gate the loaders
    call only once they have found a project policy file."""
    return verdict_safe(env, root).trusted


class Snapshot:
    """The policy files as they are now: digests, stats and (for text) content."""

    __slots__ = ("files", "root", "texts")

    def __init__(self, root: str) -> None:
        self.root = root
        self.files: dict[str, dict[str, object]] = {}
        self.texts: dict[str, str] = {}
        for rel, info in policy_files(root).items():
            data = read_policy(os.path.join(root, rel))
            if data is None:
                continue
            self.files[rel] = {"sha256": sha256(data), "size": len(data), "stat": _stamp(info)}
            if len(data) <= TEXT_LIMIT:
                try:
                    self.texts[rel] = data.decode("utf-8")
                except UnicodeDecodeError:
                    pass

    def digest(self) -> str:
        return overall({rel: str(entry["sha256"]) for rel, entry in self.files.items()})


def _snapshot_path(env: Mapping[str, str], root: str, create: bool = False) -> str | None:
    """The file keeping the trusted texts, in ``<state>/trust`` when that is a folder
    of the user's alone (``state.folder``; with ``create``, made or replaced)."""
    from caveat.common import state

    sub = state.folder(env, SNAPSHOTS, create=create)
    if not sub:
        return None
    return os.path.join(sub, sha256(key(root).encode("utf-8", "surrogatepass"))[:32] + ".json")


def old_texts(env: Mapping[str, str], root: str) -> dict[str, str]:
    """The text of the files as last trusted, where it was kept."""
    path = _snapshot_path(env, root)
    raw = read_private(path, 64 << 20) if path else None
    from caveat.common.jsonio import load_object

    data = load_object(raw)
    if data is None or data.get("root") != key(root):
        return {}
    texts = data.get("texts")
    if not isinstance(texts, dict):
        return {}
    return {k: v for k, v in texts.items() if isinstance(k, str) and isinstance(v, str)}


def _update(env: Mapping[str, str], change: dict[str, object] | None, root: str) -> bool:
    """Set (``change``) or remove (None) the project's record, under the lock."""
    path = _record_path(env)
    if not path:
        return False
    from caveat.common.state import LockedRecord

    with LockedRecord(path, limit=4 << 20) as rec:
        if not rec.locked:
            return False
        # Read again the way the hook does: a record others could have written is
        # dropped here, never carried over into the new one.
        table: dict[str, object] = dict(projects(env))
        if change is None:
            if key(root) not in table:
                return False
            del table[key(root)]
        else:
            table[key(root)] = change
        return rec.save({"version": _VERSION, "projects": table})


def record(env: Mapping[str, str], snapshot: Snapshot) -> bool:
    """Trust the project's policy exactly as ``snapshot`` saw it."""
    import time

    from caveat.common import jsonio
    from caveat.common import state

    entry: dict[str, object] = {
        "digest": snapshot.digest(),
        "files": snapshot.files,
        "trusted_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    if not _update(env, entry, snapshot.root):
        return False
    texts = _snapshot_path(env, snapshot.root, create=True)
    if texts:
        body = {"root": key(snapshot.root), "texts": snapshot.texts}
        state.write_atomic(texts, jsonio.dumps(body).encode("utf-8", "surrogatepass"))
    return True


def forget(env: Mapping[str, str], root: str) -> bool:
    """Remove the project's trust; False when there was none."""
    removed = _update(env, None, root)
    texts = _snapshot_path(env, root)
    if texts:
        try:
            os.unlink(texts)
        except OSError:
            pass
    return removed
