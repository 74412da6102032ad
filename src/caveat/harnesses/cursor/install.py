"""Cursor: ``~/.cursor/hooks.json`` or ``<project>/.cursor/hooks.json``.

The file is the operator's (``{"version": 1, "hooks": {EVENT: [HANDLER, ...]}}``):
caveat merges one handler into it and keeps ``version`` and everything else. Cursor
hands only ``sessionStart``'s ``additional_context`` to the model (its after-tool
hooks are fire-and-forget, ``beforeSubmitPrompt`` cannot add context), so that is the
one registration for advice; ``beforeShellExecution`` answers only with a hold
(``permission: "deny"`` with ``agent_message``, docs/holds.md). Shell form. No
``timeout``: sources disagree on its unit (seconds or milliseconds), and a value read
in the wrong unit would either kill the hook after 30 ms or never, so Cursor's
default is the safe choice.

Cursor also runs the hooks in Claude Code's settings (an opt-in setting); the
install says so when caveat is registered for both.
"""

from __future__ import annotations

import os

from caveat.harnesses.cursor import ID
from caveat.install.base import Entry
from caveat.install.base import Harness
from caveat.install.core import home
from caveat.install.layout import Flat

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.install.command import Runtime
    from caveat.install.core import Json


def _user_file(env: Mapping[str, str]) -> str:
    return os.path.join(home(env), ".cursor", "hooks.json")


def _handler(runtime: Runtime, entry: Entry) -> Json:
    return {"command": runtime.shell(ID, entry.vendor_event, entry.words())}


HARNESS = Harness(
    ID,
    _user_file,
    os.path.join(".cursor", "hooks.json"),
    (
        Entry("sessionStart", "SessionStart"),
        # Its deny reaches the agent before the command runs; a failed hook fails open.
        Entry("beforeShellExecution", "PreToolUse", None, frozenset({"Bash"}), hold=True),
    ),
    _handler,
    layout=Flat({"version": 1}),
    why="only sessionStart's additional_context reaches the model",
    reads_claude=(
        "Cursor also runs the hooks in Claude Code's settings; turn off Cursor's "
        '"Include Third-Party Plugins, Skills, and Other Configs" setting so that '
        "caveat runs once per event"
    ),
    notes=(
        "Some Cursor builds reject a hooks file naming sessionStart; if Cursor's "
        "Hooks settings report the file invalid, update Cursor.",
    ),
)
