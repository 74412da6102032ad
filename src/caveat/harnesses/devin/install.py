"""Devin Local (Devin CLI): ``~/.config/devin/config.json`` or
``<project>/.devin/config.local.json``.

Claude-shaped ``hooks`` inside Devin's config, shell form, ``timeout`` in seconds,
``matcher`` a regex on Devin's own lowercase tool names. Devin hands SessionStart
and PostToolUse context to the model, not PreToolUse's, so tool advice comes after
the tool. The project file is the local (uncommitted) config, and a project install
adds it to ``.git/info/exclude`` — the repository's own ignore list, not the
operator's ``.gitignore`` — when git does not ignore it already; uninstall removes
the line it added. (Windsurf Cascade has no channel to the model: nothing to
install there.)

Devin also runs the hooks in Claude Code's settings unless
``read_config_from.claude`` is off; the install says so when caveat is registered
for both.
"""

from __future__ import annotations

import os

from caveat.harnesses.devin import ID
from caveat.install.base import Entry
from caveat.install.base import Harness
from caveat.install.core import home

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.install.command import Runtime
    from caveat.install.core import Json

TIMEOUT = 30  # seconds


def _user_file(env: Mapping[str, str]) -> str:
    return os.path.join(home(env), ".config", "devin", "config.json")


def _handler(runtime: Runtime, entry: Entry) -> Json:
    return {
        "type": "command",
        "command": runtime.shell(ID, entry.vendor_event, entry.words()),
        "timeout": TIMEOUT,
    }


HARNESS = Harness(
    ID,
    _user_file,
    os.path.join(".devin", "config.local.json"),
    (
        Entry(
            "PostToolUse",
            "PostToolUse",
            "^(exec|edit|write)$",
            frozenset({"Bash", "Edit", "Write"}),
        ),
        Entry("SessionStart", "SessionStart"),
    ),
    _handler,
    why="PreToolUse context is dropped, so tool advice goes on PostToolUse",
    reads_claude=(
        "Devin also runs the hooks in Claude Code's settings; set Devin's "
        "read_config_from.claude to false so that caveat runs once per event"
    ),
    private=True,
)
