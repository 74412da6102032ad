"""Claude Code's hook contract; Codex payloads share its shape and are read here too.

Envelope: ``{"hookSpecificOutput": {"hookEventName": E, "additionalContext": T}}``,
the only non-blocking channel that reaches the model (reference/delivery-matrix.md);
under strict mode a PreToolUse finding becomes ``permissionDecision: "deny"``.
"""

from __future__ import annotations

from caveat import jsonio
from caveat.contracts import patch
from caveat.contracts.base import cwd_of
from caveat.contracts.base import resolve
from caveat.contracts.base import text
from caveat.event import CELL
from caveat.event import FRAGMENT
from caveat.event import WHOLE
from caveat.event import Event
from caveat.event import FileEdit

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

ID = "claude"

EVENTS = frozenset(
    {
        "SessionStart", "Setup", "InstructionsLoaded", "UserPromptSubmit",
        "UserPromptExpansion", "MessageDisplay", "PreToolUse", "PermissionRequest",
        "PermissionDenied", "PostToolUse", "PostToolUseFailure", "PostToolBatch",
        "Notification", "SubagentStart", "SubagentStop", "TaskCreated", "TaskCompleted",
        "Stop", "StopFailure", "TeammateIdle", "ConfigChange", "CwdChanged",
        "DirectoryAdded", "FileChanged", "WorktreeCreate", "WorktreeRemove", "PreCompact",
        "PostCompact", "Elicitation", "ElicitationResult", "SessionEnd",
    }
)  # fmt: skip

# Events whose hookSpecificOutput.additionalContext Claude Code hands to the model.
_CONTEXT_EVENTS = frozenset(
    {
        "SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse",
        "PostToolUseFailure", "PostToolBatch",
    }
)  # fmt: skip

# Vendor tool name → canonical name. Codex reports its shell as Bash already; older
# builds and other Claude-shaped payloads use these spellings.
_TOOLS = {
    "apply_patch": "Edit",
    "shell": "Bash",
    "exec_command": "Bash",
    "local_shell": "Bash",
    "container.exec": "Bash",
}
_SHELLS = {"Bash": "bash", "PowerShell": "powershell"}


def normalize(payload: dict[str, object], event_name: str, env: Mapping[str, str]) -> Event | None:
    name = event_name or text(payload, "hook_event_name")
    if name not in EVENTS:
        return None
    cwd = cwd_of(payload, env, "CLAUDE_PROJECT_DIR")
    raw_tool = text(payload, "tool_name")
    tool = _TOOLS.get(raw_tool, raw_tool)
    tool_input = payload.get("tool_input")
    if not isinstance(tool_input, dict):
        tool_input = {}
    edits: tuple[FileEdit, ...] = ()
    command = ""
    if raw_tool == "apply_patch":
        body = _patch_body(tool_input)
        edits = patch.parse(body, cwd)
    elif tool in _SHELLS:
        command = _command(tool_input.get("command"))
    else:
        edits = _file_edits(tool, tool_input, cwd)
    stop_active = payload.get("stop_hook_active")
    return Event(
        name,
        tool=tool,
        edits=edits,
        command=command,
        shell=_SHELLS.get(tool, ""),
        cwd=cwd,
        session_id=text(payload, "session_id"),
        turn_id=text(payload, "turn_id") or text(payload, "prompt_id"),
        transcript_path=text(payload, "transcript_path"),
        source=text(payload, "source"),
        permission_mode=text(payload, "permission_mode"),
        stop_hook_active=stop_active is True,
        contract=ID,
    )


def _command(value: object) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        # ["bash", "-lc", "npm i x"] from older Codex builds: the script is what runs.
        if len(value) >= 3 and value[-2] in ("-c", "-lc"):
            return str(value[-1])
        return " ".join(value)
    return ""


def _patch_body(tool_input: dict[str, object]) -> str:
    for key in ("command", "patch", "input"):
        value = tool_input.get(key)
        if isinstance(value, str):
            return value
        if isinstance(value, list):
            return "\n".join(v for v in value if isinstance(v, str))
    return ""


def _file_edits(tool: str, tool_input: dict[str, object], cwd: str) -> tuple[FileEdit, ...]:
    if tool == "Write":
        path = resolve(text(tool_input, "file_path"), cwd)
        return (FileEdit(path, text(tool_input, "content"), WHOLE),) if path else ()
    if tool == "Edit":
        path = resolve(text(tool_input, "file_path"), cwd)
        if not path:
            return ()
        new, old = text(tool_input, "new_string"), text(tool_input, "old_string")
        return (FileEdit(path, new, FRAGMENT, old),)
    if tool == "MultiEdit":
        path = resolve(text(tool_input, "file_path"), cwd)
        edits = tool_input.get("edits")
        if not path or not isinstance(edits, list):
            return ()
        return tuple(
            FileEdit(path, text(e, "new_string"), FRAGMENT, text(e, "old_string"))
            for e in edits
            if isinstance(e, dict)
        )
    if tool == "NotebookEdit":
        path = resolve(text(tool_input, "notebook_path"), cwd)
        if not path:
            return ()
        # A markdown cell is prose: guards that read code must not see it as code.
        code = text(tool_input, "cell_type") != "markdown"
        source = text(tool_input, "new_source") if code else ""
        return (FileEdit(path, source, CELL),)
    return ()


def envelope(event: Event, text: str, deny: bool) -> str | None:
    if deny and event.name == "PreToolUse":
        return (
            '{"hookSpecificOutput":{"hookEventName":"PreToolUse",'
            '"permissionDecision":"deny","permissionDecisionReason":' + jsonio.quote(text) + "}}"
        )
    if event.name not in _CONTEXT_EVENTS:
        return None
    return (
        '{"hookSpecificOutput":{"hookEventName":'
        + jsonio.quote(event.name)
        + ',"additionalContext":'
        + jsonio.quote(text)
        + "}}"
    )
