"""A project install writes this machine's paths (caveat's interpreter and launcher)
into the harness's project file, which teams commit: on another clone those paths
lead nowhere, and the hooks there run nothing. So install says so when git tracks
the file, or would take it with the rest (it is not ignored), and names the fix: the
harness's local project file where it has one (``--local``), else the user's file.
Git is asked through :mod:`caveat.common.gitrun` (the project is hostile input)."""

from __future__ import annotations

import os

from caveat.common import gitrun
from caveat.common.gitctx import git_root

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.install.base import Harness
    from caveat.install.command import Runtime


def standing(path: str) -> str:
    """``"tracked"`` or ``"not ignored"`` when git would commit ``path`` (with the
    rest), ``""`` when it is ignored, outside any repository, or git cannot say."""
    root = git_root(os.path.dirname(path))
    if root is None:
        return ""
    relative = os.path.relpath(path, root)
    if relative == os.pardir or relative.startswith(os.pardir + os.sep):
        return ""
    listed = gitrun.run(root, "ls-files", "--", relative)
    if listed is None:
        return ""
    if listed.strip():
        return "tracked"
    ignored = gitrun.run(root, "check-ignore", "--", relative, ok=(0, 1))
    if ignored is None:
        return ""
    return "" if ignored.strip() else "not ignored"


def warning(spec: Harness, path: str, folder: str, runtime: Runtime) -> str:
    """The warning for a project install into ``path``, or ``""`` when git keeps it
    out (or caveat keeps it out: a private file is excluded by install itself)."""
    local = os.path.join(folder, spec.local_file) if spec.local_file else ""
    if spec.private or path == local:
        return ""
    found = standing(path)
    if not found:
        return ""
    why = "is tracked by git" if found == "tracked" else "is not ignored by git (git add takes it)"
    head = (
        f"{path} {why}, and caveat's registrations in it name this machine's interpreter "
        f"and launcher ({runtime.python}, {runtime.launch}): committed, they run nothing "
        "on another machine or clone"
    )
    if local:
        return (
            f"{head}. Fix: caveat install --harness {spec.id} --project {folder} --local "
            f"writes them to {local} instead (kept out of git) and removes them from {path}"
        )
    return (
        f"{head}. Fix: keep {path} out of git (add it to .gitignore), or register caveat "
        f"for yourself alone: caveat install --harness {spec.id} --user, then caveat "
        f"uninstall --harness {spec.id} --project {folder}"
    )
