"""Where a written configuration file sits: its kind (which picks the conformity
checks: the harnesses' hook files from ``caveat.guards.conformity.hookfiles``, then
the rows of ``caveat.guards.conformity.rules``) and how its path is shown.
"""

from __future__ import annotations

import os

from caveat.guards.base import CODEX_HOME_ENV
from caveat.guards.conformity import rules
from caveat.guards.conformity.hookfiles import FILES

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.guards.base import Context


def _norm(path: str) -> str:
    norm = path.replace("\\", "/")
    return norm if norm.startswith("/") else "/" + norm


def virtual_path(path: str, env: Mapping[str, str]) -> str:
    """``path`` with a custom ``$CODEX_HOME`` mapped onto ``/.codex``."""
    norm = _norm(path)
    home = env.get(CODEX_HOME_ENV, "")
    if home:
        folder = _norm(os.path.expanduser(home)).rstrip("/")
        if norm.startswith(folder + "/"):
            return "/.codex" + norm[len(folder) :]
    return norm


def kind_of(norm: str) -> str:
    """The kind of configuration file at ``norm`` (a ``/``-rooted path)."""
    cut = norm.rfind("/")
    base, parent = norm[cut + 1 :], norm[:cut]
    if base in rules.NAME_KINDS:
        return rules.NAME_KINDS[base]
    for kind, folder, name in (*FILES, *rules.KINDS):
        if name.startswith("*."):
            if not base.endswith(name[1:]):
                continue
        elif base != name:
            continue
        if folder.endswith("/**"):
            if folder[:-3] + "/" in parent + "/":
                return kind
        elif parent.endswith(folder):
            return kind
    dot = base.rfind(".")
    return rules.EXTENSION_KINDS.get(base[dot:], "other") if dot > 0 else "other"


def display(ctx: Context, path: str) -> str:
    """``path`` relative to its git root, or as ``~/…`` under the home folder."""
    home = ctx.env.get("HOME") or os.path.expanduser("~")
    home = home.rstrip(os.sep) if home not in ("", os.sep) else ""
    root = ctx.git_root(path)
    if root:
        root = root.rstrip(os.sep)
    if root and root != home and path.startswith(root + os.sep):
        return path[len(root) + 1 :].replace(os.sep, "/")
    if home and path.startswith(home + os.sep):
        return "~/" + path[len(home) + 1 :].replace(os.sep, "/")
    return path.replace(os.sep, "/")
