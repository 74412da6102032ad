"""The settings a call reads: the record, the defaults and where the user's file is.

Kept apart from ``caveat.config``, which finds, parses, merges and caches the files:
every call that reaches a guard asks for a setting (defaults when no file exists),
and this much is all that needs.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.guards import Spec

FILENAME = "config.toml"

# Tables that belong to no one guard; each guard declares its own in ``SETTINGS``.
GLOBAL: dict[str, dict[str, object]] = {
    "guards": {},  # guard id → bool
    "strict": {},  # guard id → bool
    # Holding an irreversible command once before it runs: "once", "ask" or "off";
    # a guard id as a key sets that guard's own mode.
    "hold": {"mode": "once"},
    "paths": {"exclude": []},
    # The plans folder (read by the plan, plan-bash and tracking-ids guards) and extra
    # plan markers: "key:" a front-matter key, "# text" a heading, else a phrase.
    "plans": {"folder": ".caveat/plans", "markers": []},
}

# Top-level keys read from the user file only, kept in ``values[USER]``: a project
# must not turn the audit log off or shorten it.
USER = "@user"
USER_KEYS: dict[str, object] = {"audit": True, "audit_days": 14}


class Config:
    """The merged settings for one project, plus the warnings reading them produced.
    A key that no file set reads as its default."""

    __slots__ = ("sources", "values", "warnings")

    def __init__(
        self,
        values: dict[str, dict[str, object]] | None = None,
        warnings: tuple[str, ...] = (),
        sources: tuple[str, ...] = (),
    ) -> None:
        self.values = values if values is not None else {}
        self.warnings = warnings
        self.sources = sources

    def get(self, table: str, key: str) -> object:
        keys = self.values.get(table)
        if keys is not None and key in keys:
            return keys[key]
        return default(table, key)

    def enabled(self, guard_id: str) -> bool:
        return self.values.get("guards", {}).get(guard_id, True) is not False

    def strict(self, guard_id: str) -> bool:
        return self.values.get("strict", {}).get(guard_id) is True

    def strings(self, table: str, key: str) -> tuple[str, ...]:
        value = self.get(table, key)
        return tuple(value) if isinstance(value, list) else ()


def defaults() -> dict[str, dict[str, object]]:
    """Every known table with its defaults, from the registry (no guard is imported)."""
    from caveat.guards import REGISTRY

    tables = {table: dict(keys) for table, keys in GLOBAL.items()}
    for spec in REGISTRY:
        for table, keys in spec.settings.items():
            tables.setdefault(table, {}).update(keys)
    return tables


def default(table: str, key: str) -> object:
    """One key's default."""
    keys = table_defaults(table)
    return keys.get(key) if keys else None


def table_defaults(table: str) -> dict[str, object] | None:
    """A table's defaults: a global table, else the guard's that declares it, or None."""
    keys = GLOBAL.get(table)
    if keys is not None:
        return keys
    from caveat.guards import REGISTRY

    for spec in REGISTRY:
        keys = spec.settings.get(table)
        if keys is not None:
            return keys
    return None


def registry() -> tuple[Spec, ...]:
    from caveat.guards import REGISTRY

    return REGISTRY


def config_dir(env: Mapping[str, str]) -> str:
    """The user's caveat folder: ``$XDG_CONFIG_HOME/caveat``, else ``~/.config/caveat``
    (its ``config.toml`` and ``rules/``)."""
    base = env.get("XDG_CONFIG_HOME", "")
    if not base or not os.path.isabs(base):
        base = os.path.join(env.get("HOME", "") or os.path.expanduser("~"), ".config")
    return os.path.join(base, "caveat")


def user_path(env: Mapping[str, str]) -> str:
    return os.path.join(config_dir(env), FILENAME)
