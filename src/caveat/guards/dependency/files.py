"""File side of the dependency guard: which rule a path falls under (gitignore-style
patterns, after the pre-filter), and what a write to it changes."""

from __future__ import annotations

import os

from caveat.common.patterns import PatternStore
from caveat.common.patterns import segment_matches
from caveat.event import DELETE
from caveat.event import FRAGMENT
from caveat.event import Finding
from caveat.guards.base import versions
from caveat.guards.dependency import file_rules
from caveat.guards.dependency import manifest_diff as diff

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.event import Event
    from caveat.event import FileEdit
    from caveat.guards.base import Context

    Rule = tuple[str, str, tuple[str, ...], str, str]

_NOT_ITEMISED = "not itemised for this file type (review the diff)"
_TOO_LARGE = "not itemised: the file is too large to read here (review the diff)"
PARSE_LIMIT = 1 << 20  # larger manifests are not parsed: the advice stays, names go


def _could(pattern: str, parts: list[str]) -> bool:
    """A cheap superset test of whether ``pattern`` can match a path made of ``parts``:
    each folder segment of the pattern must fit some folder of the path (``*`` never
    crosses a ``/`` and ``**`` spans whole components), and its last segment must fit
    some component (a pattern that names a folder matches everything under it)."""
    segments = [s for s in pattern.lstrip("!").strip("/").split("/") if s]
    if not segments:
        return False
    folders = parts[:-1]
    for segment in segments[:-1]:
        if segment != "**" and not any(segment_matches(segment, f) for f in folders):
            return False
    last = segments[-1]
    return last == "**" or any(segment_matches(last, p) for p in parts)


def match(rel: str, store: PatternStore) -> Rule | None:
    """The first rule whose patterns match ``rel`` ('/'-separated, relative)."""
    rel = rel.lstrip("/")
    parts = rel.split("/")
    base = parts[-1]
    if not base:
        return None
    for rule in file_rules.RULES:
        maybe = any(_could(p, parts) for p in rule[2] if not p.startswith("!"))
        if maybe and store.match(rule[2], rel):
            return rule
    return None


def locate(path: str, root: str | None, cwd: str) -> tuple[str, str]:
    """``(shown, rel)``: the path to show (relative to the git root when inside it)
    and the path to match patterns against."""
    norm = path.replace("\\", "/")
    if not norm.startswith("/") and norm[1:3] != ":/" and cwd:
        norm = cwd.replace("\\", "/").rstrip("/") + "/" + norm
    for folder in (root, cwd):
        if folder:
            prefix = folder.replace("\\", "/").rstrip("/") + "/"
            if norm.startswith(prefix):
                rel = norm[len(prefix) :]
                return (rel if folder == root else norm), rel
    # Outside any known folder: match the whole path, so that `**/site-packages/**`
    # and basename patterns still apply; anchored patterns do not.
    return norm, norm.split(":", 1)[-1].lstrip("/")


def _regenerate(rule: Rule, path: str) -> str:
    base = os.path.basename(path)
    folder = os.path.dirname(path)
    for lock, command in file_rules.LOCK_FOR_MANIFEST.get(base, ()):
        if os.path.exists(os.path.join(folder, lock)):
            return command
    return rule[3] or "the ecosystem's package manager"


def _finding(variant: str, key: str, **values: str) -> Finding:
    return Finding(values, variant=variant, key=key[:200])


CONFIGURED = "project-configured"


def configured_rule(
    ctx: Context,
    path: str,
    patterns: tuple[str, ...] | None = None,
    store: PatternStore | None = None,
) -> Rule | None:
    """A manifest rule for ``path`` when the configuration's
    ``[dependency] extra_manifests`` patterns (gitignore-style, from the git root) name
    it; its dependencies are not itemised (no parser knows the format)."""
    if patterns is None:
        patterns = ctx.config.strings("dependency", "extra_manifests")
    root = ctx.git_root(path)
    if not patterns or not root:
        return None
    prefix = root.rstrip("/\\") + os.sep
    if not path.startswith(prefix):
        return None
    rel = path[len(prefix) :].replace(os.sep, "/")
    if not (store or PatternStore(ctx.env)).match(patterns, rel):
        return None
    return (CONFIGURED, file_rules.MANIFEST, patterns, "", "")


def check_path(
    ctx: Context, path: str, edits: list[FileEdit], store: PatternStore
) -> Finding | None:
    event = ctx.event
    if event.cwd and not os.path.isabs(path) and path[1:3] not in (":\\", ":/"):
        path = os.path.join(event.cwd, path)  # never judged against caveat's own cwd
    root = ctx.git_root(path)
    shown, rel = locate(path, root, event.cwd)
    rule = match(rel, store) or configured_rule(ctx, path, store=store)
    if rule is None:
        return _pep723(ctx, path, shown, edits) if path.endswith(".py") else None
    ecosystem, kind, _, regenerate, parser = rule
    if kind == file_rules.INSTALLED:
        return _finding(
            "installed", shown, path=shown, ecosystem=ecosystem, kind=kind, regenerate=regenerate
        )
    deleting = any(e.kind == DELETE for e in edits)
    before, after, exact = versions(ctx, edits)
    if exact and before == after and not deleting:
        return None
    if kind == file_rules.LOCK:
        return _finding(
            "lockfile",
            shown,
            path=shown,
            ecosystem=ecosystem,
            kind=kind,
            regenerate=regenerate,
            action="delete" if deleting else "edit",
        )
    variant = "" if kind in (file_rules.MANIFEST, file_rules.CATALOG) else "reference"
    note = ""
    if parser and max(len(before), len(after)) > PARSE_LIMIT:
        packages, action, key = _TOO_LARGE, "changes", shown
    elif parser and exact and _breaks(parser, before, after):
        reason = _breaks(parser, before, after)
        return _unparseable(rule, path, shown, edits, reason, before, after)
    elif parser:
        old, new = diff.parse(parser, before, exact), diff.parse(parser, after, exact)
        members = _members(ctx, parser, path)
        found, local = diff.split_local(diff.changes(old, new), old, new, members)
        if not found:
            return None  # nothing changed, or only in-repo and local dependencies
        packages = diff.listing([c[2] for c in found]) + diff.unchanged(parser, old, new)
        action = diff.action(found)
        key = ",".join(c[0] for c in found)
        note = diff.local_note(local)
    else:
        packages, action, key = _NOT_ITEMISED, "deletes" if deleting else "changes", shown
    return _finding(
        variant,
        key,
        path=shown,
        ecosystem=ecosystem,
        kind=kind,
        packages=packages,
        action=action,
        regenerate=_regenerate(rule, path) if variant == "" else regenerate or "",
        local=note,
    )


def _members(ctx: Context, parser: str, path: str) -> frozenset[str]:
    """The names a uv workspace around a member's pyproject.toml serves itself."""
    if parser != "pyproject":
        return frozenset()
    from caveat.guards.dependency.workspace import member_names

    return member_names(ctx, path)


def _breaks(parser: str, before: str, after: str) -> str:
    from caveat.guards.dependency.manifest_check import breaks

    return breaks(parser, before, after)


def _unparseable(
    rule: Rule,
    path: str,
    shown: str,
    edits: list[FileEdit],
    reason: str,
    before: str,
    after: str,
) -> Finding:
    """The manifest will no longer parse: say so, and list only what the edited
    fragments change (a whole write: what the tolerant parser reads of the new text
    that differs from the old, never a "removed" it may have lost after the break)."""
    ecosystem, kind, _, _, parser = rule
    fragments = [e for e in edits if e.kind == FRAGMENT]
    if fragments and len(fragments) == len(edits):
        old = diff.parse(parser, "\n".join(e.old for e in fragments), False)
        new = diff.parse(parser, "\n".join(e.text for e in fragments), False)
        found = diff.changes(old, new)
    else:
        old, new = diff.parse(parser, before, True), diff.parse(parser, after, True)
        found = [c for c in diff.changes(old, new) if c[1] != "removed"]
    found = diff.split_local(found, old, new)[0]
    packages = diff.listing([c[2] for c in found]) or "none that can be read"
    return _finding(
        "unparseable",
        shown + ":unparseable",
        path=shown,
        ecosystem=ecosystem,
        kind=kind,
        problem=reason,
        packages=packages,
        regenerate=_regenerate(rule, path),
    )


def _pep723(ctx: Context, path: str, shown: str, edits: list[FileEdit]) -> Finding | None:
    before, after, exact = versions(ctx, edits)
    if not exact and "# /// script" not in after:
        return None
    old, new = diff.pep723(before), diff.pep723(after)
    found, local = diff.split_local(diff.changes(old, new), old, new)
    if not found:
        return None
    return _finding(
        "",
        ",".join(c[0] for c in found),
        path=shown,
        ecosystem="PyPI",
        kind="inline script metadata (PEP 723)",
        packages=diff.listing([c[2] for c in found]),
        action=diff.action(found),
        regenerate="uv lock --script " + os.path.basename(path),
        local=diff.local_note(local),
    )


def file_findings(event: Event, ctx: Context, grouped: dict[str, list[FileEdit]]) -> list[Finding]:
    out = []
    store = PatternStore(ctx.env)
    for path, edits in grouped.items():
        finding = check_path(ctx, path, edits, store)
        if finding is not None:
            out.append(finding)
    return out
