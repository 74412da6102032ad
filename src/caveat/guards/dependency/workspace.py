"""Names a uv workspace serves from its own members: a member's ``pyproject.toml``
lists them as plain requirements (``"pyx-member-03"``), while the workspace root's
``[tool.uv.sources]`` says ``{ workspace = true }`` (or a path). The root is found
among the folders above the member, up to the git root, and read as data."""

from __future__ import annotations

import os

from caveat.guards.dependency.manifest_util import is_local

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.guards.base import Context

_MAX_LEVELS = 8


def member_names(ctx: Context, path: str) -> frozenset[str]:
    """The names that the uv workspace around ``path`` (a ``pyproject.toml``) maps
    to its members or to local folders; empty when there is none."""
    from caveat.guards.dependency.manifest_toml import pyproject

    root = ctx.git_root(path)
    folder = os.path.dirname(path)
    names: set[str] = set()
    for _ in range(_MAX_LEVELS):
        parent = os.path.dirname(folder)
        if not root or parent == folder or not folder.startswith(root):
            break
        folder = parent
        if len(folder) < len(root):
            break
        text = ctx.read_text(os.path.join(folder, "pyproject.toml"))
        if text and "[tool.uv.sources]" in text:
            found = pyproject(text, True)
            names.update(n for n, spec in found.items() if is_local(n, spec))
        if text and "[tool.uv.workspace]" in text:
            break  # the workspace root: nothing above it applies
    return frozenset(names)
