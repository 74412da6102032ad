"""``caveat plugin build DIR``: caveat as a Claude Code plugin (SPEC §8).

::

    DIR/.claude-plugin/plugin.json   name, version, description
    DIR/hooks/hooks.json             the Claude Code installer's registrations, each
                                     running bash "${CLAUDE_PLUGIN_ROOT}/bootstrap.sh"
                                     --contract claude EVENT MESSAGE...
    DIR/bootstrap.sh                 finds a Python >= 3.10 that imports caveat (see there)
    DIR/messages/                    the bundled messages
    DIR/skills/, DIR/commands/       with a skills catalog: its skills and slash commands,
                                     and messages/skill-index.md rendered in plugin form
                                     (``/caveat:NAME``)

The plugin holds no interpreter path: the bootstrap finds one on the machine it runs
on, so one build serves every machine with caveat installed in some Python. The
build is deterministic (same caveat, same catalog: same bytes).
"""

from __future__ import annotations

import json
import os
import shutil

import caveat
from caveat.common import files as _io
from caveat.common import writes
from caveat.install.core import InstallError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.install.core import Json

NAME = "caveat"
BOOTSTRAP = "bootstrap.sh"
MANIFEST = os.path.join(".claude-plugin", "plugin.json")
SKILL_INDEX = "skill-index.md"
# What a build writes at the top of DIR; a rebuild replaces exactly these.
MANAGED = (".claude-plugin", "hooks", "messages", "skills", "commands", BOOTSTRAP)
DESCRIPTION = (
    "Advisory guards for coding-agent tool calls: dependency changes, dynamic "
    "evaluation, license headers, plans, agent configuration, git history."
)


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


def command(event: str, narrowed: tuple[str, ...], bootstrap: str = BOOTSTRAP) -> str:
    words = ["--contract", "claude", event, *narrowed]
    return f'bash "${{CLAUDE_PLUGIN_ROOT}}/{bootstrap}" ' + " ".join(words)


def hooks(bootstrap: str = BOOTSTRAP) -> Json:
    """``hooks/hooks.json``: the Claude Code registrations, run through the bootstrap
    at ``bootstrap`` (relative to the plugin's root)."""
    from caveat.harnesses.claude.install import HARNESS
    from caveat.harnesses.claude.install import TIMEOUT

    table: Json = {}
    for entry in HARNESS.entries:
        handler = {
            "type": "command",
            "command": command(entry.vendor_event, entry.words(), bootstrap),
            "timeout": TIMEOUT,
        }
        unit = HARNESS.layout.wrap(entry.vendor_event, entry.matcher, handler)
        table.setdefault(entry.vendor_event, []).append(unit)
    return {"description": f"{NAME}: {DESCRIPTION}", "hooks": table}


def _json(data: Json) -> bytes:
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


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


# The plugin's options, set in /plugin: Claude Code hands each to the hooks as
# CLAUDE_PLUGIN_OPTION_<KEY>, which the bootstrap passes on as CAVEAT_HOLD and
# CAVEAT_STRICT. "config" and empty leave caveat's configuration files in charge.
USER_CONFIG: Json = {
    "hold": {
        "type": "string",
        "title": "Hold mode",
        "description": "What caveat does with an irreversible command before it runs: "
        "once (block it once, with the advice as the reason), ask (ask you), off (advise "
        "only), or config (what caveat's configuration says).",
        "options": ["config", "once", "ask", "off"],
        "default": "config",
    },
    "strict": {
        "type": "string",
        "title": "Strict guards",
        "description": "Guards whose findings deny the tool call instead of advising, "
        "comma-separated (for example: custom,plan). Empty: as caveat's configuration says.",
        "required": False,
        "default": "",
    },
}


def _manifest() -> Json:
    return {
        "name": NAME,
        "version": caveat.__version__,
        "description": DESCRIPTION,
        "license": "MIT",
        "userConfig": USER_CONFIG,
    }


def repository_files() -> dict[str, bytes]:
    """The generated files of the repository's plugin, keyed by their '/'-separated
    path in the repository (the rest of the plugin is REPOSITORY_LINKS)."""
    return {
        f"{REPOSITORY_PLUGIN}/.claude-plugin/plugin.json": _json(_manifest()),
        f"{REPOSITORY_PLUGIN}/hooks/hooks.json": _json(hooks(REPOSITORY_BOOTSTRAP)),
    }


def repository_links() -> dict[str, str]:
    """The links of the repository's plugin: path in the repository -> link target."""
    return {f"{REPOSITORY_PLUGIN}/{name}": f"../{name}" for name in REPOSITORY_LINKS}


def files(skills: str | None = None) -> dict[str, bytes]:
    """Every file of the plugin, keyed by its '/'-separated path in the plugin."""
    from caveat.messages import bundled_dir

    out: dict[str, bytes] = {
        ".claude-plugin/plugin.json": _json(_manifest()),
        "hooks/hooks.json": _json(hooks()),
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
