"""The stable launcher every command registration runs (SPEC §8).

A registration that named caveat's package (``…/python3.11/site-packages/caveat/
_launch.py``) broke when the package moved (``pipx reinstall --python …``): Python
exits 2 on a missing script, which Claude Code takes as a block of every tool call,
and Copilot takes any non-zero exit as a deny. So registrations name two files in
caveat's data folder instead, whose paths hold no interpreter version, rewritten by
every install:

- ``launch/hook.sh``, run as ``/bin/sh -c START <hook.sh> --contract …`` (``START``
  exits 0 when the data folder itself is gone): it starts the interpreter caveat was
  installed with on ``hook.py``; when that interpreter (or ``hook.py``) is gone, or
  exits non-zero, it reads the payload, appends a ``launch failed`` line to the
  audit log and exits 0;
- ``launch/hook.py``, run as ``<python> -I <hook.py> --contract …`` (the form on
  Windows, which has no ``/bin/sh``): it imports caveat from the folder it was
  installed in, else from the interpreter's own ``sys.path``, and on any failure to
  import writes one line to stderr and one ``launch failed`` line to the audit log,
  and exits 0. Before it imports, it runs caveat's hot-path modules from
  ``launch/hook.bundle`` beside it when that is fresh (``caveat.install.bundle``).

Neither file imports caveat to record a fault: both write the audit line by hand.
Files that are not ours (another user's, group- or world-writable, a symlink) are
replaced, never run: install writes to a temporary name and renames over them.
"""

from __future__ import annotations

import os
import stat

from caveat.install import bundle
from caveat.install.core import InstallError
from caveat.install.records import data_folder

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from collections.abc import Mapping

FOLDER = "launch"
SHELL = "/bin/sh"

# What a registration runs first, as ``/bin/sh -c START <hook.sh> --contract …``: the
# launcher when it is there, else status 0 and the contract's silent answer where it
# has one (``/bin/sh`` on a missing file exits 2, which Copilot reads as a deny of
# every tool call; agy refuses a tool on no answer). No single quote and no newline:
# it is written between single quotes in shell-form registrations. The answers are
# the contracts' ``SILENT`` (``tests/test_launch.py`` holds them equal).
START_ANSWERS = {"antigravity": '{"decision":"ask"}'}
START = (
    '[ -r "$0" ] && exec /bin/sh "$0" "$@"; cat >/dev/null 2>&1; '
    + "".join(
        f'[ "$2" = {contract} ] && printf %s "{answer.replace(chr(34), chr(92) + chr(34))}"; '
        for contract, answer in sorted(START_ANSWERS.items())
    )
    + "exit 0"
)

# ``@PYTHON@`` and ``@HOOK@`` are filled in at install; the state folder is found in
# caveat's order (SPEC §7, ``caveat.common.state.location``).
_SH = r"""# caveat's hook launcher, written by `caveat install` (every install rewrites it).
# Registrations run `/bin/sh <this file> --contract ID EVENT ...`: this starts caveat's
# hook with the interpreter caveat was installed with. When that interpreter is gone
# (caveat uninstalled, its venv removed), it reads the payload, appends a
# "launch failed" line to the audit log and exits 0: a moved caveat never blocks.
# An interpreter that is there but cannot start (its standard library gone) exits
# non-zero, which Copilot reads as a deny: so it is not exec'd, and its status is
# recorded like a missing one.
py="@PYTHON@"
hook="@HOOK@"
if [ -x "$py" ] && [ -f "$hook" ]; then
    "$py" -I "$hook" "$@"
    status=$?
    [ "$status" -eq 0 ] && exit 0
    why="interpreter $py exited $status"
else
    why="interpreter $py is gone"
    [ -x "$py" ] && why="$hook is gone"
fi
cat >/dev/null 2>&1
contract=
event=
[ "${1:-}" = --contract ] && contract=${2:-} && event=${3:-}
# A harness that reads no answer as a refusal gets its silent answer all the same.
@SILENT@
case ${CAVEAT_DISABLE:-} in 1 | [Tt][Rr][Uu][Ee] | [Yy][Ee][Ss] | [Oo][Nn]) exit 0 ;; esac
echo "caveat: launch failed: $why; run caveat install again" >&2
case $contract in *[!a-z0-9]*) contract=? ;; esac
case $event in *[!A-Za-z]*) event=? ;; esac
state=${CAVEAT_STATE_DIR:-}
if [ -z "$state" ]; then
    if [ -n "${CLAUDE_PLUGIN_DATA:-}" ]; then
        state=$CLAUDE_PLUGIN_DATA/state
    elif [ -n "${XDG_STATE_HOME:-}" ] && [ "${XDG_STATE_HOME#/}" != "$XDG_STATE_HOME" ]; then
        state=$XDG_STATE_HOME/caveat
    else
        state=${HOME:-~}/.local/state/caveat
    fi
fi
(
    umask 077
    mkdir -p "$state/audit" || exit 0
    [ -O "$state" ] && [ ! -L "$state" ] && [ ! -L "$state/audit" ] || exit 0
    now=$(date -u +%Y-%m-%dT%H:%M:%SZ) || exit 0
    file=$state/audit/${now%%T*}.jsonl
    [ ! -L "$file" ] || exit 0
    line='{"time":"%s","contract":"%s","event":"%s","tool":"","project":"","path":"",'
    line=$line'"session":"","guards":[],"received":"nothing","failed":"launch failed: %s",'
    printf "$line"'"ms":0.00}\n' "$now" "$contract" "$event" "$why" >>"$file"
) 2>/dev/null
exit 0
"""

# ``@SITE@`` is filled in at install. What records a fault is a string compiled only
# when it is needed: a script is compiled on every run (no bytecode cache).
_PY = r'''"""caveat's hook launcher, written by `caveat install` (every install rewrites it).

Registrations run `python -I <this file> --contract ID EVENT ...`. caveat is imported
from the folder it was installed in, else from this interpreter's own sys.path; when
it cannot be imported (uninstalled, moved, half upgraded), the payload is read, one
"launch failed" line goes to the audit log, and the exit status is 0 all the same.
Its hot-path modules run first from the bundle beside this file, when that is fresh."""

import os
import sys

SITE = "@SITE@"
BUNDLE = "@BUNDLE@"
# What a harness that reads no answer as a refusal is answered when caveat says nothing.
SILENT = @SILENT@
sys.path.insert(0, SITE)


def preload():
    """Run caveat's hot-path modules from the bundle, when it is this user's own and
    for this interpreter: caveat.install.bundle, whose ``preload`` it holds compiled."""
    import marshal

    try:
        with open(BUNDLE, "rb") as fh:
            info = os.fstat(fh.fileno())
            if info.st_uid != getattr(os, "geteuid", lambda: info.st_uid)() or info.st_mode & 0o022:
                return "failed"
            found, code, entries = marshal.loads(fh.read())
    except (OSError, ValueError, EOFError, TypeError):
        return "stale"
    if found != (@FORMAT@, sys.version, sys.flags.optimize, SITE):
        return "stale"
    return type(preload)(code, {"__builtins__": __builtins__})(entries, sys.argv[1:3])


try:
    preloaded = preload()
except BaseException:
    preloaded = "failed"
try:
    import caveat  # from where it was installed, ahead of any other copy

    del sys.path[0]  # the rest keep the interpreter's order
    sys.path.append(SITE)
    from caveat.hook import main
except BaseException as exc:  # whatever it was: the hook must not block
    FAULT = """
import os
import time


def text(value):
    return "".join(c if " " <= c <= "~" and c not in '\\\\"' else "?" for c in value)[-300:]


def fault(exc):
    env = os.environ
    try:
        sys.stdin.buffer.read()
    except Exception:
        pass
    args = sys.argv[1:]
    answer = SILENT.get(args[1], "") if args[:1] == ["--contract"] and args[1:] else ""
    if answer:
        os.write(1, answer.encode("ascii"))
    if env.get("CAVEAT_DISABLE", "").strip().lower() in ("1", "true", "yes", "on"):
        return
    why = f"{type(exc).__name__}: {exc} (caveat in {SITE})"
    sys.stderr.write(f"caveat: launch failed: {why}; run caveat install again\\n")
    contract, event = (args[1:3] + ["", ""])[:2] if args[:1] == ["--contract"] else ("", "")
    state = env.get("CAVEAT_STATE_DIR", "")
    if not state and env.get("CLAUDE_PLUGIN_DATA"):
        state = os.path.join(env["CLAUDE_PLUGIN_DATA"], "state")
    if not state and os.path.isabs(env.get("XDG_STATE_HOME", "")):
        state = os.path.join(env["XDG_STATE_HOME"], "caveat")
    if not state and os.name == "nt" and env.get("LOCALAPPDATA"):
        state = os.path.join(env["LOCALAPPDATA"], "caveat", "state")
    if not state:
        state = os.path.join(os.path.expanduser("~"), ".local", "state", "caveat")
    folder = os.path.join(state, "audit")
    os.makedirs(folder, 0o700, exist_ok=True)
    if os.path.islink(state) or os.path.islink(folder):
        return
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    line = (
        f'{{"time":"{stamp}","contract":"{text(contract)}","event":"{text(event)}",'
        '"tool":"","project":"","path":"","session":"","guards":[],"received":"nothing",'
        f'"failed":"launch failed: {text(why)}","ms":0.00}}\\n'
    )
    path = os.path.join(folder, stamp[:10] + ".jsonl")
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags, 0o600)
    try:
        os.write(fd, line.encode("ascii"))
    finally:
        os.close(fd)


try:
    fault(exc)
except BaseException:
    pass
os._exit(0)
"""
    exec(FAULT)
# A new bundle for the next call. Writing it loads the installer: not on every call
# when the folder is read-only.
if preloaded == "stale" and os.access(os.path.dirname(BUNDLE), os.W_OK):
    try:
        from caveat.install.bundle import refresh

        refresh(BUNDLE, SITE)
    except BaseException:
        pass
main()
'''


def folder(env: Mapping[str, str]) -> str:
    return os.path.join(data_folder(env), FOLDER)


def shell_path(env: Mapping[str, str]) -> str:
    return os.path.join(folder(env), "hook.sh")


def python_path(env: Mapping[str, str]) -> str:
    return os.path.join(folder(env), "hook.py")


def silent_answers() -> dict[str, str]:
    """Contract id → its ``SILENT`` answer, for the contracts that have one. The
    launcher holds them as text: it answers when caveat cannot be imported."""
    from caveat import harnesses

    found = {}
    for harness_id in harnesses.HARNESSES:
        answer = getattr(harnesses.load(harness_id), "SILENT", "")
        # Single-quoted in sh, a literal in Python: plain printable ASCII only.
        if answer and all(" " <= c <= "~" and c not in "'\\" for c in answer):
            found[harness_id] = answer
    return found


def _sh_case(answers: Mapping[str, str]) -> str:
    if not answers:
        return ":"
    arms = "".join(f"    {h}) printf '%s\\n' '{a}' ;;\n" for h, a in sorted(answers.items()))
    return f"case $contract in\n{arms}esac"


def texts(env: Mapping[str, str], python: str, site: str) -> dict[str, str]:
    """What each launcher file holds for this interpreter and package folder."""
    hook = python_path(env)
    answers = silent_answers()
    sh = _SH.replace("@PYTHON@", python).replace("@HOOK@", hook)
    return {
        shell_path(env): sh.replace("@SILENT@", _sh_case(answers)),
        hook: _PY.replace("@SITE@", site)
        .replace("@BUNDLE@", bundle.path(folder(env)))
        .replace("@FORMAT@", str(bundle.FORMAT))
        .replace("@SILENT@", repr(dict(sorted(answers.items())))),
    }


def problem(path: str, want: str) -> str:
    """Why the file at ``path`` is not the launcher ``want`` (``""``: it is)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return f"the launcher {path} is missing, so every hook exits with an error"
    except OSError as exc:
        return f"the launcher {path} cannot be read: {exc.strerror}"
    if not stat.S_ISREG(info.st_mode):
        return f"the launcher {path} is not a plain file (a symlink or another kind)"
    if hasattr(os, "geteuid") and info.st_uid != os.geteuid():
        return f"the launcher {path} belongs to another user"
    if info.st_mode & 0o022:
        return f"the launcher {path} is writable by others (mode {stat.S_IMODE(info.st_mode):04o})"
    try:
        with open(path, encoding="utf-8") as fh:
            have = fh.read()
    except (OSError, ValueError) as exc:
        return f"the launcher {path} cannot be read: {exc}"
    if have != want:
        return f"the launcher {path} starts another caveat than this one ({recorded(have)})"
    return ""


def recorded(text: str) -> str:
    """What a launcher's text names: its interpreter or package folder, for messages."""
    for line in text.splitlines():
        for key in ("py=", "SITE = "):
            if line.startswith(key):
                value = line[len(key) :].strip('"')
                gone = "" if os.path.exists(value) else ", which no longer exists"
                return f"{value}{gone}"
    return "not caveat's launcher"


def check(files: Iterable[tuple[str, str]]) -> list[str]:
    """Why the launcher files are not as ``files`` (path, text) says they must be."""
    return [p for p in (problem(path, text) for path, text in files) if p]


def write(files: Iterable[tuple[str, str]]) -> list[str]:
    """Write the launcher files (path, text) where they differ or are not ours alone;
    returns the paths written. A file at a launcher path is never written through: a
    new file takes its place by rename."""
    files = list(files)
    where = os.path.dirname(files[0][0])
    try:
        os.makedirs(where, mode=0o755, exist_ok=True)
        info = os.lstat(where)
    except OSError as exc:
        raise InstallError(
            f"cannot create the launcher folder {where}: {exc.strerror}; make it "
            "writable (or set XDG_DATA_HOME to a folder of yours) and run this again"
        ) from exc
    mine = not hasattr(os, "geteuid") or info.st_uid == os.geteuid()
    if not stat.S_ISDIR(info.st_mode) or not mine or info.st_mode & 0o022:
        raise InstallError(
            f"the launcher folder {where} is not a folder of yours alone (a symlink, "
            "another user's, or writable by others); remove it and run this again"
        )
    written = []
    for path, text in files:
        if problem(path, text):
            _replace(path, text)
            written.append(path)
    return written


def _replace(path: str, text: str) -> None:
    # A temporary file renamed over the old one: a planted file or symlink there is
    # replaced, never written through. (0600: only the user runs it.)
    from caveat.common.state import write_atomic

    if not write_atomic(path, text.encode("utf-8")):
        raise InstallError(
            f"cannot write the launcher {path}; make its folder writable and run this again"
        )


def remove(env: Mapping[str, str]) -> None:
    """Take the launcher away (nothing is registered any more)."""
    for path in (shell_path(env), python_path(env), bundle.path(folder(env))):
        try:
            os.unlink(path)
        except OSError:
            pass
    try:
        os.rmdir(folder(env))
    except OSError:
        pass
