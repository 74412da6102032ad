"""Whether Claude Code runs caveat's plugin, and which settings file says so.

Claude Code records the plugins it runs under ``enabledPlugins`` in its settings
files, keyed ``PLUGIN@MARKETPLACE``, each ``true``, ``false`` or a list of versions:
the user's ``~/.claude/settings.json``, then a project's ``.claude/settings.json`` and
``.claude/settings.local.json``, a key in a later file overriding the same key in an
earlier one. caveat's plugin is the one named :data:`caveat.install.plugin.NAME`,
whichever marketplace served it. A session started with ``claude --plugin-dir DIR``
records nothing, so it is not seen here.
"""

from __future__ import annotations

import json
import os
from typing import NamedTuple

from caveat.common.files import read_bytes
from caveat.install.plugin import NAME

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

LIMIT = 16 << 20  # a settings file larger than this is not read


class Enabled(NamedTuple):
    """caveat's plugin, enabled as ``key`` by the settings file ``path``."""

    key: str
    path: str

    def label(self) -> str:
        return f"the Claude Code plugin {self.key} (enabled in {self.path})"

    def fix(self) -> str:
        return (
            f"disable the plugin (claude plugin disable {self.key}, or "
            f'"{self.key}": false under enabledPlugins in {self.path})'
        )


def settings_files(env: Mapping[str, str], project: str | None) -> list[str]:
    """The settings files that can enable a plugin for a session in ``project``
    (None: outside any project), in Claude Code's order, the last one winning."""
    from caveat.harnesses.claude.install import HARNESS

    found = [HARNESS.path(env, None)]
    if project is not None:
        found += [HARNESS.path(env, project), HARNESS.path(env, project, http=True)]
    return found


def _plugins(path: str) -> dict[str, object]:
    """The file's ``enabledPlugins``; {} when it is absent, not JSON, or not a table."""
    raw = read_bytes(path, LIMIT)
    try:
        data = json.loads(raw) if raw is not None else None
    except ValueError:
        return {}
    table = data.get("enabledPlugins") if isinstance(data, dict) else None
    return table if isinstance(table, dict) else {}


def enabled(env: Mapping[str, str], project: str | None = None) -> list[Enabled]:
    """caveat's plugin wherever it is enabled for a session in ``project``."""
    decided: dict[str, tuple[object, str]] = {}
    folder = None if project is None else os.path.abspath(project)
    for path in settings_files(env, folder):
        for key, value in _plugins(path).items():
            if isinstance(key, str) and key.partition("@")[0] == NAME:
                decided[key] = (value, path)
    return [
        Enabled(key, path)
        for key, (value, path) in sorted(decided.items())
        if value is True or (isinstance(value, list) and value)
    ]


def events() -> list[str]:
    """The events the plugin registers (its ``hooks/hooks.json`` is built from the
    Claude Code installer's entries)."""
    from caveat.harnesses.claude.install import HARNESS

    return list(dict.fromkeys(entry.vendor_event for entry in HARNESS.entries))
