"""A command line as the shell guards read it: its simple commands, and the words for
what of it they did not read, so that no guard is silent about a part it skipped.

The split is shared: ``caveat.common.shell`` keeps its last result, so the guards of
one call lex a long command line once.
"""

from __future__ import annotations

from caveat.common.shell import simple_commands
from caveat.common.shell import unread
from caveat.event import Finding

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from caveat.common.shell import SimpleCommand

# Simple commands a guard looks at, at most: a guard's budget holds this many.
MAX_COMMANDS = 20_000


def summary(command: SimpleCommand) -> str:
    """A simple command's words and redirections as one line, for a cheap test."""
    targets = " ".join(f"{r.op} {r.target}" for r in command.redirects)
    return " ".join(command.argv) + (" " + targets if targets else "")


def read(
    text: str, dialect: str, keep: Callable[[str], bool] | None = None
) -> tuple[list[SimpleCommand], str]:
    """The simple commands of ``text`` (at most ``MAX_COMMANDS``), and what was not
    read in words ("" when all of it was). With ``keep``, only the commands whose
    ``summary`` it accepts count: padding of other commands uses up nothing."""
    commands = simple_commands(text, dialect)
    if keep is not None:
        commands = [c for c in commands if keep(summary(c))]
    words = unread(text)
    if len(commands) > MAX_COMMANDS:
        more = f"simple commands {MAX_COMMANDS + 1:,}–{len(commands):,}"
        words = f"{more} and {words}" if words else more
        commands = commands[:MAX_COMMANDS]
    return commands, words


def notice(words: str) -> Finding:
    """The finding that says what of the command line was not read."""
    return Finding({"unread": words}, variant="unread", key="unread")
