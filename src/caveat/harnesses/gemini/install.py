"""Gemini CLI: ``~/.gemini/settings.json`` or ``<project>/.gemini/settings.json``.

Shell form, ``timeout`` in milliseconds. Gemini drops BeforeTool's context, so tool
advice is registered on AfterTool, with Gemini's own tool names (a Claude-style
``Write|Edit|Bash`` matcher matches nothing there); SessionStart. BeforeTool on the
shell tool answers only with a hold: a block is the one answer it reads.
"""

from __future__ import annotations

from caveat.harnesses.gemini import ID
from caveat.install.settings import after_the_tool

TIMEOUT = 30_000  # milliseconds

HARNESS = after_the_tool(
    ID,
    ".gemini",
    "AfterTool",
    "write_file|replace|run_shell_command",
    frozenset({"Write", "Edit", "Bash"}),
    TIMEOUT,
    name="caveat",
    why="BeforeTool context is dropped, so tool advice goes on AfterTool",
    hold=("BeforeTool", "run_shell_command"),
    notes=("Gemini warns once about a new or changed project hook until it is trusted.",),
)
