"""The changes one simple command makes, read from its words: POSIX file commands
(``rm``, ``mv``, ``cp``, ``tee``, ``sed -i`` …, ``find … -delete``), git commands,
PowerShell cmdlets and output redirections.
"""

from __future__ import annotations

import os

from caveat.common.shellwrap import command_name
from caveat.common.shellwrap import display
from caveat.guards.plan_bash import tables
from caveat.guards.plan_bash.words import FOLDER
from caveat.guards.plan_bash.words import PATH
from caveat.guards.plan_bash.words import REPO
from caveat.guards.plan_bash.words import Change
from caveat.guards.plan_bash.words import operands
from caveat.guards.plan_bash.words import resolve
from caveat.guards.plan_bash.words import short_flag

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from collections.abc import Mapping

    from caveat.common.shell import SimpleCommand

_WRITE_OPS = frozenset({">", ">>", ">|", "&>", "&>>"})


def posix_changes(argv: list[str], cwd: str, env: Mapping[str, str]) -> Iterator[Change]:
    name = command_name(argv[0])
    shown = display(argv)
    words = argv[1:]

    def at(word: str, action: str, scope: str = PATH) -> Iterator[Change]:
        path = resolve(word, cwd, env)
        if path:
            yield Change(shown, action, path, scope)

    if name == "git":
        yield from _git(argv, shown, cwd, env)
        return
    values = tables.VALUE_OPTIONS.get(name, frozenset())
    positionals, options, flags = operands(words, values)
    if name in tables.DELETES:
        for word in positionals:
            yield from at(word, "deletes")
    elif name in tables.MOVES or name in tables.COPIES:
        action = "moves" if name in tables.MOVES else "overwrites"
        target = options.get("-t") or options.get("--target-directory")
        sources = positionals if target else positionals[:-1]
        dest = target or (positionals[-1] if len(positionals) >= 2 else "")
        if name in tables.MOVES:
            for word in sources:
                yield from at(word, action)
        if dest:
            into = bool(target) or dest.endswith(("/", "\\")) or _is_dir(dest, cwd, env)
            yield from at(dest, action if name in tables.MOVES or not into else "copies into")
    elif name in tables.CREATES:
        for word in positionals:
            yield from at(word, "creates")
    elif name in tables.TRUNCATES:
        for word in positionals:
            yield from at(word, "truncates")
    elif name in tables.TEES:
        action = "appends to" if short_flag(flags, "a", "--append") else "overwrites"
        for word in positionals:
            yield from at(word, action)
    elif name in tables.IN_PLACE:
        in_place = any(f.startswith("--in-place") for f in flags) or any(
            f.startswith("-") and not f.startswith("--") and "i" in f[1:] for f in flags
        )
        if not in_place:
            return
        scripted = any(k in options for k in ("-e", "--expression", "-f", "--file", "-E"))
        files = positionals if scripted else positionals[1:]
        if not scripted and positionals and not positionals[0]:
            files = positionals[2:]  # BSD sed: ``-i ''`` then the script
        for word in files:
            yield from at(word, "edits in place")
    elif name == "find":
        yield from _find(words, shown, cwd, env)


def _find(words: list[str], shown: str, cwd: str, env: Mapping[str, str]) -> Iterator[Change]:
    """``find <paths> … -delete`` and ``find <paths> … -exec rm {} ;`` delete below
    their start paths."""
    starts = []
    for word in words:
        if word.startswith(("-", "(", "!")):
            break
        starts.append(word)
    deleting = "-delete" in words or any(
        word in ("-exec", "-execdir", "-ok", "-okdir")
        and i + 1 < len(words)
        and command_name(words[i + 1]) in tables.DELETES
        for i, word in enumerate(words)
    )
    if not deleting:
        return
    for word in starts or ["."]:
        path = resolve(word, cwd, env)
        if path:
            yield Change(shown, "deletes", path)


def _is_dir(word: str, cwd: str, env: Mapping[str, str]) -> bool:
    path = resolve(word, cwd, env)
    return bool(path) and os.path.isdir(path)


def _git(argv: list[str], shown: str, cwd: str, env: Mapping[str, str]) -> Iterator[Change]:
    i = 1
    while i < len(argv) and argv[i].startswith("-"):
        if argv[i] == "-C" and i + 1 < len(argv):
            cwd = resolve(argv[i + 1], cwd, env) or cwd
        i += 2 if argv[i] in tables.GIT_GLOBAL_VALUES else 1
    if i >= len(argv):
        return
    sub = argv[i]
    if sub not in tables.GIT_MUTATIONS:
        return
    words = argv[i + 1 :]
    positionals, _, flags = operands(words, frozenset({"-m", "-C", "-c", "-F", "-s", "--source"}))
    if sub in ("rm", "mv"):
        action = tables.GIT_PATH_ACTIONS[sub]
        if sub == "rm" and "--cached" in flags:
            action = "removes from git"
        for word in positionals:
            path = resolve(word, cwd, env)
            if path:
                yield Change(shown, action, path)
        return
    if sub in tables.GIT_PATH_ACTIONS:
        paths = words[words.index("--") + 1 :] if "--" in words else positionals
        if sub == "checkout" and "--" not in words:
            paths = paths[1:]  # the first operand is a branch or commit
        for word in paths:
            path = resolve(word, cwd, env)
            if path:
                yield Change(shown, tables.GIT_PATH_ACTIONS[sub], path, FOLDER)
    yield Change(shown, "changes the working tree or history of", cwd, REPO)


def powershell_changes(argv: list[str], cwd: str, env: Mapping[str, str]) -> Iterator[Change]:
    name = command_name(argv[0])
    action = tables.POWERSHELL.get(name)
    if action is None:
        return
    shown = display(argv)
    named: dict[str, str] = {}
    positionals: list[str] = []
    i = 1
    while i < len(argv):
        word = argv[i]
        low = word.lower()
        i += 1
        if low.startswith("-") and len(low) > 1:
            key = low.split(":", 1)[0]
            takes_value = key in tables.POWERSHELL_PATHS or key in tables.POWERSHELL_VALUES
            if takes_value and i < len(argv):
                named[key] = argv[i]
                i += 1
            continue
        positionals.append(word)
    sources = [named[k] for k in ("-path", "-literalpath", "-lp", "-filepath") if k in named]
    sources = sources or positionals[:1]
    dest = named.get("-destination") or (positionals[1] if len(positionals) > 1 else "")
    if action == "overwrites" and name in ("copy-item", "cpi", "copy", "cp"):
        changed = [dest] if dest else []
    elif action == "moves":
        changed = [*sources, dest] if dest else sources
    else:
        changed = sources
    for word in changed:
        path = resolve(word.replace("\\", "/") if os.sep == "/" else word, cwd, env)
        if path:
            yield Change(shown, action, path)


def redirect_changes(cmd: SimpleCommand, cwd: str, env: Mapping[str, str]) -> Iterator[Change]:
    for redirect in cmd.redirects:
        target = redirect.target
        if redirect.op not in _WRITE_OPS or not target or target.isdigit():
            continue
        if target.lower() in tables.DISCARD_TARGETS:
            continue
        path = resolve(target, cwd, env)
        if path:
            action = "appends to" if redirect.op.endswith(">>") else "overwrites"
            shown = display([*cmd.argv, redirect.fd + redirect.op, target])
            yield Change(shown, action, path)
