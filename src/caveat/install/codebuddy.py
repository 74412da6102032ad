"""CodeBuddy Code: ``~/.codebuddy/settings.json`` or ``<project>/.codebuddy/settings.json``.

Claude-shaped, shell form (CodeBuddy runs ``command`` with ``$SHELL``, on Windows
always with Git Bash, so there is no Windows twin), ``timeout`` in seconds. CodeBuddy
hands PostToolUse and SessionStart context to the model but not PreToolUse's, so tool
advice is registered after the tool, on Claude's tool names. Its matcher is an
unanchored regex (``Write`` would also match ``NotebookWrite``), hence the anchors.
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

TIMEOUT = 30  # seconds (CodeBuddy's default is 60)


def _user_file(env: Mapping[str, str]) -> str:
    return os.path.join(home(env), ".codebuddy", "settings.json")


def _handler(runtime: Runtime, entry: Entry) -> Json:
    return {
        "type": "command",
        "command": runtime.shell("codebuddy", entry.vendor_event, entry.messages()),
        "timeout": TIMEOUT,
    }


HARNESS = Harness(
    "codebuddy",
    "codebuddy",
    _user_file,
    os.path.join(".codebuddy", "settings.json"),
    (
        Entry(
            "PostToolUse",
            "PostToolUse",
            "^(Write|Edit|MultiEdit|NotebookEdit|Bash)$",
            frozenset({"Write", "Edit", "MultiEdit", "NotebookEdit", "Bash"}),
        ),
        Entry("SessionStart", "SessionStart"),
    ),
    _handler,
    why="PreToolUse takes no context, so tool advice goes on PostToolUse",
    notes=("CodeBuddy reads hooks when it starts; review new ones in /hooks.",),
)
