"""The per-user state folder: where it is, and making sure it is ours alone.

Resolution (SPEC §7): ``CAVEAT_STATE_DIR``, else ``$CLAUDE_PLUGIN_DATA/state``, else
``$XDG_STATE_HOME/caveat``, else ``~/.local/state/caveat`` (``%LOCALAPPDATA%`` on
Windows). The folder is 0700; files in it are 0600 and replaced atomically. Every
sub-folder (audit, trust, faults, seen records, markers) is reached through ``folder``,
whose one check (``private_folder``) moves a planted one aside (a symlink, another
user's, writable by others) rather than use it; files are read and locked through
``caveat.common.private``, which discards what another user could have planted.
"""

from __future__ import annotations

import os

from caveat.common.private import discard as discard
from caveat.common.private import foreign as foreign
from caveat.common.private import lock as lock
from caveat.common.private import read_private

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping


_bound: Mapping[str, str] | None = None


def bind(env: Mapping[str, str] | None) -> None:
    """Name the environment of the call being answered, whose state folder the caches
    kept below the guards use (``caveat.common.rx``); None when the call is done."""
    global _bound
    _bound = env


def bound() -> Mapping[str, str] | None:
    return _bound


def location(env: Mapping[str, str]) -> str:
    explicit = env.get("CAVEAT_STATE_DIR", "")
    if explicit:
        return explicit
    plugin = env.get("CLAUDE_PLUGIN_DATA", "")
    if plugin:
        return os.path.join(plugin, "state")
    xdg = env.get("XDG_STATE_HOME", "")
    if xdg and os.path.isabs(xdg):
        return os.path.join(xdg, "caveat")
    if os.name == "nt" and env.get("LOCALAPPDATA"):
        return os.path.join(env["LOCALAPPDATA"], "caveat", "state")
    home = env.get("HOME", "") or os.path.expanduser("~")
    return os.path.join(home, ".local", "state", "caveat")


def ensure(env: Mapping[str, str]) -> str | None:
    """The state folder, created if needed; None when it cannot be used safely."""
    path = location(env)
    try:
        os.makedirs(path, mode=0o700, exist_ok=True)
    except (OSError, ValueError) as exc:
        from caveat.common.log import log  # on a fault only: off the usual path

        log(f"state dir {path!r} unusable: {exc}")
        return None
    return path if private_folder(path, replace=False) else None


def folder(env: Mapping[str, str], kind: str, create: bool = True) -> str | None:
    """``<state>/<kind>``, a folder of the user's alone (``private_folder``); None when
    there is none that can be trusted. ``create``: made (or a planted one replaced)
    when needed; else only checked, for readers that change nothing."""
    if create:
        base = ensure(env)
        if base is None:
            return None
    else:
        base = location(env)
        if not private_folder(base, create=False):
            return None
    sub = os.path.join(base, kind)
    return sub if private_folder(sub, create=create) else None


_SESSION_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-")


# A prime near 2**64 whose powers of 256 repeat only after a huge period, so that no two
# byte positions weigh the same and moved bytes change the digest.
_PRIME = (1 << 64) - 59


def digest(data: bytes) -> str:
    """A checksum of ``data`` for telling a changed file from a cached one: its value
    as an integer modulo a 64-bit prime, and its length (one C-speed pass; ``zlib``,
    a shared library, costs a firing call more to load than the rest of its digests)."""
    return f"{int.from_bytes(data, 'little') % _PRIME:016x}-{len(data)}"


def session_key(session_id: str) -> str:
    """The session id as a file name: ``[A-Za-z0-9._-]``, at most 128 characters, not
    a dot name; anything else gets a fallback key derived from it."""
    plain = len(session_id) <= 128 and set(session_id) <= _SESSION_CHARS
    if session_id and plain and not session_id.startswith("."):
        return session_id
    return "session-" + digest(session_id.encode("utf-8", "surrogatepass"))[:16]


def _untrusted(info: os.stat_result) -> str:
    """Why a folder cannot be trusted to hold state, or ""."""
    if (info.st_mode & 0o170000) == 0o120000:
        return "is a symlink"
    if (info.st_mode & 0o170000) != 0o040000:
        return "is not a folder"
    if hasattr(os, "geteuid") and info.st_uid != os.geteuid():
        return "belongs to another user"
    if info.st_mode & 0o022:
        return "is writable by others"
    return ""


def private_folder(path: str, create: bool = True, replace: bool = True) -> bool:
    """Whether ``path`` is a real folder of ours that only we can write: the one check
    of every state folder. With ``create``, a missing one is made 0700, and with
    ``replace`` a planted one (a symlink, a file, another user's, writable by others:
    whatever it holds may have been put there by someone else) is moved aside (a link
    or an empty folder removed) and made again; without, it is refused, never used.
    Ours, readable by others (or, for the state folder itself, writable by others):
    tightened to 0700 (``create``) or used as it is."""
    for _ in range(3):  # found planted, moved aside, made again
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            if not create:
                return False
            try:
                os.mkdir(path, 0o700)
            except FileExistsError:
                continue
            except (OSError, ValueError) as exc:
                from caveat.common.log import log  # on a fault only: off the usual path

                log(f"state dir {path!r} unusable: {exc}")
                return False
            continue
        except (OSError, ValueError) as exc:
            from caveat.common.log import log  # on a fault only: off the usual path

            log(f"state dir {path!r} unusable: {exc}")
            return False
        why = _untrusted(info)
        # The state folder itself (``replace`` off: its parent is not caveat's to
        # rename in) is tightened as before; what it holds is checked file by file.
        if not why or (why == "is writable by others" and create and not replace):
            if create and info.st_mode & 0o077:
                try:
                    os.chmod(path, 0o700)
                except OSError as exc:
                    from caveat.common.log import log  # on a fault only: off the usual path

                    log(f"cannot tighten {path!r} to 0700: {exc}")
                    return False
            return True
        if not (create and replace) or not _move_aside(path, info, why):
            from caveat.common.log import log  # on a fault only: off the usual path

            log(f"state dir {path!r} {why}; not using it")
            return False
    return False


def _move_aside(path: str, info: os.stat_result, why: str) -> bool:
    """Take a planted folder out of the way (its content is never read)."""
    import time

    try:
        if (info.st_mode & 0o170000) == 0o120000:
            os.unlink(path)
        else:
            try:
                os.rmdir(path)
            except OSError:
                os.rename(path, f"{path}.untrusted-{int(time.time())}-{os.getpid()}")
    except OSError as exc:
        from caveat.common.log import log  # on a fault only: off the usual path

        log(f"state dir {path!r} {why} and cannot be moved aside: {exc}")
        return False
    from caveat.common.log import log  # on a fault only: off the usual path

    log(f"state dir {path!r} {why}; moved aside and made again")
    return True


def session_file(
    env: Mapping[str, str], kind: str, session_id: str, suffix: str = ""
) -> str | None:
    """``<state>/<kind>/<session key><suffix>`` (its folder created 0700), or None
    when the state folder cannot be used."""
    sub = folder(env, kind)
    return None if sub is None else os.path.join(sub, session_key(session_id) + suffix)


def write_atomic(path: str, data: bytes) -> bool:
    """Replace ``path`` with ``data`` (temp file + rename, mode 0600)."""
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        try:
            os.unlink(tmp)  # a stale or planted one: never written through
        except FileNotFoundError:
            pass
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
        fd = os.open(tmp, flags, 0o600)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
        finally:
            os.close(fd)
        os.replace(tmp, path)
        return True
    except OSError as exc:
        from caveat.common.log import log  # on a fault only: off the usual path

        log(f"cannot write {path!r}: {exc}")
        try:
            os.unlink(tmp)
        except OSError:
            pass
        return False


def read_bytes(path: str, limit: int = 4 * 1024 * 1024) -> bytes | None:
    """A config file's bytes (``files.read_bytes``: a regular file only, never waited
    on), None when absent, unreadable or over ``limit``."""
    from caveat.common.files import read_bytes as read

    return read(path, limit)


class JsonCache:
    """A derived-data cache file in the state folder: ``{"version": V, "entries": {}}``.

    Entries are only ever recomputable facts (parsed messages, translated patterns),
    each checked by the caller against a hash of its source. A missing, corrupt or
    other-version file simply starts empty; saving is atomic and best effort.
    """

    def __init__(self, env: Mapping[str, str], filename: str, version: int) -> None:
        self._env = env
        self._filename = filename
        self._version = version
        self._entries: dict[str, object] | None = None
        self._dirty = False

    def _path(self) -> str | None:
        folder = ensure(self._env)
        return os.path.join(folder, self._filename) if folder else None

    def entries(self) -> dict[str, object]:
        if self._entries is None:
            self._entries = {}
            path = self._path()
            raw = read_private(path) if path else None
            if raw:
                from caveat.common.jsonio import load_object

                data = load_object(raw)
                if data is not None and data.get("version") == self._version:
                    entries = data.get("entries")
                    if isinstance(entries, dict):
                        self._entries = entries
        return self._entries

    def get(self, key: str) -> object:
        return self.entries().get(key)

    def put(self, key: str, value: object) -> None:
        self.entries()[key] = value
        self._dirty = True

    def save(self) -> None:
        if not self._dirty or self._entries is None:
            return
        self._dirty = False
        path = self._path()
        if path:
            from caveat.common import jsonio

            payload = jsonio.dumps({"version": self._version, "entries": self._entries})
            write_atomic(path, payload.encode("utf-8", "replace"))


MAX_AGE_S = 24 * 3600  # state older than a day is pruned (SPEC §7)


def prune(folder: str, max_age_s: float = MAX_AGE_S) -> None:
    """Remove the files of ``folder`` untouched for ``max_age_s`` (at most 1,000 looked
    at per call, so that a crowded folder cannot slow a hook down)."""
    import time

    limit = time.time() - max_age_s
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names[:1000]:
        try:
            full = os.path.join(folder, name)
            if os.stat(full).st_mtime < limit:
                os.unlink(full)
        except OSError:
            pass


class LockedRecord:
    """A small JSON object file changed under an exclusive lock.

    ``with LockedRecord(path) as rec:`` waits for the lock (``path + ".lock"``),
    then ``rec.data`` is the current object ({} when absent or corrupt) and
    ``rec.save(data)`` replaces the file atomically. ``rec.locked`` is False when
    the lock could not be had in time (``lock``); the caller should then do nothing.
    """

    def __init__(self, path: str, limit: int = 1 << 16) -> None:
        self.path = path
        self.limit = limit
        self.data: dict[str, object] = {}
        self.locked = False
        self._fd = -1

    def __enter__(self) -> LockedRecord:
        fd = lock(self.path + ".lock")
        if fd is None:
            return self
        self._fd = fd
        self.locked = True
        raw = read_private(self.path, self.limit)
        if raw:
            from caveat.common.jsonio import load_object

            self.data = load_object(raw) or self.data  # corrupt: start again
        return self

    def save(self, data: Mapping[str, object]) -> bool:
        if not self.locked:
            return False
        from caveat.common.jsonio import dumps

        return write_atomic(self.path, dumps(dict(data)).encode("utf-8"))

    def __exit__(self, *exc: object) -> None:
        if self._fd >= 0:
            os.close(self._fd)  # closing releases the lock
            self._fd = -1
