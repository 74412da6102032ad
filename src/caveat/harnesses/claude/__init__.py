"""Claude Code's hook contract; Codex-shaped payloads (``apply_patch``) are read too.

Envelope: ``{"hookSpecificOutput": {"hookEventName": E, "additionalContext": T}}``,
the only non-blocking channel that reaches the model (reference/delivery-matrix.md);
under strict mode a PreToolUse finding becomes ``permissionDecision: "deny"``, and so
does a hold (docs/holds.md); under ``[hold] mode = "ask"`` a hold is Claude Code's own
``permissionDecision: "ask"``, which puts the reason before the user.

Grok Build runs the hooks of Claude Code's settings too; a call from it is not used
(:func:`caveat.harnesses.shape.grok`), so caveat stays silent there.
"""

from __future__ import annotations

from caveat.harnesses import shape

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.event import Event

ID = "claude"

_NAMES = (
    "SessionStart", "Setup", "InstructionsLoaded", "UserPromptSubmit",
    "UserPromptExpansion", "MessageDisplay", "PreToolUse", "PermissionRequest",
    "PermissionDenied", "PostToolUse", "PostToolUseFailure", "PostToolBatch",
    "Notification", "SubagentStart", "SubagentStop", "TaskCreated", "TaskCompleted",
    "Stop", "StopFailure", "TeammateIdle", "ConfigChange", "CwdChanged",
    "DirectoryAdded", "FileChanged", "WorktreeCreate", "WorktreeRemove", "PreCompact",
    "PostCompact", "Elicitation", "ElicitationResult", "SessionEnd",
)  # fmt: skip
EVENTS = frozenset(_NAMES)
# Every hook event Claude Code documents (reference/harness-contracts.md §2.1, exact
# spelling). The model-switch events (2.1.251) carry no tool call and no prompt: no
# guard reads them, so the contract does not.
HOOK_EVENTS = EVENTS | {"PreModelSwitch", "PostModelSwitch"}
# The handler types Claude Code runs.
HOOK_TYPES = frozenset({"command", "http", "mcp_tool", "prompt", "agent"})

# Empty: no run of Claude Code's hooks to tell apart (see caveat.harnesses.contract).
CLAUDE_HOST_ENV: tuple[str, ...] = ()

# Events whose hookSpecificOutput.additionalContext Claude Code hands to the model.
CONTEXT_EVENTS = frozenset(
    {
        "SessionStart", "SubagentStart", "UserPromptSubmit", "PreToolUse", "PostToolUse",
        "PostToolUseFailure", "PostToolBatch", "Stop",
    }
)  # fmt: skip


VENDOR = shape.Vendor(
    ID,
    events={name: name for name in _NAMES},
    # Codex reports its shell as Bash already; older builds use these spellings.
    tools={
        "apply_patch": "Edit",
        "shell": "Bash",
        "exec_command": "Bash",
        "local_shell": "Bash",
        "container.exec": "Bash",
    },
    project_env=("CLAUDE_PROJECT_DIR",),
    readers={"apply_patch": shape.patch_edits},
)


def normalize(payload: dict[str, object], event_name: str, env: Mapping[str, str]) -> Event | None:
    if shape.grok(payload, env):
        return None  # Grok Build running this file's hooks: see shape.grok
    return shape.read(VENDOR, payload, event_name, env)


def envelope(event: Event, text: str, deny: bool) -> str | None:
    return shape.claude_envelope(event, text, deny, CONTEXT_EVENTS)


def ask(event: Event, text: str) -> str | None:
    if event.name != "PreToolUse":
        return None
    return shape.deny_envelope("PreToolUse", text, "ask")
