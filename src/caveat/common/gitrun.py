"""Run ``git`` as a reader of data: the only way caveat starts git on the hook path.

The repository under the agent is hostile input (SPEC §7, "Git is data"). Its
configuration can name programs (fsmonitor, hooks, pagers, credential helpers, an
``uploadpack`` command that a lazy fetch of a partial clone's missing blob runs), and
its ``.git`` can hold FIFOs that block a reader for ever. So every call here:

- runs with an environment of its own: no inherited ``GIT_*`` variable (they could
  point git at another repository or inject configuration), no protocol at all
  (``GIT_ALLOW_PROTOCOL`` set and empty: the repository's ``protocol.*.allow`` cannot
  override it, so no lazy fetch can reach a remote), ``GIT_NO_LAZY_FETCH`` for the git
  versions that know it, no system configuration, no prompts, no optional locks;
- overrides, with ``-c``, the configured programs these read-only commands could
  reach; callers use plumbing that runs none of the others (``cat-file blob``, never
  ``--textconv`` or ``--filters``; ``ls-files``; ``check-ignore``);
- first checks that ``HEAD``, ``config`` and ``index`` are regular files (or absent),
  so git is not started to block on a FIFO;
- has a deadline: ``timeout``, shortened to what is left of the caller's time budget
  (the real-time timer ``caveat.common.budget.Timer`` arms);
- starts git in a new session, its own process group, and kills that group when the
  call ends, so no child (a fetch, a hook) outlives it;
- reads stdin from ``/dev/null``, drops stderr and bounds stdout.

It returns git's output, or None when anything goes wrong: the callers fail open.
``os.posix_spawn`` and ``select`` keep the ``subprocess`` module (and the ``re``,
``locale`` and ``enum`` it imports) off the hook path.

Which ``git`` runs is caveat's choice, never the project's: ``$CAVEAT_GIT`` when it is
set (an absolute path; a relative one is refused, and then git does not run at all),
else the first ``git`` in the *absolute* entries of ``PATH``. An empty entry (``PATH=:/usr/bin``,
a trailing ``:``) or a relative one (``.``, ``node_modules/.bin``) names a folder of the
project under the agent, whose planted ``git`` would otherwise run on every hook call;
those entries are skipped, and dropped from git's own ``PATH`` too. The program is
resolved once per process (again only when either variable changes) and started by
its absolute path.
"""

from __future__ import annotations

import os

from caveat.common.gitctx import git_dirs

TYPE_CHECKING = False
if TYPE_CHECKING:
    import signal as _signal
    from collections.abc import Mapping
else:
    import _signal  # the C module: ``signal`` itself would import enum

TIMEOUT_S = 1.0
LIMIT = 8 * 1024 * 1024
# Left of the caller's budget for it to finish its own work once git has answered.
MARGIN_S = 0.05
# How long a killed process group is given to die.
GONE_S = 0.1

# ``-c`` overrides of every configured program the commands caveat runs could start,
# and of the settings that would make them reach a remote or write.
CONFIG = (
    "core.fsmonitor=false",
    "core.hooksPath=/dev/null",
    "core.pager=cat",
    "core.askPass=",
    "core.sshCommand=false",
    "core.gitProxy=",
    "core.untrackedCache=false",
    "credential.helper=",
    "diff.external=",
    "protocol.allow=never",
    "protocol.file.allow=never",
    "protocol.ext.allow=never",
    "fetch.recurseSubmodules=false",
    "submodule.recurse=false",
    "gc.auto=0",
    "maintenance.auto=false",
)

# Set in git's environment; every inherited ``GIT_*`` variable is dropped first.
ENVIRONMENT = {
    "GIT_ALLOW_PROTOCOL": "",  # set and empty: no transport is allowed, whatever the config
    "GIT_NO_LAZY_FETCH": "1",  # git 2.44+: never fetch a promisor's missing object
    "GIT_PROTOCOL_FROM_USER": "0",
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_ATTR_NOSYSTEM": "1",
    "GIT_TERMINAL_PROMPT": "0",
    "GIT_OPTIONAL_LOCKS": "0",
    "GIT_NO_REPLACE_OBJECTS": "1",
    "GIT_PAGER": "cat",
    "PAGER": "cat",
    "GIT_ASKPASS": "",
    "SSH_ASKPASS": "",
    "LC_ALL": "C",
}
# Inherited variables git needs to run at all (an unusual install's exec path).
_KEEP = frozenset({"GIT_EXEC_PATH"})

_S_IFMT = 0o170000
_S_IFREG = 0o100000

# The operator's choice of git: an absolute path.
VARIABLE = "CAVEAT_GIT"
_NAMES = ("git.exe",) if os.name == "nt" else ("git",)
# (CAVEAT_GIT, PATH, the program they gave): what the last lookup found.
_found: tuple[str | None, str | None, str | None] | None = None


def absolute_entries(path: str) -> list[str]:
    """The entries of a ``PATH`` value that name a folder by its absolute path."""
    return [entry for entry in path.split(os.pathsep) if os.path.isabs(entry)]


def _executable(path: str) -> bool:
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    return (mode & _S_IFMT) == _S_IFREG and os.access(path, os.X_OK)


def _resolve(configured: str | None, path: str | None) -> str | None:
    if configured:
        return configured if os.path.isabs(configured) and _executable(configured) else None
    for folder in absolute_entries(os.defpath if path is None else path):
        for name in _NAMES:
            candidate = os.path.join(folder, name)
            if _executable(candidate):
                return candidate
    return None


def program(env: Mapping[str, str] | None = None) -> str | None:
    """The absolute path of the ``git`` caveat runs, or None: ``$CAVEAT_GIT`` (refused
    unless absolute and executable), else the first in ``PATH``'s absolute entries."""
    global _found
    source = os.environ if env is None else env
    configured, path = source.get(VARIABLE), source.get("PATH")
    found = _found
    if found is not None and found[0] == configured and found[1] == path:
        return found[2]
    resolved = _resolve(configured, path)
    _found = (configured, path, resolved)
    return resolved


def environment(env: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment git runs with: ``env`` (default: this process's) without its
    ``GIT_*`` variables and without the relative entries of ``PATH`` (what git starts
    by name, e.g. an alias's shell, must not come from the project either), plus
    ``ENVIRONMENT``."""
    source = os.environ if env is None else env
    clean = {k: v for k, v in source.items() if not k.startswith("GIT_") or k in _KEEP}
    if "PATH" in clean:
        clean["PATH"] = os.pathsep.join(absolute_entries(clean["PATH"]))
    clean.update(ENVIRONMENT)
    return clean


def regular_or_absent(path: str) -> bool:
    """Whether ``path`` is a regular file or does not exist (a special file is neither)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return True
    except (OSError, ValueError):
        return False
    return (mode & _S_IFMT) == _S_IFREG


# Files in the git dir and the common dir that git opens on every command caveat runs.
_GITDIR_FILES = ("index", "config.worktree")
_COMMON_FILES = (
    "config",
    "packed-refs",
    os.path.join("objects", "info", "alternates"),
    os.path.join("info", "exclude"),
)


def safe(root: str) -> bool:
    """Whether git can read the repository at ``root`` without meeting a special file
    where it opens one unconditionally: ``HEAD`` (which must exist), the index, the
    configuration, ``packed-refs`` and the alternates list. What git opens beyond
    these (an included config file, a ``.gitignore``) is bounded by the deadline."""
    dirs = git_dirs(root)
    if dirs is None:
        return False
    gitdir, common = dirs
    head = os.path.join(gitdir, "HEAD")
    if not os.path.lexists(head) or not regular_or_absent(head):
        return False
    paths = [os.path.join(gitdir, name) for name in _GITDIR_FILES]
    paths += [os.path.join(common, name) for name in _COMMON_FILES]
    return all(regular_or_absent(path) for path in paths)


def seconds_left(timeout: float) -> float:
    """``timeout``, or what is left of the armed time budget less ``MARGIN_S`` when that
    is shorter."""
    if not hasattr(_signal, "getitimer"):
        return timeout
    left = _signal.getitimer(_signal.ITIMER_REAL)[0]
    return min(timeout, left - MARGIN_S) if left > 0 else timeout


def run(
    root: str,
    *args: str,
    timeout: float = TIMEOUT_S,
    limit: int = LIMIT,
    ok: tuple[int, ...] = (0,),
) -> bytes | None:
    """``git -C root <args>``'s standard output, or None: when the repository is not
    safe to read, git is missing, the exit status is not in ``ok``, the output passes
    ``limit`` bytes, or the deadline passes (then git and its children are killed)."""
    if not root or not safe(root):
        return None
    return _git(root, args, timeout, limit, ok)


def init(folder: str, timeout: float = TIMEOUT_S) -> bool:
    """``git init`` in ``folder`` (which exists and holds no ``.git`` yet), with the same
    hardening: for a repository caveat makes itself, e.g. ``caveat demo``'s copy of
    its example project. Whether it worked."""
    if not folder or os.path.lexists(os.path.join(folder, ".git")):
        return False
    return _git(folder, ("init", "-q"), timeout, LIMIT, (0,)) is not None


def _git(
    root: str, args: tuple[str, ...], timeout: float, limit: int, ok: tuple[int, ...]
) -> bytes | None:
    git = program()
    if git is None:
        return None
    seconds = seconds_left(timeout)
    if seconds <= 0:
        return None
    argv = [git, "--no-pager", "-C", root]
    for item in CONFIG:
        argv += ("-c", item)
    argv += args
    if not hasattr(os, "posix_spawn"):
        return _run_portable(argv, seconds, limit, ok)
    return _run_posix(argv, seconds, limit, ok)


def _run_posix(argv: list[str], seconds: float, limit: int, ok: tuple[int, ...]) -> bytes | None:
    import time

    deadline = time.monotonic() + seconds
    try:
        read_end, write_end = os.pipe()
    except OSError:
        return None
    # The pipe first: should it have landed on descriptor 2 (a parent started without
    # stderr), it must be duplicated to 1 before /dev/null takes 2.
    actions = [
        (os.POSIX_SPAWN_DUP2, write_end, 1),
        (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0),
    ]
    try:
        pid = os.posix_spawn(argv[0], argv, environment(), file_actions=actions, setsid=True)
    except (OSError, ValueError):  # no git; a NUL or lone surrogate no argv can carry
        os.close(read_end)
        os.close(write_end)
        return None
    os.close(write_end)
    data: bytes | None = None
    try:
        data = _collect(read_end, deadline, limit)
        if data is not None and not _exited(pid, deadline):
            data = None
    finally:
        os.close(read_end)
        # The leader is not reaped yet, so its group id cannot have been reused.
        try:
            os.killpg(pid, 9)
        except OSError:
            pass
        status = _reap(pid)
        _gone(pid)
    if data is None or status is None or status not in ok:
        return None
    return data


def _collect(fd: int, deadline: float, limit: int) -> bytes | None:
    """What git writes until it closes its output; None past the deadline or limit."""
    import select
    import time

    poller = select.poll()
    poller.register(fd, select.POLLIN | select.POLLHUP | select.POLLERR)
    chunks: list[bytes] = []
    size = 0
    while True:
        left = deadline - time.monotonic()
        if left <= 0 or not poller.poll(left * 1000):
            return None
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)


def _exited(pid: int, deadline: float) -> bool:
    """Wait, until the deadline, for git to exit after closing its output; it is left
    unreaped (``WNOWAIT``) so that its process group can still be killed safely."""
    import time

    pause = 0.0005
    while True:
        try:
            found = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return True
        if found is not None:
            return True
        if time.monotonic() + pause > deadline:
            return False
        time.sleep(pause)
        pause = min(pause * 2, 0.02)


def _gone(group: int, wait: float = GONE_S) -> None:
    """Give the killed group's members a moment to die (a signal is delivered when
    the process next runs), so that none is still there when the hook answers."""
    import time

    end = time.monotonic() + wait
    while time.monotonic() < end:
        try:
            os.killpg(group, 0)
        except OSError:
            return
        time.sleep(0.002)


def _reap(pid: int) -> int | None:
    """The exit status of ``pid`` (waiting for it), or None when a signal ended it."""
    try:
        _, status = os.waitpid(pid, 0)
    except ChildProcessError:
        return None
    return os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else None


def _run_portable(argv: list[str], seconds: float, limit: int, ok: tuple[int, ...]) -> bytes | None:
    """Where there is no ``posix_spawn`` (Windows): ``subprocess`` with a timeout, on
    the same absolute ``argv[0]``."""
    import subprocess

    try:
        done = subprocess.run(
            argv,
            env=environment(),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            timeout=seconds,
            check=False,
        )
    except (OSError, ValueError, subprocess.SubprocessError):
        return None
    if done.returncode not in ok or len(done.stdout) > limit:
        return None
    return done.stdout
