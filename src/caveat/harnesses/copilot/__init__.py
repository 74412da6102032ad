"""GitHub Copilot CLI and cloud agent, in both payload dialects.

Copilot picks the dialect by the event name a hook is registered under (GitHub's hooks
reference, docs only — not measured here):

- camelCase (``postToolUse`` …): ``sessionId``, ``cwd``, ``toolName`` and ``toolArgs``,
  a JSON-encoded *string*; native tools ``create`` {path, file_text}, ``edit`` {path,
  old_str, new_str}, ``bash``, ``powershell``, ``view`` …; output fields at top level.
  The payload names no event, so the registration passes it; failing that, a
  ``toolResult`` means postToolUse, a bare ``toolName`` preToolUse, a ``source``
  sessionStart.
- PascalCase (``PostToolUse`` …): the VS Code / Claude-compatible snake_case payload;
  tools carry Claude's names but keep Copilot's argument keys.

Reaches the model: ``additionalContext`` on postToolUse (appended to the tool result;
all hooks' values joined, capped at 10 KB), on postToolUseFailure (fired instead when
the tool fails) and on sessionStart. PreToolUse context is
not forwarded (copilot-cli#2585), so pre-tool advice is dropped unless it denies
(``permissionDecision: "deny"`` + ``permissionDecisionReason``, which the agent reads).
Which output shape the PascalCase dialect reads is unconfirmed: caveat writes both the
top-level field and ``hookSpecificOutput`` there. A crashing preToolUse command hook
fails closed in Copilot — one more reason the hook always exits 0.
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

ID = "copilot"

_NATIVE = {
    "sessionStart": "SessionStart",
    "sessionEnd": "SessionEnd",
    "userPromptSubmitted": "UserPromptSubmit",
    "preToolUse": "PreToolUse",
    "postToolUse": "PostToolUse",
    "postToolUseFailure": "PostToolUseFailure",
    "permissionRequest": "PermissionRequest",
    "agentStop": "Stop",
    "subagentStart": "SubagentStart",
    "subagentStop": "SubagentStop",
    "preCompact": "PreCompact",
    "notification": "Notification",
}
_COMPAT = {
    name: name
    for name in (
        "SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse",
        "PostToolUseFailure", "PermissionRequest", "Stop", "SubagentStop", "PreCompact",
    )
}  # fmt: skip
# Events with no Claude counterpart: known, so silent.
_OTHER = ("userPromptTransformed", "errorOccurred", "ErrorOccurred")
EVENTS = frozenset((*_NATIVE, *_COMPAT, *_OTHER))
# Every hook event name Copilot documents, by dialect: camelCase (native) and
# PascalCase (Claude-compatible, which also takes Claude's nested matcher groups; the
# contract leaves its SubagentStart and Notification unread).
NATIVE_HOOK_EVENTS = frozenset(name for name in EVENTS if name[:1].islower())
COMPAT_HOOK_EVENTS = frozenset(
    (*(name for name in EVENTS if name[:1].isupper()), "SubagentStart", "Notification")
)
HOOK_EVENTS = NATIVE_HOOK_EVENTS | COMPAT_HOOK_EVENTS
HOOK_TYPES = frozenset({"command", "http", "prompt"})

# Empty: no run of Claude Code's hooks to tell apart (see caveat.harnesses.contract).
CLAUDE_HOST_ENV: tuple[str, ...] = ()


def _file_edits(args: dict[str, object], cwd: str) -> tuple[FileEdit, ...]:
    """``create``, ``edit``, ``str_replace_editor`` and ``apply_patch`` arguments (Claude's
    key names are read too)."""
    command = field(args, "command")
    body = field(args, "input") or field(args, "patch") or command
    if "*** Begin Patch" in body:
        from caveat.harnesses import patch

        return patch.parse(body, cwd)
    if command == "view":
        return ()
    path = field(args, "path") or field(args, "file_path")
    if command == "create" or "file_text" in args or "content" in args:
        return shape.whole(path, field(args, "file_text") or field(args, "content"), cwd)
    new = field(args, "new_str") or field(args, "new_string")
    return shape.fragment(path, new, field(args, "old_str") or field(args, "old_string"), cwd)


_TOOLS = {
    "create": "Write", "edit": "Edit", "str_replace_editor": "Edit", "apply_patch": "Edit",
    "bash": "Bash", "powershell": "PowerShell", "view": "Read", "glob": "Glob",
    "grep": "Grep", "rg": "Grep", "web_fetch": "WebFetch", "web_search": "WebSearch",
    "task": "Agent", "ask_user": "AskUserQuestion", "update_todo": "TodoWrite",
}  # fmt: skip
NATIVE = shape.Vendor(
    ID,
    events=_NATIVE,
    tools=_TOOLS,
    readers=dict.fromkeys(("create", "edit", "str_replace_editor", "apply_patch"), _file_edits),
)
COMPAT = shape.Vendor(
    ID, events=_COMPAT, tools={}, readers={"Write": _file_edits, "Edit": _file_edits}
)


def tool_args(value: object) -> dict[str, object]:
    """``toolArgs``: a JSON string holding an object (an object is taken as it is). A bare
    string — ``apply_patch`` sends its patch so — becomes ``{"input": …}``."""
    if isinstance(value, dict):
        return value
    if not isinstance(value, str):
        return {}
    try:
        decoded = loads(value)
    except (ValueError, RecursionError):
        decoded = value
    if isinstance(decoded, dict):
        return decoded
    return {"input": decoded} if isinstance(decoded, str) else {}


def _native(payload: dict[str, object], event_name: str) -> bool:
    if "toolArgs" in payload or "toolName" in payload or "sessionId" in payload:
        return True
    if "hook_event_name" in payload or "session_id" in payload or "tool_input" in payload:
        return False
    return not event_name[:1].isupper()


def _native_event(payload: dict[str, object]) -> str:
    if "toolResult" in payload:
        return "postToolUse"
    if "toolName" in payload and "error" not in payload:
        return "preToolUse"
    return "sessionStart" if "source" in payload and "toolName" not in payload else ""


def normalize(payload: dict[str, object], event_name: str, env: Mapping[str, str]) -> Event | None:
    if _native(payload, event_name):
        claude_shaped = {
            "cwd": payload.get("cwd"),
            "session_id": payload.get("sessionId"),
            "tool_name": payload.get("toolName"),
            "transcript_path": payload.get("transcriptPath"),
            "source": payload.get("source"),
            "stop_hook_active": payload.get("stop_hook_active"),
        }
        name = event_name or _native_event(payload)
        return shape.read(
            NATIVE, claude_shaped, name, env, tool_input=tool_args(payload.get("toolArgs"))
        )
    # VS Code runs camelCase registrations with this dialect too: the payload's name wins.
    name = field(payload, "hook_event_name")
    if name not in _COMPAT:
        name = _NATIVE.get(event_name, event_name)
    return shape.read(COMPAT, payload, name, env, tool_input=tool_args(payload.get("tool_input")))


def envelope(event: Event, text: str, deny: bool) -> str | None:
    raw = event.vendor_event
    if raw in _NATIVE:
        if deny and raw == "preToolUse":
            return '{"permissionDecision":"deny","permissionDecisionReason":' + quote(text) + "}"
        if raw in ("sessionStart", "postToolUse", "postToolUseFailure"):
            return '{"additionalContext":' + quote(text) + "}"
        return None
    if deny and raw == "PreToolUse":
        inner = shape.deny_envelope(raw, text)[1:]
        return (
            '{"permissionDecision":"deny","permissionDecisionReason":' + quote(text) + "," + inner
        )
    if raw in ("SessionStart", "PostToolUse", "PostToolUseFailure"):
        return '{"additionalContext":' + quote(text) + "," + shape.context_envelope(raw, text)[1:]
    return None
