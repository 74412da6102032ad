"""CodeBuddy Code's hook contract (Tencent; hooks are Beta, v1.16.0+).

What reaches the model, per the vendor docs only (reference/harness-contracts.md
§2.9; no CodeBuddy run in reference/delivery-matrix.md):
``hookSpecificOutput.additionalContext`` on SessionStart, UserPromptSubmit and
PostToolUse. PreToolUse's documented outputs are ``permissionDecision`` (+ reason)
and ``modifiedInput``, no ``additionalContext``, so a PreToolUse advisory is not
written; a strict finding becomes ``permissionDecision: "deny"`` with its reason.
Installs register SessionStart and PostToolUse only (SPEC §6).

Payloads, events and tool names are Claude Code's (``Write``, ``Edit``, ``Bash`` …);
the project folder is ``CODEBUDDY_PROJECT_DIR``.
"""

from __future__ import annotations

from caveat.harnesses import claude
from caveat.harnesses import shape

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.event import Event

ID = "codebuddy"

EVENTS = claude.EVENTS
HOOK_EVENTS = EVENTS
# reference/harness-contracts.md §2.9 (prompt hooks on Stop, UserPromptSubmit, PreToolUse).
HOOK_TYPES = frozenset({"command", "prompt"})

# Empty: no run of Claude Code's hooks to tell apart (see caveat.harnesses.contract).
CLAUDE_HOST_ENV: tuple[str, ...] = ()

# Events whose hookSpecificOutput.additionalContext CodeBuddy hands to the model.
CONTEXT_EVENTS = frozenset({"SessionStart", "UserPromptSubmit", "PostToolUse"})

VENDOR = shape.Vendor(
    ID,
    events={name: name for name in EVENTS},
    tools={},
    project_env=("CODEBUDDY_PROJECT_DIR",),
)


def normalize(payload: dict[str, object], event_name: str, env: Mapping[str, str]) -> Event | None:
    return shape.read(VENDOR, payload, event_name, env)


def envelope(event: Event, text: str, deny: bool) -> str | None:
    return shape.claude_envelope(event, text, deny, CONTEXT_EVENTS)
