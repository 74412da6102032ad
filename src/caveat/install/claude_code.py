"""Claude Code: ``~/.claude/settings.json`` or ``<project>/.claude/settings.json``.

Exec form (``command`` + ``args``, no shell; Claude Code ≥ 2.1.139), ``timeout`` in
seconds. PreToolUse in three groups, because file tools, shells and AskUserQuestion
are evaluated by different messages; SessionStart; Stop (the stop guard stays silent
unless enabled in the configuration).
"""

from __future__ import annotations

import os

from caveat.install.base import Entry
from caveat.install.base import Harness
from caveat.install.base import Json
from caveat.install.base import home

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.install.command import Runtime

TIMEOUT = 30  # seconds


def _user_file(env: Mapping[str, str]) -> str:
    return os.path.join(home(env), ".claude", "settings.json")


def _handler(runtime: Runtime, entry: Entry) -> Json:
    return {
        "type": "command",
        "command": runtime.python,
        "args": runtime.argv("claude", entry.vendor_event, entry.messages()),
        "timeout": TIMEOUT,
    }


HARNESS = Harness(
    "claude-code",
    "claude",
    _user_file,
    os.path.join(".claude", "settings.json"),
    (
        Entry(
            "PreToolUse",
            "PreToolUse",
            "Write|Edit|MultiEdit|NotebookEdit",
            frozenset({"Write", "Edit", "MultiEdit", "NotebookEdit"}),
        ),
        Entry("PreToolUse", "PreToolUse", "Bash|PowerShell", frozenset({"Bash", "PowerShell"})),
        Entry("PreToolUse", "PreToolUse", "AskUserQuestion", frozenset({"AskUserQuestion"})),
        Entry("SessionStart", "SessionStart"),
        Entry("Stop", "Stop"),
    ),
    _handler,
)
