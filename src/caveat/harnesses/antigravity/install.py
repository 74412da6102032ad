"""Antigravity CLI (``agy``): ``~/.gemini/config/hooks.json`` or
``<project>/.agents/hooks.json``.

The file maps hook names to their events (:mod:`caveat.harnesses.antigravity`);
caveat's hook is the one named ``hooks``, ``{"hooks": {"PreToolUse": [{"matcher",
"hooks": [HANDLER]}]}}``: Claude's grouped shape, which agy 1.0.5 was measured to run
(websentry-ai/setup#104) and which the named-hook schema reads as one hook. The
operator's other hooks, named otherwise, are kept as they are. Shell form, timeout in
seconds (the documented examples).

Only PreToolUse is registered, on the tools caveat judges: nothing of PostToolUse
is documented to reach the model, and every registered call must be answered (a hook
that answers nothing refuses the tool), so a catch-all matcher would put caveat in
front of every read and search for nothing. Some builds read the workspace's
``.antigravitycli/hooks.json`` instead of ``.agents/``, and one build was reported to
read no workspace file at all: ``--user`` is the scope every source agrees on.
"""

from __future__ import annotations

import os

from caveat.harnesses.antigravity import ID
from caveat.install.base import Entry
from caveat.install.base import Harness
from caveat.install.core import home

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.install.command import Runtime
    from caveat.install.core import Json

TIMEOUT = 10  # seconds
MATCHER = "run_command|write_to_file|replace_file_content|multi_replace_file_content|edit_file"


def _user_file(env: Mapping[str, str]) -> str:
    return os.path.join(home(env), ".gemini", "config", "hooks.json")


def _handler(runtime: Runtime, entry: Entry) -> Json:
    return {
        "type": "command",
        "command": runtime.shell(ID, entry.vendor_event, entry.words()),
        "timeout": TIMEOUT,
    }


HARNESS = Harness(
    ID,
    _user_file,
    os.path.join(".agents", "hooks.json"),
    (Entry("PreToolUse", "PreToolUse", MATCHER, frozenset({"Write", "Edit", "Bash"})),),
    _handler,
    (
        "Built from agy's documentation, not run here: agy refuses a tool when a hook "
        "answers no decision, so caveat answers every call (an ask, which leaves agy's "
        "own review as it is) and speaks only by a deny (strict mode, holds).",
        "Some agy builds read a project's .antigravitycli/hooks.json instead of "
        ".agents/hooks.json; --user works in every build.",
    ),
    why="only a PreToolUse deny reaches the model; nothing after the tool does",
)
