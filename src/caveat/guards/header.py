"""The header guard: a write that leaves a file without the project's
``SPDX-License-Identifier`` line in that file type's comment syntax
(reference/guard-rules.md §3).

A project has a policy when the configuration names a license (``[header] license``),
when it follows REUSE (``REUSE.toml``, ``.reuse/dep5``, ``LICENSES/``), or when most of
its tracked source files carry SPDX lines (a verdict cached per HEAD in the state
folder; see ``_header_policy``). Without a policy the guard is silent.

- Write (``pretooluse-write-header-guard``): the new text has no header, or a
  malformed one (misspelled tag, no colon, no id, wrong comment syntax, too far down).
- Edit/MultiEdit (``pretooluse-edit-header-guard``): only an edit that creates the
  file without a header (plain ``Advisory``), or that removes or alters the header
  the file had (variant ``removed``). Edits elsewhere in files that never had a
  header stay silent: the guard does not nag about legacy files.

Exempt: file types without a comment convention here (JSON, notebooks, CSV, plain
text, binaries by extension), lockfiles, license texts and ``.license`` sidecars,
``LICENSES/``, ``.reuse/``; then, for files that would be reported: empty and binary
content, generated files, files with a ``.license`` sidecar, ``[header] exclude`` and
``[paths] exclude`` patterns, and paths that ``REUSE.toml`` or ``.reuse/dep5``
annotates. Markdown is reported only when the project's own Markdown files mostly
carry ``<!-- SPDX-License-Identifier: … -->``; dotfiles such as ``.gitignore`` only
under a REUSE layout.

The silent path: a dictionary lookup on the file name; for a file type with a
convention, the git-root walk, the config value, three ``stat`` calls for REUSE
markers, reading HEAD and the cached verdict. No ``re``, no GitPython, no ``git``.
"""

from __future__ import annotations

import os

from caveat import rules as gates
from caveat.event import DELETE
from caveat.guards.base import edits_by_path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.event import Event
    from caveat.event import Finding
    from caveat.guards._header_policy import Policy
    from caveat.guards.base import Context

ID = "header"
MESSAGES: tuple[str, ...] = ("pretooluse-write-header-guard", "pretooluse-edit-header-guard")
EVENTS = frozenset({"PreToolUse", "PostToolUse"})
TOOLS = frozenset({"Write", "Edit", "MultiEdit"})
BUDGET_S = 2.0


def file_style(path: str) -> tuple[str, str]:
    """(comment style, kind) for a file name: kind ``""`` for source files,
    ``markdown`` for prose, ``reuse`` for files checked only under REUSE; ``("", "")``
    for files with no header convention or that never need one."""
    norm = path.replace("\\", "/")
    lower = norm[norm.rfind("/") + 1 :].lower()
    if lower in gates.HEADER_EXEMPT_BASENAMES or lower.startswith(gates.HEADER_EXEMPT_PREFIXES):
        return "", ""
    if lower.endswith(gates.HEADER_EXEMPT_SUFFIXES):
        return "", ""
    found = gates.HEADER_BASENAMES.get(lower)
    if found:
        return found, ""
    ext = os.path.splitext(lower)[1]
    found = gates.HEADER_EXTENSIONS.get(ext) if ext else None
    if found:
        return found, "markdown" if ext in gates.HEADER_MARKDOWN_EXTENSIONS else ""
    if lower.startswith(gates.HEADER_DOCKERFILE_PREFIXES):
        return "hash", ""
    found = gates.HEADER_REUSE_ONLY_BASENAMES.get(lower)
    return (found, "reuse") if found else ("", "")


def in_exempt_dir(rel: str) -> bool:
    """Whether a '/'-separated path from the git root lies in ``LICENSES/``, ``.reuse/``
    or ``.git/``."""
    return any(part in gates.HEADER_EXEMPT_DIRS for part in rel.split("/")[:-1])


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
    from caveat.guards._header_policy import policy

    policies: dict[str, Policy | None] = {}
    for path, *_ in todo:
        root = ctx.git_root(path)
        if root is not None and root not in policies:
            policies[root] = policy(ctx, root)
    if not any(policies.values()):
        return []
    from caveat.guards._header_check import findings

    return findings(event, ctx, todo, policies)
