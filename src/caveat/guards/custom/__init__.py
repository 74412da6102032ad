"""The custom guard: advice written by operators as markdown rule files, no code.

Rules live in ``<git root>/.caveat/rules/*.md`` (the project's) and in the user
config folder's ``rules/`` (``$XDG_CONFIG_HOME/caveat/rules/``, default
``~/.config/caveat/rules/``). Both apply; a project rule replaces the user rule with
the same file name. A rule's name is its file stem; rules speak in name order. A
rule file is its own message: front matter says when it speaks, its ``## Advisory``
section (``## After`` on post-tool events, when present) is what the agent reads,
followed by ``Full procedure: <the rule file>``::

    ---
    event: PreToolUse            # or a list: [PreToolUse, PostToolUse]; default PreToolUse
    tools: [Write, Edit]         # canonical tool names; default: any tool
    paths: ["src/**/*.py", "!src/vendored/**"]   # gitignore-style, from the git root
    content: 'print\\('          # Python regex searched in the new text / the command
    strict: false                # true: a match denies when strict is on for "custom"
    ---
    # No print debugging
    ## Advisory
    {path} gains a `print(` call at line {line}. Use the project's logger instead.
    ## Procedure
    …

- ``event``: PreToolUse, PostToolUse, PostToolUseFailure, UserPromptSubmit,
  SessionStart. ``tools`` and ``paths`` need a tool event; a tool-event rule needs at
  least one of ``tools``, ``paths``, ``content`` (else it would speak on every call).
- ``paths``: the last matching pattern decides, ``!`` excludes; a file outside the git
  root never matches. For tools that do not write, the path is their ``file_path`` /
  ``path`` input (Read, Glob, Grep …).
- ``content``: searched (``re.MULTILINE``) in what the call introduces — the lines of a
  written file that were not there before, a shell command, a SessionStart's source,
  the string values of another tool's input; at most 4 MiB. Nested quantifiers
  (``(a+)+``, ``(.*)*``) and patterns that match the empty string are refused.
- ``strict``: with ``CAVEAT_STRICT=custom`` (or ``[strict] custom = true``) a match of a
  strict rule denies a PreToolUse call; other rules stay advisory.
- Placeholders: ``{path}`` (from the git root), ``{line}`` and ``{match}`` (the first
  match, empty without ``content``), ``{tool}``, ``{command}``, ``{rule}``.

An invalid rule is skipped with one line on stderr, and ``caveat rules`` lists it
with the reason (exit 1). The full reference is ``docs/rules.md``.

The silent path of a project without rule folders is two ``isdir`` calls; rule files
are validated once per content hash (``_custom_load``), and a content regex is
compiled only when the rule's event, tool and path already match (``_custom_match``).
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.event import Event
    from caveat.event import Finding
    from caveat.guards.base import Context


def folders(user: str, project_root: str | None) -> list[tuple[str, str]]:
    """``(scope, folder)`` of the rules folders that exist under the user's caveat
    folder ``user`` and the project (two ``isdir`` calls)."""
    found = []
    folder = os.path.join(user, "rules")
    if os.path.isdir(folder):
        found.append(("user", folder))
    if project_root:
        project = os.path.join(project_root, ".caveat", "rules")
        if os.path.isdir(project):
            found.append(("project", project))
    return found


def check(event: Event, ctx: Context) -> list[Finding]:
    found = folders(ctx.config_dir, ctx.git_root())
    if not found:
        return []
    from caveat.guards.custom.match import findings

    return findings(event, ctx, found)


def problems(env: Mapping[str, str], user: str, project_root: str | None) -> list[tuple[str, str]]:
    """``(rule file, reason)`` for every invalid rule file of the user's (``user``: the
    user's config folder) and the project's rules folders — for ``caveat doctor`` and
    ``caveat rules``."""
    from caveat.guards.custom.load import problems as found

    return found(env, folders(user, project_root))
