"""``caveat rules [--json] [--project DIR]``: list the custom rules and why any is invalid.

Reads the user's rules folder and the project's (the git root above ``--project``,
default the current folder), validates every rule file afresh (the hook's cache is
neither used nor written) and prints one line per file. Exit 0 when every rule is
valid (or there are none), 1 when any is invalid.
"""

from __future__ import annotations

import os

from caveat.common.gitctx import git_root
from caveat.common.term import field
from caveat.common.term import out
from caveat.config import config_dir
from caveat.guards.custom import folders as rule_folders
from caveat.guards.custom.load import PROJECT
from caveat.guards.custom.load import load
from caveat.guards.custom.load import settings_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.guards.custom.load import RuleFile


def _record(item: RuleFile) -> dict[str, object]:
    record: dict[str, object] = {
        "name": item.name,
        "path": item.path,
        "scope": item.scope,
        "valid": item.rule is not None,
        "error": item.error or None,
        "replaced_by": item.replaced_by or None,
    }
    if item.rule is not None:
        record.update(settings_of(item.rule))
    return record


def _summary(item: RuleFile) -> str:
    """The rule's settings on one line; every value is the rule file's, so a
    ``field``."""
    rule = item.rule
    if rule is None:
        return f"invalid: {field(item.error)}"
    parts = [", ".join(field(e) for e in sorted(rule.events))]
    parts.append(", ".join(field(t) for t in sorted(rule.tools)) if rule.tools else "any tool")
    if rule.paths:
        parts.append("paths " + " ".join(field(p) for p in rule.paths))
    if rule.content:
        parts.append(f"content {field(repr(rule.content))}")
    if rule.strict:
        parts.append("strict")
    return "; ".join(parts)


def _trust_note(
    env: Mapping[str, str], root: str | None, folders: list[tuple[str, str]]
) -> tuple[str, str] | None:
    """``(status, line)`` when the project has rules the hook does not apply because
    the project's policy is not trusted, or its trust lapsed (SPEC §7)."""
    if not root or not any(scope == PROJECT for scope, _ in folders):
        return None
    from caveat import trust

    verdict = trust.verdict_safe(env, root)
    if verdict.trusted:
        return None
    hint = f"review them, then run `caveat trust {field(root)}`"
    if verdict.status == trust.LAPSED:
        changed = ", ".join(field(c) for c in verdict.changed)
        line = f"trust lapsed: {changed} changed; the project's rules are not applied ({hint})"
    else:
        line = f"untrusted: the project's rules are not applied until the user trusts them ({hint})"
    return verdict.status, line


def run(
    project: str | None = None, as_json: bool = False, env: Mapping[str, str] | None = None
) -> int:
    env = os.environ if env is None else env
    start = os.path.abspath(project or os.getcwd())
    root = git_root(start)
    folders = rule_folders(config_dir(env), root)
    files = load(env, folders, cached=False, replaced=True)
    invalid = [item for item in files if item.error]
    policy = _trust_note(env, root, folders)
    if as_json:
        import json

        report = {
            "project_root": root,
            "folders": [{"scope": s, "path": f} for s, f in folders],
            "rules": [_record(item) for item in files],
            "invalid": len(invalid),
            "project_trust": policy[0] if policy else None,
        }
        out(json.dumps(report, indent=2))
        return 1 if invalid else 0
    if not folders:
        where = field(os.path.join(root, ".caveat", "rules")) if root else "(no git root)"
        out(f"no custom rules: neither the user rules folder nor {where} exists")
        return 0
    for scope, folder in folders:
        out(f"{scope:8} {field(folder)}")
    if policy:
        out(policy[1])
    for item in files:
        status = "invalid" if item.error else "ok"
        out(f"{status:8} {item.scope:8} {field(item.name)}  {field(item.path)}")
        note = _summary(item)
        if item.replaced_by and item.scope != PROJECT:
            note += f" (replaced by {field(item.replaced_by)})"
        out(f"         {note}")
    count = len(files)
    out(
        f"{count} rule file{'s' if count != 1 else ''}, {len(invalid)} invalid"
        + (" (invalid rules are skipped by the hook)" if invalid else "")
    )
    return 1 if invalid else 0
