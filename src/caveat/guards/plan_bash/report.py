"""Plan-bash findings: the changes a command line makes, in order, checked against
the plans folder and plan mode.

Imported only after the pre-filter (a plans-folder name in the command, or plan
mode). The shared lexer splits the command; wrappers (``sudo``, ``env``, ``xargs``,
``bash -c '…'``, ``eval``) are removed by ``caveat.common.shellwrap.run_argvs``. A ``cd``
earlier in the same command line moves the folder that relative paths start from.
Quoted text (``echo "rm .caveat/plans/x"``), comments and here-document bodies are
data, never commands. Redirections inside a ``bash -c '…'`` script are not seen
(``run_argvs`` yields words only).
"""

from __future__ import annotations

import os

from caveat.common.shellwrap import command_name
from caveat.common.shellwrap import display
from caveat.common.shellwrap import run_argvs
from caveat.event import Finding
from caveat.guards import commandline
from caveat.guards import plans
from caveat.guards.plan_bash import tables
from caveat.guards.plan_bash.commands import posix_changes
from caveat.guards.plan_bash.commands import powershell_changes
from caveat.guards.plan_bash.commands import redirect_changes
from caveat.guards.plan_bash.words import FOLDER
from caveat.guards.plan_bash.words import REPO
from caveat.guards.plan_bash.words import Change
from caveat.guards.plan_bash.words import resolve

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.event import Event
    from caveat.guards.base import Context

_MAX_FINDINGS = 5
_SHELL_CWD = frozenset({"cd", "pushd", "chdir"})
# The action of a command that installs, removes or upgrades packages (plan mode).
PACKAGES = "changes the packages and dependencies of"


def changes(
    command: str, powershell: bool, cwd: str, env: Mapping[str, str], packages: bool = False
) -> tuple[list[Change], str]:
    """Every change the command line makes to files, in order; with ``packages``, also
    installs, removals and upgrades of packages (they change the environment, the
    lockfile or the manifest: plan mode reports them). Then what of the command line
    was not read, in words ("" when all of it was)."""
    out: list[Change] = []
    dialect = "powershell" if powershell else "bash"
    commands, unread = commandline.read(command, dialect)
    for cmd in commands:
        argv = cmd.argv
        if argv and not cmd.nested:
            name = command_name(argv[0])
            if name in _SHELL_CWD or (powershell and name in tables.POWERSHELL_CWD):
                rest = [w for w in argv[1:] if not w.startswith("-")]
                cwd = resolve(rest[0], cwd, env) if rest else plans.home(env) or cwd
                continue
        out.extend(redirect_changes(cmd, cwd, env))
        if not argv:
            continue
        for inner in run_argvs(argv, powershell):
            if not inner:
                continue
            if powershell:
                out.extend(powershell_changes(inner, cwd, env))
            else:
                out.extend(posix_changes(inner, cwd, env))
            if packages and _package_change(inner, powershell):
                out.append(Change(display(inner), PACKAGES, cwd, REPO))
    return out, unread


def _package_change(argv: list[str], powershell: bool) -> str:
    # Shared with the dependency guard, so that both agree on what installs packages;
    # imported only in plan mode (its tables are long).
    from caveat.guards.packages import package_change

    return package_change(argv, powershell)


def _in_plans(ctx: Context, change: Change) -> bool:
    """The change reaches the plans folder: a file in it, or (deleting or moving) the
    folder itself or a folder of the project that holds it."""
    if change.action not in tables.FOLDER_ACTIONS or not change.path:
        return False
    kind, root = plans.locate(ctx, change.path)
    if kind == plans.PLANS:
        return True
    if change.action not in ("deletes", "moves", "removes from git") or not root:
        return False
    folder = plans.plans_folder(ctx, root)
    target = plans.norm(change.path)
    return bool(folder) and plans.under(folder, target) and plans.under(target, plans.norm(root))


def _allowed_in_plan_mode(ctx: Context, change: Change) -> bool:
    kind, _ = plans.locate(ctx, change.path)
    return kind in (plans.PLANS, plans.HARNESS_PLANS)


def _grouped(
    ctx: Context, found: list[tuple[Change, str]]
) -> list[tuple[str, str, str, list[str]]]:
    """``(variant, command, action, shown paths)`` with the paths of one command and
    action together, in first-seen order."""
    groups: dict[tuple[str, str, str], list[str]] = {}
    for change, variant in found:
        _, root = plans.locate(ctx, change.path)
        if change.scope == REPO:
            # A child path, so that the root cache is keyed by the folder itself.
            root = plans.project_root(ctx, os.path.join(change.path, "_"))
            shown = plans.shown(root, None, ctx.env) if root else change.path
        else:
            shown = plans.shown(change.path, root or plans.project_root(ctx, change.path), ctx.env)
        listed = groups.setdefault((variant, change.command, change.action), [])
        if shown not in listed:
            listed.append(shown)
    return [(v, c, a, p) for (v, c, a), p in groups.items()]


def _paths_text(listed: list[str]) -> str:
    if len(listed) <= 3:
        return ", ".join(listed)
    return ", ".join(listed[:3]) + f" and {len(listed) - 3} more"


def command_findings(event: Event, ctx: Context, plan_mode: bool) -> list[Finding]:
    powershell = event.tool == "PowerShell" or event.shell == "powershell"
    found: list[tuple[Change, str]] = []
    made, unread = changes(event.command, powershell, event.cwd, ctx.env, plan_mode)
    for change in made:
        if change.scope != REPO and _in_plans(ctx, change):
            found.append((change, ""))
        elif (
            plan_mode
            and change.scope != FOLDER
            and (change.scope == REPO or not _allowed_in_plan_mode(ctx, change))
        ):
            found.append((change, "plan-mode"))
    findings: list[Finding] = []
    deny = plan_mode and event.name == "PreToolUse"
    for variant, command, action, listed in _grouped(ctx, found)[:_MAX_FINDINGS]:
        values = {"command": command, "action": action, "path": _paths_text(listed)}
        key = f"{variant or 'folder'}:{action}:{values['path']}"
        findings.append(Finding(values, variant=variant, key=key, deny=deny and bool(variant)))
    if unread:
        findings.append(commandline.notice(unread))
    return findings
