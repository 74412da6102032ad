"""Gemini CLI: ``~/.gemini/settings.json`` or ``<project>/.gemini/settings.json``.

Shell form, ``timeout`` in milliseconds. Gemini drops BeforeTool's context, so tool
advice is registered on AfterTool, with Gemini's own tool names (a Claude-style
``Write|Edit|Bash`` matcher matches nothing there); SessionStart.
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

TIMEOUT = 30_000  # milliseconds


def _user_file(env: Mapping[str, str]) -> str:
    return os.path.join(home(env), ".gemini", "settings.json")


def _handler(runtime: Runtime, entry: Entry) -> Json:
    return {
        "type": "command",
        "name": "caveat",
        "command": runtime.shell("gemini", entry.vendor_event, entry.messages()),
        "timeout": TIMEOUT,
    }


HARNESS = Harness(
    "gemini",
    "gemini",
    _user_file,
    os.path.join(".gemini", "settings.json"),
    (
        Entry(
            "AfterTool",
            "PostToolUse",
            "write_file|replace|run_shell_command",
            frozenset({"Write", "Edit", "Bash"}),
        ),
        Entry("SessionStart", "SessionStart"),
    ),
    _handler,
    why="BeforeTool context is dropped, so tool advice goes on AfterTool",
    notes=("Gemini warns once about a new or changed project hook until it is trusted.",),
)
