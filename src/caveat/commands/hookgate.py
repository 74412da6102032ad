"""What stops Claude Code running hooks at all, for ``caveat doctor``: each setting
found is named with its file, since no registration of caveat's can fix it.

- ``disableAllHooks: true`` in the user's, the project's or its local settings turns
  off every hook but the managed ones; in managed settings, every hook.
- ``allowManagedHooksOnly: true`` (honoured only in managed settings) runs managed
  hooks alone: caveat's settings-file and plugin registrations never start.
- Managed settings: ``managed-settings.json`` and the ``managed-settings.d/*.json``
  drop-ins beside it, in the system folder of each platform.
- ``--bare`` and ``--safe-mode`` are flags of one run; what doctor can see is their
  environment variables, ``CLAUDE_CODE_SIMPLE`` and ``CLAUDE_CODE_SAFE_MODE``, set
  where doctor runs (a shell profile exporting them turns every session's hooks off).
"""

from __future__ import annotations

import json
import os
import sys

from caveat.common import files

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

Row = tuple[str, str, str]
AREA = "claude"  # the doctor column is ten wide
_LIMIT = 1 << 20

# The managed settings folder of each platform (Claude Code's settings docs).
MANAGED = {
    "darwin": "/Library/Application Support/ClaudeCode",
    "linux": "/etc/claude-code",
    "win32": "C:\\Program Files\\ClaudeCode",
}
# Environment variables that a run's flag sets: (variable, the flag).
MODES = (("CLAUDE_CODE_SIMPLE", "--bare"), ("CLAUDE_CODE_SAFE_MODE", "--safe-mode"))


def managed_folder(platform: str = sys.platform) -> str:
    return MANAGED.get(platform, MANAGED["linux"])


def managed_files(folder: str) -> list[str]:
    """``managed-settings.json`` and then its drop-ins, by name, where they exist."""
    found = [os.path.join(folder, "managed-settings.json")]
    drop = os.path.join(folder, "managed-settings.d")
    try:
        found += [os.path.join(drop, n) for n in sorted(os.listdir(drop)) if n.endswith(".json")]
    except OSError:
        pass
    return found


def _settings(path: str) -> dict[str, object] | None:
    text = files.read_text(path, _LIMIT)
    if text is None:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def _user_files(env: Mapping[str, str], root: str | None) -> list[str]:
    config = env.get("CLAUDE_CONFIG_DIR", "")
    if not config or not os.path.isabs(config):
        config = os.path.join(env.get("HOME", "") or os.path.expanduser("~"), ".claude")
    found = [os.path.join(config, "settings.json")]
    if root:
        found += [
            os.path.join(root, ".claude", n) for n in ("settings.json", "settings.local.json")
        ]
    return found


def _on(value: object) -> bool:
    return value is True


def rows(env: Mapping[str, str], root: str | None, managed: str | None = None) -> list[Row]:
    """One problem row per setting that keeps caveat's Claude Code hooks from running;
    one passing row naming what was read when none does."""
    folder = managed_folder() if managed is None else managed
    found: list[Row] = []
    read: list[str] = []
    for path in managed_files(folder):
        data = _settings(path)
        if data is None:
            continue
        read.append(path)
        if _on(data.get("disableAllHooks")):
            why = "no hook runs at all, caveat's included (managed settings)"
            found.append((AREA, f"disableAllHooks is true in {path}: {why}", path))
        if _on(data.get("allowManagedHooksOnly")):
            why = "only managed hooks run; caveat's registrations and plugin never start"
            found.append((AREA, f"allowManagedHooksOnly is true in {path}: {why}", path))
    for path in _user_files(env, root):
        data = _settings(path)
        if data is None:
            continue
        read.append(path)
        if _on(data.get("disableAllHooks")):
            why = "Claude Code runs no hook but managed ones; fix: remove the setting"
            found.append((AREA, f"disableAllHooks is true in {path}: {why}", path))
        if _on(data.get("allowManagedHooksOnly")):
            found.append((AREA, "", f"allowManagedHooksOnly in {path} is ignored there"))
    for name, flag in MODES:
        value = env.get(name, "").strip().lower()
        if value and value not in ("0", "false", "no", "off"):
            why = f"Claude Code started from here runs as {flag}, which skips hooks"
            found.append((AREA, f"{name}={env[name]} is set in this environment: {why}", name))
    if found:
        return found
    where = ", ".join(read) or "no settings file"
    return [(AREA, "", f"no setting or mode turns Claude Code's hooks off (read: {where})")]
