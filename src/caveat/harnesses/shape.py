"""Reading Claude-shaped payloads, shared by every contract whose payload has
``hook_event_name``, ``tool_name`` and ``tool_input`` (most of them).

A contract describes its vendor with a ``Vendor`` record: its event names and tool
names mapped to Claude Code's, the environment variables that name the project
folder, and, for tools whose input differs from Claude's, a reader of its own.
"""

from __future__ import annotations

import os

from caveat.event import CELL
from caveat.event import FRAGMENT
from caveat.event import WHOLE
from caveat.event import Event
from caveat.event import FileEdit

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from collections.abc import Mapping

    # (tool_input, cwd) → the file edits the call makes
    EditReader = Callable[[dict[str, object], str], tuple[FileEdit, ...]]

SHELLS = {"Bash": "bash", "PowerShell": "powershell"}
FILE_TOOLS = frozenset({"Write", "Edit", "MultiEdit", "NotebookEdit"})


def text(mapping: object, key: str) -> str:
    """``mapping[key]`` when it is a string, else "" (payload fields may have any type)."""
    if isinstance(mapping, dict):
        value = mapping.get(key)
        if isinstance(value, str):
            return value
    return ""


def resolve(path: str, cwd: str) -> str:
    """An absolute, normalized path; relative paths are taken against ``cwd``."""
    if not path or "\x00" in path:
        return ""
    if cwd and not os.path.isabs(path):
        path = os.path.join(cwd, path)
    return os.path.normpath(path)


# Grok Build runs the hooks of Claude Code's and Cursor's files as well as its own
# (docs.x.ai/build/features/hooks), with its own payload: camelCase ``hookEventName``,
# ``sessionId``, ``cwd``, ``workspaceRoot``, ``toolName``, ``toolInput``, and
# ``GROK_HOOK_EVENT`` in every hook's environment. Its tool names are its own and its
# answer envelope is not documented where it could be read, so a contract that meets
# such a call stays silent rather than answer in a shape Grok may read otherwise.
GROK_ENV = "GROK_HOOK_EVENT"


def grok(payload: dict[str, object], env: Mapping[str, str]) -> bool:
    """Whether Grok Build sent this call (its variable, or its camelCase payload)."""
    if env.get(GROK_ENV):
        return True
    return "hook_event_name" not in payload and (
        "hookEventName" in payload or "toolName" in payload
    )


def cwd_of(payload: dict[str, object], env: Mapping[str, str], *env_keys: str) -> str:
    """The payload's cwd, else the vendor's project-dir variables, else the process cwd."""
    cwd = text(payload, "cwd")
    if cwd and "\x00" not in cwd:
        return cwd
    for key in env_keys:
        value = env.get(key, "")
        if value:
            return value
    try:
        return os.getcwd()
    except OSError:
        return ""


class Vendor:
    """What a Claude-shaped contract needs to say about its vendor."""

    __slots__ = ("contract", "events", "project_env", "readers", "tools")

    def __init__(
        self,
        contract: str,
        events: Mapping[str, str],
        tools: Mapping[str, str],
        project_env: tuple[str, ...] = (),
        readers: Mapping[str, EditReader] | None = None,
    ) -> None:
        self.contract = contract
        self.events = events  # vendor event name → Claude event name
        self.tools = tools  # vendor tool name → canonical tool name
        self.project_env = project_env
        self.readers = readers or {}  # vendor tool name → its own edit reader


def read(
    vendor: Vendor,
    payload: dict[str, object],
    event_name: str,
    env: Mapping[str, str],
    tool_input: dict[str, object] | None = None,
) -> Event | None:
    """The Event of a Claude-shaped payload, or None for an event the vendor does not
    define. ``tool_input`` overrides the payload's (for vendors that encode it)."""
    raw_event = event_name or text(payload, "hook_event_name")
    name = vendor.events.get(raw_event)
    if name is None:
        return None
    cwd = cwd_of(payload, env, *vendor.project_env)
    raw_tool = text(payload, "tool_name")
    tool = vendor.tools.get(raw_tool, raw_tool)
    if tool_input is None:
        found = payload.get("tool_input")
        tool_input = found if isinstance(found, dict) else {}
    edits: tuple[FileEdit, ...] = ()
    command = ""
    reader = vendor.readers.get(raw_tool)
    if reader is not None:
        edits = reader(tool_input, cwd)
    elif tool in SHELLS:
        command = shell_command(tool_input.get("command"))
    elif tool in FILE_TOOLS:
        edits = claude_edits(tool, tool_input, cwd)
    stop_active = payload.get("stop_hook_active")
    return Event(
        name,
        tool=tool,
        edits=edits,
        command=command,
        shell=SHELLS.get(tool, ""),
        cwd=cwd,
        session_id=text(payload, "session_id"),
        turn_id=text(payload, "turn_id") or text(payload, "prompt_id"),
        transcript_path=text(payload, "transcript_path"),
        source=text(payload, "source"),
        permission_mode=text(payload, "permission_mode"),
        stop_hook_active=stop_active is True,
        contract=vendor.contract,
        vendor_event=raw_event,
        tool_input=tool_input,
        # A failed call (PostToolUseFailure) carries its ``error`` text instead.
        output_size=output_size(payload.get("tool_response", payload.get("error"))),
        agent_id=text(payload, "agent_id"),
        agent_type=text(payload, "agent_type"),
    )


def output_size(response: object, depth: int = 0) -> int:
    """Characters of text in a tool's response (strings, and strings inside lists and
    objects a few levels down); a cheap measure, no serialisation."""
    if isinstance(response, str):
        return len(response)
    if depth > 3:
        return 0
    if isinstance(response, dict):
        return sum(output_size(v, depth + 1) for v in response.values())
    if isinstance(response, list):
        return sum(output_size(v, depth + 1) for v in response)
    return 0


def shell_command(value: object) -> str:
    """A shell tool's command: a string, or an argv list (``["bash", "-lc", "…"]``)."""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        if len(value) >= 3 and value[-2] in ("-c", "-lc"):
            return str(value[-1])  # the script is what runs
        return " ".join(value)
    return ""


def claude_edits(tool: str, tool_input: dict[str, object], cwd: str) -> tuple[FileEdit, ...]:
    """Edits of Claude Code's Write, Edit, MultiEdit and NotebookEdit inputs."""
    if tool == "Write":
        return whole(text(tool_input, "file_path"), text(tool_input, "content"), cwd)
    if tool == "Edit":
        return fragment(
            text(tool_input, "file_path"),
            text(tool_input, "new_string"),
            text(tool_input, "old_string"),
            cwd,
        )
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
        return (FileEdit(path, text(tool_input, "new_source") if code else "", CELL),)
    return ()


def replacement(tool_input: dict[str, object], cwd: str) -> tuple[FileEdit, ...]:
    """A ``{file_path, old_string, new_string}`` edit tool (Gemini ``replace``, Qwen
    ``edit``), where an empty ``old_string`` creates the file."""
    path, new = text(tool_input, "file_path"), text(tool_input, "new_string")
    if tool_input.get("old_string") == "":
        return whole(path, new, cwd)
    return fragment(path, new, text(tool_input, "old_string"), cwd)


def patch_edits(tool_input: dict[str, object], cwd: str) -> tuple[FileEdit, ...]:
    """A Codex ``apply_patch`` call: the patch text under ``command`` (or ``patch``,
    ``input``; a list of lines in older builds)."""
    from caveat.harnesses import patch

    for key in ("command", "patch", "input"):
        value = tool_input.get(key)
        if isinstance(value, list):
            value = "\n".join(v for v in value if isinstance(v, str))
        if isinstance(value, str):
            return patch.parse(value, cwd)
    return ()


def whole(path: str, content: str, cwd: str) -> tuple[FileEdit, ...]:
    resolved = resolve(path, cwd)
    return (FileEdit(resolved, content, WHOLE),) if resolved else ()


def fragment(path: str, new: str, old: str, cwd: str) -> tuple[FileEdit, ...]:
    resolved = resolve(path, cwd)
    return (FileEdit(resolved, new, FRAGMENT, old),) if resolved else ()


def claude_envelope(
    event: Event, text_: str, deny: bool, context_events: frozenset[str]
) -> str | None:
    """Claude Code's answer, for every contract that writes Claude's shape: a strict
    finding on PreToolUse denies; on the events in ``context_events`` the advice is
    ``additionalContext``; anywhere else the vendor would drop it, so nothing."""
    if deny and event.name == "PreToolUse":
        return deny_envelope("PreToolUse", text_)
    if event.vendor_event not in context_events:
        return None
    return context_envelope(event.vendor_event, text_)


def context_envelope(event_name: str, text_: str) -> str:
    """``{"hookSpecificOutput": {"hookEventName": E, "additionalContext": T}}``."""
    from caveat.common.jsonio import quote

    return (
        '{"hookSpecificOutput":{"hookEventName":'
        + quote(event_name)
        + ',"additionalContext":'
        + quote(text_)
        + "}}"
    )


def deny_envelope(event_name: str, reason: str, decision: str = "deny") -> str:
    """``hookSpecificOutput.permissionDecision: "deny"`` (or ``"ask"``) with its reason."""
    from caveat.common.jsonio import quote

    return (
        '{"hookSpecificOutput":{"hookEventName":'
        + quote(event_name)
        + ',"permissionDecision":'
        + quote(decision)
        + ',"permissionDecisionReason":'
        + quote(reason)
        + "}}"
    )
