"""Cursor's hook contract (``.cursor/hooks.json``, camelCase events).

Reaches the model: only ``sessionStart``'s ``{"additional_context": T}``. Cursor's own
page was not retrievable in full; the fields come from third-party integrations
(reference/harness-contracts.md §2.5, unconfirmed). ``beforeSubmitPrompt`` cannot
inject context, the after* hooks are fire-and-forget and ``postToolUse`` only takes
``updated_mcp_tool_output``: everything else is dropped, except a deny on a before-tool
hook (``permission: "deny"`` + ``agent_message``, which the agent reads).

Payloads: ``conversation_id``, ``generation_id``, ``workspace_roots`` (``cwd`` only on
tool and shell events); ``beforeShellExecution`` {command, cwd}, ``beforeReadFile``
{file_path}, ``afterFileEdit`` {file_path, edits[{old_string, new_string}]},
``preToolUse`` {tool_name (``Shell``, ``Write``, ``StrReplace`` …), tool_input}.
"""

from __future__ import annotations

from caveat.common.jsonio import loads
from caveat.common.jsonio import quote
from caveat.harnesses import shape
from caveat.harnesses.shape import text as field

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.event import Event
    from caveat.event import FileEdit

ID = "cursor"

_EVENTS = {
    "sessionStart": "SessionStart",
    "sessionEnd": "SessionEnd",
    "preToolUse": "PreToolUse",
    "postToolUse": "PostToolUse",
    "postToolUseFailure": "PostToolUseFailure",
    "subagentStart": "SubagentStart",
    "subagentStop": "SubagentStop",
    "beforeShellExecution": "PreToolUse",
    "afterShellExecution": "PostToolUse",
    "beforeMCPExecution": "PreToolUse",
    "afterMCPExecution": "PostToolUse",
    "beforeReadFile": "PreToolUse",
    "afterFileEdit": "PostToolUse",
    "beforeSubmitPrompt": "UserPromptSubmit",
    "preCompact": "PreCompact",
    "stop": "Stop",
}
# Known, with no Claude counterpart (Tab edits are the user's, not the agent's): silent.
_OTHER = (
    "afterAgentResponse", "afterAgentThought", "beforeTabFileRead", "afterTabFileEdit",
    "workspaceOpen",
)  # fmt: skip
EVENTS = frozenset((*_EVENTS, *_OTHER))
HOOK_EVENTS = EVENTS
# The one handler type the reference documents (§2.5: ``type`` is optional).
HOOK_TYPES = frozenset({"command"})
# Cursor also runs the hooks in Claude Code's settings (an opt-in setting); these
# variables tell such a run from Claude Code's own.
CLAUDE_HOST_ENV: tuple[str, ...] = ("CURSOR_PROJECT_DIR", "CURSOR_VERSION")
# Before-tool hooks whose ``permission: "deny"`` stops the call and tells the agent why.
DENY_EVENTS = frozenset({"preToolUse", "beforeShellExecution", "beforeMCPExecution"})


def _write(args: dict[str, object], cwd: str) -> tuple[FileEdit, ...]:
    path = field(args, "file_path") or field(args, "path")
    return shape.whole(path, field(args, "content") or field(args, "contents"), cwd)


def _replace(args: dict[str, object], cwd: str) -> tuple[FileEdit, ...]:
    path = field(args, "file_path") or field(args, "path")
    return shape.fragment(path, field(args, "new_string"), field(args, "old_string"), cwd)


VENDOR = shape.Vendor(
    ID,
    events=_EVENTS,
    tools={"Shell": "Bash", "StrReplace": "Edit"},
    project_env=("CURSOR_PROJECT_DIR",),
    readers={"Write": _write, "StrReplace": _replace, "Edit": _replace},
)


def _tool_call(payload: dict[str, object], raw: str) -> tuple[object, object]:
    """The (tool name, tool input) an event stands for."""
    if raw in ("beforeShellExecution", "afterShellExecution"):
        return "Shell", {"command": payload.get("command")}
    if raw == "beforeReadFile":
        return "Read", {"file_path": payload.get("file_path")}
    if raw == "afterFileEdit":
        return "MultiEdit", {"file_path": payload.get("file_path"), "edits": payload.get("edits")}
    tool_input = payload.get("tool_input")
    if isinstance(tool_input, str):  # a JSON string in some builds (beforeMCPExecution)
        try:
            tool_input = loads(tool_input)
        except (ValueError, RecursionError):
            tool_input = None
    return payload.get("tool_name"), tool_input


def normalize(payload: dict[str, object], event_name: str, env: Mapping[str, str]) -> Event | None:
    raw = event_name or field(payload, "hook_event_name")
    if raw not in _EVENTS or shape.grok(payload, env):
        return None  # Grok Build reads .cursor/hooks.json too: see shape.grok
    cwd = field(payload, "cwd")
    roots = payload.get("workspace_roots")
    if not cwd and isinstance(roots, list) and roots and isinstance(roots[0], str):
        cwd = roots[0]
    tool, tool_input = _tool_call(payload, raw)
    claude_shaped = {
        "cwd": cwd,
        "session_id": payload.get("conversation_id") or payload.get("session_id"),
        "turn_id": payload.get("generation_id"),
        "transcript_path": payload.get("transcript_path"),
        "tool_name": tool,
        "tool_input": tool_input,
    }
    return shape.read(VENDOR, claude_shaped, raw, env)


def envelope(event: Event, text: str, deny: bool) -> str | None:
    raw = event.vendor_event
    if deny and raw in DENY_EVENTS:
        return '{"permission":"deny","agent_message":' + quote(text) + "}"
    if raw == "sessionStart":
        return '{"additional_context":' + quote(text) + "}"
    return None
