"""Kiro (IDE ≥ 1.0, CLI v3): ``~/.kiro/hooks/caveat.json`` or
``<project>/.kiro/hooks/caveat.json``.

Why a hooks file and not an agent file: Kiro documents two places, ``hooks`` inside
an agent configuration (``.kiro/agents/<agent>.json``, CLI 2.x) and standalone hook
files in ``.kiro/hooks/`` (IDE ≥ 1.0 and CLI v3). Hooks in an agent file run only
for that agent, and the default agent has no file to merge into; hook files apply
to every agent in the workspace, v3 calls the agent form transitional (``kiro-cli
agent migrate`` converts it), and a file of caveat's own leaves the operator's
agents untouched. Shape: ``{"version": "v1", "hooks": [HANDLER, ...]}``, each handler
naming its ``trigger`` and running ``action.command`` (shell form); ``timeout`` in
seconds.

Kiro hands hook output to the model at session start only (``SessionStart``, the
old ``agentSpawn``); its tool hooks' output is not shown to the model, so that is
the one registration.
"""

from __future__ import annotations

import os

from caveat.harnesses.kiro import ID
from caveat.install.base import Entry
from caveat.install.base import Harness
from caveat.install.core import home
from caveat.install.listed import Listed

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.install.command import Runtime
    from caveat.install.core import Json

TIMEOUT = 30  # seconds


def _user_file(env: Mapping[str, str]) -> str:
    return os.path.join(home(env), ".kiro", "hooks", "caveat.json")


def _handler(runtime: Runtime, entry: Entry) -> Json:
    handler: Json = {"name": f"caveat-{entry.vendor_event.lower()}", "trigger": entry.vendor_event}
    if entry.matcher is not None:
        handler["matcher"] = entry.matcher
    command = runtime.shell(ID, entry.vendor_event, entry.words())
    handler["action"] = {"type": "command", "command": command}
    handler["timeout"] = TIMEOUT
    handler["enabled"] = True
    return handler


HARNESS = Harness(
    ID,
    _user_file,
    os.path.join(".kiro", "hooks", "caveat.json"),
    (Entry("SessionStart", "SessionStart"),),
    _handler,
    layout=Listed({"version": "v1"}, "trigger"),
    why="only session-start output reaches the model",
)
