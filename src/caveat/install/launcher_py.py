"""The Python launcher, ``launch/hook.py``: the text of the file that imports caveat
from where it was installed, preloading the bundle (:mod:`caveat.install.launcher`
says why)."""

from __future__ import annotations

from caveat.install import bundle

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

# ``@SITE@`` is filled in at install. What records a fault is a string compiled only
# when it is needed: a script is compiled on every run (no bytecode cache).
_PY = r'''"""caveat's hook launcher, written by `caveat install` (every install rewrites it).

Registrations run `python -I <this file> --contract ID EVENT ...`. caveat is imported
from the folder it was installed in, else from this interpreter's own sys.path; when
it cannot be imported (uninstalled, moved, half upgraded), the payload is read, one
"launch failed" line goes to the audit log, and the exit status is 0 all the same.
Its hot-path modules run first from the bundle beside this file, when that is fresh."""

import gc
import os
import sys

gc.disable()  # caveat.hook says why, and turns it back on for a large payload
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


def text(site: str, bundle_path: str, answers: Mapping[str, str]) -> str:
    """``hook.py`` for the package folder ``site`` and the bundle at ``bundle_path``."""
    return (
        _PY.replace("@SITE@", site)
        .replace("@BUNDLE@", bundle_path)
        .replace("@FORMAT@", str(bundle.FORMAT))
        .replace("@SILENT@", repr(dict(sorted(answers.items()))))
    )
