"""Kiro: the IDE ≥1.0 and CLI v3 (Claude-like triggers ``SessionStart``, ``PreToolUse``
…) and CLI 2.x / Amazon Q CLI (camelCase ``agentSpawn``, ``userPromptSubmit``,
``preToolUse``, ``postToolUse``, ``stop``).

Reaches the model (kiro.dev and aws/amazon-q-developer-cli docs; not measured here):
in 2.x, stdout of an exit-0 ``agentSpawn`` or ``userPromptSubmit`` hook is added to the
agent's context *as plain text*; tool-hook stdout is captured but not shown; only exit 2
on preToolUse blocks. v3's stdin/stdout JSON was not retrieved. caveat answers at
session start only (SPEC §6), with Claude's ``hookSpecificOutput`` object: the form a
Claude-modelled v3 most plausibly parses, and readable text where 2.x pastes stdout in
verbatim. A PreToolUse deny is written in Claude's form for v3 (3.4 added allow / ask /
deny; their shape is unconfirmed); everything else is dropped.

Payload (2.x): ``hook_event_name``, ``cwd``, ``tool_name``, ``tool_input``; tools
``fs_write`` {command: create | str_replace | insert | append, path, file_text,
old_str, new_str}, ``execute_bash`` {command}, ``fs_read``; v3 also ``str_replace``.
"""

from __future__ import annotations

from caveat.harnesses import shape
from caveat.harnesses.shape import text as field

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.event import Event
    from caveat.event import FileEdit

ID = "kiro"

_EVENTS = {
    # IDE ≥1.0 / CLI v3 triggers
    "SessionStart": "SessionStart",
    "UserPromptSubmit": "UserPromptSubmit",
    "PreToolUse": "PreToolUse",
    "PostToolUse": "PostToolUse",
    "PermissionRequest": "PermissionRequest",
    "Stop": "Stop",
    # CLI 2.x / Amazon Q CLI
    "agentSpawn": "SessionStart",
    "userPromptSubmit": "UserPromptSubmit",
    "preToolUse": "PreToolUse",
    "postToolUse": "PostToolUse",
    "stop": "Stop",
}
# Known triggers with no Claude counterpart (spec tasks, file watchers, manual): silent.
_OTHER = (
    "PreTaskExec", "PostTaskExec", "PostFileCreate", "PostFileSave", "PostFileDelete",
    "Manual", "fileEdited", "fileCreated",
)  # fmt: skip
EVENTS = frozenset((*_EVENTS, *_OTHER))
HOOK_EVENTS = EVENTS
# The action types a hook runs.
HOOK_TYPES = frozenset({"command", "agent"})

# Empty: no run of Claude Code's hooks to tell apart (see caveat.harnesses.contract).
CLAUDE_HOST_ENV: tuple[str, ...] = ()
SESSION_START = frozenset({"SessionStart", "agentSpawn"})


def _fs_write(args: dict[str, object], cwd: str) -> tuple[FileEdit, ...]:
    """``fs_write`` / ``str_replace``: create writes the whole file; str_replace, insert
    and append put ``new_str`` in place of ``old_str`` (nothing, for the last two)."""
    path = field(args, "path") or field(args, "file_path")
    if field(args, "command") == "create" or "file_text" in args:
        return shape.whole(path, field(args, "file_text"), cwd)
    return shape.fragment(path, field(args, "new_str"), field(args, "old_str"), cwd)


VENDOR = shape.Vendor(
    ID,
    events=_EVENTS,
    tools={
        "fs_write": "Edit",
        "str_replace": "Edit",
        "execute_bash": "Bash",
        "fs_read": "Read",
    },
    readers={"fs_write": _fs_write, "str_replace": _fs_write},
)


def normalize(payload: dict[str, object], event_name: str, env: Mapping[str, str]) -> Event | None:
    return shape.read(VENDOR, payload, event_name, env)


def envelope(event: Event, text: str, deny: bool) -> str | None:
    if deny and event.vendor_event == "PreToolUse":
        return shape.deny_envelope("PreToolUse", text)
    if event.vendor_event in SESSION_START:
        return shape.context_envelope("SessionStart", text)
    return None
