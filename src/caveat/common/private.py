"""State files only the user can have written, and the locks taken on them.

Nothing in the state folder is taken on trust (SPEC §7): a file that another user
owns, or that group or others may write, may have been planted while the folder was
looser, so it is discarded (removed; rebuilt when next needed) and never read. The
check is made on the open descriptor, opened without following a symlink and without
waiting on a FIFO, so a swap between check and read changes nothing.

Every lock wait has a deadline within the hook's budget (``caveat.common.budget``): a lock
held by a stuck process costs one bounded wait, then the caller goes on without it
(and, for advice, gives it again rather than stay silent: SPEC §3 Repetition).
"""

from __future__ import annotations

import os


def foreign(info: os.stat_result) -> bool:
    """Another user's, or writable by group or others: not to be trusted. (Windows has
    neither owners nor mode bits here: the folder's ACL, under the user's profile, is
    what keeps others out.)"""
    if not hasattr(os, "geteuid"):
        return False
    return info.st_uid != os.geteuid() or bool(info.st_mode & 0o022)


def discard(path: str, why: str) -> None:
    """Remove a state file that cannot be trusted (it is rebuilt when next needed)."""
    from caveat.common.log import log  # on a fault only: off the usual path

    log(f"state file {path!r} {why}; discarded")
    try:
        os.unlink(path)
    except OSError:
        pass


_OPEN_FLAGS = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


def _symlink(exc: OSError) -> bool:
    """Whether an ``O_NOFOLLOW`` open failed on a symlink (ELOOP; EMLINK on BSD)."""
    import errno

    return exc.errno in (errno.ELOOP, errno.EMLINK)


def _checked(fd: int, path: str, drop: bool = True) -> bool:
    """Whether the open ``fd`` is a regular file of ours that only we can write; when
    not, ``path`` is discarded (``drop``) or only passed over."""
    try:
        info = os.fstat(fd)
    except OSError:
        return False
    why = ""
    if (info.st_mode & 0o170000) != 0o100000:
        why = "is not a regular file"
    elif foreign(info):
        why = "belongs to another user or is writable by others"
    if why and drop:
        discard(path, why)
    return not why


def read_private(path: str, limit: int = 4 * 1024 * 1024, drop: bool = True) -> bytes | None:
    """The bytes of a state file (at most ``limit``), or None when it is missing, too
    big, or cannot be trusted. A symlink, FIFO or device is never followed or waited
    on. An untrusted file is discarded (``drop``: a cache, rebuilt when next needed) or,
    for a reader that must change nothing (``caveat log``, the trust record, which only
    ``caveat trust`` writes), left where it is and read as absent."""
    try:
        fd = os.open(path, os.O_RDONLY | _OPEN_FLAGS)
    except OSError as exc:
        if _symlink(exc) and drop:
            discard(path, "is a symlink")
        return None
    try:
        if not _checked(fd, path, drop):
            return None
        from caveat.common.files import read_fd

        data = read_fd(fd, limit)
    except OSError:
        return None
    finally:
        os.close(fd)
    return data if len(data) <= limit else None


LOCK_WAIT_S = 0.5  # the longest wait for a lock that does not change hands
LOCK_BUSY_S = 4.0  # the longest wait for one that does (many hooks at once)
_STUCK_S = 10.0  # a lock that timed out is only tried, not waited for, this long after
_stuck: dict[str, float] = {}


def _open_lock(file: str) -> int | None:
    """``file`` opened for locking (created 0600), never through a symlink; a planted
    one (another user's, loose bits, not a regular file) is replaced by a new one."""
    for _ in range(2):
        try:
            fd = os.open(file, os.O_RDWR | os.O_CREAT | _OPEN_FLAGS, 0o600)
        except OSError as exc:
            if not _symlink(exc):
                return None
            discard(file, "is a symlink")
            continue
        if _checked(fd, file):
            return fd
        os.close(fd)
    return None


def _mark(fd: int) -> None:
    """Stamp the lock file as taken: waiters see the lock move, and ``prune`` leaves
    a file in use alone."""
    try:
        os.utime(fd)
    except (OSError, NotImplementedError, TypeError):
        pass


def lock(file: str, wait: float | None = None) -> int | None:
    """An open descriptor of ``file`` (created 0600) holding an exclusive lock, or
    None when it cannot be opened or locked in time. The wait is at most ``wait``
    seconds (default: ``LOCK_WAIT_S``, cut to what is left of an armed budget), and a
    lock that already timed out in this process lately is tried once, not waited for.
    Windows: no lock, best effort. Closing the descriptor releases the lock."""
    fd = _open_lock(file)
    if fd is None:
        return None
    try:
        import fcntl
    except ImportError:
        return fd
    import time

    from caveat.common.budget import remaining

    # a margin under the budget, so that the caller still answers within it
    cap = remaining(LOCK_BUSY_S) - 0.05
    wait = min(cap, LOCK_WAIT_S if wait is None else wait)
    start = time.monotonic()
    if start - _stuck.get(file, -_STUCK_S) < _STUCK_S:
        wait = 0.0
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        _mark(fd)
        return fd
    except BlockingIOError:
        pass
    except OSError:
        os.close(fd)
        return None
    if wait > 0 and _wait_for(fd, wait, cap):
        _stuck.pop(file, None)
        _mark(fd)
        return fd
    _stuck[file] = time.monotonic()
    from caveat.common.log import log  # on a fault only: off the usual path

    log(f"lock {file!r} still held after {time.monotonic() - start:.2f} s; going on without it")
    os.close(fd)
    return None


def _wait_for(fd: int, wait: float, cap: float) -> bool:
    """Take the lock on ``fd``: a blocking ``flock`` (the kernel wakes the waiter when
    the holder lets go), cut short by a budget ``Timer`` every ``wait`` seconds. Each
    taker stamps the lock file (``lock``), so a stamp newer than at the last cut means
    the lock is changing hands, not stuck: the wait goes on, up to ``cap`` in all.
    Where no timer can be armed (not the main thread), short polls, ``wait`` at most."""
    import fcntl
    import time

    from caveat.common.budget import Overrun
    from caveat.common.budget import Timer

    end = time.monotonic() + cap
    stamp = _stamp(fd)
    while True:
        timer = Timer(min(wait, end - time.monotonic()))
        try:
            with timer:
                if not timer._armed:
                    break
                fcntl.flock(fd, fcntl.LOCK_EX)
                return True
        except Overrun as stop:
            if stop.timer is not timer:
                raise  # an outer budget ran out: its owner handles it
        except OSError:
            return False
        before, stamp = stamp, _stamp(fd)
        if stamp == before or time.monotonic() + 0.01 >= end:
            return False
    end = time.monotonic() + wait
    pause = 0.001
    while time.monotonic() < end:
        time.sleep(pause)
        pause = min(pause * 2, 0.02)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            continue
        except OSError:
            return False
    return False


def _stamp(fd: int) -> int:
    try:
        return os.fstat(fd).st_mtime_ns
    except OSError:
        return 0
