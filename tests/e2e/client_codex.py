"""Codex CLI: how it runs offline, its scripted turns, and where hook context lands
(reference/delivery-matrix.md)."""

from __future__ import annotations

import os
from dataclasses import replace

from client import DUMMY_KEY
from client import Channel
from client import Client
from scenario import FINAL_TEXT
from scenario import HARMLESS
from scenario import INSTALL
from scenario import MANIFEST
from scenario import MORE
from scenario import PACKAGE_PATCH
from scenario import PICKLE
from scenario import PLAN_ID
from scenario import PROMPT
from scenario import UNLICENSED
from scenario import Step
from servers.base import Json
from servers.base import Turn


def _codex_env(home: str, port: int) -> dict[str, str]:
    return {"CODEX_HOME": os.path.join(home, ".codex"), "E2E_OPENAI_KEY": DUMMY_KEY}


def _codex_settings(home: str, project: str, port: int) -> None:
    # gpt-5.5 is in Codex's bundled catalog; an unknown slug loses apply_patch.
    # Retries off: a scripted server that fails should fail the run at once.
    # The project must be trusted: Codex ignores an untrusted project's
    # .codex/hooks.json without a word (measured with 0.169.0).
    config = f"""model = "gpt-5.5"
model_provider = "e2e"
approval_policy = "never"
sandbox_mode = "danger-full-access"

[model_providers.e2e]
name = "e2e"
base_url = "http://127.0.0.1:{port}/v1"
wire_api = "responses"
env_key = "E2E_OPENAI_KEY"
request_max_retries = 0
stream_max_retries = 0

[features]
hooks = true
plugins = false

[analytics]
enabled = false

[projects."{project}"]
trust_level = "trusted"
"""
    os.makedirs(os.path.join(home, ".codex"), exist_ok=True)
    with open(os.path.join(home, ".codex", "config.toml"), "w", encoding="utf-8") as fh:
        fh.write(config)


def _codex_argv(binary: str, project: str) -> list[str]:
    # --dangerously-bypass-hook-trust: Codex skips untrusted hooks silently, and a
    # fresh install is untrusted until reviewed in the TUI.
    return [
        binary,
        "exec",
        "--skip-git-repo-check",
        "--dangerously-bypass-hook-trust",
        "--dangerously-bypass-approvals-and-sandbox",
        "--json",
        "-C",
        project,
        PROMPT,
    ]


def _codex_patch(step: Step) -> str:
    """The apply_patch text for a step's file: an update of package.json, else a new
    file."""
    if step is MANIFEST:
        return PACKAGE_PATCH
    lines = "".join(f"+{line}\n" for line in step.content.splitlines())
    return f"*** Begin Patch\n*** Add File: {step.path}\n{lines}*** End Patch\n"


# Codex writes files only by patch, which caveat reads as an edit: a new file without
# its header, or with a plan id, gets the edit form of the message.
_AS_EDIT = {
    UNLICENSED.id: replace(UNLICENSED, message="pretooluse-edit-header-guard"),
    PLAN_ID.id: replace(PLAN_ID, message="pretooluse-edit"),
}
_STEPS = (
    MANIFEST,
    PICKLE,
    INSTALL,
    *(_AS_EDIT.get(s.id, s) for s in MORE),
    HARMLESS,
)


def _codex_turns(project: str, steps: tuple[Step, ...]) -> list[Turn]:
    def step_turn(step: Step) -> Turn:
        if step.command:
            return Turn(tool="exec_command", args={"cmd": step.command})
        return Turn(tool="apply_patch", raw=_codex_patch(step))

    return [*(step_turn(step) for step in steps), Turn(text=FINAL_TEXT)]


def _codex_view(step: Step, project: str) -> tuple[str, Json]:
    # The hook sees apply_patch with the patch as ``command``, and exec_command as Bash.
    if step.command:
        return "Bash", {"command": step.command}
    return "apply_patch", {"command": _codex_patch(step)}


CODEX = Client(
    harness="codex",
    family="responses",
    binary="codex",
    hook_file=os.path.join(".codex", "hooks.json"),
    steps=_STEPS,
    tool_event="PreToolUse",
    after=False,
    tool_channel=Channel("developer_msg", "{text}"),
    start_channel=Channel("developer_msg", "{text}"),
    # A deny becomes the tool's output, followed by the command (here, the patch).
    deny_channel=Channel(
        "tool_result", "Command blocked by PreToolUse hook: {text}. Command: ", "startswith"
    ),
    post_channel=Channel("developer_msg", "{text}"),
    not_applicable=(("plan mode", "`codex exec` has no plan mode to start in"),),
    env=_codex_env,
    settings=_codex_settings,
    argv=_codex_argv,
    turns=_codex_turns,
    hook_view=_codex_view,
)
