"""How each harness CLI is run offline, and where it puts hook context.

Per client: its API family, environment, non-hook settings and command line (as the
delivery matrix found each needed, reference/delivery-matrix.md, "What each harness
needed to run offline"); the tool calls the scripted model makes for each step; how
the hook sees such a call; and the channel on which the matrix predicts the hook's
``additionalContext`` reaches the model. The hook registrations themselves are never
written here: they are what ``caveat install --harness X --project P`` wrote.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass

from scenario import FINAL_TEXT
from scenario import HARMLESS
from scenario import INSTALL
from scenario import MANIFEST
from scenario import PACKAGE_PATCH
from scenario import PICKLE
from scenario import PROMPT
from scenario import REQUIREMENTS_STEP
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
    turns: Callable[[str], list[Turn]]  # (project) -> the scripted model turns
    hook_view: Callable[[Step, str], tuple[str, Json]]  # how the hook sees a step's call


def _write_json(path: str, data: Json) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=2)


def _file_view(
    write_tool: str, shell_tool: str, shell_extra: Json
) -> Callable[[Step, str], tuple[str, Json]]:
    """How a client whose hook sees the model's own tool call views a step."""

    def view(step: Step, project: str) -> tuple[str, Json]:
        if step.command:
            return shell_tool, {"command": step.command, **shell_extra}
        return write_tool, {"file_path": os.path.join(project, step.path), "content": step.content}

    return view


# ---------------------------------------------------------------- Claude Code


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


def _claude_turns(project: str) -> list[Turn]:
    def write(step: Step) -> Turn:
        path = os.path.join(project, step.path)
        return Turn(tool="Write", args={"file_path": path, "content": step.content})

    # Claude Code's Write refuses to overwrite a file it has not read.
    read = Turn(tool="Read", args={"file_path": os.path.join(project, MANIFEST.path)})
    shell = {"command": INSTALL.command, "description": "Install requests"}
    return [
        read,
        write(MANIFEST),
        write(PICKLE),
        Turn(tool="Bash", args=shell),
        write(HARMLESS),
        Turn(text=FINAL_TEXT),
    ]


CLAUDE = Client(
    harness="claude-code",
    family="anthropic",
    binary="claude",
    hook_file=os.path.join(".claude", "settings.json"),
    steps=(MANIFEST, PICKLE, INSTALL, HARMLESS),
    tool_event="PreToolUse",
    after=False,
    # Claude Code 2.1.328 sends hook context as role:"system" messages in messages[].
    tool_channel=Channel("system_msg", "PreToolUse:{tool} hook additional context: {text}"),
    # Claude Code appends its own context (skills, date) to the same message.
    start_channel=Channel(
        "system_msg", "SessionStart hook additional context: {text}\n\n", "startswith"
    ),
    env=_claude_env,
    settings=_no_settings,
    argv=_claude_argv,
    turns=_claude_turns,
    hook_view=_file_view("Write", "Bash", {"description": "Install requests"}),
)


# ---------------------------------------------------------------- Codex CLI


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


def _codex_turns(project: str) -> list[Turn]:
    return [
        Turn(tool="apply_patch", raw=_codex_patch(MANIFEST)),
        Turn(tool="apply_patch", raw=_codex_patch(PICKLE)),
        Turn(tool="exec_command", args={"cmd": INSTALL.command}),
        Turn(tool="apply_patch", raw=_codex_patch(HARMLESS)),
        Turn(text=FINAL_TEXT),
    ]


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
    steps=(MANIFEST, PICKLE, INSTALL, HARMLESS),
    tool_event="PreToolUse",
    after=False,
    tool_channel=Channel("developer_msg", "{text}"),
    start_channel=Channel("developer_msg", "{text}"),
    env=_codex_env,
    settings=_codex_settings,
    argv=_codex_argv,
    turns=_codex_turns,
    hook_view=_codex_view,
)


# ---------------------------------------------------------------- Gemini CLI


def _gemini_env(home: str, port: int) -> dict[str, str]:
    return {"GOOGLE_GEMINI_BASE_URL": f"http://127.0.0.1:{port}", "GEMINI_API_KEY": DUMMY_KEY}


def _gemini_settings(home: str, project: str, port: int) -> None:
    # Folder trust off: headless Gemini exits 55 in an untrusted folder. The API-key
    # auth type, because headless 0.61.0 rejects the "gateway" type that
    # GOOGLE_GEMINI_BASE_URL alone selects ("Invalid auth method selected.", exit 41);
    # the base URL is honoured for API-key auth too.
    _write_json(
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


def _gemini_turns(project: str) -> list[Turn]:
    shell = {"command": INSTALL.command, "description": "Install requests"}
    return [
        _gemini_write(project, MANIFEST),  # refused by Gemini CLI itself, see below
        _gemini_write(project, REQUIREMENTS_STEP),
        _gemini_write(project, PICKLE),
        Turn(tool="run_shell_command", args=shell),
        _gemini_write(project, HARMLESS),
        Turn(text=FINAL_TEXT),
    ]


# Headless Gemini CLI (0.61.0) denies every file-editing tool on a "build file"
# (package.json, pyproject.toml, Cargo.toml, …): PolicyEngine.check ends with
# `decision = this.nonInteractive ? DENY : ASK_USER` for them, after every policy
# rule, so no setting, policy file or approval mode lets write_file or replace
# through. The tool never runs and AfterTool never fires. The session keeps that call
# (the test asserts the refusal, so a change in Gemini shows) and makes the
# dependency change in requirements.txt, a manifest Gemini lets a file tool write.
GEMINI_REFUSAL = "Modifying build configuration files requires explicit user confirmation"

GEMINI = Client(
    harness="gemini",
    family="gemini",
    binary="gemini",
    hook_file=os.path.join(".gemini", "settings.json"),
    steps=(REQUIREMENTS_STEP, PICKLE, INSTALL, HARMLESS),
    tool_event="AfterTool",
    after=True,
    # Appended to the functionResponse output after a blank line.
    tool_channel=Channel(
        "tool_result", "\n\n<hook_context>{text}</hook_context>", "endswith", escapes=True
    ),
    # Prefixed to the prompt in the first user message.
    start_channel=Channel(
        "user_msg", "<hook_context>{text}</hook_context>\n\n", "startswith", escapes=True
    ),
    env=_gemini_env,
    settings=_gemini_settings,
    argv=_gemini_argv,
    turns=_gemini_turns,
    hook_view=_file_view("write_file", "run_shell_command", {"description": "Install requests"}),
)


# ---------------------------------------------------------------- Qwen Code


def _qwen_env(home: str, port: int) -> dict[str, str]:
    return {
        "OPENAI_BASE_URL": f"http://127.0.0.1:{port}/v1",
        "OPENAI_API_KEY": DUMMY_KEY,
        "OPENAI_MODEL": "fake-model",
    }


def _qwen_settings(home: str, project: str, port: int) -> None:
    _write_json(
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


_QWEN_SHELL = {"is_background": False, "description": "Install requests"}


def _qwen_turns(project: str) -> list[Turn]:
    def write(step: Step) -> Turn:
        path = os.path.join(project, step.path)
        return Turn(tool="write_file", args={"file_path": path, "content": step.content})

    # Qwen Code's write_file, too, refuses to overwrite a file not read in the session.
    read = Turn(tool="read_file", args={"file_path": os.path.join(project, MANIFEST.path)})
    return [
        read,
        write(MANIFEST),
        write(PICKLE),
        Turn(tool="run_shell_command", args={"command": INSTALL.command, **_QWEN_SHELL}),
        write(HARMLESS),
        Turn(text=FINAL_TEXT),
    ]


QWEN = Client(
    harness="qwen-code",
    family="chat",
    binary="qwen",
    hook_file=os.path.join(".qwen", "settings.json"),
    steps=(MANIFEST, PICKLE, INSTALL, HARMLESS),
    tool_event="PostToolUse",
    after=True,
    # Appended to the tool message after a blank line.
    tool_channel=Channel("tool_result", "\n\n{text}", "endswith", escapes=True),
    # The end of the system prompt, in Qwen's own sentinel block.
    start_channel=Channel(
        "system_prompt",
        '\n\n<qwen:session-start-context hidden="true">\nSessionStart additional context:\n'
        "{text}\n</qwen:session-start-context>",
        "endswith",
        escapes=True,
    ),
    env=_qwen_env,
    settings=_qwen_settings,
    argv=_qwen_argv,
    turns=_qwen_turns,
    hook_view=_file_view("write_file", "run_shell_command", _QWEN_SHELL),
)

CLIENTS = {client.harness: client for client in (CLAUDE, CODEX, GEMINI, QWEN)}
