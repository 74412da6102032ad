"""What every client description has: the channel hook context lands on, and the
record of how one harness CLI is run (client_<harness>.py fill it in; clients.py is
the table)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass

from scenario import Step
from servers.base import Json
from servers.base import Turn

DUMMY_KEY = "e2e-dummy-key"  # the fake servers take any key; no real one is ever set


@dataclass(frozen=True)
class Channel:
    """Where a client puts a hook's ``additionalContext``: the conversation place
    (see ``servers.base.Segment``) and the exact text it makes of it. ``{text}`` is
    the context, ``{tool}`` the hook's tool name; ``mode`` says whether that text is
    the whole segment (``equals``), its start (``startswith``) or its end
    (``endswith``)."""

    place: str
    template: str
    mode: str = "equals"
    escapes: bool = False  # < and > become &lt; and &gt; (Gemini CLI, Qwen Code)

    def escape(self, text: str) -> str:
        return text.replace("<", "&lt;").replace(">", "&gt;") if self.escapes else text

    def render(self, text: str, tool: str = "") -> str:
        return self.template.replace("{tool}", tool).replace("{text}", self.escape(text))

    def holds(self, segment_text: str, rendered: str) -> bool:
        if self.mode == "startswith":
            return segment_text.startswith(rendered)
        if self.mode == "endswith":
            return segment_text.endswith(rendered)
        return segment_text == rendered


@dataclass(frozen=True)
class Client:
    harness: str  # caveat's name for it (``caveat install --harness``)
    family: str  # the servers module it talks to
    binary: str  # its name in node_modules/.bin
    hook_file: str  # where ``caveat install --project`` registers, relative to the project
    steps: tuple[Step, ...]  # the steps its session plays, in order
    tool_event: str  # the vendor event caveat's tool advice is registered on
    after: bool  # does that event fire after the tool ran?
    tool_channel: Channel  # where tool advice lands
    start_channel: Channel  # where SessionStart context lands
    env: Callable[[str, int], dict[str, str]]  # (home, port) -> variables
    settings: Callable[[str, str, int], None]  # (home, project, port): non-hook settings
    argv: Callable[[str, str], list[str]]  # (binary path, project) -> command line
    # (project, steps) -> the scripted model turns that play those steps
    turns: Callable[[str, tuple[Step, ...]], list[Turn]]
    hook_view: Callable[[Step, str], tuple[str, Json]]  # how the hook sees a step's call
    # the vendor event a failing tool call fires instead of ``tool_event`` ("": the same)
    failure_event: str = ""
    # where a pre-tool deny's reason lands (None: caveat cannot deny there)
    deny_channel: Channel | None = None
    # where PostToolUse context lands, when tool advice goes before the tool
    post_channel: Channel | None = None
    # the command-line option that starts the client in its plan mode (() for none)
    plan_mode: tuple[str, ...] = ()
    # what the client itself answers a file write with in plan mode, before any hook
    # ("": it runs the hooks)
    plan_mode_refusal: str = ""
    # the lane's channels this client cannot have, each with the reason
    not_applicable: tuple[tuple[str, str], ...] = ()

    def event_of(self, step: Step) -> str:
        return self.failure_event if step.fails and self.failure_event else self.tool_event


def write_json(path: str, data: Json) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=2)


def file_view(
    write_tool: str, shell_tool: str, shell_extra: Json
) -> Callable[[Step, str], tuple[str, Json]]:
    """How a client whose hook sees the model's own tool call views a step."""

    def view(step: Step, project: str) -> tuple[str, Json]:
        if step.command:
            return shell_tool, {"command": step.command, **shell_extra}
        return write_tool, {"file_path": os.path.join(project, step.path), "content": step.content}

    return view
