"""Where a path lies: in the project's plans folder, in a harness's own plan folder,
elsewhere in a project, or in a global location. Shared by the guards that read the
plans folder (plan, plan-bash, tracking-ids); no guard's package holds it.

The project is the git root above the path (SPEC §2); a git root that is the home
folder itself (a dotfiles repository) does not count as a project. The plans folder
is ``[plans] folder``: relative to that git root, or absolute (``~`` expands to the
home folder). Only ``os`` is used: no ``pathlib`` on the hook path.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.guards.base import Context

PLANS = "plans"  # the project's plans folder (or a configured absolute one)
HARNESS_PLANS = "harness-plans"  # a harness's own plan folder (~/.claude/plans)
PROJECT = "project"  # inside a project, outside its plans folder
GLOBAL = "global"  # harness configuration, the home folder, a temp folder
ELSEWHERE = "elsewhere"  # outside every project and every global location

DEFAULT_FOLDER = ".caveat/plans"

# Where harnesses keep their own configuration (relative to the home folder; an
# environment variable that moves one comes first). Plan text written under any of
# them is "global".
HARNESS_DIRS = (
    ("CLAUDE_CONFIG_DIR", ".claude"),
    ("CODEX_HOME", ".codex"),
    ("GEMINI_CONFIG_DIR", ".gemini"),
    ("", ".qwen"),
    ("", ".cursor"),
    ("", ".copilot"),
    ("", ".kiro"),
    ("", ".codebuddy"),
    ("", ".codeium"),
    ("", ".windsurf"),
    ("", ".devin"),
    ("", ".apothem"),
    ("XDG_CONFIG_HOME", ".config"),
)
# Folders where harnesses write their own plan files (plan mode may write there).
HARNESS_PLAN_DIRS = (
    ("CLAUDE_CONFIG_DIR", ".claude", "plans"),
    ("", ".cursor", "plans"),
)
TEMP_DIRS = ("/tmp", "/var/tmp", "/private/tmp", "/dev/shm")
TEMP_ENV = ("TMPDIR", "TEMP", "TMP")


def norm(path: str) -> str:
    return os.path.normcase(os.path.normpath(path))


def under(path: str, folder: str) -> bool:
    """True when ``path`` is ``folder`` or inside it (both normalized)."""
    if not folder:
        return False
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def home(env: Mapping[str, str]) -> str:
    value = env.get("HOME", "") or os.path.expanduser("~")
    return norm(value) if value and os.path.isabs(value) else ""


def expand(path: str, env: Mapping[str, str]) -> str:
    """``~``, ``$HOME`` and ``${HOME}`` at the start of ``path`` replaced."""
    for prefix in ("~", "$HOME", "${HOME}"):
        if path == prefix or path.startswith((prefix + "/", prefix + "\\")):
            base = home(env)
            return base + path[len(prefix) :] if base else path
    return path


def configured(ctx: Context) -> str:
    """The configured plans folder as written (default ``.caveat/plans``)."""
    value = ctx.config.get("plans", "folder")
    if not isinstance(value, str) or not value.strip("/\\ ."):
        return ""
    return value.strip()


def plans_folder(ctx: Context, root: str | None) -> str:
    """The absolute, normalized plans folder of the project at ``root`` ("" when it
    cannot be known: a relative folder and no project)."""
    value = configured(ctx)
    if not value:
        return ""
    value = expand(value, ctx.env)
    if os.path.isabs(value):
        return norm(value)
    return norm(os.path.join(root, value)) if root else ""


def _dirs(env: Mapping[str, str], rows: tuple[tuple[str, ...], ...]) -> list[str]:
    base = home(env)
    out = []
    for row in rows:
        var, parts = row[0], row[1:]
        moved = env.get(var, "") if var else ""
        if moved and os.path.isabs(moved):
            out.append(norm(os.path.join(moved, *parts[1:])))
        if base:
            out.append(norm(os.path.join(base, *parts)))
    return out


def harness_plan_dirs(env: Mapping[str, str]) -> list[str]:
    return _dirs(env, HARNESS_PLAN_DIRS)


def harness_dirs(env: Mapping[str, str]) -> list[str]:
    return _dirs(env, HARNESS_DIRS)


def temp_dirs(env: Mapping[str, str]) -> list[str]:
    out = [norm(d) for d in TEMP_DIRS]
    for var in TEMP_ENV:
        value = env.get(var, "")
        if value and os.path.isabs(value) and norm(value) not in ("/", home(env)):
            out.append(norm(value))
    return out


def project_root(ctx: Context, path: str) -> str | None:
    """The git root above ``path`` unless it is the home folder itself."""
    root = ctx.git_root(path)
    if root and norm(root) != home(ctx.env):
        return root
    return None


def cwd_root(ctx: Context) -> str | None:
    """The project of the event's working folder."""
    cwd = ctx.event.cwd
    if not cwd or not os.path.isabs(cwd):
        return None
    # A child path, so that the root cache is keyed by the folder itself.
    return project_root(ctx, os.path.join(cwd, "_"))


def locate(ctx: Context, path: str) -> tuple[str, str | None]:
    """``(kind, project root)`` of the absolute ``path``."""
    p = norm(path)
    env = ctx.env
    if any(under(p, d) for d in harness_plan_dirs(env)):
        return HARNESS_PLANS, None
    if any(under(p, d) for d in harness_dirs(env)):
        return GLOBAL, None
    root = project_root(ctx, path)
    folder = plans_folder(ctx, root)
    if folder and under(p, folder):
        return PLANS, root
    if root:
        return PROJECT, root
    if any(under(p, d) for d in temp_dirs(env)) or under(p, home(env)):
        return GLOBAL, None
    return ELSEWHERE, None


def shown(path: str, root: str | None, env: Mapping[str, str]) -> str:
    """``path`` relative to ``root`` when inside it, else with ``~`` for the home
    folder; forward slashes."""
    p = os.path.normpath(path)
    if root:
        r = os.path.normpath(root)
        if under(norm(p), norm(r)) and norm(p) != norm(r):
            return p[len(r.rstrip(os.sep)) + 1 :].replace(os.sep, "/")
    base = home(env)
    if base and under(norm(p), base) and norm(p) != base:
        return "~/" + p[len(base.rstrip(os.sep)) + 1 :].replace(os.sep, "/")
    return p.replace(os.sep, "/")


def shown_folder(ctx: Context, root: str | None, absolute: bool = False) -> str:
    """The plans folder as the advisory names it: relative to the project when it is
    inside it (absolute when asked), else as configured."""
    folder = plans_folder(ctx, root)
    if folder:
        text = shown(folder, None if absolute else root, ctx.env)
        return text.rstrip("/") + "/"
    value = configured(ctx) or DEFAULT_FOLDER
    return value.replace("\\", "/").rstrip("/") + "/ under the project's git root"
