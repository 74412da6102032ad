"""The git guard: shell commands that rewrite history or refs, or discard work."""

from __future__ import annotations

import shlex

import pytest

from caveat.event import Event
from caveat.guards.base import Context
from caveat.guards.git.rules import ACTIONS
from tests.helpers import check
from tests.helpers import isolated_words

HISTORY = ACTIONS["rebase"][1]
WORKTREE = ACTIONS["reset --hard"][1]
REMOTE = ACTIONS["push --force"][1]


def shell(command, kind="bash", name="PreToolUse"):
    tool = "PowerShell" if kind == "powershell" else "Bash"
    event = Event(name, tool=tool, command=command, shell=kind, cwd="/tmp")
    return check("git", event, Context(event, env={}))


def one(command, kind="bash"):
    findings = shell(command, kind)
    assert len(findings) == 1, findings
    finding = findings[0]
    assert finding.guard == "git" and finding.message == "pretooluse-bash"
    assert finding.deny is False
    assert set(finding.value_map()) == {"command", "action", "risk"}
    return finding


FIRING = [
    # (command, key, variant, action, command shown)
    pytest.param(
        'git commit -m "fix"',
        "commit",
        "commit",
        "creates a commit",
        "git commit -m fix",
        id="commit",
    ),
    pytest.param(
        "git commit -am 'wip: x'",
        "commit",
        "commit",
        "creates a commit",
        "git commit -am 'wip: x'",
        id="commit-am-quoted-message",
    ),
    pytest.param(
        "git commit --amend --no-edit",
        "commit --amend",
        "",
        "rewrites the last commit (commit --amend)",
        "git commit --amend --no-edit",
        id="commit-amend",
    ),
    pytest.param(
        "git commit -n -m x",
        "commit --no-verify",
        "commit",
        "creates a commit without running the pre-commit and commit-msg hooks",
        "git commit -n -m x",
        id="commit-no-verify-short",
    ),
    pytest.param(
        "git -C /repo -c user.name=bot commit -m x",
        "commit",
        "commit",
        "creates a commit",
        "git -C /repo -c user.name=bot commit -m x",
        id="global-options-before-sub-command",
    ),
    pytest.param(
        "git --git-dir=.git --no-pager commit -m x",
        "commit",
        "commit",
        "creates a commit",
        "git --git-dir=.git --no-pager commit -m x",
        id="long-global-options",
    ),
    pytest.param(
        "/usr/bin/git push --force origin main",
        "push --force",
        "force-push",
        "force-pushes, replacing the remote branch's history",
        "/usr/bin/git push --force origin main",
        id="push-force-absolute-path",
    ),
    pytest.param(
        "git push -uf origin feat",
        "push --force",
        "force-push",
        "force-pushes, replacing the remote branch's history",
        "git push -uf origin feat",
        id="push-short-cluster",
    ),
    pytest.param(
        "git push origin +main",
        "push --force",
        "force-push",
        "force-pushes, replacing the remote branch's history",
        "git push origin +main",
        id="push-plus-refspec",
    ),
    pytest.param(
        "git push --force-with-lease=main:abc origin main",
        "push --force-with-lease",
        "force-push",
        "force-pushes with a lease, replacing the remote branch's history",
        "git push --force-with-lease=main:abc origin main",
        id="push-force-with-lease",
    ),
    pytest.param(
        "git push origin --delete feat",
        "push --delete",
        "force-push",
        "deletes a remote branch or tag",
        "git push origin --delete feat",
        id="push-delete",
    ),
    pytest.param(
        "git push origin :feat",
        "push --delete",
        "force-push",
        "deletes a remote branch or tag",
        "git push origin :feat",
        id="push-colon-refspec",
    ),
    pytest.param(
        "git push --mirror backup",
        "push --mirror",
        "force-push",
        "mirrors every local ref to the remote, overwriting and deleting remote refs",
        "git push --mirror backup",
        id="push-mirror",
    ),
    pytest.param(
        "git reset --hard HEAD~2",
        "reset --hard <commit>",
        "discard",
        "moves the branch to HEAD~2 and discards uncommitted work (reset --hard)",
        "git reset --hard HEAD~2",
        id="reset-hard-to-a-commit",
    ),
    pytest.param(
        "git reset --hard HEAD",
        "reset --hard",
        "discard",
        "discards uncommitted work (reset --hard)",
        "git reset --hard HEAD",
        id="reset-hard-head",
    ),
    pytest.param(
        "git rebase main", "rebase", "", "rewrites history (rebase)", "git rebase main", id="rebase"
    ),
    pytest.param(
        "git rebase -i HEAD~3",
        "rebase -i",
        "",
        "rewrites history interactively (rebase -i opens an editor)",
        "git rebase -i HEAD~3",
        id="rebase-interactive",
    ),
    pytest.param(
        "git branch -D old",
        "branch -D",
        "",
        "force-deletes a branch (branch -D)",
        "git branch -D old",
        id="branch-D",
    ),
    pytest.param(
        "git branch --delete --force old",
        "branch -D",
        "",
        "force-deletes a branch (branch -D)",
        "git branch --delete --force old",
        id="branch-delete-force",
    ),
    pytest.param(
        "git branch -M main",
        "branch -M",
        "",
        "force-renames a branch over an existing one (branch -M)",
        "git branch -M main",
        id="branch-M",
    ),
    pytest.param(
        "git tag -d v1.0", "tag -d", "", "deletes a tag", "git tag -d v1.0", id="tag-delete"
    ),
    pytest.param(
        "git tag -fa v1 -m 'moved'",
        "tag -f",
        "",
        "moves an existing tag to another commit (tag -f)",
        "git tag -fa v1 -m moved",
        id="tag-force-cluster",
    ),
    pytest.param(
        "git clean -fdx",
        "clean -f",
        "discard",
        "deletes untracked files, directories and ignored files",
        "git clean -fdx",
        id="clean-fdx",
    ),
    pytest.param(
        "git clean -f",
        "clean -f",
        "discard",
        "deletes untracked files",
        "git clean -f",
        id="clean-f",
    ),
    pytest.param(
        "git checkout -- .",
        "checkout .",
        "discard",
        "discards uncommitted work in the whole tree",
        "git checkout -- .",
        id="checkout-dashdash-dot",
    ),
    pytest.param(
        "git checkout .",
        "checkout .",
        "discard",
        "discards uncommitted work in the whole tree",
        "git checkout .",
        id="checkout-dot",
    ),
    pytest.param(
        "git checkout -- src/a.py b.py",
        "checkout -- paths",
        "discard",
        "discards uncommitted work in src/a.py b.py",
        "git checkout -- src/a.py b.py",
        id="checkout-paths",
    ),
    # git-checkout(1): two or more words are a tree-ish and paths (or paths alone)
    pytest.param(
        "git checkout HEAD^ myfile",
        "checkout -- paths",
        "discard",
        "discards uncommitted work in myfile",
        "git checkout HEAD^ myfile",
        id="checkout-tree-ish-path-without-dashdash",
    ),
    pytest.param(
        "git checkout main a.py b.py",
        "checkout -- paths",
        "discard",
        "discards uncommitted work in a.py b.py",
        "git checkout main a.py b.py",
        id="checkout-branch-paths-without-dashdash",
    ),
    pytest.param(
        "git checkout --ours README.md",
        "checkout -- paths",
        "discard",
        "discards uncommitted work in README.md",
        "git checkout --ours README.md",
        id="checkout-ours",
    ),
    pytest.param(
        "git checkout --theirs .",
        "checkout .",
        "discard",
        "discards uncommitted work in the whole tree",
        "git checkout --theirs .",
        id="checkout-theirs-whole-tree",
    ),
    pytest.param(
        "git restore .",
        "restore .",
        "discard",
        "discards uncommitted work in the whole tree",
        "git restore .",
        id="restore-dot",
    ),
    pytest.param(
        "git restore --staged --worktree app.py",
        "restore paths",
        "discard",
        "discards uncommitted work in app.py",
        "git restore --staged --worktree app.py",
        id="restore-staged-and-worktree",
    ),
    pytest.param(
        "git switch --discard-changes main",
        "switch --discard-changes",
        "discard",
        "switches branches, discarding uncommitted work",
        "git switch --discard-changes main",
        id="switch-discard",
    ),
    pytest.param(
        "git stash drop stash@{1}",
        "stash drop",
        "discard",
        "drops a stash entry",
        "git stash drop stash@{1}",
        id="stash-drop",
    ),
    pytest.param(
        "git stash clear",
        "stash clear",
        "discard",
        "deletes every stash entry",
        "git stash clear",
        id="stash-clear",
    ),
    pytest.param(
        "git update-ref -d refs/heads/x",
        "update-ref",
        "",
        "rewrites a ref directly (update-ref)",
        "git update-ref -d refs/heads/x",
        id="update-ref",
    ),
    pytest.param(
        "git filter-branch --tree-filter 'rm -f secrets' HEAD",
        "filter-branch",
        "",
        "rewrites the whole history (filter-branch)",
        "git filter-branch --tree-filter 'rm -f secrets' HEAD",
        id="filter-branch",
    ),
    pytest.param(
        "git filter-repo --path secrets --invert-paths",
        "filter-repo",
        "",
        "rewrites the whole history (filter-repo)",
        "git filter-repo --path secrets --invert-paths",
        id="filter-repo",
    ),
    pytest.param(
        "git reflog expire --expire=now --all",
        "reflog expire",
        "",
        "expires reflog entries",
        "git reflog expire --expire=now --all",
        id="reflog-expire",
    ),
    pytest.param(
        "git gc --prune=now",
        "gc --prune=now",
        "",
        "prunes unreachable objects immediately",
        "git gc --prune=now",
        id="gc-prune-now",
    ),
    pytest.param(
        "git worktree remove --force ../wt",
        "worktree remove --force",
        "discard",
        "removes a worktree together with its uncommitted changes (--force)",
        "git worktree remove --force ../wt",
        id="worktree-remove-force",
    ),
    # wrappers, chains, substitutions
    pytest.param(
        "sudo -u deploy git push -f",
        "push --force",
        "force-push",
        "force-pushes, replacing the remote branch's history",
        "git push -f",
        id="sudo-with-value",
    ),
    pytest.param(
        "env GIT_AUTHOR_NAME=bot git commit -m x",
        "commit",
        "commit",
        "creates a commit",
        "git commit -m x",
        id="env-assignment",
    ),
    pytest.param(
        "GIT_EDITOR=true git rebase --continue",
        "rebase --continue",
        "",
        "continues rewriting history (rebase --continue)",
        "git rebase --continue",
        id="leading-assignment",
    ),
    pytest.param(
        "command git reset --hard",
        "reset --hard",
        "discard",
        "discards uncommitted work (reset --hard)",
        "git reset --hard",
        id="command-builtin",
    ),
    pytest.param(
        "bash -c 'cd repo && git reset --hard origin/main'",
        "reset --hard <commit>",
        "discard",
        "moves the branch to origin/main and discards uncommitted work (reset --hard)",
        "git reset --hard origin/main",
        id="bash-c",
    ),
    pytest.param(
        'sh -lc "git stash drop"',
        "stash drop",
        "discard",
        "drops a stash entry",
        "git stash drop",
        id="sh-lc",
    ),
    pytest.param(
        "eval 'git push -f'",
        "push --force",
        "force-push",
        "force-pushes, replacing the remote branch's history",
        "git push -f",
        id="eval",
    ),
    pytest.param(
        "npm test && git commit -qm ok",
        "commit",
        "commit",
        "creates a commit",
        "git commit -qm ok",
        id="after-and",
    ),
    pytest.param(
        "make || git checkout -- .",
        "checkout .",
        "discard",
        "discards uncommitted work in the whole tree",
        "git checkout -- .",
        id="after-or",
    ),
    pytest.param(
        "echo $(git commit -m auto)",
        "commit",
        "commit",
        "creates a commit",
        "git commit -m auto",
        id="command-substitution",
    ),
    pytest.param(
        "git branch --merged | xargs git branch -D",
        "branch -D",
        "",
        "force-deletes a branch (branch -D)",
        "git branch -D",
        id="xargs-in-pipe",
    ),
    pytest.param(
        "if true; then git reset --hard; fi",
        "reset --hard",
        "discard",
        "discards uncommitted work (reset --hard)",
        "git reset --hard",
        id="inside-if",
    ),
    pytest.param(
        "GIT.EXE push --force",
        "push --force",
        "force-push",
        "force-pushes, replacing the remote branch's history",
        "GIT.EXE push --force",
        id="upper-case-exe",
    ),
]


@pytest.mark.parametrize(("command", "key", "variant", "action", "shown"), FIRING)
def test_firing(command, key, variant, action, shown):
    finding = one(command)
    assert finding.key == key
    assert finding.variant == variant
    values = finding.value_map()
    assert values["action"] == action
    assert values["command"] == shown
    assert values["risk"] == ACTIONS[key][1]


# From git-reset(1), git-cherry-pick(1) and git-revert(1): a reset to another commit
# moves the branch whatever its mode; cherry-pick and revert record new commits.
MOVES_AND_RECORDS = [
    # (command, key, action)
    pytest.param(
        "git reset --soft HEAD~1",
        "reset --soft",
        "moves the branch to HEAD~1, keeping the undone changes staged (reset --soft)",
        id="reset-soft-one",
    ),
    pytest.param(
        "git reset --soft HEAD~3",
        "reset --soft",
        "moves the branch to HEAD~3, keeping the undone changes staged (reset --soft)",
        id="reset-soft-three",
    ),
    pytest.param(
        "git reset HEAD~2",
        "reset --mixed",
        "moves the branch to HEAD~2, keeping the undone changes unstaged (reset)",
        id="reset-mixed-default",
    ),
    pytest.param(
        "git reset --mixed HEAD^",
        "reset --mixed",
        "moves the branch to HEAD^, keeping the undone changes unstaged (reset)",
        id="reset-mixed-caret",
    ),
    pytest.param(
        "git reset -q @~1",
        "reset --mixed",
        "moves the branch to @~1, keeping the undone changes unstaged (reset)",
        id="reset-at-quiet",
    ),
    pytest.param(
        "git reset 3f2c1ab",
        "reset --mixed",
        "moves the branch to 3f2c1ab, keeping the undone changes unstaged (reset)",
        id="reset-hash",
    ),
    pytest.param(
        "git reset origin/main",
        "reset --mixed",
        "moves the branch to origin/main, keeping the undone changes unstaged (reset)",
        id="reset-remote-branch",
    ),
    pytest.param(
        "git reset ORIG_HEAD",
        "reset --mixed",
        "moves the branch to ORIG_HEAD, keeping the undone changes unstaged (reset)",
        id="reset-orig-head",
    ),
    pytest.param(
        "git reset --mixed main",
        "reset --mixed",
        "moves the branch to main, keeping the undone changes unstaged (reset)",
        id="reset-mixed-branch-name",
    ),
    pytest.param(
        "git reset --soft main@{1}",
        "reset --soft",
        "moves the branch to main@{1}, keeping the undone changes staged (reset --soft)",
        id="reset-soft-reflog",
    ),
    pytest.param(
        "git reset --keep v1.2",
        "reset --keep",
        "moves the branch to v1.2, keeping local changes (reset --keep)",
        id="reset-keep",
    ),
    pytest.param(
        "git reset --merge HEAD~1",
        "reset --merge",
        "moves the branch to HEAD~1 (reset --merge)",
        id="reset-merge",
    ),
    pytest.param(
        "cd repo && git -C . reset --soft HEAD~2",
        "reset --soft",
        "moves the branch to HEAD~2, keeping the undone changes staged (reset --soft)",
        id="reset-after-global-option",
    ),
    pytest.param(
        "git cherry-pick 3f2c1ab",
        "cherry-pick",
        "records a new commit for each commit it applies (cherry-pick)",
        id="cherry-pick",
    ),
    pytest.param(
        "git cherry-pick -x a1b2c3d e4f5a6b",
        "cherry-pick",
        "records a new commit for each commit it applies (cherry-pick)",
        id="cherry-pick-several",
    ),
    pytest.param(
        "git cherry-pick -m 1 a1b2c3d",
        "cherry-pick",
        "records a new commit for each commit it applies (cherry-pick)",
        id="cherry-pick-mainline",
    ),
    pytest.param(
        "git cherry-pick main~3..main",
        "cherry-pick",
        "records a new commit for each commit it applies (cherry-pick)",
        id="cherry-pick-range",
    ),
    pytest.param(
        "git cherry-pick --continue",
        "cherry-pick",
        "records a new commit for each commit it applies (cherry-pick)",
        id="cherry-pick-continue",
    ),
    pytest.param(
        "git revert HEAD",
        "revert",
        "records new commits that undo earlier ones (revert)",
        id="revert-head",
    ),
    pytest.param(
        "git revert --no-edit a1b2c3d",
        "revert",
        "records new commits that undo earlier ones (revert)",
        id="revert-no-edit",
    ),
    pytest.param(
        "git revert -m 1 a1b2c3d",
        "revert",
        "records new commits that undo earlier ones (revert)",
        id="revert-merge-commit",
    ),
    pytest.param(
        "git revert --skip",
        "revert",
        "records new commits that undo earlier ones (revert)",
        id="revert-skip",
    ),
    pytest.param(
        "git checkout -B temp master",
        "checkout -B",
        "resets an existing branch to another commit (checkout -B)",
        id="checkout-force-create",
    ),
    # git-merge(1), git-pull(1), git-am(1): they record commits as cherry-pick does.
    pytest.param(
        "git merge feature/x",
        "merge",
        "records a merge commit, unless it fast-forwards (merge)",
        id="merge",
    ),
    pytest.param(
        "git merge --no-ff -m 'Merge x' feature/x",
        "merge",
        "records a merge commit, unless it fast-forwards (merge)",
        id="merge-no-ff-message",
    ),
    pytest.param(
        "git merge -n origin/main",
        "merge",
        "records a merge commit, unless it fast-forwards (merge)",
        id="merge-n-is-no-stat",
    ),
    pytest.param(
        "git merge --continue",
        "merge --continue",
        "records the merge commit of a merge that stopped on conflicts (merge --continue)",
        id="merge-continue",
    ),
    pytest.param(
        "git pull",
        "pull",
        "fetches and merges the upstream branch, recording a merge commit unless it "
        "fast-forwards (pull)",
        id="pull",
    ),
    pytest.param(
        "git -C repo pull origin main --no-rebase",
        "pull",
        "fetches and merges the upstream branch, recording a merge commit unless it "
        "fast-forwards (pull)",
        id="pull-no-rebase",
    ),
    pytest.param(
        "git pull --rebase=false -s ours origin",
        "pull",
        "fetches and merges the upstream branch, recording a merge commit unless it "
        "fast-forwards (pull)",
        id="pull-rebase-false",
    ),
    pytest.param(
        "git pull --rebase origin main",
        "pull --rebase",
        "fetches and replays the local commits on top of the upstream ones (pull --rebase)",
        id="pull-rebase",
    ),
    pytest.param(
        "git pull -r",
        "pull --rebase",
        "fetches and replays the local commits on top of the upstream ones (pull --rebase)",
        id="pull-rebase-short",
    ),
    pytest.param(
        "git am 0001-fix.patch",
        "am",
        "records a new commit for each patch it applies (am)",
        id="am",
    ),
    pytest.param(
        "curl -sL https://example.org/x.patch | git am -3",
        "am",
        "records a new commit for each patch it applies (am)",
        id="am-from-pipe",
    ),
    pytest.param(
        "git am --continue",
        "am",
        "records a new commit for each patch it applies (am)",
        id="am-continue",
    ),
]

RECORDING = ("cherry-pick", "revert", "merge", "merge --continue", "pull", "pull --rebase", "am")


@pytest.mark.parametrize(("command", "key", "action"), MOVES_AND_RECORDS)
def test_moves_and_records(command, key, action):
    finding = one(command)
    assert (finding.key, finding.value_map()["action"]) == (key, action)
    assert finding.variant == ("commit" if key in RECORDING else "")
    assert finding.value_map()["risk"] == ACTIONS[key][1]


POWERSHELL_FIRING = [
    pytest.param("git push --force origin main", "push --force", id="ps-push-force"),
    pytest.param("& git.exe reset --hard", "reset --hard", id="ps-call-operator"),
    pytest.param("Set-Location C:\\repo; git clean -fd", "clean -f", id="ps-chain"),
    pytest.param('pwsh -Command "git stash clear"', "stash clear", id="ps-command"),
]


@pytest.mark.parametrize(("command", "key"), POWERSHELL_FIRING)
def test_powershell_firing(command, key):
    assert one(command, "powershell").key == key


SILENT = [
    pytest.param('echo "git commit"', id="echo-double-quoted"),
    pytest.param("echo 'git push --force'", id="echo-single-quoted"),
    pytest.param("printf '%s\\n' 'git reset --hard'", id="printf"),
    pytest.param("mygit commit -m x", id="mygit"),
    pytest.param("digit branch -D x", id="digit"),
    pytest.param("legit-tool commit", id="legit-tool"),
    pytest.param("git-lfs push --force origin", id="git-lfs"),
    pytest.param("# git commit -m x", id="comment"),
    pytest.param("ls  # then git reset --hard", id="trailing-comment"),
    pytest.param("cat <<'EOF' > notes.txt\ngit commit -m x\ngit push -f\nEOF", id="heredoc-body"),
    pytest.param('grep -r "git push --force" docs/', id="grep-pattern"),
    pytest.param("git log --oneline -5", id="log"),
    pytest.param("git status", id="status"),
    pytest.param("git diff --staged", id="diff"),
    pytest.param("git push", id="push-plain"),
    pytest.param("git push -u origin feature", id="push-upstream"),
    pytest.param("git push origin HEAD:refs/heads/main", id="push-refspec"),
    pytest.param("git push --force --dry-run", id="push-dry-run"),
    pytest.param("git fetch --prune", id="fetch"),
    pytest.param("git branch -d merged", id="branch-safe-delete"),
    pytest.param("git branch --delete merged", id="branch-long-safe-delete"),
    pytest.param("git branch -vv", id="branch-list"),
    pytest.param("git stash", id="stash"),
    pytest.param("git stash list", id="stash-list"),
    pytest.param("git stash pop", id="stash-pop"),
    pytest.param("git checkout main", id="checkout-branch"),
    pytest.param("git checkout -b feature/x", id="checkout-new-branch"),
    pytest.param("git checkout -b fix origin/main", id="checkout-new-branch-from-start"),
    pytest.param("git checkout --track origin/daves", id="checkout-track"),
    pytest.param("git checkout myFile", id="checkout-one-word-may-be-a-branch"),
    pytest.param("git restore --staged x.py", id="restore-staged"),
    pytest.param("git clean -n", id="clean-dry-run"),
    pytest.param("git clean -nfd", id="clean-dry-run-forced"),
    pytest.param("git reset HEAD file.py", id="reset-mixed-path"),
    pytest.param("git reset", id="reset-unstage-all"),
    pytest.param("git reset HEAD", id="reset-head"),
    pytest.param("git reset --soft HEAD", id="reset-soft-head-no-op"),
    pytest.param("git reset -- src/app.py", id="reset-paths"),
    pytest.param("git reset HEAD~1 -- src/app.py", id="reset-paths-from-commit"),
    pytest.param("git reset src/app.py", id="reset-file"),
    pytest.param("git reset README", id="reset-file-without-dot"),
    pytest.param("git reset -p", id="reset-patch"),
    pytest.param("git reset --pathspec-from-file=list.txt", id="reset-pathspec-file"),
    pytest.param("git reset --help", id="reset-help"),
    pytest.param("git cherry-pick -n a1b2c3d", id="cherry-pick-no-commit"),
    pytest.param("git cherry-pick --no-commit a1b2c3d", id="cherry-pick-no-commit-long"),
    pytest.param("git cherry-pick --abort", id="cherry-pick-abort"),
    pytest.param("git cherry-pick --quit", id="cherry-pick-quit"),
    pytest.param("git cherry -v origin/main", id="git-cherry-lists"),
    pytest.param("git revert -n HEAD", id="revert-no-commit"),
    pytest.param("git revert --abort", id="revert-abort"),
    pytest.param("git log --grep=revert", id="log-grep-revert"),
    # --ff-only moves the branch to commits that exist and records none; --squash and
    # --no-commit leave the result uncommitted; --abort and --quit record nothing.
    pytest.param("git merge --abort", id="merge-abort"),
    pytest.param("git merge --quit", id="merge-quit"),
    pytest.param("git merge --ff-only origin/main", id="merge-ff-only"),
    pytest.param("git merge --squash feature/x", id="merge-squash"),
    pytest.param("git merge --no-commit feature/x", id="merge-no-commit"),
    pytest.param("git merge-base HEAD main", id="merge-base"),
    pytest.param("git mergetool", id="mergetool"),
    pytest.param("git pull --ff-only", id="pull-ff-only"),
    pytest.param("git pull --dry-run", id="pull-dry-run"),
    pytest.param("git pull --squash origin x", id="pull-squash"),
    pytest.param("git am --abort", id="am-abort"),
    pytest.param("git am --quit", id="am-quit"),
    pytest.param("git am --show-current-patch=diff", id="am-show-patch"),
    pytest.param("git log --merges --oneline", id="log-merges"),
    pytest.param("echo 'git pull' && git fetch", id="echo-pull"),
    pytest.param("gitam pull x", id="look-alike-command"),
    pytest.param("echo 'git reset --soft HEAD~1'", id="echo-reset-soft"),
    pytest.param("git show HEAD~1", id="show-parent"),
    pytest.param("git diff HEAD~3..HEAD", id="diff-range"),
    pytest.param("git rev-parse HEAD~1", id="rev-parse"),
    pytest.param("git rebase --abort", id="rebase-abort"),
    pytest.param("git tag v1.2.0", id="tag-create"),
    pytest.param("git tag -a v1 -m '-d'", id="tag-message-looks-like-flag"),
    pytest.param("git commit --dry-run", id="commit-dry-run"),
    pytest.param("git commit --help", id="commit-help"),
    pytest.param("git gc", id="gc-plain"),
    pytest.param("git reflog", id="reflog-show"),
    pytest.param("git worktree remove ../wt", id="worktree-remove-safe"),
    pytest.param("git -C /x status", id="global-option-then-read"),
    pytest.param("git --version", id="version"),
    pytest.param("ls -la", id="ls"),
    pytest.param("pytest -q", id="pytest"),
    pytest.param("", id="empty"),
    pytest.param("python -c \"import os; os.system('git commit')\"", id="python-one-liner"),
    pytest.param("bash deploy.sh git commit", id="script-file-arguments"),
]


@pytest.mark.parametrize("command", SILENT)
def test_silent(command):
    assert shell(command) == []


def test_powershell_quoted_text_is_silent():
    assert shell("Write-Host 'git push --force'", "powershell") == []
    assert shell("<# git reset --hard #> Get-ChildItem", "powershell") == []


def test_each_action_once_per_command_in_chain_order():
    findings = shell("git add -A && git commit -m x && git push --force && git commit -m y")
    assert [(f.key, f.variant) for f in findings] == [
        ("commit", "commit"),
        ("push --force", "force-push"),
    ]


def test_post_tool_use_fires_too():
    findings = shell("git reset --hard", name="PostToolUse")
    assert [f.key for f in findings] == ["reset --hard"]


def test_long_command_is_trimmed():
    command = "git commit -m " + "x" * 500
    shown = one(command).value_map()["command"]
    assert len(shown) == 200 and shown.endswith("…")


def test_every_action_has_words_risk_and_a_known_variant():
    for key, (action, risk, variant) in ACTIONS.items():
        assert action and risk.endswith(".") and len(risk) < 200, key
        assert variant in ("", "commit", "force-push", "discard"), key


def nest(command, depth):
    for _ in range(depth):
        command = "bash -c " + shlex.quote(command)
    return command


def test_nested_shells_unwrap_to_a_bound():
    assert [f.key for f in shell(nest("git push -f", 3))] == ["push --force"]
    assert shell(nest("git push -f", 8)) == []  # past the unwrapping depth: silent


def test_big_input_completes():
    big = "git push --force; " + "git status; " * 50_000
    findings = shell(big)
    assert [f.key for f in findings] == ["push --force", "unread"]
    assert findings[-1].value_map() == {"unread": "simple commands 20,001–50,001"}


@pytest.mark.parametrize(
    "padding",
    ["echo " + "a" * 1_100_000 + " && ", "echo 'a b';\n" * 100_000, "# " + "x" * 1_100_000 + "\n"],
)
def test_a_command_after_a_megabyte_of_padding_fires(padding):
    assert [f.key for f in shell(padding + "git push --force origin main")] == ["push --force"]


def test_a_command_line_too_long_to_read_whole_says_so():
    from caveat.common.shell import MAX_INPUT

    text = "git push --force; echo " + "a" * MAX_INPUT + "; git reset --hard"
    findings = shell(text)
    assert [f.key for f in findings] == ["push --force", "unread"]
    assert findings[-1].variant == "unread"
    assert findings[-1].value_map() == {"unread": f"characters {MAX_INPUT + 1:,}–{len(text):,}"}


def test_silent_path_imports_neither_re_nor_shell():
    code = (
        "import sys\n"
        "from caveat.event import Event\n"
        "from caveat.guards.base import Context\n"
        "from caveat.guards import git\n"
        "for c in ('ls -la', 'pytest -q', 'git status', 'git log -5', 'npm test'):\n"
        "    e = Event('PreToolUse', tool='Bash', command=c, shell='bash')\n"
        "    assert git.check(e, Context(e, env={})) == []\n"
        "print('re' in sys.modules, 'caveat.common.shell' in sys.modules)\n"
    )
    assert isolated_words(code) == ["False", "False"]
