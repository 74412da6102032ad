"""The header guard: a write that leaves a file without the project's
``SPDX-License-Identifier`` line in that file type's comment syntax
(reference/guard-rules.md §3).

A project has a policy when the configuration names a license (``[header] license``),
when it follows REUSE (``REUSE.toml``, ``.reuse/dep5``, ``LICENSES/``), or when its
tracked source files show one: at least 5 (``scan.MIN_TAGGED``) of a sample of up to
200 carry SPDX lines, and they are more than half of the sample (a verdict cached per
HEAD in the state folder; see ``policy``). Without a policy the guard is silent, and
says why when ``caveat explain`` asks.

- Write (``pretooluse-write-header-guard``): the new text has no header, or a
  malformed one (misspelled tag, no colon, no id, wrong comment syntax, too far down).
- Edit/MultiEdit (``pretooluse-edit-header-guard``): only an edit that creates the
  file without a header (plain ``Advisory``), or that removes or alters the header
  the file had (variant ``removed``). Edits elsewhere in files that never had a
  header stay silent: the guard does not nag about legacy files.

A header is the ``SPDX-License-Identifier`` line within the first lines or anywhere
in the leading comment block (after a copyright block, as third-party files have it);
``REUSE-IgnoreStart`` … ``REUSE-IgnoreEnd`` spans are skipped first. Advice never
changes a file's license id: when the file names one (a misplaced or misspelled tag),
the expected line carries that id; when its header states a license only in words,
the expected line asks for that license's id, never the project's.

Exempt: file types without a comment convention here (JSON, notebooks, CSV, plain
text, binaries by extension), lockfiles, license texts and ``.license`` sidecars,
``LICENSES/``, ``.reuse/``; then, for files that would be reported: empty and binary
content, generated files, files with a ``.license`` sidecar, ``[header] exclude`` and
``[paths] exclude`` patterns, paths that ``REUSE.toml`` or ``.reuse/dep5`` annotates,
and paths git ignores (``git check-ignore``, asked last). Markdown is reported only
when the project's own Markdown files mostly carry
``<!-- SPDX-License-Identifier: … -->``; dotfiles such as ``.gitignore`` only under a
REUSE layout.

The silent path: a dictionary lookup on the file name; for a file type with a
convention, the git-root walk, the config value, three ``stat`` calls for REUSE
markers, reading HEAD and the cached verdict. No ``re``, no GitPython, no ``git``
(git runs, through ``caveat.common.gitrun``, only for a new HEAD's scan and for a file that
would be reported).
"""

from __future__ import annotations

from caveat.event import DELETE
from caveat.guards.base import edits_by_path
from caveat.guards.header.styles import file_style

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.event import Event
    from caveat.event import Finding
    from caveat.guards.base import Context
    from caveat.guards.header.policy import Policy


def _note_silence(ctx: Context, roots: list[str]) -> None:
    """Why the guard says nothing for lack of a header policy (``caveat explain``)."""
    from caveat.guards.header.policy import silence

    for root in roots:
        reason = silence(ctx, root)
        if reason and reason not in ctx.notes:
            ctx.notes.append(reason)


def check(event: Event, ctx: Context) -> list[Finding]:
    todo = []
    for path, edits in edits_by_path(event).items():
        if any(e.kind == DELETE for e in edits):
            continue
        style, kind = file_style(path)
        if style:
            todo.append((path, edits, style, kind))
    if not todo:
        return []
    # Most repositories have no header policy: settle that before loading the checks.
    from caveat.guards.header.policy import policy

    policies: dict[str, Policy | None] = {}
    for path, *_ in todo:
        root = ctx.git_root(path)
        if root is not None and root not in policies:
            policies[root] = policy(ctx, root)
    if not any(policies.values()):
        if ctx.explaining:
            _note_silence(ctx, list(policies))
        return []
    from caveat.guards.header.verdict import findings

    return findings(event, ctx, todo, policies)
