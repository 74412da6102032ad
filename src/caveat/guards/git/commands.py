"""Command side of the git guard: which simple commands mutate history or refs, or
discard work, after unwrapping ``sudo``/``env``/``command``/``bash -c``/``eval``
(``caveat.common.shellwrap.run_argvs``).

Imported only after the pre-filter saw "git" and a mutating sub-command word. The
command word must be ``git`` itself (``/usr/bin/git``, ``git.exe``): ``mygit commit``,
``echo "git commit"``, comments and here-document bodies never reach this test,
because the shared lexer has already split words, quotes and bodies apart.
"""

from __future__ import annotations

from caveat.common.shellwrap import command_name
from caveat.common.shellwrap import display
from caveat.common.shellwrap import run_argvs
from caveat.event import Finding
from caveat.guards import commandline
from caveat.guards.git import rules as data

_WHOLE_TREE = frozenset({".", ":/", "*", ":(top)", "./"})
# Names of commits that are never paths (gitrevisions(7)); HEAD and @ move nothing.
_SPECIAL_HEADS = frozenset({"ORIG_HEAD", "FETCH_HEAD", "MERGE_HEAD", "CHERRY_PICK_HEAD"})
_HERE = frozenset({"HEAD", "@"})
_HEX = frozenset("0123456789abcdefABCDEF")
_RESET_MODES = ("soft", "mixed", "keep", "merge")


class _Args:
    """A sub-command's arguments split into long flags, short letters, positionals
    and the paths after ``--``."""

    __slots__ = ("longs", "paths", "positionals", "shorts")

    def __init__(self, words: list[str], values: frozenset[str]) -> None:
        self.longs: list[str] = []
        self.shorts: set[str] = set()
        self.positionals: list[str] = []
        self.paths: list[str] | None = None
        i = 0
        while i < len(words):
            word = words[i]
            i += 1
            if word == "--":
                self.paths = words[i:]
                break
            if word.startswith("--"):
                self.longs.append(word)
                if word in values:
                    i += 1
            elif word.startswith("-") and len(word) > 1:
                for j, letter in enumerate(word[1:], 2):
                    self.shorts.add(letter)
                    if "-" + letter in values:
                        i += 1 if j == len(word) else 0  # value attached or next
                        break
            else:
                self.positionals.append(word)

    def long(self, *names: str) -> bool:
        return any(w == n or w.startswith(n + "=") for w in self.longs for n in names)

    def flag(self, letter: str, *names: str) -> bool:
        return letter in self.shorts or self.long(*names)


def _split_global(argv: list[str]) -> tuple[str, list[str]] | None:
    """``git -C dir -c k=v commit -m x`` → ``("commit", ["-m", "x"])``."""
    i = 1
    while i < len(argv):
        word = argv[i]
        if not word.startswith("-"):
            return word, argv[i + 1 :]
        if word in data.INERT or word in ("--version", "--exec-path", "--html-path"):
            return None
        i += 2 if word in data.GLOBAL_VALUES else 1
    return None


def _shown(paths: list[str]) -> str:
    text = " ".join(paths)
    return text if len(text) <= 60 else text[:59] + "…"


def _cleaned(shorts: set[str]) -> str:
    """What ``git clean`` removes, from its ``-d``, ``-x`` and ``-X`` flags."""
    kinds = ["ignored files"] if "X" in shorts else ["untracked files"]
    if "d" in shorts:
        kinds.append("directories")
    if "x" in shorts:
        kinds.append("ignored files")
    return kinds[0] if len(kinds) == 1 else ", ".join(kinds[:-1]) + " and " + kinds[-1]


def classify(argv: list[str]) -> tuple[str, str, bool] | None:
    """``(key, action, held)`` when ``argv`` (a ``git`` command line) is one the guard
    names; ``held``: the command is of the irreversible class (``rules.HOLD``)."""
    split = _split_global(argv)
    if split is None:
        return None
    sub, words = split
    if any(w in data.INERT for w in words):
        return None
    a = _Args(words, data.VALUES.get(sub, frozenset()))
    key = _key(sub, a)
    if key is None:
        return None
    action = data.ACTIONS[key][0]
    if "{paths}" in action:
        paths = _checkout_paths(a) if sub == "checkout" else a.positionals + (a.paths or [])
        action = action.replace("{paths}", _shown(paths))
    if "{rev}" in action:
        action = action.replace("{rev}", a.positionals[0] if a.positionals else "HEAD")
    if "{files}" in action:
        action = action.replace("{files}", _cleaned(a.shorts))
    held = key in data.HOLD or (key == "clean -f" and bool(data.CLEAN_HOLD & a.shorts))
    return key, action, held


def _key(sub: str, a: _Args) -> str | None:
    first = a.positionals[0] if a.positionals else ""
    force = a.flag("f", "--force")
    if sub == "commit":
        if a.long("--dry-run"):
            return None
        if a.long("--amend"):
            return "commit --amend"
        return "commit --no-verify" if a.flag("n", "--no-verify") else "commit"
    if sub == "push":
        if a.flag("n", "--dry-run"):
            return None
        if a.long("--mirror"):
            return "push --mirror"
        if a.long("--force-with-lease"):
            return "push --force-with-lease"
        if force or any(p.startswith("+") for p in a.positionals[1:]):
            return "push --force"
        if a.flag("d", "--delete") or any(p[:1] == ":" and p[1:] for p in a.positionals[1:]):
            return "push --delete"
        return "push --prune" if a.long("--prune") else None
    if sub == "reset":
        if a.long("--hard"):
            # --hard takes no paths: one word other than HEAD is a commit
            moved = len(a.positionals) == 1 and a.positionals[0] not in _HERE and not a.paths
            return "reset --hard <commit>" if moved else "reset --hard"
        return _reset_move(a)
    if sub in ("cherry-pick", "revert"):
        if a.flag("n", "--no-commit") or a.long("--abort", "--quit"):
            return None
        return sub if a.positionals or a.long("--continue", "--skip") else None
    if sub in ("merge", "pull", "am"):
        return _records(sub, a)
    if sub == "rebase":
        if a.long("--abort", "--quit", "--show-current-patch", "--edit-todo"):
            return None
        if a.flag("i", "--interactive"):
            return "rebase -i"
        return "rebase --continue" if a.long("--continue", "--skip") else "rebase"
    if sub == "branch":
        if "D" in a.shorts or (a.flag("d", "--delete") and force):
            return "branch -D"
        if "M" in a.shorts or (a.flag("m", "--move") and force):
            return "branch -M"
        if "C" in a.shorts or (a.flag("c", "--copy") and force):
            return "branch -C"
        return "branch -f" if force and a.positionals else None
    if sub == "tag":
        if a.flag("d", "--delete"):
            return "tag -d"
        return "tag -f" if force else None
    if sub == "clean":
        return "clean -f" if force and not a.flag("n", "--dry-run") else None
    if sub == "checkout":
        if a.long("--patch") or "p" in a.shorts:
            return None
        if force:
            return "checkout -f"
        if "B" in a.shorts:
            return "checkout -B"  # switch -C by another name: an existing branch is reset
        paths = _checkout_paths(a)
        if paths:
            return "checkout ." if _WHOLE_TREE.intersection(paths) else "checkout -- paths"
        return "checkout ." if a.positionals and a.positionals[-1] in _WHOLE_TREE else None
    if sub == "restore":
        paths = a.positionals + (a.paths or [])
        staged_only = a.flag("S", "--staged") and not a.flag("W", "--worktree")
        if staged_only or not paths or a.flag("p", "--patch"):
            return None
        return "restore ." if _WHOLE_TREE.intersection(paths) else "restore paths"
    if sub == "switch":
        if a.long("--discard-changes") or force:
            return "switch --discard-changes"
        return "switch -C" if a.flag("C", "--force-create") else None
    if sub == "stash":
        return f"stash {first}" if first in ("drop", "clear") else None
    if sub in ("update-ref", "filter-branch"):
        return sub
    if sub == "filter-repo":
        return None if a.long("--analyze", "--dry-run") else sub
    if sub == "reflog":
        return f"reflog {first}" if first in ("expire", "delete") else None
    if sub == "gc":
        prune = any(w in ("--prune=now", "--prune=all") for w in a.longs)
        return "gc --prune=now" if prune else None
    if sub == "worktree":
        return "worktree remove --force" if first == "remove" and force else None
    return None


def _checkout_paths(a: _Args) -> list[str]:
    """The paths a ``git checkout`` overwrites in the working tree: after ``--``; with
    ``--ours``/``--theirs`` every word; else every word after the first once there
    are two (``checkout HEAD^ file``: one tree-ish, then paths, whatever the first
    names). One word alone may name a branch: no paths."""
    if a.paths:
        return a.paths
    if a.long("--ours", "--theirs"):
        return a.positionals
    return a.positionals[1:] if len(a.positionals) >= 2 else []


def _records(sub: str, a: _Args) -> str | None:
    """``merge``, ``pull`` and ``am`` when they record commits (``rules``: why
    ``--ff-only``, ``--squash``, ``--no-commit`` and the ends of a sequence do not)."""
    if a.long("--abort", "--quit", "--show-current-patch"):
        return None
    if sub == "am":
        return "am"
    if a.long("--ff-only", "--squash", "--no-commit"):
        return None
    if sub == "merge":
        return "merge --continue" if a.long("--continue") else "merge"
    if a.long("--dry-run"):
        return None
    rebase = a.flag("r", "--rebase") and not any(
        w in ("--rebase=false", "--rebase=no") for w in a.longs
    )
    return "pull --rebase" if rebase and not a.long("--no-rebase") else "pull"


def is_revision(word: str) -> bool:
    """True when ``word`` can only name a commit, never a path: ``HEAD~2``, ``@^``,
    ``main@{1}``, ``ORIG_HEAD``, an abbreviated hash, ``origin/main``, ``refs/…``."""
    if any(mark in word for mark in ("~", "^", "@{")) or word in _SPECIAL_HEADS | _HERE:
        return True
    if 7 <= len(word) <= 64 and set(word) <= _HEX and not word.isdigit():
        return True
    return word.startswith(("origin/", "upstream/", "refs/"))


def _reset_move(a: _Args) -> str | None:
    """``reset --soft``/``--mixed``/``--keep``/``--merge`` when the reset moves the
    branch to another commit; None for the forms that only unstage (no commit,
    ``HEAD``, paths)."""
    if a.paths or a.flag("p", "--patch") or a.long("--pathspec-from-file"):
        return None
    if len(a.positionals) != 1 or a.positionals[0] in _HERE:
        return None  # nothing, HEAD, or <tree-ish> <paths>: the index only
    mode = next((m for m in _RESET_MODES if a.long("--" + m)), "")
    target = a.positionals[0]
    # --soft, --keep and --merge take no paths, so their one word is a commit; for
    # --mixed (the default) a word that could be a file is taken for one.
    if mode in ("soft", "keep", "merge") or is_revision(target):
        return "reset --" + (mode or "mixed")
    if mode == "mixed" and "." not in target and "/" not in target:
        return "reset --mixed"
    return None


def _names_git(summary: str) -> bool:
    return "git" in summary.lower()


def command_findings(command: str, powershell: bool) -> list[Finding]:
    findings: list[Finding] = []
    seen: set[str] = set()
    dialect = "powershell" if powershell else "bash"
    commands, unread = commandline.read(command, dialect, _names_git)
    for cmd in commands:
        for argv in run_argvs(cmd.argv, powershell):
            if command_name(argv[0]) != "git":
                continue
            hit = classify(argv)
            if hit is None or hit[0] in seen:
                continue
            key, action, held = hit
            seen.add(key)
            _, risk, variant = data.ACTIONS[key]
            values = {"command": display(argv), "action": action, "risk": risk}
            findings.append(Finding(values, variant=variant, key=key, hold=held))
    if unread:
        findings.append(commandline.notice(unread))
    return findings
