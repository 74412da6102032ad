"""Gemini CLI's hook contract.

What reaches the model (reference/delivery-matrix.md, Gemini CLI 0.61.0, measured):
``hookSpecificOutput.additionalContext`` on AfterTool (appended to the tool result in
``<hook_context>``) and on SessionStart (prefixed to the first user message).
BeforeTool's ``additionalContext`` is accepted and dropped, so nothing is written
there; only a block gets text to the model before a tool runs, and Gemini ignores
``permissionDecision: "deny"``: a strict finding becomes top-level
``{"decision": "deny", "reason": …}``. BeforeAgent's ``additionalContext`` is appended
to the prompt per the docs and source (reference/harness-contracts.md §2.3), not
measured. AfterAgent, PreCompress, SessionEnd and Notification forward nothing.

Payloads are Claude-shaped with Gemini's event and tool names: ``write_file``
{file_path, content}, ``replace`` {file_path, old_string, new_string, instruction,
allow_multiple} (an empty ``old_string`` creates the file), ``run_shell_command``
{command, description, dir_path, is_background}. BeforeModel, AfterModel and
BeforeToolSelection carry no tool call and no guard reads them: they are not events
of this contract, so the per-chunk AfterModel stays as cheap as an unknown event.
"""

from __future__ import annotations

from caveat.harnesses import shape

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.event import Event

ID = "gemini"

# Gemini event → Claude event.
_EVENTS = {
    "SessionStart": "SessionStart",
    "SessionEnd": "SessionEnd",
    "BeforeAgent": "UserPromptSubmit",
    "AfterAgent": "Stop",
    "BeforeTool": "PreToolUse",
    "AfterTool": "PostToolUse",
    "PreCompress": "PreCompact",
    "Notification": "Notification",
}
EVENTS = frozenset(_EVENTS)
HOOK_EVENTS = EVENTS | {"BeforeModel", "AfterModel", "BeforeToolSelection"}
HOOK_TYPES = frozenset({"command"})

# Empty: no run of Claude Code's hooks to tell apart (see caveat.harnesses.contract).
CLAUDE_HOST_ENV: tuple[str, ...] = ()

# Gemini events whose hookSpecificOutput.additionalContext reaches the model.
CONTEXT_EVENTS = frozenset({"SessionStart", "BeforeAgent", "AfterTool"})


VENDOR = shape.Vendor(
    ID,
    events=_EVENTS,
    tools={"write_file": "Write", "replace": "Edit", "run_shell_command": "Bash"},
    project_env=("GEMINI_PROJECT_DIR", "GEMINI_CWD", "CLAUDE_PROJECT_DIR"),
    readers={"replace": shape.replacement},
)


def normalize(payload: dict[str, object], event_name: str, env: Mapping[str, str]) -> Event | None:
    return shape.read(VENDOR, payload, event_name, env)


def envelope(event: Event, text: str, deny: bool) -> str | None:
    if event.vendor_event == "BeforeTool":
        if not deny:
            return None  # Gemini drops BeforeTool context
        from caveat.common.jsonio import quote

        return '{"decision":"deny","reason":' + quote(text) + "}"
    if event.vendor_event not in CONTEXT_EVENTS:
        return None
    return shape.context_envelope(event.vendor_event, text)
