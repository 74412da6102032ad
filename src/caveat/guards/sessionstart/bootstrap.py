"""What a SessionStart carries (SPEC §4), in this order:

1. ``sessionstart.md`` whole: what caveat does in this session, how to read it;
2. ``postcompact.md`` whole, when the source is ``compact`` (Claude Code discards
   PreCompact/PostCompact output, so recovery rides on SessionStart);
3. the rules pointer, in plugin-only posture (``plugin_rules`` below);
4. the knowledge-base drift line (``caveat.guards.sessionstart.knowledge``);
5. ``skill-index.md`` whole, when the messages folder has one (the project's
   ``.caveat/messages/`` override, else the bundled copy).

Before any of it, the duplicate check: Cursor and Devin also run the hooks stored
in Claude Code's settings, so one session start may reach caveat twice. The vendor
command (``--contract cursor|devin``) and the Claude copy share one marker per
session; whichever comes second within ``WINDOW_S`` seconds stays silent. The Claude
copy takes part when the environment names such a host (its contract's
``CLAUDE_HOST_ENV``). In a plain Claude Code session, caveat registered twice (its
plugin beside a settings file) also starts two hooks on one session start: those
share a marker per session and source, so the second of the two stays silent.
"""

from __future__ import annotations

import os

from caveat.event import VERBATIM
from caveat.event import Finding

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.event import Event
    from caveat.guards.base import Context

POSTCOMPACT = "postcompact"
SKILL_INDEX = "skill-index"

MARKER = "sessionstart"
TWICE = "sessionstart-copies"  # the marker of caveat registered twice in Claude Code
WINDOW_S = 10.0

RULES_FOLDER = "rules"
RULE_INDEX = "rule-index.md"


def shares_marker(event: Event, env: Mapping[str, str]) -> bool:
    """Whether this call takes part in the duplicate-SessionStart marker: the hosts
    and their variables are the contracts' ``CLAUDE_HOST_ENV``."""
    from caveat.harnesses import HARNESSES
    from caveat.harnesses import load

    if event.contract != "claude":
        contract = load(event.contract)
        return contract is not None and bool(contract.CLAUDE_HOST_ENV)
    hosts = [contract for name in HARNESSES if (contract := load(name)) is not None]
    return any(env.get(name) for host in hosts for name in host.CLAUDE_HOST_ENV)


def duplicate(event: Event, env: Mapping[str, str]) -> bool:
    """True when another copy of this session start already spoke (within the
    window): this one then stays silent. A plain Claude Code session takes part too,
    under a marker of its own per source: caveat registered twice (the plugin beside
    a settings file) starts two hooks on one session start, and the second of the
    same session and source stays silent; a later start of another source (a
    compaction) speaks."""
    from caveat.common import marker

    if event.name == "SubagentStart":
        # Each subagent starts once, under its own id; two registrations of caveat
        # share the marker of that id.
        if not event.session_id or not event.agent_id:
            return False
        copy = f"{event.session_id}.agent.{event.agent_id}"
        return not marker.claim(env, TWICE, copy, WINDOW_S)
    if shares_marker(event, env):
        return not marker.claim(env, MARKER, event.session_id, WINDOW_S)
    if event.contract != "claude" or not event.session_id:
        return False
    copy = f"{event.session_id}.{event.source or 'start'}"
    return not marker.claim(env, TWICE, copy, WINDOW_S)


def project_root(event: Event, ctx: Context) -> str | None:
    """The git root above the session's folder, else that folder itself."""
    if not event.cwd:
        return None
    root = ctx.git_root(event.cwd)
    if root:
        return root
    return event.cwd if os.path.isdir(event.cwd) else None


def plugin_rules(env: Mapping[str, str], root: str | None) -> tuple[str, str] | None:
    """``(rules folder, rule index or "")`` in plugin-only posture, else None.

    Plugin-only posture: caveat runs as a Claude Code plugin (``CLAUDE_PLUGIN_ROOT``
    names an absolute folder) whose ``rules/`` folder holds ``*.md`` rule files, and
    none of them was loaded at launch — Claude Code loads rule files from the
    project's ``.claude/rules/`` and the user's ``$CLAUDE_CONFIG_DIR/rules/``
    (default ``~/.claude/rules/``); a rule counts as loaded when the index (or, with
    no index, the first rule by name) is in one of them, directly or under a
    ``caveat/`` subfolder. At most one ``listdir`` and four ``stat`` calls.
    """
    plugin = env.get("CLAUDE_PLUGIN_ROOT", "")
    if not plugin or not os.path.isabs(plugin):
        return None
    rules = os.path.join(plugin, RULES_FOLDER)
    try:
        names = sorted(n for n in os.listdir(rules) if n.endswith(".md"))
    except OSError:
        return None
    if not names:
        return None
    index = RULE_INDEX if RULE_INDEX in names else ""
    probe = index or names[0]
    config = env.get("CLAUDE_CONFIG_DIR", "")
    if not config or not os.path.isabs(config):
        config = os.path.join(env.get("HOME", "") or os.path.expanduser("~"), ".claude")
    loaded = [os.path.join(config, "rules")]
    if root:
        loaded.append(os.path.join(root, ".claude", "rules"))
    for folder in loaded:
        for sub in ("", "caveat"):
            if os.path.isfile(os.path.join(folder, sub, probe)):
                return None
    return rules, os.path.join(rules, index) if index else ""


def findings(event: Event, ctx: Context) -> list[Finding]:
    """The SessionStart context for ``event``, in order (empty for a duplicate)."""
    env = ctx.env
    if duplicate(event, env):
        return []
    root = project_root(event, ctx)
    found = [Finding({}, variant=VERBATIM)]
    if event.source == "compact":
        found.append(Finding({}, variant=VERBATIM, message=POSTCOMPACT))
    pointer = plugin_rules(env, root)
    if pointer is not None:
        rules, index = pointer
        if index:
            values = {"rules": rules, "index": index}
            found.append(Finding(values, variant="plugin-only-index"))
        else:
            found.append(Finding({"rules": rules}, variant="plugin-only"))
    if root:
        from caveat.guards.sessionstart import knowledge

        drift = knowledge.check(root)
        if drift is not None:
            found.append(Finding(drift.values(), variant="kb-drift", key=drift.path))
    index = ctx.message_path(SKILL_INDEX, root)
    # The bundled index names caveat's own skills; a project's index, its own.
    own = ctx.bundled(index)
    if os.path.isfile(index) and (not own or skills_present(event, env, root)):
        found.append(Finding({}, variant=VERBATIM, message=SKILL_INDEX))
    return found


# A skill the bundled index names: caveat installs its skills only where Claude Code
# reads them (``caveat install --harness claude``), or ships them in the plugin.
_INDEXED_SKILL = os.path.join("skills", "caveat-rules", "SKILL.md")


def skills_present(event: Event, env: Mapping[str, str], root: str | None) -> bool:
    """Whether caveat's skills are where this harness reads skills: the index must
    never offer what the agent cannot find."""
    if event.contract != "claude":
        return False
    places = [env.get("CLAUDE_PLUGIN_ROOT", ""), os.path.join(env.get("HOME", ""), ".claude")]
    if root:
        places.append(os.path.join(root, ".claude"))
    return any(p and os.path.isfile(os.path.join(p, _INDEXED_SKILL)) for p in places)
