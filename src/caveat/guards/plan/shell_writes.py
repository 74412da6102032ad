"""Shell side of the plan guards: which files a command line changes, and how.

Imported only after the pre-filter (a plans-folder name in the command, or plan
mode). The shared lexer splits the command; wrappers (``sudo``, ``env``, ``xargs``,
``bash -c '…'``, ``eval``) are removed by ``caveat.shellwrap.run_argvs``. A ``cd``
earlier in the same command line moves the folder that relative paths start from.
Quoted text (``echo "rm .caveat/plans/x"``), comments and here-document bodies are
data, never commands. Redirections inside a ``bash -c '…'`` script are not seen
(``run_argvs`` yields words only).

A ``Change`` has a scope: ``path`` (a file the command changes: both checks),
``folder`` (a path that only the plans-folder check uses: ``git checkout -- <path>``)
or ``repo`` (the command changes the working tree or repository as a whole, which
only plan mode reports: ``git commit``, ``git checkout main``).
"""

from __future__ import annotations

import os

from caveat.event import Finding
from caveat.guards.plan import paths as places
from caveat.guards.plan import tables as data
from caveat.shell import simple_commands
from caveat.shellwrap import run_argvs

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from collections.abc import Mapping

    from caveat.event import Event
    from caveat.guards.base import Context
    from caveat.shell import SimpleCommand

GUARD = "plan-bash"
MESSAGE = "pretooluse-bash-plan-guard"
MAX_COMMAND = 200
_MAX_COMMANDS = 500
_MAX_FINDINGS = 5
_WRITE_OPS = frozenset({">", ">>", ">|", "&>", "&>>"})
_SHELL_CWD = frozenset({"cd", "pushd", "chdir"})

PATH = "path"
FOLDER = "folder"
REPO = "repo"


class Change:
    """One change a command makes: the command shown, the action, the absolute path
    ("" for a repository-wide change) and its scope."""

    __slots__ = ("action", "command", "path", "scope")

    def __init__(self, command: str, action: str, path: str, scope: str = PATH) -> None:
        self.command = command
        self.action = action
        self.path = path
        self.scope = scope

    def __repr__(self) -> str:
        return f"Change({self.command!r}, {self.action!r}, {self.path!r}, {self.scope!r})"


def _name(word: str) -> str:
    name = word.replace("\\", "/").rsplit("/", 1)[-1].lower()
    return name[:-4] if name.endswith(".exe") else name


def _display(words: list[str]) -> str:
    shown = [w if w and " " not in w and "'" not in w else repr(w) for w in words]
    text = " ".join(shown)
    return text if len(text) <= MAX_COMMAND else text[: MAX_COMMAND - 1] + "…"


def _resolve(word: str, cwd: str, env: Mapping[str, str]) -> str:
    """The absolute path a word names, or "" when it cannot be known (a variable,
    a remote ``host:path``, an empty word)."""
    word = places.expand(word, env)
    if not word or word.startswith("$") or word.startswith("-"):
        return ""
    if ":" in word.split("/", 1)[0] and not (len(word) > 1 and word[1] == ":"):
        return ""  # scp/rsync remote
    if not os.path.isabs(word):
        if not cwd or not os.path.isabs(cwd):
            return ""
        word = os.path.join(cwd, word)
    return os.path.normpath(word)


def _operands(
    words: list[str], values: frozenset[str]
) -> tuple[list[str], dict[str, str], set[str]]:
    """``(positionals, option values, flags)`` of a POSIX-style argument list."""
    positionals: list[str] = []
    options: dict[str, str] = {}
    flags: set[str] = set()
    i = 0
    while i < len(words):
        word = words[i]
        i += 1
        if word == "--":
            positionals.extend(words[i:])
            break
        if word.startswith("--") and "=" in word:
            key, _, value = word.partition("=")
            options[key] = value
        elif word.startswith("-") and len(word) > 1:
            if word in values and i < len(words):
                options[word] = words[i]
                i += 1
            else:
                flags.add(word)
        else:
            positionals.append(word)
    return positionals, options, flags


def _short_flag(flags: set[str], letter: str, *longs: str) -> bool:
    return any(
        (f.startswith("-") and not f.startswith("--") and letter in f[1:]) or f in longs
        for f in flags
    )


def _posix(argv: list[str], cwd: str, env: Mapping[str, str]) -> Iterator[Change]:
    name = _name(argv[0])
    shown = _display(argv)
    words = argv[1:]

    def at(word: str, action: str, scope: str = PATH) -> Iterator[Change]:
        path = _resolve(word, cwd, env)
        if path:
            yield Change(shown, action, path, scope)

    if name == "git":
        yield from _git(argv, shown, cwd, env)
        return
    values = data.VALUE_OPTIONS.get(name, frozenset())
    positionals, options, flags = _operands(words, values)
    if name in data.DELETES:
        for word in positionals:
            yield from at(word, "deletes")
    elif name in data.MOVES or name in data.COPIES:
        action = "moves" if name in data.MOVES else "overwrites"
        target = options.get("-t") or options.get("--target-directory")
        sources = positionals if target else positionals[:-1]
        dest = target or (positionals[-1] if len(positionals) >= 2 else "")
        if name in data.MOVES:
            for word in sources:
                yield from at(word, action)
        if dest:
            into = bool(target) or dest.endswith(("/", "\\")) or _is_dir(dest, cwd, env)
            yield from at(dest, action if name in data.MOVES or not into else "copies into")
    elif name in data.CREATES:
        for word in positionals:
            yield from at(word, "creates")
    elif name in data.TRUNCATES:
        for word in positionals:
            yield from at(word, "truncates")
    elif name in data.TEES:
        action = "appends to" if _short_flag(flags, "a", "--append") else "overwrites"
        for word in positionals:
            yield from at(word, action)
    elif name in data.IN_PLACE:
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
        and _name(words[i + 1]) in data.DELETES
        for i, word in enumerate(words)
    )
    if not deleting:
        return
    for word in starts or ["."]:
        path = _resolve(word, cwd, env)
        if path:
            yield Change(shown, "deletes", path)


def _is_dir(word: str, cwd: str, env: Mapping[str, str]) -> bool:
    path = _resolve(word, cwd, env)
    return bool(path) and os.path.isdir(path)


def _git(argv: list[str], shown: str, cwd: str, env: Mapping[str, str]) -> Iterator[Change]:
    i = 1
    while i < len(argv) and argv[i].startswith("-"):
        if argv[i] == "-C" and i + 1 < len(argv):
            cwd = _resolve(argv[i + 1], cwd, env) or cwd
        i += 2 if argv[i] in data.GIT_GLOBAL_VALUES else 1
    if i >= len(argv):
        return
    sub = argv[i]
    if sub not in data.GIT_MUTATIONS:
        return
    words = argv[i + 1 :]
    positionals, _, flags = _operands(words, frozenset({"-m", "-C", "-c", "-F", "-s", "--source"}))
    if sub in ("rm", "mv"):
        action = data.GIT_PATH_ACTIONS[sub]
        if sub == "rm" and "--cached" in flags:
            action = "removes from git"
        for word in positionals:
            path = _resolve(word, cwd, env)
            if path:
                yield Change(shown, action, path)
        return
    if sub in data.GIT_PATH_ACTIONS:
        paths = words[words.index("--") + 1 :] if "--" in words else positionals
        if sub == "checkout" and "--" not in words:
            paths = paths[1:]  # the first operand is a branch or commit
        for word in paths:
            path = _resolve(word, cwd, env)
            if path:
                yield Change(shown, data.GIT_PATH_ACTIONS[sub], path, FOLDER)
    yield Change(shown, "changes the working tree or history of", cwd, REPO)


def _powershell(argv: list[str], cwd: str, env: Mapping[str, str]) -> Iterator[Change]:
    name = _name(argv[0])
    action = data.POWERSHELL.get(name)
    if action is None:
        return
    shown = _display(argv)
    named: dict[str, str] = {}
    positionals: list[str] = []
    i = 1
    while i < len(argv):
        word = argv[i]
        low = word.lower()
        i += 1
        if low.startswith("-") and len(low) > 1:
            key = low.split(":", 1)[0]
            if (key in data.POWERSHELL_PATHS or key in data.POWERSHELL_VALUES) and i < len(argv):
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
        path = _resolve(word.replace("\\", "/") if os.sep == "/" else word, cwd, env)
        if path:
            yield Change(shown, action, path)


def _redirects(cmd: SimpleCommand, cwd: str, env: Mapping[str, str]) -> Iterator[Change]:
    for redirect in cmd.redirects:
        target = redirect.target
        if redirect.op not in _WRITE_OPS or not target or target.isdigit():
            continue
        if target.lower() in data.DISCARD_TARGETS:
            continue
        path = _resolve(target, cwd, env)
        if path:
            action = "appends to" if redirect.op.endswith(">>") else "overwrites"
            shown = _display([*cmd.argv, redirect.fd + redirect.op, target])
            yield Change(shown, action, path)


def changes(command: str, powershell: bool, cwd: str, env: Mapping[str, str]) -> list[Change]:
    """Every change the command line makes to files, in order."""
    out: list[Change] = []
    dialect = "powershell" if powershell else "bash"
    for cmd in simple_commands(command, dialect)[:_MAX_COMMANDS]:
        argv = cmd.argv
        if argv and not cmd.nested:
            name = _name(argv[0])
            if name in _SHELL_CWD or (powershell and name in data.POWERSHELL_CWD):
                rest = [w for w in argv[1:] if not w.startswith("-")]
                cwd = _resolve(rest[0], cwd, env) if rest else places.home(env) or cwd
                continue
        out.extend(_redirects(cmd, cwd, env))
        if not argv:
            continue
        for inner in run_argvs(argv, powershell):
            if not inner:
                continue
            if powershell:
                out.extend(_powershell(inner, cwd, env))
            else:
                out.extend(_posix(inner, cwd, env))
    return out


def _in_plans(ctx: Context, change: Change) -> bool:
    """The change reaches the plans folder: a file in it, or (deleting or moving) the
    folder itself or a folder of the project that holds it."""
    if change.action not in data.FOLDER_ACTIONS or not change.path:
        return False
    kind, root = places.locate(ctx, change.path)
    if kind == places.PLANS:
        return True
    if change.action not in ("deletes", "moves", "removes from git") or not root:
        return False
    folder = places.plans_folder(ctx, root)
    target = places.norm(change.path)
    return bool(folder) and places.under(folder, target) and places.under(target, places.norm(root))


def _allowed_in_plan_mode(ctx: Context, change: Change) -> bool:
    kind, _ = places.locate(ctx, change.path)
    return kind in (places.PLANS, places.HARNESS_PLANS)


def _grouped(
    ctx: Context, found: list[tuple[Change, str]]
) -> list[tuple[str, str, str, list[str]]]:
    """``(variant, command, action, shown paths)`` with the paths of one command and
    action together, in first-seen order."""
    groups: dict[tuple[str, str, str], list[str]] = {}
    for change, variant in found:
        _, root = places.locate(ctx, change.path)
        if change.scope == REPO:
            # A child path, so that the root cache is keyed by the folder itself.
            root = places.project_root(ctx, os.path.join(change.path, "_"))
            shown = places.shown(root, None, ctx.env) if root else change.path
        else:
            shown = places.shown(
                change.path, root or places.project_root(ctx, change.path), ctx.env
            )
        paths = groups.setdefault((variant, change.command, change.action), [])
        if shown not in paths:
            paths.append(shown)
    return [(v, c, a, p) for (v, c, a), p in groups.items()]


def _paths_text(paths: list[str]) -> str:
    if len(paths) <= 3:
        return ", ".join(paths)
    return ", ".join(paths[:3]) + f" and {len(paths) - 3} more"


def command_findings(event: Event, ctx: Context, plan_mode: bool) -> list[Finding]:
    powershell = event.tool == "PowerShell" or event.shell == "powershell"
    found: list[tuple[Change, str]] = []
    for change in changes(event.command, powershell, event.cwd, ctx.env):
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
    for variant, command, action, paths in _grouped(ctx, found)[:_MAX_FINDINGS]:
        values = {"command": command, "action": action, "path": _paths_text(paths)}
        key = f"{variant or 'folder'}:{action}:{values['path']}"
        findings.append(
            Finding(GUARD, MESSAGE, values, variant=variant, key=key, deny=deny and bool(variant))
        )
    return findings
