"""Command wrappers: the words that run the rest of a command line (``sudo``, ``env``,
``nohup``, ``timeout``, ``xargs``, ``eval``, a shell's ``-c`` script, PowerShell's
``-Command``) and how to see through them.

Built on the lexer of ``caveat.common.shell``. ``run_argvs`` yields the command lines a
simple command really runs (the git and plan guards use it); the dependency guard
walks the same ``WRAPPERS``, ``SHELLS`` and ``POWERSHELLS`` with ``strip_wrapper``
in its own unwrapping, which also sees through ``python -m`` and ``uv run``.
"""

from __future__ import annotations

from caveat.common.shell import inner_script
from caveat.common.shell import simple_commands

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

# Wrapper name → (options that take the next word as their value, positional
# arguments before the wrapped command: ``timeout 5 cmd``).
WRAPPERS = {
    "sudo": (frozenset({"-u", "-g", "-C", "-D", "-p", "-U", "-r", "-t", "-h"}), 0),
    "doas": (frozenset({"-u", "-C"}), 0),
    "env": (frozenset({"-u", "--unset", "-C", "--chdir", "-S"}), 0),
    "time": (frozenset(), 0),
    "nohup": (frozenset(), 0),
    "nice": (frozenset({"-n", "--adjustment"}), 0),
    "ionice": (frozenset({"-c", "-n", "-p"}), 0),
    "exec": (frozenset({"-a"}), 0),
    "command": (frozenset(), 0),
    "builtin": (frozenset(), 0),
    "noglob": (frozenset(), 0),
    "stdbuf": (frozenset({"-i", "-o", "-e"}), 0),
    "timeout": (frozenset({"-s", "--signal", "-k", "--kill-after"}), 1),
    "&": (frozenset(), 0),
}

SHELLS = frozenset({"bash", "sh", "zsh", "dash", "ksh", "fish", "ash", "busybox"})
POWERSHELLS = frozenset({"pwsh", "powershell"})

# ``xargs`` options that take the next word as their value.
XARGS_VALUES = frozenset({"-I", "-n", "-P", "-L", "-d", "-E", "-s", "-a", "--delimiter"})
# Words that run their arguments as a command line.
EVALS = frozenset({"eval", "invoke-expression", "iex"})
# Scripts nested deeper than this (``bash -c "sh -c '…'"``) are not read.
MAX_DEPTH = 4


def command_name(word: str) -> str:
    """The command word as a bare name: no folder, lower case, no ``.exe``."""
    name = word.replace("\\", "/").rsplit("/", 1)[-1].lower()
    return name[:-4] if name.endswith(".exe") else name


def display(words: list[str], limit: int = 200) -> str:
    """A command line as an advisory shows it: words with spaces or quotes in
    ``repr`` form, cut to ``limit`` characters."""
    shown = [w if w and " " not in w and "'" not in w else repr(w) for w in words]
    text = " ".join(shown)
    if len(text) <= limit:
        return text
    from caveat.common.sanitize import redact  # before the cut, which could halve a secret

    text = redact(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def strip_wrapper(argv: list[str], name: str) -> list[str] | None:
    """``argv`` without the wrapper ``name`` (its first word, already named),
    the wrapper's options and positional arguments; None when ``name`` is not in
    ``WRAPPERS``."""
    if name not in WRAPPERS:
        return None
    values, positional = WRAPPERS[name]
    i = 1
    while i < len(argv) and (argv[i].startswith("-") or (name == "env" and "=" in argv[i])):
        i += 2 if argv[i] in values else 1
    return argv[i + positional :]


def run_argvs(argv: list[str], powershell: bool, depth: int = 0) -> Iterator[list[str]]:
    """The command lines that ``argv`` really runs, wrappers removed."""
    for _ in range(8):
        if not argv:
            return
        name = command_name(argv[0])
        stripped = strip_wrapper(argv, name)
        if stripped is not None:
            argv = stripped
        elif name == "xargs":
            i = 1
            while i < len(argv) and argv[i].startswith("-"):
                i += 2 if argv[i] in XARGS_VALUES else 1
            argv = argv[i:]
        elif name in EVALS or name in SHELLS or name in POWERSHELLS:
            ps = name in POWERSHELLS or (powershell and name in EVALS)
            script = " ".join(argv[1:]) if name in EVALS else inner_script(argv, ps)
            if not script or depth >= MAX_DEPTH:
                return
            for cmd in simple_commands(script, "powershell" if ps else "bash"):
                yield from run_argvs(cmd.argv, ps, depth + 1)
            return
        else:
            yield argv
            return
