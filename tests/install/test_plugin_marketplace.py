"""The repository as a Claude Code marketplace of one plugin, the folder plugin/: its
generated files are current, its links resolve, and what Claude Code copies into its
plugin cache from a checkout that has run the quick start holds what the plugin runs
and none of the checkout's .venv, .cache or dist."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

import caveat as package
from caveat.install import plugin
from caveat.install import plugin_repo
from tests.harnesses.install_helpers import ROOT
from tests.harnesses.install_helpers import write

LOCAL_ONLY = (".venv", ".cache", "dist")  # what a checkout grows (.gitignore)


def test_the_repository_is_a_marketplace_of_one_plugin_folder():
    with open(os.path.join(ROOT, ".claude-plugin", "marketplace.json"), encoding="utf-8") as fh:
        market = json.load(fh)
    assert market["name"] == "caveat" and market["owner"]["name"]
    (entry,) = market["plugins"]
    assert entry["name"] == plugin.NAME and entry["source"] == f"./{plugin_repo.REPOSITORY_PLUGIN}"


def test_the_repositorys_plugin_files_are_current():
    """plugin/.claude-plugin/plugin.json, plugin/hooks/hooks.json and plugin/'s links
    are generated: run scripts/generate_plugin_files.py after changing the
    registrations or the version."""
    for relative, data in plugin_repo.repository_files().items():
        with open(os.path.join(ROOT, relative), "rb") as fh:
            assert fh.read() == data, f"{relative} is stale"
    for relative, target in plugin_repo.repository_links().items():
        path = os.path.join(ROOT, relative)
        assert os.path.islink(path) and os.readlink(path) == target, relative
        assert os.path.exists(path), f"{relative} -> {target} dangles"
    manifest = json.loads(plugin_repo.repository_files()["plugin/.claude-plugin/plugin.json"])
    assert manifest["version"] == package.__version__
    script = os.path.join(ROOT, "scripts", "generate_plugin_files.py")
    done = subprocess.run([sys.executable, script, "--check"], capture_output=True, check=False)
    assert done.returncode == 0, done.stderr


def test_the_repositorys_hooks_run_the_bootstrap_beside_selfinstall():
    hooks = json.loads(plugin_repo.repository_files()["plugin/hooks/hooks.json"])["hooks"]
    commands = [h["command"] for groups in hooks.values() for g in groups for h in g["hooks"]]
    assert commands and all(
        c.startswith('bash "${CLAUDE_PLUGIN_ROOT}/src/caveat/install/bootstrap.sh" ')
        for c in commands
    )
    folder = os.path.join(ROOT, "plugin", "src", "caveat", "install")
    assert os.path.isfile(os.path.join(folder, "bootstrap.sh"))
    assert os.path.isfile(os.path.join(folder, "selfinstall.sh"))


# ---------------------------------------------------------------- what Claude Code copies


def claude_code_copy(market: str, source: str, target: str) -> None:
    """Copy a plugin the way Claude Code installs one from a local marketplace (seen
    in Claude Code 2.1.328; its docs: the plugin's folder is copied into the cache,
    symlinks followed): the folder ``source`` names, without .git; a link that
    resolves inside the plugin stays a link, one that resolves elsewhere inside the
    marketplace is copied as what it names, one that leaves the marketplace is
    dropped."""
    market = os.path.realpath(market)
    top = os.path.realpath(os.path.join(market, source))

    def inside(path: str, folder: str) -> bool:
        return path == folder or path.startswith(folder + os.sep)

    def copy(folder: str, out: str) -> None:
        os.makedirs(out, exist_ok=True)
        for name in sorted(os.listdir(folder)):
            if name == ".git":
                continue
            path, dest = os.path.join(folder, name), os.path.join(out, name)
            if os.path.islink(path):
                real = os.path.realpath(path)
                if inside(real, top):
                    os.symlink(os.readlink(path), dest)
                    continue
                if not inside(real, market) or not os.path.exists(real):
                    continue
                path = real
            if os.path.isdir(path):
                copy(path, dest)
            elif os.path.isfile(path):
                shutil.copyfile(path, dest)

    copy(top, target)


def tracked_copy(target: str) -> None:
    """The repository's tracked files and links as they are in the work tree."""
    names = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.split(b"\0")
    for name in filter(None, map(os.fsdecode, names)):
        source, path = os.path.join(ROOT, name), os.path.join(target, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if os.path.islink(source):
            os.symlink(os.readlink(source), path)
        elif os.path.isfile(source):
            shutil.copyfile(source, path)


def walk(folder: str) -> tuple[list[str], int]:
    paths, size = [], 0
    for root, dirs, names in os.walk(folder):
        for name in dirs + names:
            path = os.path.join(root, name)
            paths.append(os.path.relpath(path, folder))
            if os.path.isfile(path) and not os.path.islink(path):
                size += os.path.getsize(path)
    return paths, size


@pytest.fixture(scope="module")
def cached(tmp_path_factory: pytest.TempPathFactory) -> str:
    """What Claude Code copies from a checkout that has run the quick start: a venv
    per Python, the end-to-end lane's cache and a built dist/ beside the source."""
    base = tmp_path_factory.mktemp("market")
    checkout = str(base / "checkout")
    tracked_copy(checkout)
    for junk in (".venv/lib/big", ".venv-3.12/lib/big", ".cache/e2e/big", "dist/caveat.whl"):
        write(os.path.join(checkout, junk), "x" * (4 << 20))
    with open(os.path.join(checkout, ".claude-plugin", "marketplace.json"), "rb") as fh:
        (entry,) = json.load(fh)["plugins"]
    out = str(base / "cache")
    claude_code_copy(checkout, entry["source"], out)
    return out


def test_the_plugin_cache_holds_none_of_the_checkouts_local_folders(cached):
    paths, size = walk(cached)
    local = [p for p in paths if any(part.startswith(LOCAL_ONLY) for part in p.split(os.sep))]
    assert local == []
    assert size < 4 << 20, f"{size} bytes copied"
    assert not any(p.split(os.sep)[0] in ("tests", "docs", ".ci", "scripts") for p in paths)


def test_the_plugin_cache_holds_what_the_plugin_runs_and_installs(cached):
    for relative in (
        ".claude-plugin/plugin.json",
        "hooks/hooks.json",
        "src/caveat/install/bootstrap.sh",
        "src/caveat/install/selfinstall.sh",
        "src/caveat/_launch.py",
        "pyproject.toml",
        "README.md",
        "messages/sessionstart.md",
        "skills/caveat-rules/SKILL.md",
    ):
        path = os.path.join(cached, *relative.split("/"))
        assert os.path.isfile(path) and not os.path.islink(path), relative


def test_pip_builds_caveat_from_the_plugin_cache(cached, tmp_path):
    """selfinstall.sh runs pip on the cached plugin: it must be a buildable source."""
    pytest.importorskip("hatchling")
    argv = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
    argv += ["--disable-pip-version-check", "-q", "-w", str(tmp_path), cached]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    (wheel,) = os.listdir(tmp_path)
    assert wheel.startswith(f"caveat-{package.__version__}-")
