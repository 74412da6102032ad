"""The dependency guard: writes to manifests, lockfiles, version catalogs, infra
references, tool pins and installed trees, and shell commands that add, remove or
upgrade dependencies (reference/guard-rules.md §1).

Variants of ``pretooluse-dependency-guard``: ``""`` (a manifest or catalog change,
naming the packages), ``lockfile`` (a hand edit of a lockfile), ``reference`` (an
image, action, module, tool pin or registry setting changed), ``installed`` (a write
into ``node_modules``, ``site-packages`` …) and ``command`` (a shell command).

This module decides cheaply whether anything can fire — a basename set, suffix and
prefix tests, substring scans — and only then imports the analysis modules (which
bring pathspec and the shell lexer).
"""

from __future__ import annotations

from caveat import rules
from caveat.event import CELL
from caveat.guards.base import edits_by_path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.event import Event
    from caveat.event import FileEdit
    from caveat.event import Finding
    from caveat.guards.base import Context

ID = "dependency"
MESSAGES: tuple[str, ...] = ("pretooluse-dependency-guard",)
EVENTS = frozenset({"PreToolUse", "PostToolUse"})
TOOLS = frozenset({"Write", "Edit", "MultiEdit", "NotebookEdit", "Bash", "PowerShell"})
BUDGET_S = 2.0

_SHELLS = frozenset({"Bash", "PowerShell"})
_CELL_HINTS = ("pip", "conda", "mamba", "install", "uv ")


def path_may_match(path: str) -> bool:
    """False only when no rule of ``dependency_files`` can match ``path``."""
    norm = path.replace("\\", "/")
    base = norm[norm.rfind("/") + 1 :]
    if base in rules.DEPENDENCY_BASENAMES or base.endswith(rules.DEPENDENCY_SUFFIXES):
        return True
    if base.startswith(rules.DEPENDENCY_PREFIXES):
        return True
    if any(s in base for s in rules.DEPENDENCY_SUBSTRINGS):
        return True
    rooted = norm if norm.startswith("/") else "/" + norm
    if any(part in rooted for part in rules.DEPENDENCY_DIR_PARTS):
        return True
    return any(
        part in rooted and base.endswith(ends) for part, ends in rules.DEPENDENCY_DIR_SUFFIXES
    )


def command_may_match(command: str) -> bool:
    """False only when ``command`` names no dependency tool and writes no manifest."""
    low = command.lower()
    if any(word in low for word in rules.DEPENDENCY_PREFILTER):
        return True
    return (">" in low or "tee " in low or "sed " in low) and any(
        hint in low for hint in rules.DEPENDENCY_REDIRECT_HINTS
    )


def _pep723_hint(edits: list[FileEdit]) -> bool:
    return any("/// script" in e.text or "/// script" in e.old for e in edits)


def _cell_commands(edits: list[FileEdit]) -> str:
    """The ``!pip install …`` / ``%pip install …`` lines of notebook cells."""
    lines = []
    for edit in edits:
        if edit.kind != CELL or not any(h in edit.text for h in _CELL_HINTS):
            continue
        for line in edit.text.splitlines():
            line = line.strip()
            if line[:1] in ("!", "%"):
                lines.append(line.lstrip("!%"))
    return "\n".join(lines)


def _configured(ctx: Context, path: str, patterns: tuple[str, ...]) -> bool:
    """Whether the project's ``extra_manifests`` patterns name ``path``."""
    from caveat.guards._dependency_files import configured_rule

    return configured_rule(ctx, path, patterns) is not None


def check(event: Event, ctx: Context) -> list[Finding]:
    if event.tool in _SHELLS:
        if not event.command or not command_may_match(event.command):
            return []
        from caveat.guards._dependency_commands import command_findings

        return command_findings(ctx, event.command, event.tool == "PowerShell")
    findings: list[Finding] = []
    candidates: dict[str, list[FileEdit]] = {}
    cells = ""
    extra = ctx.config.strings("dependency", "extra_manifests")  # [dependency] in config
    for path, edits in edits_by_path(event).items():
        if (
            path_may_match(path)
            or (path.endswith(".py") and _pep723_hint(edits))
            or (extra and _configured(ctx, path, extra))
        ):
            candidates[path] = edits
        elif path.endswith(".ipynb"):
            cells += _cell_commands(edits)
    if candidates:
        from caveat.guards._dependency_files import file_findings

        findings.extend(file_findings(event, ctx, candidates))
    if cells and command_may_match(cells):
        from caveat.guards._dependency_commands import command_findings

        findings.extend(command_findings(ctx, cells, False))
    return findings
