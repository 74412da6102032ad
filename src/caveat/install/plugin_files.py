"""Every file of a plugin build: the manifest and hooks, the bootstrap and bundled
messages from the package, and a skills catalog's skills and commands."""

from __future__ import annotations

import os

from caveat.common import files as _io
from caveat.install.core import InstallError
from caveat.install.plugin import BOOTSTRAP
from caveat.install.plugin import NAME
from caveat.install.plugin import SKILL_INDEX
from caveat.install.plugin import hooks
from caveat.install.plugin import json_bytes
from caveat.install.plugin import manifest


def _read(path: str) -> bytes:
    """A file the plugin carries: a regular file only (a FIFO is refused, not waited on)."""
    data = _io.read_bytes(path, 16 << 20)
    if data is None:
        raise InstallError(f"{path} is not a readable regular file (at most 16 MiB); fix it")
    return data


def _tree(folder: str, prefix: str) -> dict[str, bytes]:
    """Every regular file under ``folder``, keyed ``prefix/relative path`` ('/'-separated)."""
    out: dict[str, bytes] = {}
    for root, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(names):
            path = os.path.join(root, name)
            if name.startswith(".") or not os.path.isfile(path) or os.path.islink(path):
                continue
            relative = os.path.relpath(path, folder).replace(os.sep, "/")
            out[f"{prefix}/{relative}"] = _read(path)
    return out


def _catalog(catalog: str) -> tuple[dict[str, bytes], str]:
    """The catalog's skills and commands as plugin files, and its plugin-form index."""
    from caveat import skillindex

    if not os.path.isdir(catalog):
        raise InstallError(f"{catalog}: the skills catalog is not a folder")
    entries, problems = skillindex.load([catalog])
    if problems:
        raise InstallError(f"{catalog}: " + "; ".join(problems) + " (caveat skill-index --check)")
    out: dict[str, bytes] = {}
    commands = os.path.join(catalog, "commands")
    for entry in entries:
        if os.path.basename(entry.path) != "SKILL.md":
            continue
        folder = os.path.dirname(entry.path)
        target = f"skills/{os.path.basename(folder)}"
        if any(key.startswith(target + "/") for key in out):
            raise InstallError(f"{folder}: two skills in the catalog share this folder name")
        out.update(_tree(folder, target))
    if os.path.isdir(commands):
        out.update(_tree(commands, "commands"))
    return out, skillindex.render(entries, NAME)


def files(skills: str | None = None) -> dict[str, bytes]:
    """Every file of the plugin, keyed by its '/'-separated path in the plugin."""
    from caveat.messages import bundled_dir

    out: dict[str, bytes] = {
        ".claude-plugin/plugin.json": json_bytes(manifest()),
        "hooks/hooks.json": json_bytes(hooks()),
        BOOTSTRAP: _read(os.path.join(os.path.dirname(os.path.abspath(__file__)), BOOTSTRAP)),
    }
    messages = bundled_dir()
    for name in sorted(os.listdir(messages)):
        # The machine-form index names skills this plugin does not carry.
        if name.endswith(".md") and name != SKILL_INDEX:
            out[f"messages/{name}"] = _read(os.path.join(messages, name))
    if skills is not None:
        bundled, index = _catalog(skills)
        out.update(bundled)
        out[f"messages/{SKILL_INDEX}"] = index.encode("utf-8")
    return dict(sorted(out.items()))
