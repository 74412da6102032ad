"""The conformity gate: writes to the agent's own configuration that would leave it
broken — hooks files that would not parse or have the wrong shape for their harness,
skills, sub-agents and slash commands with invalid front matter, memory files over
their budget, secrets written into config.

Scopes: any path under a folder segment a harness names in
``caveat.harnesses.HARNESSES`` (``/.claude/``, ``/.codex/`` …, at home or in a
project), a custom ``$CODEX_HOME``, any ``AGENTS.md``/``CLAUDE.md``/``GEMINI.md``/
``SKILL.md``, plus the folders in ``CAVEAT_CONFORMITY_SCOPE``. A write outside them
costs a few string tests; inside, the check registry in
``caveat.guards.conformity.checks`` runs on the file as it will be after the edit,
with each harness's hook-file checks (``caveat.harnesses.<id>.hookfile``) loaded then.

Findings of blocking checks carry ``deny=True``: a deny when the user enables strict
mode for this guard. Advisory checks (memory size, a description near its limit)
never deny.
"""

from __future__ import annotations

import os

from caveat.guards.base import CODEX_HOME_ENV
from caveat.guards.base import edits_by_path
from caveat.harnesses import HARNESSES

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.event import Event
    from caveat.event import Finding
    from caveat.guards.base import Context

# Pre-filter data: loaded on every call that reaches this guard; the full
# tables live in the modules beside this one.
# … or its file name is one of these (anywhere: memory files and skills).
BASENAMES = frozenset(
    {
        "AGENTS.md",
        "AGENTS.override.md",
        "CLAUDE.md",
        "CLAUDE.local.md",
        "GEMINI.md",
        "SKILL.md",
    }
)

SCOPE_ENV = "CAVEAT_CONFORMITY_SCOPE"

# A path is in scope when it contains one of these folder segments …
SEGMENTS = tuple(segment for segments in HARNESSES.values() for segment in segments)


def _norm(path: str) -> str:
    return path.replace("\\", "/")


def extra_scopes(env: Mapping[str, str]) -> list[str]:
    """The folders named in ``CAVEAT_CONFORMITY_SCOPE`` (normalized, ``~`` expanded)."""
    raw = env.get(SCOPE_ENV, "")
    if not raw:
        return []
    out = []
    for part in raw.split(os.pathsep):
        part = part.strip()
        if part:
            out.append(_norm(os.path.expanduser(part)).rstrip("/"))
    return out


def codex_home(env: Mapping[str, str]) -> str:
    """``$CODEX_HOME`` normalized, or "" when unset (``~/.codex`` is a segment match)."""
    raw = env.get(CODEX_HOME_ENV, "")
    return _norm(os.path.expanduser(raw)).rstrip("/") if raw else ""


def _under(path: str, folder: str) -> bool:
    return bool(folder) and path.startswith(folder + "/")


def in_scope(path: str, env: Mapping[str, str]) -> bool:
    """True when ``path`` is agent configuration: a string test, no file access."""
    norm = _norm(path)
    if norm[norm.rfind("/") + 1 :] in BASENAMES:
        return True
    rooted = norm if norm.startswith("/") else "/" + norm
    if any(segment in rooted for segment in SEGMENTS):
        return True
    if CODEX_HOME_ENV in env and _under(norm, codex_home(env)):
        return True
    return SCOPE_ENV in env and any(_under(norm, s) for s in extra_scopes(env))


def check(event: Event, ctx: Context) -> list[Finding]:
    findings: list[Finding] = []
    for path, edits in edits_by_path(event).items():
        if not in_scope(path, ctx.env):
            continue
        from caveat.guards.conformity.checks import file_findings

        findings.extend(file_findings(ctx, path, edits))
    return findings
