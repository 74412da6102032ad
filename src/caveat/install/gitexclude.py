"""Keep a file caveat writes into a project out of git, with a line in the repository's
``info/exclude`` (never committed, shared by its worktrees). The operator's
``.gitignore`` is not touched. The line caveat added is remembered in the file's
install record, and uninstall removes that line only.

Git is asked through ``caveat.common.gitrun`` (the repository is hostile input: its
fsmonitor, hooks and other configured programs never run): ``rev-parse`` names the
work tree and the exclude file (``--git-path`` follows a worktree to the common dir,
as git itself does), ``check-ignore`` says whether the path is ignored already.

The exclude file is written only as a regular file in a real ``info`` folder: a
symbolic link at either would carry the write out of the repository, so it is refused
with a note naming the path. The write is a temporary file in ``info`` renamed over
``exclude``, both through a descriptor of ``info`` opened with ``O_NOFOLLOW``: a rename
replaces the name, it never follows a link a racing writer put there. An append
(``O_APPEND|O_NOFOLLOW``) could add the line too, but uninstall removes a line from
anywhere in the file, which only a rewrite can do; one way of writing serves both.
"""

from __future__ import annotations

import os
import secrets
import stat

from caveat.common import gitctx
from caveat.common import gitrun

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.install.core import Json

KEY = "excluded"
# The installer is not on the hook path: git gets more time than a guard gives it.
TIMEOUT_S = 10.0
# A bound on what is read of an exclude file.
LIMIT = 4 * 1024 * 1024


def _where(project: str, path: str) -> tuple[str, str, bool] | str:
    """(exclude file, anchored pattern for ``path``, whether git ignores it already),
    or why not: ``project`` is not inside a git work tree, or git cannot read it."""
    name = os.path.relpath(path, project)
    root = gitctx.git_root(project)
    if root is None:
        return f"{project} is not in a git work tree: nothing keeps {name} out of commits"
    found = gitrun.run(
        root, "rev-parse", "--show-toplevel", "--git-path", "info/exclude", timeout=TIMEOUT_S
    )
    lines = os.fsdecode(found or b"").split("\n")
    if len(lines) != 3 or lines[2] or not lines[0] or not lines[1]:
        # No answer (no git, a special file in .git, too slow), or a path with a
        # newline in it: not guessed at.
        dirs = gitctx.git_dirs(root)
        exclude = os.path.join(dirs[1] if dirs else root, "info", "exclude")
        why = unsafe(exclude) or f"git cannot read the repository at {root}"
        return f"{why}: nothing keeps {name} out of commits"
    top, exclude = lines[0], os.path.join(root, lines[1])  # --git-path is relative to -C
    # The folder as git sees it (git's top level is a real path); the name as written.
    where = os.path.join(os.path.realpath(os.path.dirname(path)), os.path.basename(path))
    relative = os.path.relpath(where, top)
    if relative == os.pardir or relative.startswith(os.pardir + os.sep):
        return f"{path} is outside {top}: nothing keeps it out of commits"
    relative = relative.replace(os.sep, "/")
    # check-ignore prints the path when it is ignored, nothing when it is not (status 1).
    shown = gitrun.run(root, "check-ignore", "--", where, ok=(0, 1), timeout=TIMEOUT_S)
    return exclude, "/" + relative, bool(shown)


def unsafe(exclude: str) -> str | None:
    """Why ``exclude`` must not be written, or None: its ``info`` folder or the file
    itself is a symbolic link, or something other than a folder and a regular file."""
    info = os.path.dirname(exclude)
    for where, kind, test in ((info, "folder", stat.S_ISDIR), (exclude, "file", stat.S_ISREG)):
        try:
            mode = os.lstat(where).st_mode
        except FileNotFoundError:
            return None
        except OSError as exc:
            return f"{where} cannot be read ({exc.strerror or exc})"
        if stat.S_ISLNK(mode):
            return f"{where} is a symbolic link; replace it with a regular {kind}"
        if not test(mode):
            return f"{where} is not a regular {kind}; replace it with one"
    return None


def _open_info(exclude: str, create: bool) -> int | None:
    """A descriptor of the ``info`` folder, never through a link; None when absent."""
    info = os.path.dirname(exclude)
    if create:
        try:
            os.mkdir(info, 0o755)
        except FileExistsError:
            pass
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        return os.open(info, flags)
    except FileNotFoundError:
        return None


def _read(folder: int, exclude: str) -> tuple[str, int | None]:
    """The exclude file's text and mode ("" and None when it does not exist)."""
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK
    try:
        fd = os.open("exclude", flags, dir_fd=folder)
    except FileNotFoundError:
        return "", None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > LIMIT:
            raise OSError(f"{exclude} is not a regular file of at most {LIMIT} bytes")
        with os.fdopen(os.dup(fd), "rb") as fh:
            data = fh.read(LIMIT + 1)
    finally:
        os.close(fd)
    return data.decode("utf-8", "surrogateescape"), stat.S_IMODE(info.st_mode)


def _write(folder: int, text: str, mode: int | None) -> None:
    """Replace ``exclude`` in ``folder`` by ``text``: a temp file, then a rename."""
    name = f".caveat-{secrets.token_hex(8)}.tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
    fd = os.open(name, flags, 0o600, dir_fd=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(text.encode("utf-8", "surrogateescape"))
            fh.flush()
            os.fsync(fh.fileno())
            os.fchmod(fh.fileno(), 0o644 if mode is None else mode)
        os.replace(name, "exclude", src_dir_fd=folder, dst_dir_fd=folder)
    except BaseException:
        try:
            os.unlink(name, dir_fd=folder)
        except OSError:
            pass
        raise


def _refused(exclude: str, why: str, then: str) -> list[str]:
    return [f"refused to write {exclude}: {why}. {then}"]


def add(project: str, path: str, record: Json, dry_run: bool) -> list[str]:
    """Exclude ``path`` from git unless git ignores it already."""
    found = _where(project, path)
    if isinstance(found, str):
        return [found]
    exclude, line, ignored = found
    if ignored:
        return []
    why = unsafe(exclude)
    if why is not None:
        name = os.path.relpath(path, project)
        then = f"Then run this again; until then nothing keeps {name} out of commits"
        return _refused(exclude, why, then)
    if dry_run:
        return [f"would add {line} to {exclude}"]
    folder = _open_info(exclude, create=True)
    if folder is None:  # pragma: no cover - made just above
        raise FileNotFoundError(os.path.dirname(exclude))
    try:
        text, mode = _read(folder, exclude)
        separator = bool(text) and not text.endswith("\n")
        _write(folder, text + ("\n" if separator else "") + line + "\n", mode)
    finally:
        os.close(folder)
    record[KEY] = {"file": exclude, "line": line, "separator": separator}
    return [f"added {line} to {exclude}, so that git ignores it"]


def remove(path: str, record: Json, dry_run: bool) -> list[str]:
    """Remove the line :func:`add` added, if it is still there."""
    added = record.get(KEY)
    if not isinstance(added, dict):
        return []
    exclude, line = added.get("file"), added.get("line")
    if not isinstance(exclude, str) or not isinstance(line, str):
        record.pop(KEY)
        return []
    why = unsafe(exclude)
    if why is not None:
        if not dry_run:
            record.pop(KEY)
        return _refused(exclude, why, f"Remove the line {line} from it by hand")
    if dry_run:
        return [f"would remove {line} from {exclude}"]
    record.pop(KEY)
    folder = _open_info(exclude, create=False)
    if folder is None:
        return []
    try:
        text, mode = _read(folder, exclude)
        lines = text.splitlines(keepends=True)
        matches = [i for i, text in enumerate(lines) if text.rstrip("\r\n") == line]
        if not matches:
            return []
        last = matches[-1]
        del lines[last]
        if added.get("separator") and last == len(lines) and lines:
            lines[-1] = lines[-1].rstrip("\n")
        _write(folder, "".join(lines), mode)
    finally:
        os.close(folder)
    return [f"removed {line} from {exclude}"]
