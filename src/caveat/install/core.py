"""What every installer module shares and none of them defines: the JSON and
registration types, the refusal, the home folder, and the harness names of earlier
versions. It imports no other installer module, so any of them can import it."""

from __future__ import annotations

import os
from typing import Any

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

Json = dict[str, Any]
# A registration as verify compares it: (vendor event, matcher or None, handler).
Found = tuple[str, Any, Json]

# The installer's own names for the harnesses before there was one id per harness:
# still accepted on the command line, and read from old install records.
ALIASES = {
    "claude-code": "claude",
    "qwen-code": "qwen",
    "gemini-cli": "gemini",
    "codebuddy-code": "codebuddy",
    "copilot-cli": "copilot",
    "devin-local": "devin",
    "agy": "antigravity",  # the Antigravity CLI's command name
}


# Harnesses people ask for that caveat cannot serve, and why (``--harness`` says so).
NO_HOOKS = {
    "windsurf": "Windsurf Cascade runs hooks, but none of its hook outputs reaches the "
    "model, so caveat has nothing to install there (Devin Local, from the same vendor, "
    "is --harness devin)",
}


class InstallError(Exception):
    """A file or path caveat will not touch; the text names it and the fix."""


def home(env: Mapping[str, str]) -> str:
    return str(env.get("HOME") or os.path.expanduser("~"))
