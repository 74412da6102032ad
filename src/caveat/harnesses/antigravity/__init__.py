"""Antigravity CLI's (``agy``) hook contract, built from its public documentation and
from integrators' reports; no ``agy`` has run against it here.

What the sources say, and which version each speaks of:

- Configuration: ``hooks.json`` maps hook *names* to their events, each event a list
  of ``{"matcher", "hooks": [{"type": "command", "command", "timeout"}]}`` groups
  (Antigravity's hooks page, in the mirrored translation at gemini.meetcoding.cn);
  user file ``~/.gemini/config/hooks.json``, workspace ``.agents/hooks.json``.
  DefenseClaw's connector (agy 1.0.x) found ``.antigravitycli/hooks.json`` read in the
  workspace too; ToolAhead 0.7.0 (agy 1.1.11) found no workspace file read at all.
- Events: PreToolUse, PostToolUse, PreInvocation, PostInvocation and Stop are
  documented; websentry-ai/setup#104 (agy 1.0.5) measured only PreToolUse and
  PostToolUse running, the others parsing without running.
- Payload (every source agrees): camelCase ``conversationId``, ``stepIdx``,
  ``toolCall {name, args}``, ``transcriptPath``, ``workspacePaths``, lowercase tool
  names with PascalCase argument keys: ``run_command`` {CommandLine, Cwd},
  ``write_to_file`` {TargetFile, CodeContent}, ``replace_file_content`` {TargetFile,
  TargetContent, ReplacementContent}, ``multi_replace_file_content`` and the newer
  ``edit_file`` {TargetFile, ReplacementChunks [{TargetContent, ReplacementContent}]}
  (a JSON string in some builds), ``view_file`` {AbsolutePath}. PostToolUse may carry
  ``toolCall: null`` and an ``error``.
- Answer: ``{"decision": "allow" | "deny" | "ask" | "force_ask", "reason": …}``, and a
  missing or malformed decision fails closed: ``{}`` denies the tool (ai-memory#54,
  agy 1.0.3; synara#490; uxnan#245, agy 1.2.7). Empty output is disputed: nodeterm's
  measured table (agy 1.2.3) found the tool ran; orca#14701 reads it as a deny.

The silent answer, written whenever caveat has nothing to say (:data:`SILENT`), is
``{"decision": "ask"}``: agy then applies its own review as if no hook had answered
(nodeterm, agy 1.2.3: the user's normal policy, "always allow" honoured). ``allow``
is not neutral: on agy 1.2.3 it ran the tool with no prompt, approving for the user
what agy would have asked about (safe-chains found it did not skip the prompt on
1.1.2, google-antigravity/antigravity-cli#1053 that it did not even allow on 1.2.7:
it differs by version, so it is never written). ``force_ask`` re-opens a prompt the
user had answered for good, so it is kept for holds under ``[hold] mode = "ask"``.
DefenseClaw's connector reports that a PreToolUse ask prompts even under
``--dangerously-skip-permissions``, where nodeterm measured that it did not. No
decision is neutral in every build, then: at worst the ask adds a prompt (and a
headless ``agy -p`` with permissions skipped may stop at it), where ``allow`` would
approve for the user. The ask is chosen because it never approves.

A strict finding or a hold is ``{"decision": "deny", "reason": T}``: the reason
reaches the model (safe-chains, agy 1.1.2); antigravity-cli#628 reports that 1.1.2
also showed it as a prompt the user could approve. No channel of PostToolUse is
documented to reach the model (akasecurity/ai-tc#187: the tool result is not even
sent to it), so advice after a tool is not delivered: the answer there is the silent
one too, and the installer registers PreToolUse only.
"""

from __future__ import annotations

import os

from caveat.harnesses import shape
from caveat.harnesses.shape import text as field

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.event import Event
    from caveat.event import FileEdit

ID = "antigravity"

_EVENTS = {"PreToolUse": "PreToolUse", "PostToolUse": "PostToolUse"}
EVENTS = frozenset(_EVENTS)
# Documented, parsed, and (agy 1.0.5) never run; they carry no tool call either.
HOOK_EVENTS = EVENTS | {"PreInvocation", "PostInvocation", "Stop"}
HOOK_TYPES = frozenset({"command"})
# Empty: agy does not run the hooks in Claude Code's settings.
CLAUDE_HOST_ENV: tuple[str, ...] = ()

# What stdout holds when caveat says nothing: an answer without a decision refuses
# the tool, and in some builds so does no answer at all.
SILENT = '{"decision":"ask"}'


def _chunks(args: dict[str, object]) -> list[dict[str, object]]:
    chunks = args.get("ReplacementChunks")
    if isinstance(chunks, str):  # a JSON string in some builds
        from caveat.common.jsonio import loads

        try:
            chunks = loads(chunks)
        except (ValueError, RecursionError):
            return []
    return [c for c in chunks if isinstance(c, dict)] if isinstance(chunks, list) else []


def _write(args: dict[str, object], cwd: str) -> tuple[FileEdit, ...]:
    return shape.whole(field(args, "TargetFile"), field(args, "CodeContent"), cwd)


def _replace(args: dict[str, object], cwd: str) -> tuple[FileEdit, ...]:
    """``replace_file_content``, ``multi_replace_file_content`` and ``edit_file``: one
    ``TargetContent``/``ReplacementContent`` pair, or a list of them in chunks."""
    path = field(args, "TargetFile")
    pairs = _chunks(args) or [args]
    return tuple(
        edit
        for pair in pairs
        for edit in shape.fragment(
            path, field(pair, "ReplacementContent"), field(pair, "TargetContent"), cwd
        )
    )


_TOOLS = {
    "run_command": "Bash",
    "write_to_file": "Write",
    "replace_file_content": "Edit",
    "multi_replace_file_content": "Edit",
    "edit_file": "Edit",
    "view_file": "Read",
}
VENDOR = shape.Vendor(
    ID,
    events=_EVENTS,
    tools=_TOOLS,
    readers={
        "write_to_file": _write,
        "replace_file_content": _replace,
        "multi_replace_file_content": _replace,
        "edit_file": _replace,
    },
)


def _cwd(payload: dict[str, object], args: dict[str, object]) -> str:
    """The command's own folder when it names an absolute one, else the first
    workspace folder (agy sends no ``cwd``)."""
    own = field(args, "Cwd")
    if own and os.path.isabs(own):
        return own
    roots = payload.get("workspacePaths")
    if isinstance(roots, list) and roots and isinstance(roots[0], str):
        return roots[0]
    return ""


def normalize(payload: dict[str, object], event_name: str, env: Mapping[str, str]) -> Event | None:
    raw = event_name or field(payload, "hookEventName")
    if raw not in _EVENTS:
        return None
    call = payload.get("toolCall")
    call = call if isinstance(call, dict) else {}
    found = call.get("args")
    args: dict[str, object] = found if isinstance(found, dict) else {}
    tool = field(call, "name")
    tool_input = dict(args)
    if tool == "run_command":
        tool_input["command"] = field(args, "CommandLine")
    elif tool == "view_file":
        tool_input["file_path"] = field(args, "AbsolutePath")
    step = payload.get("stepIdx")
    claude_shaped = {
        "cwd": _cwd(payload, args),
        "session_id": payload.get("conversationId"),
        "turn_id": str(step) if isinstance(step, int) and not isinstance(step, bool) else "",
        "transcript_path": payload.get("transcriptPath"),
        "tool_name": tool,
    }
    return shape.read(VENDOR, claude_shaped, raw, env, tool_input)


def envelope(event: Event, text: str, deny: bool) -> str | None:
    if deny and event.vendor_event == "PreToolUse":
        from caveat.common.jsonio import quote

        return '{"decision":"deny","reason":' + quote(text) + "}"
    return None  # nothing else reaches the model: the hook writes SILENT


def ask(event: Event, text: str) -> str | None:
    """A hold under ``[hold] mode = "ask"``: ``force_ask`` puts it before the user even
    where an "always allow" would have let the command through."""
    if event.vendor_event != "PreToolUse":
        return None
    from caveat.common.jsonio import quote

    return '{"decision":"force_ask","reason":' + quote(text) + "}"
