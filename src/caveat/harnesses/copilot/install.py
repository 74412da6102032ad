"""GitHub Copilot CLI: ``$COPILOT_HOME/hooks/caveat.json`` (else
``~/.copilot/hooks/caveat.json``) or ``<project>/.github/hooks/caveat.json``.

Copilot reads every ``*.json`` in those folders, so caveat keeps a file of its own:
``{"version": 1, "hooks": {EVENT: [HANDLER, ...]}}``, handlers straight under the
event with their own ``matcher`` (a regex Copilot anchors as ``^(?:P)$``, on its
native tool names). Each handler carries both ``bash`` and ``powershell`` (Copilot
picks by OS); ``timeoutSec`` in seconds. Registered under the camelCase (native)
event names: Copilot hands context to the model on ``sessionStart`` and
``postToolUse`` only (preToolUse context is dropped), so tool advice comes after the
tool. ``preToolUse`` on the shell tools answers only with a hold (a top-level
``permissionDecision: "deny"``, docs/holds.md). A preToolUse command hook that fails
fails closed in Copilot, so that entry runs through the launcher, which exits 0 with
nothing on every fault.
"""

from __future__ import annotations

import os

from caveat.harnesses.copilot import ID
from caveat.install.base import Entry
from caveat.install.base import Harness
from caveat.install.core import home
from caveat.install.layout import Flat

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.install.command import Runtime
    from caveat.install.core import Json

TIMEOUT = 30  # seconds (timeoutSec; Copilot's default is 30)
_TOOLS = "create|edit|str_replace_editor|apply_patch|bash|powershell"
_CAVEAT_TOOLS = frozenset({"Write", "Edit", "Bash", "PowerShell"})
_SHELLS = frozenset({"Bash", "PowerShell"})


def _user_file(env: Mapping[str, str]) -> str:
    copilot_home = env.get("COPILOT_HOME") or os.path.join(home(env), ".copilot")
    return os.path.join(copilot_home, "hooks", "caveat.json")


def _handler(runtime: Runtime, entry: Entry) -> Json:
    command = runtime.shell(ID, entry.vendor_event, entry.words())
    handler: Json = {"type": "command"}
    if entry.matcher is not None:
        handler["matcher"] = entry.matcher
    handler["bash"] = command
    # PowerShell runs a quoted path only through the call operator.
    handler["powershell"] = "& " + command
    handler["timeoutSec"] = TIMEOUT
    return handler


HARNESS = Harness(
    ID,
    _user_file,
    os.path.join(".github", "hooks", "caveat.json"),
    (
        Entry("sessionStart", "SessionStart"),
        Entry("preToolUse", "PreToolUse", "bash|powershell", _SHELLS, hold=True),
        Entry("postToolUse", "PostToolUse", _TOOLS, _CAVEAT_TOOLS),
        # A failing tool fires postToolUseFailure instead, whose context also reaches
        # the model: advice on a rejected push or a failed install still arrives.
        Entry("postToolUseFailure", "PostToolUseFailure", _TOOLS, _CAVEAT_TOOLS),
    ),
    _handler,
    layout=Flat({"version": 1}),
    why="preToolUse context is dropped; sessionStart and postToolUse(Failure) reach the model",
    notes=(
        "Copilot's cloud coding agent also runs .github/hooks/*.json, on a machine "
        "without this interpreter: there the hook fails with a warning.",
    ),
)
