"""CodeBuddy Code: ``~/.codebuddy/settings.json`` or ``<project>/.codebuddy/settings.json``.

Claude-shaped, shell form (CodeBuddy runs ``command`` with ``$SHELL``, on Windows
always with Git Bash, so there is no Windows twin), ``timeout`` in seconds. CodeBuddy
hands PostToolUse and SessionStart context to the model but not PreToolUse's, so tool
advice is registered after the tool, on Claude's tool names. Its matcher is an
unanchored regex (``Write`` would also match ``NotebookWrite``), hence the anchors.
CodeBuddy also reads ``<project>/.codebuddy/settings.local.json``, a project's file
kept out of git: ``--local`` installs there.
"""

from __future__ import annotations

from caveat.harnesses.codebuddy import ID
from caveat.install.settings import after_the_tool

TIMEOUT = 30  # seconds (CodeBuddy's default is 60)

HARNESS = after_the_tool(
    ID,
    ".codebuddy",
    "PostToolUse",
    "^(Write|Edit|MultiEdit|NotebookEdit|Bash)$",
    frozenset({"Write", "Edit", "MultiEdit", "NotebookEdit", "Bash"}),
    TIMEOUT,
    why="PreToolUse takes no context, so tool advice goes on PostToolUse",
    notes=("CodeBuddy reads hooks when it starts; review new ones in /hooks.",),
    local=True,
)
