"""The git guard: shell commands that mutate git history or refs, or discard work.

Speaks for ``git commit`` (and ``--amend``), ``cherry-pick``, ``revert``, ``merge``,
``pull`` and ``am`` (they record new commits), ``checkout -B``, force pushes and remote
deletions, ``reset --hard``, a reset of any other mode to another commit (``reset --soft
HEAD~1``, ``reset HEAD~2``: the branch moves), ``rebase``, ``branch -D``/``-M``, ``tag
-d``/``-f``, ``clean -f``, ``checkout -- <paths>``/``checkout .``/``restore <paths>``,
``stash drop``/``clear``, ``update-ref``, ``filter-branch``/``filter-repo``, ``reflog
expire``, ``gc --prune=now`` and ``worktree remove --force`` — wherever the command word
is ``git`` itself: after global options (``git -C dir -c k=v commit``), wrappers
(``sudo``, ``env``, ``command``, ``xargs``, ``bash -c '…'``, ``eval``), in chains, pipes
and ``$(…)``. Quoted text, comments, here-document bodies and look-alike names
(``mygit``, ``digit``) stay silent, as do read-only and safe forms (``git log``, plain
``git push``, ``git branch -d``, ``git restore --staged``, ``git reset`` or ``git reset
HEAD <paths>`` that only unstage, ``cherry-pick -n``, ``merge --ff-only``, ``pull
--ff-only``, ``merge --abort``). Why each of these is decided the way it is, from the
git documentation, is written in ``rules``.

Variants of ``pretooluse-bash``: ``commit``, ``""`` (history or refs rewritten),
``force-push`` (the remote rewritten or its refs deleted) and ``discard`` (work
thrown away). The key is the normalized action (``push --force``), so each kind of
advice reaches the model once per session.

The silent path is two substring tests; the shell lexer is imported only when the
command contains "git" and a mutating sub-command word.
"""

from __future__ import annotations

from caveat.guards.git.rules import PREFILTER

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.event import Event
    from caveat.event import Finding
    from caveat.guards.base import Context


def command_may_match(command: str) -> bool:
    """False only when ``command`` cannot run a git sub-command the guard names."""
    low = command.lower()
    return "git" in low and any(word in low for word in PREFILTER)


def check(event: Event, ctx: Context) -> list[Finding]:
    command = event.command
    if not command or not command_may_match(command):
        return []
    from caveat.guards.git.commands import command_findings

    powershell = event.tool == "PowerShell" or event.shell == "powershell"
    return command_findings(command, powershell)
