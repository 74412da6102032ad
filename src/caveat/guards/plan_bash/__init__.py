"""The plan guard (shell): commands that change plan files, or change any file while
the harness is in plan mode.

Variants of ``pretooluse-bash-plan-guard``:

- ``""``: the command writes, moves or deletes files in the project's plans folder
  (``[plans] folder``, default ``.caveat/plans`` under the git root): a redirection,
  ``tee``, ``sed -i``/``perl -i``, ``rm``, ``mv``, ``cp``, ``truncate``,
  ``find … -delete``, ``git rm``/``git mv``/``git checkout -- <path>``, PowerShell's
  ``Set-Content``/``Remove-Item``/… — or deletes or moves a folder that holds it.
  Plans should change through Write/Edit, where each change is visible and
  reviewable. Reading them (``cat``, ``grep``, ``ls``, ``cp`` out of the folder) is
  fine.
- ``plan-mode``: the harness is in plan mode and the command changes files other
  than plan files (the same commands, plus ``touch``, ``mkdir`` and git commands
  that change the working tree or repository: ``git add``, ``commit``,
  ``checkout``, ``pull`` …), and package-manager commands that install, remove or
  upgrade packages (``npm install``, ``npm ci``, ``pip install``, ``uv sync``,
  ``cargo add``, ``apt-get install`` …, read the way the dependency guard reads them:
  they change the manifest, the lockfile or the environment). Plan-mode shell
  findings belong here rather than to the write guard, because only this guard reads
  commands; under strict mode a pre-tool plan-mode finding denies the call. Commands
  whose effect cannot be read from their words (``python script.py``, ``make``,
  ``npm run build``) and package reads (``pip list``, ``npx``, ``--dry-run``) are not
  reported.

Relative paths start from the payload's cwd, moved by a ``cd`` earlier in the same
command line; paths behind variables (``$DIR/x``) cannot be known and are skipped.

The silent path outside plan mode is one substring test per component of the plans
folder's name (``.caveat``, ``plans``) on the command and the cwd; the shell lexer
is imported only when one is present.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.event import Event
    from caveat.event import Finding
    from caveat.guards.base import Context


PLAN_MODE = "plan"


def folder_words(folder: object) -> tuple[str, ...]:
    """The components of the configured plans folder: a command that names the
    folder, or a folder above it, contains one of them."""
    if not isinstance(folder, str) or not folder.strip("/\\ ."):
        return ()
    parts = folder.replace("\\", "/").split("/")
    return tuple(p for p in parts if p and p not in (".", "..", "~", "$HOME", "${HOME}"))


def command_may_match(command: str, cwd: str, folder: object) -> bool:
    """False only when ``command`` cannot name the plans folder and does not run
    inside it."""
    words = folder_words(folder)
    if any(word in command for word in words):
        return True
    # Inside the folder, relative paths need not name it: the cwd then holds all of it.
    inner = "/".join(words)
    return bool(inner) and inner in cwd.replace("\\", "/")


def check(event: Event, ctx: Context) -> list[Finding]:
    command = event.command
    if not command:
        return []
    plan_mode = event.permission_mode == PLAN_MODE
    folder = ctx.config.get("plans", "folder")
    if not plan_mode and not command_may_match(command, event.cwd, folder):
        return []
    from caveat.guards.plan_bash.report import command_findings

    return command_findings(event, ctx, plan_mode)
