"""Claude Code: how it runs offline, its scripted turns, and where hook context lands
(reference/delivery-matrix.md)."""

from __future__ import annotations

import os

from client import DUMMY_KEY
from client import Channel
from client import Client
from client import file_view
from scenario import FINAL_TEXT
from scenario import HARMLESS
from scenario import INSTALL
from scenario import MANIFEST
from scenario import MORE
from scenario import PICKLE
from scenario import PROMPT
from scenario import Step
from servers.base import Turn


def _claude_env(home: str, port: int) -> dict[str, str]:
    return {
        "ANTHROPIC_BASE_URL": f"http://127.0.0.1:{port}",
        "ANTHROPIC_API_KEY": DUMMY_KEY,
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        "DISABLE_TELEMETRY": "1",
        "DISABLE_AUTOUPDATER": "1",
        "DISABLE_ERROR_REPORTING": "1",
    }


def _no_settings(home: str, project: str, port: int) -> None:
    return None  # the environment says it all


def _claude_argv(binary: str, project: str) -> list[str]:
    tools = "Read Write Edit Bash"
    return [binary, "-p", PROMPT, "--allowedTools", tools, "--output-format", "json"]


_SHELL = {"description": "Run a project command"}


def _claude_turns(project: str, steps: tuple[Step, ...]) -> list[Turn]:
    def write(step: Step) -> Turn:
        path = os.path.join(project, step.path)
        return Turn(tool="Write", args={"file_path": path, "content": step.content})

    # Claude Code's Write refuses to overwrite a file it has not read.
    read = Turn(tool="Read", args={"file_path": os.path.join(project, MANIFEST.path)})

    def step_turn(step: Step) -> Turn:
        if step.command:
            return Turn(tool="Bash", args={"command": step.command, **_SHELL})
        return write(step)

    prelude = [read] if MANIFEST in steps else []
    return [*prelude, *(step_turn(step) for step in steps), Turn(text=FINAL_TEXT)]


CLAUDE = Client(
    harness="claude",
    family="anthropic",
    binary="claude",
    hook_file=os.path.join(".claude", "settings.json"),
    steps=(MANIFEST, PICKLE, INSTALL, *MORE, HARMLESS),
    tool_event="PreToolUse",
    after=False,
    # Claude Code 2.1.328 sends hook context as role:"system" messages in messages[].
    # After several tool calls in a row it appends a reminder of its own to that message.
    tool_channel=Channel(
        "system_msg", "PreToolUse:{tool} hook additional context: {text}", "startswith"
    ),
    # Claude Code appends its own context (skills, date) to the same message.
    start_channel=Channel(
        "system_msg", "SessionStart hook additional context: {text}\n\n", "startswith"
    ),
    # A deny becomes the tool's error result.
    deny_channel=Channel("tool_result", "PreToolUse:{tool} hook error: {text}"),
    plan_mode=("--permission-mode", "plan"),
    post_channel=Channel(
        "system_msg", "PostToolUse:{tool} hook additional context: {text}", "startswith"
    ),
    env=_claude_env,
    settings=_no_settings,
    argv=_claude_argv,
    turns=_claude_turns,
    hook_view=file_view("Write", "Bash", _SHELL),
)
