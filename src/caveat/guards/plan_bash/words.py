"""What the plan guard's shell side reads from one command's words: the ``Change``
record, paths resolved against the cwd and POSIX operands.

A ``Change`` has a scope: ``path`` (a file the command changes: both checks),
``folder`` (a path that only the plans-folder check uses: ``git checkout -- <path>``)
or ``repo`` (the command changes the working tree or repository as a whole, which
only plan mode reports: ``git commit``, ``git checkout main``).
"""

from __future__ import annotations

import os

from caveat.guards import plans

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping


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


def resolve(word: str, cwd: str, env: Mapping[str, str]) -> str:
    """The absolute path a word names, or "" when it cannot be known (a variable,
    a remote ``host:path``, an empty word)."""
    word = plans.expand(word, env)
    if not word or word.startswith("$") or word.startswith("-"):
        return ""
    if ":" in word.split("/", 1)[0] and not (len(word) > 1 and word[1] == ":"):
        return ""  # scp/rsync remote
    if not os.path.isabs(word):
        if not cwd or not os.path.isabs(cwd):
            return ""
        word = os.path.join(cwd, word)
    return os.path.normpath(word)


def operands(
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


def short_flag(flags: set[str], letter: str, *longs: str) -> bool:
    return any(
        (f.startswith("-") and not f.startswith("--") and letter in f[1:]) or f in longs
        for f in flags
    )
