"""Git sub-commands that mutate history or refs, or discard work, as data.

Read by ``caveat.guards.git.commands``. ``ACTIONS`` maps a normalized action (the
finding's key) to ``(action in words, risk, variant)``; the variant selects the
``## Advisory: <variant>`` section of ``pretooluse-bash``:

- ``commit``: a new commit (advice: only when asked, hooks on, review what is staged);
- ``""``: history or refs rewritten or deleted locally (amend, rebase, branch -D …);
- ``force-push``: the remote's history replaced or its refs deleted;
- ``discard``: uncommitted or untracked work thrown away.

Decisions taken from the git documentation:

- ``git reset [--soft|--mixed|--keep|--merge] <commit>`` "resets the current branch
  head to <commit>" (git-reset(1)): whatever the mode, the commits after <commit> leave
  the branch, so it rewrites history like ``commit --amend`` (variant ``""``). The
  modes differ only in what happens to the index and the working tree, and only
  ``--hard`` throws work away (``discard``; to another commit, it does both).
  ``git reset``, ``git reset HEAD`` and ``git reset [<tree-ish>] [--] <paths>`` move
  nothing: they only unstage.
- ``git cherry-pick <commit>…`` applies each change "recording a new commit for each"
  (git-cherry-pick(1)); ``git revert <commit>…`` "record[s] some new commits" that
  reverse earlier ones (git-revert(1)). Neither rewrites or discards anything — the
  old commits stay — but both put new commits into shared history under the user's
  name, exactly what ``git commit`` does: variant ``commit``. ``--continue`` and
  ``--skip`` go on recording commits; ``-n``/``--no-commit`` only changes the index
  and the working tree, and ``--abort``/``--quit`` end the sequence: those are silent.
- ``git merge`` "incorporates changes from the named commits" and, unless it
  fast-forwards, records a merge commit (git-merge(1)); ``git pull`` is a fetch and
  a merge, or a rebase that replays local commits on the fetched ones (git-pull(1));
  ``git am`` "creates a commit for each patch" of a mailbox (git-am(1)). All three put
  commits into history under the user's name, as cherry-pick and revert do: variant
  ``commit``. ``--ff-only`` only moves the branch forward to commits others already
  made and records none (it refuses otherwise); ``--squash`` and ``--no-commit``
  leave the result uncommitted; ``--abort``/``--quit`` and ``pull --dry-run`` record
  nothing: those are silent. ``merge -n`` is ``--no-stat``, not ``--no-commit``.
- ``git checkout [<tree-ish>] <pathspec>…`` overwrites the paths in the working
  tree (git-checkout(1)): with ``--``, with two or more words (the first is the
  tree-ish, or a path itself), and with ``--ours``/``--theirs`` during a conflict.
  One word alone may be a branch to switch to, and stays silent.
- ``git checkout -B <branch> [<start>]`` "is created if it doesn't exist; otherwise,
  it is reset" (git-checkout(1)): ``switch -C`` by its older name.
"""

from __future__ import annotations

# A command passes the cheap pre-filter when it contains "git" and one of these
# (lower-cased). Every sub-command handled below contains one of them.
PREFILTER = (
    "commit",
    "cherry",
    "revert",
    "merge",
    "pull",
    " am",
    "push",
    "reset",
    "rebase",
    "branch",
    "tag",
    "clean",
    "checkout",
    "restore",
    "switch",
    "stash",
    "update-ref",
    "filter-",
    "reflog",
    "gc",
    "worktree",
)

# Options of ``git`` itself that take the next word as their value (``git -C dir``).
GLOBAL_VALUES = frozenset(
    {"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--super-prefix", "--config-env"}
)

# Per sub-command, options whose value may be the next word: that word is neither a
# flag nor a path (``git commit -m "--amend"``, ``git tag -a v1 -m "-d"``).
VALUES: dict[str, frozenset[str]] = {
    "commit": frozenset(
        {"-m", "--message", "-F", "--file", "-C", "--reuse-message", "-c", "--reedit-message"}
        | {"--author", "--date", "-t", "--template", "--fixup", "--squash", "--cleanup"}
        | {"--trailer", "--pathspec-from-file"}
    ),
    "push": frozenset({"-o", "--push-option", "--repo", "--receive-pack", "--exec"}),
    "branch": frozenset(
        {"-u", "--set-upstream-to", "--contains", "--no-contains", "--merged"}
        | {"--no-merged", "--points-at", "--sort", "--format"}
    ),
    "tag": frozenset(
        {"-m", "--message", "-F", "--file", "-u", "--local-user", "--cleanup", "--sort"}
        | {"--format", "--contains", "--no-contains", "--merged", "--no-merged", "--points-at"}
    ),
    "checkout": frozenset({"-b", "-B", "--orphan", "--conflict", "--pathspec-from-file"}),
    "restore": frozenset({"-s", "--source", "--conflict", "--pathspec-from-file"}),
    "switch": frozenset({"-c", "--create", "-C", "--force-create", "--orphan", "--conflict"}),
    "clean": frozenset({"-e", "--exclude"}),
    "rebase": frozenset(
        {"--onto", "-s", "--strategy", "-X", "--strategy-option", "-x", "--exec"}
        | {"--whitespace", "--empty"}
    ),
    "stash": frozenset({"-m", "--message", "--pathspec-from-file"}),
    "reset": frozenset({"--pathspec-from-file"}),
    "cherry-pick": frozenset(
        {"-m", "--mainline", "--strategy", "-X", "--strategy-option", "--cleanup"}
    ),
    "revert": frozenset({"-m", "--mainline", "--strategy", "-X", "--strategy-option", "--cleanup"}),
    "worktree": frozenset({"--reason", "-b", "-B"}),
    "merge": frozenset(
        {"-m", "--message", "-F", "--file", "-s", "--strategy", "-X", "--strategy-option"}
        | {"--cleanup", "--into-name"}
    ),
    "pull": frozenset(
        {"-s", "--strategy", "-X", "--strategy-option", "--depth", "--deepen", "-j"}
        | {"--jobs", "--shallow-since", "--shallow-exclude", "-o", "--server-option"}
        | {"--upload-pack", "--cleanup"}
    ),
    "am": frozenset({"--patch-format", "--exclude", "--include", "--directory", "-C", "-p"})
    | frozenset({"--resolvemsg", "--quoted-cr", "--empty"}),
    "update-ref": frozenset({"-m"}),
}

# Options that make any sub-command a no-op here: help, and dry runs.
INERT = frozenset({"-h", "--help"})

_HISTORY = (
    "Rewritten commits get new ids; if the old ones were pushed, the branch diverges "
    "from the remote and can only be published again with a force-push."
)
_UNTRACKED = "Untracked files have no copy in git: once deleted they cannot be recovered."
_WORKTREE = "Uncommitted changes have no copy in git: once discarded they are lost for good."
_MOVED = (
    "The commits after it leave the branch: if they were pushed, the branch now diverges "
    "from the remote and can only be published again with a force-push."
)
_RECORDED = (
    "Each new commit goes into shared history under the user's name, with whatever "
    "conflicts were resolved along the way."
)
_REMOTE = (
    "Commits on the remote that your local branch lacks are dropped for everyone who "
    "shares the branch."
)

ACTIONS: dict[str, tuple[str, str, str]] = {
    "commit": (
        "creates a commit",
        "A commit records whatever is staged, under the user's name, in shared history.",
        "commit",
    ),
    "commit --no-verify": (
        "creates a commit without running the pre-commit and commit-msg hooks",
        "The hooks are the project's own checks; skipping them lets unchecked work in.",
        "commit",
    ),
    "commit --amend": (
        "rewrites the last commit (commit --amend)",
        _HISTORY,
        "",
    ),
    "cherry-pick": (
        "records a new commit for each commit it applies (cherry-pick)",
        _RECORDED,
        "commit",
    ),
    "revert": (
        "records new commits that undo earlier ones (revert)",
        _RECORDED,
        "commit",
    ),
    "merge": (
        "records a merge commit, unless it fast-forwards (merge)",
        _RECORDED,
        "commit",
    ),
    "merge --continue": (
        "records the merge commit of a merge that stopped on conflicts (merge --continue)",
        _RECORDED,
        "commit",
    ),
    "pull": (
        "fetches and merges the upstream branch, recording a merge commit unless it "
        "fast-forwards (pull)",
        _RECORDED,
        "commit",
    ),
    "pull --rebase": (
        "fetches and replays the local commits on top of the upstream ones (pull --rebase)",
        "Each replayed commit is recorded again under the user's name, with whatever "
        "conflicts were resolved along the way.",
        "commit",
    ),
    "am": (
        "records a new commit for each patch it applies (am)",
        _RECORDED,
        "commit",
    ),
    "reset --soft": (
        "moves the branch to {rev}, keeping the undone changes staged (reset --soft)",
        _MOVED,
        "",
    ),
    "reset --mixed": (
        "moves the branch to {rev}, keeping the undone changes unstaged (reset)",
        _MOVED,
        "",
    ),
    "reset --keep": (
        "moves the branch to {rev}, keeping local changes (reset --keep)",
        _MOVED,
        "",
    ),
    "reset --merge": ("moves the branch to {rev} (reset --merge)", _MOVED, ""),
    "rebase": ("rewrites history (rebase)", _HISTORY, ""),
    "rebase --continue": ("continues rewriting history (rebase --continue)", _HISTORY, ""),
    "rebase -i": (
        "rewrites history interactively (rebase -i opens an editor)",
        "The editor it opens cannot be driven from a tool call, and rewritten commits get new ids.",
        "",
    ),
    "branch -D": (
        "force-deletes a branch (branch -D)",
        "Commits only on that branch become unreachable and are lost once the reflog expires.",
        "",
    ),
    "branch -M": (
        "force-renames a branch over an existing one (branch -M)",
        "The branch that had the new name is overwritten; its commits become unreachable.",
        "",
    ),
    "branch -C": (
        "force-copies a branch over an existing one (branch -C)",
        "The branch that had the new name is overwritten; its commits become unreachable.",
        "",
    ),
    "branch -f": (
        "moves an existing branch to another commit (branch -f)",
        "Commits the branch pointed to may become unreachable.",
        "",
    ),
    "switch -C": (
        "resets an existing branch to another commit (switch -C)",
        "Commits the branch pointed to may become unreachable.",
        "",
    ),
    "checkout -B": (
        "resets an existing branch to another commit (checkout -B)",
        "Commits the branch pointed to may become unreachable.",
        "",
    ),
    "tag -d": (
        "deletes a tag",
        "If the tag was pushed or released, local and remote now disagree and the "
        "release loses its reference.",
        "",
    ),
    "tag -f": (
        "moves an existing tag to another commit (tag -f)",
        "Tags are meant to be immutable: clones keep the old one, and releases built "
        "from it no longer match.",
        "",
    ),
    "update-ref": (
        "rewrites a ref directly (update-ref)",
        "It bypasses the checks of branch, tag and reset; a wrong value silently loses commits.",
        "",
    ),
    "filter-branch": (
        "rewrites the whole history (filter-branch)",
        "Every commit id changes: all clones, forks and open pull requests must be "
        "reset, and a mistake is hard to undo.",
        "",
    ),
    "filter-repo": (
        "rewrites the whole history (filter-repo)",
        "Every commit id changes: all clones, forks and open pull requests must be "
        "reset, and a mistake is hard to undo.",
        "",
    ),
    "reflog expire": (
        "expires reflog entries",
        "The reflog is the safety net for lost commits; without it, rewritten or "
        "deleted commits cannot be recovered.",
        "",
    ),
    "reflog delete": (
        "deletes reflog entries",
        "The reflog is the safety net for lost commits; without it, rewritten or "
        "deleted commits cannot be recovered.",
        "",
    ),
    "gc --prune=now": (
        "prunes unreachable objects immediately",
        "Commits left dangling by a reset, rebase or branch deletion are deleted for good.",
        "",
    ),
    "push --force": (
        "force-pushes, replacing the remote branch's history",
        _REMOTE,
        "force-push",
    ),
    "push --force-with-lease": (
        "force-pushes with a lease, replacing the remote branch's history",
        _REMOTE + " The lease only guards against commits you have not fetched.",
        "force-push",
    ),
    "push --mirror": (
        "mirrors every local ref to the remote, overwriting and deleting remote refs",
        _REMOTE,
        "force-push",
    ),
    "push --delete": (
        "deletes a remote branch or tag",
        "Everyone loses the branch or tag, and pull requests opened from it are closed.",
        "force-push",
    ),
    "push --prune": (
        "deletes remote branches that have no local counterpart",
        "Everyone loses those branches, and pull requests opened from them are closed.",
        "force-push",
    ),
    "reset --hard": ("discards uncommitted work (reset --hard)", _WORKTREE, "discard"),
    "reset --hard <commit>": (
        "moves the branch to {rev} and discards uncommitted work (reset --hard)",
        "Uncommitted changes are lost for good, and the commits after it leave the branch; "
        "if they were pushed, only a force-push can publish the branch again.",
        "discard",
    ),
    "checkout -f": (
        "switches branches, discarding uncommitted work (checkout --force)",
        _WORKTREE,
        "discard",
    ),
    "checkout .": ("discards uncommitted work in the whole tree", _WORKTREE, "discard"),
    "checkout -- paths": ("discards uncommitted work in {paths}", _WORKTREE, "discard"),
    "restore .": ("discards uncommitted work in the whole tree", _WORKTREE, "discard"),
    "restore paths": ("discards uncommitted work in {paths}", _WORKTREE, "discard"),
    "switch --discard-changes": (
        "switches branches, discarding uncommitted work",
        _WORKTREE,
        "discard",
    ),
    "clean -f": ("deletes {files}", _UNTRACKED, "discard"),
    "stash drop": (
        "drops a stash entry",
        "A dropped stash leaves no reference; recovering it means hunting dangling commits.",
        "discard",
    ),
    "stash clear": (
        "deletes every stash entry",
        "Cleared stashes leave no reference; recovering them means hunting dangling commits.",
        "discard",
    ),
    "worktree remove --force": (
        "removes a worktree together with its uncommitted changes (--force)",
        _WORKTREE,
        "discard",
    ),
}

# The irreversible class (docs/holds.md): what cannot be taken back once it ran, so
# caveat may hold it once before it runs. Rewrites of shared history (every force
# push, the mirror, remote deletions; rebases and filters that give commits new ids)
# and work that has no copy in git (uncommitted changes, stashes, an unmerged branch).
# ``reset --keep``/``--merge`` refuse to lose local changes and ``commit --amend``
# rewrites only local history: advice alone. ``clean -f`` is held when it also takes
# directories or ignored files (``-d``, ``-x``), where build output and local
# configuration go with it.
HOLD = frozenset(
    {
        "push --force", "push --force-with-lease", "push --mirror", "push --delete",
        "push --prune", "reset --hard", "reset --hard <commit>", "checkout -f",
        "checkout .", "checkout -- paths", "restore .", "restore paths",
        "switch --discard-changes", "branch -D", "stash drop", "stash clear", "rebase",
        "rebase -i", "filter-branch", "filter-repo", "worktree remove --force",
    }
)  # fmt: skip
# ``clean -f`` letters that make it held.
CLEAN_HOLD = frozenset("dx")
