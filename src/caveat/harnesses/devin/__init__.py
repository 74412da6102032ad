"""Devin Local / Devin CLI (Claude-shaped) and Windsurf Cascade / Devin Desktop
(snake_case, one event per action).

Reaches the model:
- Devin CLI: ``hookSpecificOutput.additionalContext`` on SessionStart (used by
  claude-mem: third-party) and PostToolUse (SPEC §6; whether Devin honours it outside
  SessionStart is unconfirmed). Pre-tool context is dropped; a deny is Devin's
  documented ``{"decision": "block", "reason": …}``. Payloads carry no ``cwd``
  (``DEVIN_PROJECT_DIR`` stands in); tools ``exec`` {command, shell_id}, ``edit``,
  ``write``, ``read`` (argument keys of ``edit``/``write`` unconfirmed: Claude's and
  the str_replace family's are both read).
- Windsurf Cascade: nothing. Its only channel to the agent is exit-2 stderr on a
  ``pre_*`` hook, which caveat never uses (docs.windsurf.com). Payloads carry
  ``agent_action_name``, ``trajectory_id``, ``execution_id`` and ``tool_info``:
  write {file_path, edits[{old_string, new_string}]}, run {command_line, cwd}, read
  {file_path}, mcp {mcp_server_name, mcp_tool_name, mcp_tool_arguments}.
"""

from __future__ import annotations

from caveat.common.jsonio import quote
from caveat.harnesses import shape
from caveat.harnesses.shape import text as field

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.event import Event
    from caveat.event import FileEdit

ID = "devin"

_CLI = ("SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse",
        "PermissionRequest", "Stop")  # fmt: skip
# Cascade event → (Claude event, tool kind)
_CASCADE = {
    "pre_read_code": ("PreToolUse", "read"),
    "post_read_code": ("PostToolUse", "read"),
    "pre_write_code": ("PreToolUse", "write"),
    "post_write_code": ("PostToolUse", "write"),
    "pre_run_command": ("PreToolUse", "run"),
    "post_run_command": ("PostToolUse", "run"),
    "pre_mcp_tool_use": ("PreToolUse", "mcp"),
    "post_mcp_tool_use": ("PostToolUse", "mcp"),
    "pre_user_prompt": ("UserPromptSubmit", ""),
    "post_cascade_response": ("Stop", ""),
}
EVENTS = frozenset((*_CLI, *_CASCADE))
HOOK_EVENTS = EVENTS
# Devin CLI's handler types (reference/harness-contracts.md §2.8).
HOOK_TYPES = frozenset({"command", "prompt"})
# Devin also runs the hooks in Claude Code's settings (unless read_config_from.claude
# is off); this variable tells such a run from Claude Code's own.
CLAUDE_HOST_ENV: tuple[str, ...] = ("DEVIN_PROJECT_DIR",)
CONTEXT_EVENTS = frozenset({"SessionStart", "PostToolUse"})


def _file_edits(args: dict[str, object], cwd: str) -> tuple[FileEdit, ...]:
    path = field(args, "file_path") or field(args, "path")
    content = field(args, "content") or field(args, "file_text")
    if content or "content" in args or "file_text" in args:
        return shape.whole(path, content, cwd)
    new = field(args, "new_string") or field(args, "new_str")
    return shape.fragment(path, new, field(args, "old_string") or field(args, "old_str"), cwd)


CLI = shape.Vendor(
    ID,
    events={name: name for name in _CLI},
    tools={"exec": "Bash", "edit": "Edit", "write": "Write", "read": "Read"},
    project_env=("DEVIN_PROJECT_DIR",),
    readers={"edit": _file_edits, "write": _file_edits},
)
CASCADE = shape.Vendor(
    ID,
    events={raw: name for raw, (name, _) in _CASCADE.items()},
    tools={},
    project_env=("DEVIN_PROJECT_DIR",),
)


def _cascade(payload: dict[str, object], raw: str, env: Mapping[str, str]) -> Event | None:
    info = payload.get("tool_info")
    info = info if isinstance(info, dict) else {}
    kind = _CASCADE[raw][1]
    tool: str = ""
    tool_input: dict[str, object] = {}
    if kind == "read":
        tool, tool_input = "Read", {"file_path": info.get("file_path")}
    elif kind == "write":
        tool, tool_input = (
            "MultiEdit",
            {"file_path": info.get("file_path"), "edits": info.get("edits")},
        )
    elif kind == "run":
        tool, tool_input = "Bash", {"command": info.get("command_line")}
    elif kind == "mcp":
        tool = f"mcp__{field(info, 'mcp_server_name')}__{field(info, 'mcp_tool_name')}"
    claude_shaped = {
        "cwd": info.get("cwd"),
        "session_id": payload.get("trajectory_id"),
        "turn_id": payload.get("execution_id"),
        "tool_name": tool,
    }
    return shape.read(CASCADE, claude_shaped, raw, env, tool_input=tool_input)


def normalize(payload: dict[str, object], event_name: str, env: Mapping[str, str]) -> Event | None:
    raw = event_name or field(payload, "hook_event_name") or field(payload, "agent_action_name")
    if raw in _CASCADE:
        return _cascade(payload, raw, env)
    return shape.read(CLI, payload, raw, env)


def envelope(event: Event, text: str, deny: bool) -> str | None:
    raw = event.vendor_event
    if deny and raw == "PreToolUse":
        return '{"decision":"block","reason":' + quote(text) + "}"
    if raw in CONTEXT_EVENTS:
        return shape.context_envelope(raw, text)
    return None
