"""Keep a file caveat writes into a project out of git, with a line in the repository's
``info/exclude`` (never committed, shared by its worktrees; found through GitPython).
The operator's ``.gitignore`` is not touched. The line caveat added is remembered in
the file's install record, and uninstall removes that line only.
"""

from __future__ import annotations

import os

from caveat.install.document import write_atomic

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.install.core import Json

KEY = "excluded"


def _where(project: str, path: str) -> tuple[str, str, bool] | None:
    """(exclude file, anchored pattern for ``path``, whether git ignores it already),
    or None when ``project`` is not inside a git work tree."""
    try:
        import git
    except ImportError:  # GitPython, or the git it needs, is missing
        return None
    try:
        repo = git.Repo(project, search_parent_directories=True)
    except (git.InvalidGitRepositoryError, git.NoSuchPathError):
        return None
    try:
        root = repo.working_tree_dir
        if root is None:
            return None
        relative = os.path.relpath(path, root)
        if relative == os.pardir or relative.startswith(os.pardir + os.sep):
            return None
        relative = relative.replace(os.sep, "/")
        exclude = os.path.join(repo.common_dir, "info", "exclude")
        ignored = bool(repo.ignored(relative))
    except (git.GitError, OSError, ValueError):
        return None
    finally:
        repo.close()
    return exclude, "/" + relative, ignored


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8", newline="") as fh:
            return fh.read()
    except FileNotFoundError:
        return ""


def add(project: str, path: str, record: Json, dry_run: bool) -> list[str]:
    """Exclude ``path`` from git unless git ignores it already."""
    found = _where(project, path)
    if found is None:
        name = os.path.relpath(path, project)
        return [f"{project} is not in a git work tree: nothing keeps {name} out of commits"]
    exclude, line, ignored = found
    if ignored:
        return []
    if dry_run:
        return [f"would add {line} to {exclude}"]
    text = _read(exclude)
    separator = bool(text) and not text.endswith("\n")
    os.makedirs(os.path.dirname(exclude), exist_ok=True)
    write_atomic(exclude, text + ("\n" if separator else "") + line + "\n")
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
    if dry_run:
        return [f"would remove {line} from {exclude}"]
    lines = _read(exclude).splitlines(keepends=True)
    matches = [i for i, text in enumerate(lines) if text.rstrip("\r\n") == line]
    record.pop(KEY)
    if not matches:
        return []
    last = matches[-1]
    del lines[last]
    if added.get("separator") and last == len(lines) and lines:
        lines[-1] = lines[-1].rstrip("\n")
    write_atomic(exclude, "".join(lines))
    return [f"removed {line} from {exclude}"]
