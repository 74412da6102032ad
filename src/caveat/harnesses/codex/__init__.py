"""OpenAI Codex CLI's hook contract.

What reaches the model (reference/delivery-matrix.md, Codex CLI 0.169.0, measured):
``hookSpecificOutput.additionalContext`` on PreToolUse, PostToolUse and SessionStart
arrives as a developer message; ``permissionDecision: "deny"`` on PreToolUse blocks
the tool and hands the reason over as its result. UserPromptSubmit's
``additionalContext`` is in the output schema per the docs and source
(reference/harness-contracts.md §2.2), not measured. No other event's schema has
``hookSpecificOutput.additionalContext``, so nothing is written on them.

Codex validates every output against a strict schema (``additionalProperties: false``):
an unknown field fails the hook, so the envelope carries exactly the schema's keys.

Payloads are Claude-shaped. The file tool is ``apply_patch`` (its ``command`` is the
patch text); the shell reaches the hook as ``Bash``, older builds as ``shell``,
``exec_command`` or ``local_shell`` with an argv list or a ``cmd`` string. Codex sets
no project-dir variable: without ``cwd`` the process cwd stands in.
"""

from __future__ import annotations

from caveat.harnesses import shape

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.event import Event

ID = "codex"

_NAMES = (
    "SessionStart", "UserPromptSubmit", "PreToolUse", "PermissionRequest",
    "PostToolUse", "PreCompact", "PostCompact", "SubagentStart", "SubagentStop",
    "Stop", "StopFailure", "SessionEnd", "Interrupt",
)  # fmt: skip
EVENTS = frozenset(_NAMES)
HOOK_EVENTS = EVENTS
# prompt/agent runners are in Codex's source tree; older builds skip them with a warning.
HOOK_TYPES = frozenset({"command", "prompt", "agent"})

# Empty: no run of Claude Code's hooks to tell apart (see caveat.harnesses.contract).
CLAUDE_HOST_ENV: tuple[str, ...] = ()

# Events whose output schema has hookSpecificOutput.additionalContext.
CONTEXT_EVENTS = frozenset({"SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse"})

_LEGACY_SHELLS = ("shell", "exec_command", "local_shell", "container.exec")

VENDOR = shape.Vendor(
    ID,
    events={name: name for name in _NAMES},
    tools={"apply_patch": "Edit", **dict.fromkeys(_LEGACY_SHELLS, "Bash")},
    readers={"apply_patch": shape.patch_edits},
)


def normalize(payload: dict[str, object], event_name: str, env: Mapping[str, str]) -> Event | None:
    tool_input = payload.get("tool_input")
    if (
        isinstance(tool_input, dict)
        and "command" not in tool_input
        and payload.get("tool_name") in _LEGACY_SHELLS
    ):
        # exec_command's own argument is ``cmd``; the hook normally sees ``command``.
        return shape.read(VENDOR, payload, event_name, env, {"command": tool_input.get("cmd")})
    return shape.read(VENDOR, payload, event_name, env)


def envelope(event: Event, text: str, deny: bool) -> str | None:
    return shape.claude_envelope(event, text, deny, CONTEXT_EVENTS)
