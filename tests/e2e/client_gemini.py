"""Gemini CLI: how it runs offline, its scripted turns, and where hook context lands
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
from scenario import REQUIREMENTS_STEP
from scenario import Step
from servers.base import Turn


def _gemini_env(home: str, port: int) -> dict[str, str]:
    return {"GOOGLE_GEMINI_BASE_URL": f"http://127.0.0.1:{port}", "GEMINI_API_KEY": DUMMY_KEY}


def _gemini_settings(home: str, project: str, port: int) -> None:
    # Folder trust off: headless Gemini exits 55 in an untrusted folder. The API-key
    # auth type, because headless 0.61.0 rejects the "gateway" type that
    # GOOGLE_GEMINI_BASE_URL alone selects ("Invalid auth method selected.", exit 41);
    # the base URL is honoured for API-key auth too.
    write_json(
        os.path.join(home, ".gemini", "settings.json"),
        {
            "security": {
                "folderTrust": {"enabled": False},
                "auth": {"selectedType": "gemini-api-key"},
            },
            "privacy": {"usageStatisticsEnabled": False},
            "telemetry": {"enabled": False},
            "general": {"enableAutoUpdate": False, "enableAutoUpdateNotification": False},
        },
    )


def _gemini_argv(binary: str, project: str) -> list[str]:
    return [
        binary,
        "-p",
        PROMPT,
        "--approval-mode",
        "yolo",
        "--output-format",
        "json",
        "-m",
        "gemini-2.5-pro",
    ]


def _gemini_write(project: str, step: Step) -> Turn:
    path = os.path.join(project, step.path)
    return Turn(tool="write_file", args={"file_path": path, "content": step.content})


_SHELL = {"description": "Run a project command"}


def _gemini_turns(project: str, steps: tuple[Step, ...]) -> list[Turn]:
    def step_turn(step: Step) -> Turn:
        if step.command:
            return Turn(tool="run_shell_command", args={"command": step.command, **_SHELL})
        return _gemini_write(project, step)

    # The main session writes package.json first: refused by Gemini CLI itself, see below.
    prelude = [_gemini_write(project, MANIFEST)] if REQUIREMENTS_STEP in steps else []
    return [*prelude, *(step_turn(step) for step in steps), Turn(text=FINAL_TEXT)]


# Headless Gemini CLI (0.61.0) denies every file-editing tool on a "build file"
# (package.json, pyproject.toml, Cargo.toml, …): PolicyEngine.check ends with
# `decision = this.nonInteractive ? DENY : ASK_USER` for them, after every policy
# rule, so no setting, policy file or approval mode lets write_file or replace
# through. The tool never runs and AfterTool never fires. The session keeps that call
# (the test asserts the refusal, so a change in Gemini shows) and makes the
# dependency change in requirements.txt, a manifest Gemini lets a file tool write.
GEMINI_REFUSAL = "Modifying build configuration files requires explicit user confirmation"

# Appended to the functionResponse output after a blank line.
TOOL_CHANNEL = Channel(
    "tool_result", "\n\n<hook_context>{text}</hook_context>", "endswith", escapes=True
)

GEMINI = Client(
    harness="gemini",
    family="gemini",
    binary="gemini",
    hook_file=os.path.join(".gemini", "settings.json"),
    steps=(REQUIREMENTS_STEP, PICKLE, INSTALL, *MORE, HARMLESS),
    tool_event="AfterTool",
    after=True,
    tool_channel=TOOL_CHANNEL,
    # Prefixed to the prompt in the first user message.
    start_channel=Channel(
        "user_msg", "<hook_context>{text}</hook_context>\n\n", "startswith", escapes=True
    ),
    not_applicable=(
        (
            "plan mode",
            "in plan mode Gemini CLI refuses a code write itself, so AfterTool never fires",
        ),
        (
            "strict deny",
            "its BeforeTool entry answers only with a hold; strict advice comes after the tool",
        ),
    ),
    post_channel=TOOL_CHANNEL,
    plan_mode=("--approval-mode", "plan"),
    plan_mode_refusal="must be within the designated plans directory",
    env=_gemini_env,
    settings=_gemini_settings,
    argv=_gemini_argv,
    turns=_gemini_turns,
    hook_view=file_view("write_file", "run_shell_command", _SHELL),
)
