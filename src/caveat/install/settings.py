"""The installer of a harness modelled on Claude Code that drops pre-tool context:
its hooks in ``~/<folder>/settings.json`` or ``<project>/<folder>/settings.json``
(Claude's grouped shape), shell form, tool advice registered after the tool, and
SessionStart. Gemini CLI, Qwen Code and CodeBuddy Code differ only in names, the
tool event and matcher, and the timeout's unit.
"""

from __future__ import annotations

import os

from caveat.install.base import Entry
from caveat.install.base import Harness
from caveat.install.core import home

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.install.command import Runtime
    from caveat.install.core import Json


def after_the_tool(
    harness_id: str,
    folder: str,
    tool_event: str,
    matcher: str,
    tools: frozenset[str],
    timeout: int,
    *,
    why: str,
    name: str | None = None,
    notes: tuple[str, ...] = (),
    failure_event: str | None = None,
    local: bool = False,
    hold: tuple[str, str] | None = None,
) -> Harness:
    """The harness's installer: ``tool_event`` (its name for PostToolUse) on
    ``matcher``, which covers ``tools`` (caveat's names), and ``failure_event`` (its
    name for PostToolUseFailure, for a harness that fires it instead of PostToolUse
    when a tool fails) on the same matcher; ``timeout`` in the harness's unit;
    ``name``, when given, in every handler; ``local``: the harness also reads
    ``<project>/<folder>/settings.local.json``, which stays out of git (``--local``)."""

    def user_file(env: Mapping[str, str]) -> str:
        return os.path.join(home(env), folder, "settings.json")

    def handler(runtime: Runtime, entry: Entry) -> Json:
        out: Json = {"type": "command"}
        if name is not None:
            out["name"] = name
        out["command"] = runtime.shell(harness_id, entry.vendor_event, entry.words())
        out["timeout"] = timeout
        return out

    entries = []
    if hold:
        entries.append(Entry(hold[0], "PreToolUse", hold[1], frozenset({"Bash"}), hold=True))
    entries.append(Entry(tool_event, "PostToolUse", matcher, tools))
    if failure_event:
        entries.append(Entry(failure_event, "PostToolUseFailure", matcher, tools))
    entries.append(Entry("SessionStart", "SessionStart"))
    return Harness(
        harness_id,
        user_file,
        os.path.join(folder, "settings.json"),
        tuple(entries),
        handler,
        notes,
        why=why,
        local_file=os.path.join(folder, "settings.local.json") if local else None,
    )
