"""The repository's own plugin (``plugin/``), which its marketplace lists: the files
generated into it and the links to what it installs and runs."""

from __future__ import annotations

from caveat.install.plugin import hooks
from caveat.install.plugin import json_bytes
from caveat.install.plugin import manifest

# The repository is a marketplace (.claude-plugin/marketplace.json) of one plugin, the
# folder ``plugin/``. Claude Code copies a plugin's folder into its cache, so the
# plugin is a folder of its own: the repository root would bring every local .venv,
# .cache and dist along. ``plugin/`` holds its manifest and hooks, and links to what
# it installs and runs (REPOSITORY_LINKS); Claude Code copies the targets of links
# that stay inside the marketplace. Its hooks run the bootstrap from the source tree,
# beside selfinstall.sh, so a machine without caveat gets it installed from there.
REPOSITORY_PLUGIN = "plugin"
REPOSITORY_BOOTSTRAP = "src/caveat/install/bootstrap.sh"
# What pip needs to build caveat (pyproject.toml's readme and force-include), and the
# skills the plugin offers.
REPOSITORY_LINKS = ("pyproject.toml", "README.md", "src", "messages", "skills", "examples")


def repository_files() -> dict[str, bytes]:
    """The generated files of the repository's plugin, keyed by their '/'-separated
    path in the repository (the rest of the plugin is REPOSITORY_LINKS)."""
    return {
        f"{REPOSITORY_PLUGIN}/.claude-plugin/plugin.json": json_bytes(manifest()),
        f"{REPOSITORY_PLUGIN}/hooks/hooks.json": json_bytes(hooks(REPOSITORY_BOOTSTRAP)),
    }


def repository_links() -> dict[str, str]:
    """The links of the repository's plugin: path in the repository -> link target."""
    return {f"{REPOSITORY_PLUGIN}/{name}": f"../{name}" for name in REPOSITORY_LINKS}
