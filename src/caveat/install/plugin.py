"""caveat as a Claude Code plugin (SPEC §8): its name, manifest and hooks. A build
(``caveat plugin build DIR``, :mod:`caveat.install.plugin_build`) writes
:mod:`caveat.install.plugin_files`; the repository's own plugin is
:mod:`caveat.install.plugin_repo`.

::

    DIR/.claude-plugin/plugin.json   name, version, description
    DIR/hooks/hooks.json             the Claude Code installer's registrations, each
                                     running bash "${CLAUDE_PLUGIN_ROOT}/bootstrap.sh"
                                     --contract claude EVENT MESSAGE...
    DIR/bootstrap.sh                 finds a Python >= 3.10 that imports caveat (see there)
    DIR/messages/                    the bundled messages
    DIR/skills/, DIR/commands/       with a skills catalog: its skills and slash commands,
                                     and messages/skill-index.md rendered in plugin form
                                     (``/caveat:NAME``)

The plugin holds no interpreter path: the bootstrap finds one on the machine it runs
on, so one build serves every machine with caveat installed in some Python. The
build is deterministic (same caveat, same catalog: same bytes).
"""

from __future__ import annotations

import json
import os

import caveat

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.install.core import Json

NAME = "caveat"
BOOTSTRAP = "bootstrap.sh"
MANIFEST = os.path.join(".claude-plugin", "plugin.json")
SKILL_INDEX = "skill-index.md"
DESCRIPTION = (
    "Advisory guards for coding-agent tool calls: dependency changes, dynamic "
    "evaluation, license headers, plans, agent configuration, git history."
)


def command(event: str, narrowed: tuple[str, ...], bootstrap: str = BOOTSTRAP) -> str:
    words = ["--contract", "claude", event, *narrowed]
    return f'bash "${{CLAUDE_PLUGIN_ROOT}}/{bootstrap}" ' + " ".join(words)


def hooks(bootstrap: str = BOOTSTRAP) -> Json:
    """``hooks/hooks.json``: the Claude Code registrations, run through the bootstrap
    at ``bootstrap`` (relative to the plugin's root)."""
    from caveat.harnesses.claude.install import HARNESS
    from caveat.harnesses.claude.install import TIMEOUT

    table: Json = {}
    for entry in HARNESS.entries:
        handler = {
            "type": "command",
            "command": command(entry.vendor_event, entry.words(), bootstrap),
            "timeout": TIMEOUT,
        }
        unit = HARNESS.layout.wrap(entry.vendor_event, entry.matcher, handler)
        table.setdefault(entry.vendor_event, []).append(unit)
    return {"description": f"{NAME}: {DESCRIPTION}", "hooks": table}


def json_bytes(data: Json) -> bytes:
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


# The plugin's options, set in /plugin: Claude Code hands each to the hooks as
# CLAUDE_PLUGIN_OPTION_<KEY>, which the bootstrap passes on as CAVEAT_HOLD and
# CAVEAT_STRICT. "config" and empty leave caveat's configuration files in charge.
USER_CONFIG: Json = {
    "hold": {
        "type": "string",
        "title": "Hold mode",
        "description": "What caveat does with an irreversible command before it runs: "
        "once (block it once, with the advice as the reason), ask (ask you), off (advise "
        "only), or config (what caveat's configuration says).",
        "options": ["config", "once", "ask", "off"],
        "default": "config",
    },
    "strict": {
        "type": "string",
        "title": "Strict guards",
        "description": "Guards whose findings deny the tool call instead of advising, "
        "comma-separated (for example: custom,plan). Empty: as caveat's configuration says.",
        "required": False,
        "default": "",
    },
}


def manifest() -> Json:
    return {
        "name": NAME,
        "version": caveat.__version__,
        "description": DESCRIPTION,
        "license": "MIT",
        "userConfig": USER_CONFIG,
    }
