"""OpenAI Codex CLI: ``$CODEX_HOME/hooks.json`` (else ``~/.codex/hooks.json``) or
``<project>/.codex/hooks.json``.

Shell form (``command`` is run by ``$SHELL -lc``), ``timeout`` in integer seconds.
PreToolUse on ``apply_patch`` and the shell (Codex reports it as ``Bash``) in one
group; PostToolUse on every tool for the guards that speak only after a tool ran
(as for Claude Code); SessionStart. Codex runs a new or edited hook only once it is
trusted.
"""

from __future__ import annotations

import os

from caveat.guards import AFTER_THE_TOOL
from caveat.harnesses.codex import ID
from caveat.install.base import Entry
from caveat.install.base import Harness
from caveat.install.core import home

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.install.command import Runtime
    from caveat.install.core import Json

TIMEOUT = 30  # integer seconds


def _user_file(env: Mapping[str, str]) -> str:
    codex_home = env.get("CODEX_HOME") or os.path.join(home(env), ".codex")
    return os.path.join(codex_home, "hooks.json")


def _handler(runtime: Runtime, entry: Entry) -> Json:
    command = runtime.shell(ID, entry.vendor_event, entry.words())
    handler: Json = {"type": "command", "command": command}
    if os.name == "nt":
        handler["commandWindows"] = command
    handler["timeout"] = TIMEOUT
    return handler


HARNESS = Harness(
    ID,
    _user_file,
    os.path.join(".codex", "hooks.json"),
    (
        Entry("PreToolUse", "PreToolUse", "^(apply_patch|Bash)$", frozenset({"Edit", "Bash"})),
        Entry("PostToolUse", "PostToolUse", "*", guards=AFTER_THE_TOOL),
        Entry("SessionStart", "SessionStart"),
    ),
    _handler,
    why="pre-tool context reaches the model; post-tool only for the context-size advice",
    trust_by_hash="Codex",
    notes=(
        "Codex runs a new or changed hook only after it is trusted: review it in /hooks.",
        "A project's .codex/hooks.json is read only when Codex trusts the project "
        '(trust_level = "trusted" for it under [projects] in ~/.codex/config.toml).',
    ),
)
