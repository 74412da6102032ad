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
with a note naming the path and the fix. The write is ``caveat.common.files``'
atomic one (a temporary file in ``info``, ``O_EXCL|O_NOFOLLOW``, renamed over
``exclude`` after a second look for a link): an append (``O_APPEND|O_NOFOLLOW``)
could add the line too, but uninstall removes a line from anywhere in the file, which
only a rewrite can do, and one way of writing serves both.
"""

from __future__ import annotations

import os

from caveat.common import files
from caveat.common import gitctx
from caveat.common import gitrun
from caveat.common import writes

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


def _inside(exclude: str) -> str:
    """The git dir holding ``info/exclude``: the folder the write must stay in."""
    return os.path.dirname(os.path.dirname(exclude))


def unsafe(exclude: str) -> str | None:
    """Why ``exclude`` must not be written, and the fix, or None: its ``info`` folder
    or the file itself is a symbolic link, or not a folder and a regular file."""
    try:
        writes.check(exclude, _inside(exclude))
    except files.LinkedError as exc:
        return f"{exc}; replace {exc.path} with a regular {_what(exc.path, exclude)}"
    except files.NotRegularError as exc:
        return f"{exc}; replace it with a regular {_what(exc.path, exclude)}"
    except (OSError, ValueError) as exc:
        return f"{exclude} cannot be checked ({exc})"
    return None


def _what(path: str, exclude: str) -> str:
    return "file" if path == exclude else "folder"


def _read(exclude: str) -> str:
    """The exclude file's text ("" when it does not exist)."""
    try:
        fd, _ = files.open_strict(exclude, follow=False)
    except FileNotFoundError:
        return ""
    try:
        data = files.read_fd(fd, LIMIT)
    finally:
        os.close(fd)
    if len(data) > LIMIT:
        raise OSError(f"{exclude} is larger than {LIMIT} bytes; caveat leaves it alone")
    return data.decode("utf-8", "surrogateescape")


def _write(exclude: str, text: str) -> None:
    inside = _inside(exclude)
    writes.make_folders(os.path.dirname(exclude), inside, 0o755)
    writes.write_atomic(exclude, text.encode("utf-8", "surrogateescape"), inside=inside)


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
    text = _read(exclude)
    separator = bool(text) and not text.endswith("\n")
    _write(exclude, text + ("\n" if separator else "") + line + "\n")
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
    lines = _read(exclude).splitlines(keepends=True)
    matches = [i for i, text in enumerate(lines) if text.rstrip("\r\n") == line]
    if not matches:
        return []
    last = matches[-1]
    del lines[last]
    if added.get("separator") and last == len(lines) and lines:
        lines[-1] = lines[-1].rstrip("\n")
    _write(exclude, "".join(lines))
    return [f"removed {line} from {exclude}"]
