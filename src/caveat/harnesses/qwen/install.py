"""Qwen Code: ``~/.qwen/settings.json`` or ``<project>/.qwen/settings.json``.

Shell form, ``timeout`` in seconds (values ≥ 1000 would be read as legacy ms).
Qwen drops PreToolUse's context, so tool advice is registered on PostToolUse with
Qwen's tool names, and on PostToolUseFailure, which Qwen fires instead when a shell
command exits non-zero (a rejected push, a failed install); SessionStart. PreToolUse
on the shell tool answers only with a hold: a block is the one answer it reads.
"""

from __future__ import annotations

from caveat.harnesses.qwen import ID
from caveat.install.settings import after_the_tool

TIMEOUT = 30  # seconds

HARNESS = after_the_tool(
    ID,
    ".qwen",
    "PostToolUse",
    "^(write_file|edit|run_shell_command)$",
    frozenset({"Write", "Edit", "Bash"}),
    TIMEOUT,
    why="PreToolUse context is dropped, so tool advice goes on PostToolUse(Failure)",
    failure_event="PostToolUseFailure",
    hold=("PreToolUse", "^run_shell_command$"),
)
