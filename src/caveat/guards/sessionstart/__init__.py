"""The session-start guard: the context a session begins with (SPEC §4).

On SessionStart (any source) it injects ``sessionstart.md`` whole; after a
compaction (source ``compact``) also ``postcompact.md``, since Claude Code discards
PreCompact/PostCompact output; in plugin-only posture a pointer to the plugin's
bundled rules; the knowledge-base drift line when the project's base has drifted;
and ``skill-index.md`` whole when the messages folder has one. Cursor and Devin run
the hooks of Claude Code's settings too: a second copy of the same session start
within ten seconds stays silent. The details live in ``caveat.guards.sessionstart.bootstrap``.

When the project has caveat policy (``.caveat/`` config, rules, message overrides)
that the user has not trusted, or whose trust lapsed because a file changed, one
line says so, names the files and the command for the user (SPEC §7 Trust): the
policy is not loaded until then.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.event import Event
    from caveat.event import Finding
    from caveat.guards.base import Context


SHOWN_FILES = 6  # policy files named in the line; the rest are counted


def check(event: Event, ctx: Context) -> list[Finding]:
    from caveat.guards.sessionstart.bootstrap import findings

    found = findings(event, ctx)
    if found:  # empty: a duplicate session start, which stays silent
        notice = trust_notice(event, ctx)
        if notice is not None:
            found.insert(1, notice)
    return found


def trust_notice(event: Event, ctx: Context) -> Finding | None:
    """The line saying the project's policy is untrusted or lapsed, else None."""
    root = ctx.git_root(event.cwd) if event.cwd else None
    if not root:
        return None
    verdict = ctx.trust(root)
    if verdict.trusted or not verdict.files:
        return None
    from caveat.event import Finding

    values = {"root": root, "files": _names(verdict.files)}
    if verdict.lapsed:
        values["changed"] = _names(verdict.changed)
        return Finding(values, variant="policy-lapsed", key=root)
    return Finding(values, variant="policy-untrusted", key=root)


def _names(files: tuple[str, ...]) -> str:
    shown = ", ".join(f"`{name}`" for name in files[:SHOWN_FILES])
    more = len(files) - SHOWN_FILES
    return f"{shown} and {more} more" if more > 0 else shown
