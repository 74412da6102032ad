"""The Claude Code plugin route, end to end, inside a network namespace that has only
loopback: the repository as its own marketplace, installed by the real Claude Code,
on a machine where no Python can import caveat.

Run by the lane as ``unshare -n <venv python> tests/e2e/plugin_case.py --out DIR
--clis DIR --wheelhouse DIR``:

1. a copy of the repository's tracked files and links (what a clone holds), with a
   checkout's local folders planted beside them (.venv, .cache/e2e, dist), becomes
   the marketplace; ``claude plugin marketplace add`` and ``claude plugin install
   caveat@caveat`` register it (their output goes to ``install.log``), and what
   Claude Code copied into its plugin cache is recorded (``cache.json``);
2. the first session starts: the plugin's bootstrap finds no interpreter that imports
   caveat and starts its one-time install in the background, with the package index
   replaced by a local wheelhouse (``PIP_NO_INDEX``, ``PIP_FIND_LINKS``);
3. the install is waited for (``DATA/ready``), then a second session
   writes a file that unpickles request data;
4. the plugin's hold option is set to ``off`` where ``/plugin`` keeps it
   (``pluginConfigs["caveat@caveat"].options`` in the user's settings), and a third
   session runs ``git reset --hard HEAD~1``, which caveat's defaults hold once.

Records: ``first/``, ``second/`` and ``options/`` (each session's ``requests.jsonl``,
stdout and stderr), ``install.log``, ``cache.json``, ``selfinstall.log``,
``result.json``.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import subprocess
import sys
import time

from client_claude import CLAUDE
from run_case import _base_env
from run_case import _loopback_up
from run_case import _only_loopback
from run_case import _run_cli
from run_case import family_of
from scenario import HOLD_RESET
from scenario import PICKLE
from scenario import head
from scenario import make_project
from servers.base import ScriptedServer

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
READY_WAIT = 240.0  # seconds for the background install (pip builds caveat from source)


LOCAL_FOLDERS = (".venv/lib/big", ".venv-3.12/lib/big", ".cache/e2e/big", "dist/big.whl")


def copy_tracked(target: str) -> None:
    """The repository's tracked files and links as they are in the work tree: what a
    clone of the committed tree holds, without .venv or caches."""
    names = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.split(b"\0")
    for name in filter(None, names):
        source = os.path.join(ROOT, os.fsdecode(name))
        path = os.path.join(target, os.fsdecode(name))
        if os.path.islink(source):
            os.makedirs(os.path.dirname(path), exist_ok=True)
            os.symlink(os.readlink(source), path)
            continue
        if not os.path.isfile(source):
            continue  # deleted in the work tree
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(source, "rb") as src, open(path, "wb") as dst:
            dst.write(src.read())


def plant_local_folders(checkout: str) -> None:
    """What a checkout that has run the quick start holds beside its tracked files."""
    for relative in LOCAL_FOLDERS:
        path = os.path.join(checkout, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as fh:
            fh.write(b"x" * (4 << 20))


def cache_listing(home: str) -> dict[str, object]:
    """Every path under Claude Code's plugin cache, and the bytes of its files."""
    top = os.path.join(home, ".claude", "plugins", "cache")
    paths, size = [], 0
    for root, dirs, names in os.walk(top):
        for name in dirs + names:
            path = os.path.join(root, name)
            paths.append(os.path.relpath(path, top))
            if os.path.isfile(path) and not os.path.islink(path):
                size += os.path.getsize(path)
    return {"paths": sorted(paths), "bytes": size}


def _record(folder: str, stdout: bytes, stderr: bytes) -> None:
    for name, data in (("stdout", stdout), ("stderr", stderr)):
        with open(os.path.join(folder, name), "wb") as fh:
            fh.write(data)


def run(out: str, clis: str, wheelhouse: str, timeout: float) -> dict[str, object]:
    _loopback_up()
    _only_loopback()
    root = os.path.join(out, "case")
    home, project = os.path.join(root, "home"), os.path.join(root, "project")
    marketplace = os.path.join(root, "marketplace")
    os.makedirs(os.path.join(home, "tmp"), exist_ok=True)
    copy_tracked(marketplace)
    plant_local_folders(marketplace)
    make_project(project)
    env = _base_env(home, clis)
    env.update({"PIP_NO_INDEX": "1", "PIP_FIND_LINKS": wheelhouse})
    claude = os.path.join(clis, CLAUDE.binary)

    transcript = []
    for argv in (
        [claude, "plugin", "marketplace", "add", marketplace],
        [claude, "plugin", "install", "caveat@caveat"],
    ):
        done = subprocess.run(
            argv, cwd=project, env=env, capture_output=True, text=True, timeout=120, check=False
        )
        transcript.append(f"$ claude {' '.join(argv[1:])}\n{done.stdout}{done.stderr}")
        if done.returncode != 0:
            sys.exit(f"plugin_case: {' '.join(argv[1:])} exited {done.returncode}")
    with open(os.path.join(out, "install.log"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(transcript))
    with open(os.path.join(out, "cache.json"), "w", encoding="utf-8") as fh:
        json.dump(cache_listing(home), fh, indent=2)

    result: dict[str, object] = {"home": home, "project": project, "marketplace": marketplace}
    sessions = (("first", ()), ("second", (PICKLE,)), ("options", (HOLD_RESET,)))
    for name, steps in sessions:
        if name == "options":
            set_options(home, {"hold": "off"})
            result["head_before_options"] = head(project)
        turns = CLAUDE.turns(project, steps)
        os.makedirs(os.path.join(out, name), exist_ok=True)
        log = os.path.join(out, name, "requests.jsonl")
        with ScriptedServer(family_of(CLAUDE), turns, log) as server:
            run_env = {**env, **CLAUDE.env(home, server.port)}
            argv = CLAUDE.argv(claude, project)
            started = time.monotonic()
            code, stdout, stderr, timed_out = _run_cli(argv, project, run_env, timeout)
            result[name] = {
                "returncode": code,
                "timed_out": timed_out,
                "seconds": round(time.monotonic() - started, 2),
            }
        _record(os.path.join(out, name), stdout, stderr)
        if name == "first":
            result["ready_after"] = _wait_ready(home)
    data = glob.glob(os.path.join(home, ".claude", "plugins", "data", "*"))
    result["plugin_data"] = data
    for folder in data:
        found = os.path.join(folder, "install.log")
        if os.path.exists(found):
            with open(found, "rb") as src, open(os.path.join(out, "selfinstall.log"), "wb") as dst:
                dst.write(src.read())
    return result


def set_options(home: str, options: dict[str, str]) -> None:
    """The plugin's options, where ``/plugin`` saves them: Claude Code hands each to the
    plugin's hooks as ``CLAUDE_PLUGIN_OPTION_<KEY>``."""
    path = os.path.join(home, ".claude", "settings.json")
    settings = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            settings = json.load(fh)
    settings.setdefault("pluginConfigs", {})["caveat@caveat"] = {"options": options}
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(settings, fh, indent=2)


def _wait_ready(home: str) -> float | None:
    """Seconds until the plugin's venv is named ready, or None at the deadline."""
    started = time.monotonic()
    pattern = os.path.join(home, ".claude", "plugins", "data", "*", "ready")
    while time.monotonic() - started < READY_WAIT:
        if glob.glob(pattern):
            return round(time.monotonic() - started, 1)
        time.sleep(0.5)
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", required=True)
    parser.add_argument("--clis", required=True)
    parser.add_argument("--wheelhouse", required=True)
    parser.add_argument("--timeout", type=float, default=120.0)
    args = parser.parse_args(argv)
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    result = run(out, os.path.abspath(args.clis), os.path.abspath(args.wheelhouse), args.timeout)
    with open(os.path.join(out, "result.json"), "w", encoding="utf-8") as fh:
        json.dump(result, fh, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
