"""Qwen Code: ``~/.qwen/settings.json`` or ``<project>/.qwen/settings.json``.

Shell form, ``timeout`` in seconds (values ≥ 1000 would be read as legacy ms).
Qwen drops PreToolUse's context, so tool advice is registered on PostToolUse with
Qwen's tool names; SessionStart.
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
    return os.path.join(home(env), ".qwen", "settings.json")


def _handler(runtime: Runtime, entry: Entry) -> Json:
    return {
        "type": "command",
        "command": runtime.shell("qwen", entry.vendor_event, entry.messages()),
        "timeout": TIMEOUT,
    }


HARNESS = Harness(
    "qwen-code",
    "qwen",
    _user_file,
    os.path.join(".qwen", "settings.json"),
    (
        Entry(
            "PostToolUse",
            "PostToolUse",
            "^(write_file|edit|run_shell_command)$",
            frozenset({"Write", "Edit", "Bash"}),
        ),
        Entry("SessionStart", "SessionStart"),
    ),
    _handler,
    why="PreToolUse context is dropped, so tool advice goes on PostToolUse",
)
