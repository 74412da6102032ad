"""Qwen Code's hook contract.

What reaches the model (reference/delivery-matrix.md, Qwen Code 0.24.4, measured):
``hookSpecificOutput.additionalContext`` on PostToolUse (appended to the tool result),
on PostToolUseFailure (which replaces PostToolUse when a shell command exits non-zero;
appended to the error text) and on SessionStart (the end of the system prompt). PreToolUse's
``additionalContext`` is accepted and dropped (the scheduler only records that it was
there), so nothing is written there; ``permissionDecision: "deny"`` on PreToolUse
blocks the tool and hands the reason over as its result. UserPromptSubmit's
``additionalContext`` is wrapped into the prompt per the docs
(reference/harness-contracts.md §2.4), not measured. Other events forward nothing.

Payloads are Claude-shaped with Claude's event names and Qwen's tool names:
``write_file`` {file_path, content}, ``edit`` {file_path, old_string, new_string,
expected_replacements | replace_all} (an empty ``old_string`` creates the file),
``run_shell_command`` {command, is_background, description}; ``notebook_edit`` is
read as Claude's NotebookEdit (its input keys are unconfirmed). Claude's own tool
names pass through unchanged.
"""

from __future__ import annotations

from caveat.harnesses import shape

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.event import Event

ID = "qwen"

_NAMES = (
    "SessionStart", "SessionEnd", "SessionDelete", "UserPromptSubmit", "MessageDisplay",
    "PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest",
    "PermissionDenied", "Notification", "SubagentStart", "SubagentStop", "Stop",
    "StopFailure", "PreCompact", "PostCompact", "TodoCreated", "TodoCompleted",
)  # fmt: skip
EVENTS = frozenset(_NAMES)
HOOK_EVENTS = EVENTS
HOOK_TYPES = frozenset({"command", "http", "function", "prompt"})

# Empty: no run of Claude Code's hooks to tell apart (see caveat.harnesses.contract).
CLAUDE_HOST_ENV: tuple[str, ...] = ()

# Events whose hookSpecificOutput.additionalContext reaches the model.
CONTEXT_EVENTS = frozenset(
    {"SessionStart", "UserPromptSubmit", "PostToolUse", "PostToolUseFailure"}
)


_PROJECT_ENV = (
    "QWEN_PROJECT_DIR",
    "QWEN_CODE_PROJECT_DIR",
    "CLAUDE_PROJECT_DIR",
    "GEMINI_PROJECT_DIR",
)

VENDOR = shape.Vendor(
    ID,
    events={name: name for name in _NAMES},
    tools={
        "write_file": "Write",
        "edit": "Edit",
        "run_shell_command": "Bash",
        "notebook_edit": "NotebookEdit",
    },
    project_env=_PROJECT_ENV,
    readers={"edit": shape.replacement},
)


def normalize(payload: dict[str, object], event_name: str, env: Mapping[str, str]) -> Event | None:
    return shape.read(VENDOR, payload, event_name, env)


def envelope(event: Event, text: str, deny: bool) -> str | None:
    return shape.claude_envelope(event, text, deny, CONTEXT_EVENTS)
