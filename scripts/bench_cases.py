"""What ``scripts/bench.py`` times: the projects, the hook calls run as processes, and
one realistic firing payload per guard for the in-process timings."""

from __future__ import annotations

import importlib
import os
import shutil
import sys
import time
from collections.abc import Mapping
from types import ModuleType

PACKAGE = '{\n  "name": "demo",\n  "dependencies": {\n    "react": "^18.2.0"\n  }\n}\n'
PACKAGE_MORE = (
    '{\n  "name": "demo",\n  "dependencies": {\n'
    '    "react": "^18.2.0",\n    "lodash": "^4.17.21"\n  }\n}\n'
)


def _write(root: str, files: Mapping[str, str]) -> None:
    for rel, text in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as handle:
            handle.write(text)


def hook_project(root: str) -> str:
    """A small committed repository with no caveat configuration, like most."""
    from caveat.commands.demo import make_repository

    project = os.path.join(root, "project")
    _write(project, {"package.json": PACKAGE, "src/main.py": "print('hello')\n"})
    make_repository(project)
    return project


def _bench(guard_id: str) -> ModuleType:
    """The guard's own ``samples`` module: its benchmark call and what it needs."""
    from caveat.guards import spec

    return importlib.import_module(spec(guard_id).module + ".samples")


def guard_project(root: str) -> str:
    """A committed repository configured so that every guard has something to say: the
    configuration and files each guard's samples ask for."""
    from caveat.commands.demo import make_repository
    from caveat.guards import REGISTRY

    project = os.path.join(root, "guards")
    files = {
        "package.json": PACKAGE,
        "src/main.py": "# SPDX-License-Identifier: MIT\nprint('hello')\n",
    }
    config = []
    for found in REGISTRY:
        module = _bench(found.id)
        config.append(getattr(module, "BENCH_CONFIG", ""))
        files.update(getattr(module, "BENCH_FILES", {}))
    files[".caveat/config.toml"] = "\n".join(part for part in config if part)
    _write(project, files)
    make_repository(project)
    return project


def _call(
    project: str, tool: str, tool_input: Mapping[str, object], event: str = "PreToolUse"
) -> dict[str, object]:
    return {
        "session_id": "bench",
        "cwd": project,
        "hook_event_name": event,
        "tool_name": tool,
        "tool_input": tool_input,
    }


def hook_cases(project: str) -> dict[str, dict[str, object]]:
    """Subprocess cases: what most calls look like (silent) and a few that speak."""

    def write(rel: str, content: str) -> dict[str, object]:
        return _call(project, "Write", {"file_path": f"{project}/{rel}", "content": content})

    return {
        "silent Write (notes.md)": write("notes.md", "# Notes\n\nhello\n"),
        "silent Write (src/app.py)": write("src/app.py", "def add(a, b):\n    return a + b\n"),
        "silent Bash (git status)": _call(project, "Bash", {"command": "git status --short"}),
        "firing dependency Write": write("package.json", PACKAGE_MORE),
        "firing eval Write": write(
            "src/load.py", "import pickle\n\n\ndef load(blob):\n    return pickle.loads(blob)\n"
        ),
        "firing Bash (npm i react, declared)": _call(
            project, "Bash", {"command": "npm install react"}
        ),
        # A name package.json does not declare: held once (a new session each run).
        "held Bash (npm i lodash)": _call(project, "Bash", {"command": "npm install lodash"}),
        # The commit before each run (``PREPARE``) moves HEAD, so the header guard's
        # verdict per HEAD is missed and its index scan runs in this call.
        FIRST_AFTER_COMMIT: write("src/app.py", "def add(a, b):\n    return a + b\n"),
    }


FIRST_AFTER_COMMIT = "first Write after a commit (src/app.py)"


def new_commit(project: str) -> None:
    """Commit one more change, outside the timed call."""
    import subprocess

    with open(os.path.join(project, "CHANGES"), "a") as handle:
        handle.write("x\n")
    ident = ["-c", "user.name=bench", "-c", "user.email=bench@example.invalid"]
    for args in (["add", "CHANGES"], [*ident, "commit", "-qm", "change"]):
        subprocess.run(["git", *args], cwd=project, capture_output=True, check=True)


# Case name → what to do before each run of it (untimed).
PREPARE = {FIRST_AFTER_COMMIT: new_commit}


def forms(python: str, root: str) -> dict[str, list[str]]:
    """The ways a harness can start the hook (the launcher files written under ``root``)."""
    import caveat
    from caveat.install import bundle
    from caveat.install import launcher as files
    from caveat.install import launcher_sh
    from caveat.install import launcher_write
    from caveat.install.command import Runtime

    env = {**os.environ, "XDG_DATA_HOME": os.path.join(root, "data")}
    runtime = Runtime.resolve(env)
    launcher_write.write(runtime.files)
    bundle.refresh(bundle.path(files.folder(env)), runtime.site)  # as install does
    launcher = os.path.join(os.path.dirname(caveat.__file__), "_launch.py")
    found = {
        # what install registers: /bin/sh …/caveat/launch/hook.sh (python -I hook.py on Windows)
        "launch/hook.sh": [launcher_sh.SHELL, files.shell_path(env)],
        "launch/hook.py": [python, "-I", files.python_path(env)],
        "_launch.py": [python, "-I", launcher],  # python -I …/caveat/_launch.py
        "-m caveat": [python, "-I", "-m", "caveat", "hook"],
    }
    script = shutil.which("caveat", path=os.path.dirname(python))
    if script:
        found["console script"] = [script, "hook"]
    return found


def _fill(value: object, project: str) -> object:
    if isinstance(value, str):
        return value.replace("{project}", project)
    if isinstance(value, dict):
        return {key: _fill(item, project) for key, item in value.items()}
    if isinstance(value, list):
        return [_fill(item, project) for item in value]
    return value


def guard_cases(project: str) -> dict[str, dict[str, object]]:
    """Guard id → a payload that makes it fire (once per fresh session), from each
    guard's samples."""
    from caveat.guards import REGISTRY

    cases = {}
    for found in REGISTRY:
        payload = _fill(_bench(found.id).BENCH, project)
        assert isinstance(payload, dict)
        cases[found.id] = {"session_id": "bench", "cwd": project, **payload}
    return cases


def time_guard(
    guard_id: str, data: dict[str, object], project: str, env: Mapping[str, str], runs: int
) -> tuple[float, int]:
    """Median seconds of one ``check`` (a fresh session each run, so that once-per-session
    guards fire every time) and the number of findings of the last run."""
    import statistics

    from caveat import config as settings
    from caveat.guards import REGISTRY
    from caveat.guards.base import Context
    from caveat.harnesses import claude

    guard = next(spec for spec in REGISTRY if spec.id == guard_id).load()
    config = settings.load(env, project)
    times: list[float] = []
    found = 0
    for run in range(runs + 1):  # the first run warms imports and caches
        event = claude.normalize({**data, "session_id": f"bench-{guard_id}-{run}"}, "", env)
        if event is None:
            raise ValueError(f"{guard_id}: not an event")
        ctx = Context(event, env, config)
        start = time.perf_counter()
        findings = guard.check(event, ctx)
        if run:
            times.append(time.perf_counter() - start)
        found = len(findings)
    return statistics.median(times), found


def python_version() -> str:
    return sys.version.split()[0]


def large_repository(files: int = 100_000) -> str | None:
    """A committed repository of ``files`` empty modules in memory (``/dev/shm``), or
    None where there is no tmpfs: on a busy disk the creates alone can take a minute.
    The caller removes it."""
    import subprocess
    import tempfile

    if not (os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK)):
        return None
    root = tempfile.mkdtemp(prefix="caveat-bench-large-", dir="/dev/shm")
    for index in range(files):
        folder = os.path.join(root, "lib", f"m{index // 1000:03d}")
        if index % 1000 == 0:
            os.makedirs(folder)
        os.close(os.open(os.path.join(folder, f"f{index % 1000:04d}.py"), os.O_CREAT, 0o644))
    ident = ["-c", "user.name=bench", "-c", "user.email=bench@example.invalid"]
    for args in (["init", "-q"], ["add", "-A"], [*ident, "commit", "-qm", "files"]):
        subprocess.run(["git", *args], cwd=root, capture_output=True, check=True)
    return root


def time_header_scan(root: str, runs: int = 3) -> float:
    """Best time of the header guard's one scan per HEAD (list the index, sample files)."""
    from caveat.guards.header.scan import scan

    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        scan(root)
        best = min(best, time.perf_counter() - start)
    return best
