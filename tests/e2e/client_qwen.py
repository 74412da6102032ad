"""Qwen Code: how it runs offline, its scripted turns, and where hook context lands
(reference/delivery-matrix.md)."""

from __future__ import annotations

import os

from client import DUMMY_KEY
from client import Channel
from client import Client
from client import file_view
from client import write_json
from scenario import FINAL_TEXT
from scenario import HARMLESS
from scenario import INSTALL
from scenario import MANIFEST
from scenario import MORE
from scenario import PICKLE
from scenario import PROMPT
from scenario import Step
from servers.base import Turn


def _qwen_env(home: str, port: int) -> dict[str, str]:
    return {
        "OPENAI_BASE_URL": f"http://127.0.0.1:{port}/v1",
        "OPENAI_API_KEY": DUMMY_KEY,
        "OPENAI_MODEL": "fake-model",
    }


def _qwen_settings(home: str, project: str, port: int) -> None:
    write_json(
        os.path.join(home, ".qwen", "settings.json"),
        {
            "privacy": {"usageStatisticsEnabled": False},
            "telemetry": {"enabled": False},
            "general": {"enableAutoUpdate": False},
        },
    )


def _qwen_argv(binary: str, project: str) -> list[str]:
    return [
        binary,
        "-p",
        PROMPT,
        "--auth-type",
        "openai",
        "--approval-mode",
        "yolo",
        "--output-format",
        "json",
        "-m",
        "fake-model",
        # --debug writes ~/.qwen/debug/<session>.txt, Qwen's only record of each hook
        # run and its outcome (a failing hook is otherwise silent in headless mode).
        "--debug",
    ]


_QWEN_SHELL = {"is_background": False, "description": "Run a project command"}


def _qwen_turns(project: str, steps: tuple[Step, ...]) -> list[Turn]:
    def write(step: Step) -> Turn:
        path = os.path.join(project, step.path)
        return Turn(tool="write_file", args={"file_path": path, "content": step.content})

    # Qwen Code's write_file, too, refuses to overwrite a file not read in the session.
    read = Turn(tool="read_file", args={"file_path": os.path.join(project, MANIFEST.path)})

    def step_turn(step: Step) -> Turn:
        if step.command:
            return Turn(tool="run_shell_command", args={"command": step.command, **_QWEN_SHELL})
        return write(step)

    prelude = [read] if MANIFEST in steps else []
    return [*prelude, *(step_turn(step) for step in steps), Turn(text=FINAL_TEXT)]


# Appended to the tool message after a blank line.
TOOL_CHANNEL = Channel("tool_result", "\n\n{text}", "endswith", escapes=True)

QWEN = Client(
    harness="qwen",
    family="chat",
    binary="qwen",
    hook_file=os.path.join(".qwen", "settings.json"),
    steps=(MANIFEST, PICKLE, INSTALL, *MORE, HARMLESS),
    tool_event="PostToolUse",
    # A command that exits non-zero fires PostToolUseFailure instead; its context is
    # appended to the error text the same way.
    failure_event="PostToolUseFailure",
    after=True,
    tool_channel=TOOL_CHANNEL,
    # The end of the system prompt, in Qwen's own sentinel block.
    start_channel=Channel(
        "system_prompt",
        '\n\n<qwen:session-start-context hidden="true">\nSessionStart additional context:\n'
        "{text}\n</qwen:session-start-context>",
        "endswith",
        escapes=True,
    ),
    not_applicable=(
        (
            "plan mode",
            "in plan mode Qwen Code declines a code write itself; no post-tool event fires",
        ),
        (
            "strict deny",
            "its PreToolUse entry answers only with a hold; strict advice comes after the tool",
        ),
    ),
    post_channel=TOOL_CHANNEL,
    plan_mode=("--approval-mode", "plan"),
    plan_mode_refusal='but that permission was declined. Matching deny rule: "edit".',
    env=_qwen_env,
    settings=_qwen_settings,
    argv=_qwen_argv,
    turns=_qwen_turns,
    hook_view=file_view("write_file", "run_shell_command", _QWEN_SHELL),
)
