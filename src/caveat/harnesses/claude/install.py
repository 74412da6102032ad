"""Claude Code: ``~/.claude/settings.json`` or ``<project>/.claude/settings.json``.

Exec form (``command`` + ``args``, no shell; Claude Code ≥ 2.1.139), ``timeout`` in
seconds. PreToolUse in three groups, because file tools, shells and AskUserQuestion
are evaluated by different messages; PostToolUse on every tool for the guards that
speak only after a tool ran (the context-size advisory, and the operator's
``PostToolUse`` rules) — the file and shell guards already spoke before the tool, so
they are not run a second time — and PostToolUseFailure, which Claude Code fires in
its place when the tool fails (a command that exits non-zero), for the same guards;
SessionStart, and SubagentStart with the same context, since a subagent gets no
SessionStart of its own; Stop (the stop guard stays silent
unless enabled in the configuration). No PreCompact: Claude Code discards its
output, and the recovery text rides on SessionStart with source ``compact``.

With ``--http`` the same registrations are ``type: "http"`` hooks posting to ``caveat
serve`` (:mod:`caveat.install.endpoint`). Their header names the token's environment
variable (``allowedEnvVars``), never the token. They name this machine's port, so a
project install of that form goes to ``.claude/settings.local.json`` (added to
``.git/info/exclude`` unless git ignores it already), and installing either form
clears the other from the project's other file: the two never run side by side.

Claude Code reads skills from ``~/.claude/skills/`` and ``<project>/.claude/skills/``:
caveat's own skills go there too.
"""

from __future__ import annotations

import os

from caveat.guards import AFTER_THE_TOOL
from caveat.harnesses.claude import ID
from caveat.install.base import Entry
from caveat.install.base import Harness
from caveat.install.core import home
from caveat.install.endpoint import TOKEN_ENV

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.install.command import Runtime
    from caveat.install.core import Json
    from caveat.install.endpoint import Endpoint

TIMEOUT = 30  # seconds


def _user_file(env: Mapping[str, str]) -> str:
    return os.path.join(home(env), ".claude", "settings.json")


def _handler(runtime: Runtime, entry: Entry) -> Json:
    return {
        "type": "command",
        "command": runtime.program,
        "args": runtime.argv(ID, entry.vendor_event, entry.words()),
        "timeout": TIMEOUT,
    }


def _http_handler(endpoint: Endpoint, entry: Entry) -> Json:
    return {
        "type": "http",
        "url": endpoint.url(ID, entry.vendor_event, entry.guards),
        "headers": endpoint.headers(),
        "allowedEnvVars": [TOKEN_ENV],
        "timeout": TIMEOUT,
    }


HARNESS = Harness(
    ID,
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
        Entry("PostToolUse", "PostToolUse", "*", guards=AFTER_THE_TOOL),
        # A tool call that fails fires this in place of PostToolUse: the same guards.
        Entry("PostToolUseFailure", "PostToolUseFailure", "*", guards=AFTER_THE_TOOL),
        Entry("SessionStart", "SessionStart"),
        # A subagent gets no SessionStart: it starts with the same essentials.
        Entry("SubagentStart", "SubagentStart"),
        Entry("Stop", "Stop"),
    ),
    _handler,
    why="pre-tool context reaches the model; post-tool only for the context-size advice",
    http_handler=_http_handler,
    local_file=os.path.join(".claude", "settings.local.json"),
    # Claude Code skips HTTP hooks on SessionStart (and Setup) without a word, so the
    # session-start context keeps its command registration in an HTTP install.
    # SubagentStart is kept with it: whether HTTP hooks run there is not documented.
    command_events=frozenset({"SessionStart", "SubagentStart"}),
    skills=os.path.join(".claude", "skills"),
)
