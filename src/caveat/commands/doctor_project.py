"""``caveat doctor``'s checks of the project: its configuration, the message files
(the project's overrides or the bundled ones), its custom rules and whether its
policy is trusted (SPEC §7)."""

from __future__ import annotations

import os

from caveat import config as settings
from caveat import messages
from caveat.guards import REGISTRY
from caveat.guards.custom import problems as rule_problems

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.commands.doctor import Row


def config(env: Mapping[str, str], root: str | None) -> list[Row]:
    loaded = settings.load(env, root)
    rows: list[Row] = [("config", warning, "") for warning in loaded.warnings]
    sources = ", ".join(loaded.sources) or "none (defaults)"
    rows.append(("config", "", f"files read: {sources}"))
    return rows


def message_files(root: str | None) -> list[Row]:
    rows: list[Row] = []
    for spec in REGISTRY:
        for name in spec.messages:
            if name == "custom":
                continue  # rule files carry their own text
            path = messages.locate(name, root)
            if not os.path.isfile(path):
                rows.append(("messages", f"{name}.md is missing (guard {spec.id})", path))
    if not rows:
        rows.append(("messages", "", messages.bundled_dir()))
    return rows


def rules(env: Mapping[str, str], root: str | None) -> list[Row]:
    found = rule_problems(env, settings.config_dir(env), root)
    rows: list[Row] = [("rules", f"{path}: {reason}", path) for path, reason in found]
    return rows or [("rules", "", "every custom rule is valid (or there are none)")]


def trust_policy(env: Mapping[str, str], root: str | None) -> list[Row]:
    """The trusted projects, and whether this project's policy is trusted (SPEC §7)."""
    from caveat import trust
    from caveat import trust_files
    from caveat import trust_store

    rows: list[Row] = []
    if root and trust_files.has_policy(root):
        verdict = trust.verdict_safe(env, root)
        hint = f"review it, then run `caveat trust {root}`"
        if verdict.status == trust.LAPSED:
            changed = ", ".join(verdict.changed)
            rows.append(("trust", f"{root}: trust lapsed, {changed} changed; {hint}", root))
        elif verdict.status == trust.UNTRUSTED:
            files = ", ".join(verdict.files)
            problem = f"{root}: policy not trusted, so not loaded ({files}); {hint}"
            rows.append(("trust", problem, root))
    for path, entry in sorted(trust_store.projects(env).items()):
        rows.append(("trust", "", f"trusted: {path} (since {entry.get('trusted_at', '?')})"))
    return rows or [("trust", "", "no project is trusted (caveat trust DIR)")]
