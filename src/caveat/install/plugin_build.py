"""``caveat plugin build DIR``: the plugin's files written into a folder, replacing an
earlier build's and refusing any other folder's content."""

from __future__ import annotations

import json
import os
import shutil

from caveat.common import files as _io
from caveat.common import writes
from caveat.install.core import InstallError
from caveat.install.plugin import BOOTSTRAP
from caveat.install.plugin import MANIFEST
from caveat.install.plugin import NAME
from caveat.install.plugin_files import files

# What a build writes at the top of DIR; a rebuild replaces exactly these.
MANAGED = (".claude-plugin", "hooks", "messages", "skills", "commands", BOOTSTRAP)


def _previous_build(folder: str) -> bool:
    raw = _io.read_bytes(os.path.join(folder, MANIFEST), 1 << 20)
    try:
        data = json.loads(raw) if raw is not None else None
    except ValueError:
        return False
    return isinstance(data, dict) and data.get("name") == NAME


def build(folder: str, skills: str | None = None) -> list[str]:
    """Write the plugin into ``folder`` (new, empty, or an earlier build, whose files
    are replaced); returns the paths written, relative to it."""
    content = files(skills)
    if os.path.exists(folder):
        if not os.path.isdir(folder):
            raise InstallError(f"{folder} is not a folder; choose a new or empty folder")
        if os.listdir(folder) and not _previous_build(folder):
            raise InstallError(
                f"{folder} is not empty and holds no caveat plugin; "
                "choose a new or empty folder, or an earlier build to replace"
            )
    for name in MANAGED:
        path = os.path.join(folder, name)
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path)
        elif os.path.lexists(path):
            os.unlink(path)
    os.makedirs(folder, exist_ok=True)
    for relative, data in content.items():
        path = os.path.join(folder, *relative.split("/"))
        try:  # nothing written through a link left in the build folder
            writes.make_folders(os.path.dirname(path), folder)
            writes.write_atomic(path, data, inside=folder, keep_mode=False)
        except (_io.LinkedError, _io.NotRegularError) as exc:
            from caveat.install.refusal import refusal

            raise refusal(exc, None) from exc
    return list(content)
