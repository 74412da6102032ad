"""A repository of 100,000 files: the hook's cost must not grow with the tree.

Proved by counting, not timing: every directory listing (``os.scandir``,
``os.listdir``, ``os.walk``), every ``stat`` and every open the hook makes in process is
counted, and so is every ``git`` it runs. The silent path lists nothing; the firing
path lists only the few folders caveat owns (``.caveat/rules`` …), never walks the
tree and runs ``git cat-file`` at most; and both make exactly the same calls inside
the 100,000-file repository as inside a twin holding four files (calls elsewhere, in
caveat's state folder, grow with the sessions recorded, not with the tree). One real
process per path checks the contract there too.
"""

from __future__ import annotations

import builtins
import collections
import json
import os
import pathlib
import shutil
import subprocess
import tempfile

import pytest

from caveat import dispatch as pipeline
from caveat.commands.demo import make_repository
from tests.helpers import run_hook

FOLDERS = 100
PER_FOLDER = 1000  # 100 × 1000 = 100,000 files
PACKAGE = '{\n  "dependencies": {\n    "react": "^18.2.0"\n  }\n}\n'
PACKAGE_MORE = '{\n  "dependencies": {\n    "react": "^18.2.0",\n    "lodash": "^4"\n  }\n}\n'


def _repository(root, files: int) -> str:
    """A committed repository: package.json, a deep source folder, and ``files``
    empty modules spread over FOLDERS folders."""
    src = root / "src" / "deep" / "er"
    src.mkdir(parents=True)
    (root / "package.json").write_text(PACKAGE)
    (src / "app.py").write_text("def add(a, b):\n    return a + b\n")
    for index in range(files):
        folder = root / "lib" / f"m{index // PER_FOLDER:03d}"
        if index % PER_FOLDER == 0:
            folder.mkdir(parents=True)
        fd = os.open(folder / f"f{index % PER_FOLDER:04d}.py", os.O_CREAT | os.O_WRONLY, 0o644)
        os.close(fd)
    make_repository(str(root))
    return str(root)


@pytest.fixture(scope="module")
def repos(tmp_path_factory):
    """(large, small): the same layout at the same depth, 100,000 files against 4.

    Built in memory (``/dev/shm``) where there is one: on a busy disk 100,000 creates
    took a minute here, on tmpfs a second. Removed when the module is done, so that no
    later pytest session pays for deleting it."""
    shm = "/dev/shm"
    if os.path.isdir(shm) and os.access(shm, os.W_OK):
        base = pathlib.Path(tempfile.mkdtemp(prefix="caveat-large-", dir=shm))
    else:
        base = tmp_path_factory.mktemp("large")
    try:
        yield _repository(base / "a", FOLDERS * PER_FOLDER), _repository(base / "b", 4)
    finally:
        shutil.rmtree(base, ignore_errors=True)


def payload(project: str, case: str, session: str) -> bytes:
    event, tool, tool_input = CASES[case]
    filled = {
        key: value.replace("{project}", project) if isinstance(value, str) else value
        for key, value in tool_input.items()
    }
    return json.dumps(
        {
            "session_id": session,
            "cwd": project,
            "hook_event_name": event,
            "tool_name": tool,
            "tool_input": filled,
        }
    ).encode()


# name → (event, tool, input); "silent" cases must produce no output.
CASES = {
    "silent Write": (
        "PreToolUse",
        "Write",
        {"file_path": "{project}/src/deep/er/notes.md", "content": "# notes\n"},
    ),
    "silent Edit": (
        "PreToolUse",
        "Edit",
        {"file_path": "{project}/src/deep/er/app.py", "old_string": "a + b", "new_string": "b + a"},
    ),
    "silent Bash": ("PreToolUse", "Bash", {"command": "git status --short && ls"}),
    "silent PostToolUse Write": (
        "PostToolUse",
        "Write",
        {"file_path": "{project}/src/deep/er/util.py", "content": "X = 1\n"},
    ),
    "firing dependency Write": (
        "PreToolUse",
        "Write",
        {"file_path": "{project}/package.json", "content": PACKAGE_MORE},
    ),
    "firing dependency PostToolUse": (
        "PostToolUse",
        "Write",
        {"file_path": "{project}/package.json", "content": PACKAGE_MORE},
    ),
    "firing eval Write": (
        "PreToolUse",
        "Write",
        {
            "file_path": "{project}/src/deep/er/load.py",
            "content": "import pickle\npickle.loads(b)\n",
        },
    ),
    "firing npm install": ("PreToolUse", "Bash", {"command": "npm install lodash"}),
}
SILENT = [name for name in CASES if name.startswith("silent")]
FIRING = [name for name in CASES if name.startswith("firing")]
LISTINGS = ("scandir", "listdir", "walk")


class Calls:
    """File-system calls during one dispatch, counted by kind and by place: inside the
    project tree, or elsewhere (caveat's own state folder, the interpreter); and the
    git sub-commands run."""

    def __init__(self, monkeypatch, project: str) -> None:
        self.tree: collections.Counter[str] = collections.Counter()
        self.elsewhere: collections.Counter[str] = collections.Counter()
        self.git: list[str] = []
        self.project = project + os.sep
        for name in (*LISTINGS, "stat", "lstat", "open"):
            monkeypatch.setattr(os, name, self._counted(name, getattr(os, name)))
        monkeypatch.setattr(builtins, "open", self._counted("builtin open", builtins.open))
        real_run = subprocess.run

        def run(argv, *args, **kwargs):
            if argv and os.path.basename(str(argv[0])) == "git":
                self.git.append(next(a for a in argv[1:] if a in ("cat-file", *GIT_WORDS)))
            return real_run(argv, *args, **kwargs)

        monkeypatch.setattr(subprocess, "run", run)

    def _counted(self, name, function):
        def counted(path=".", *args, **kwargs):
            inside = os.fsdecode(path) if isinstance(path, (str, bytes)) else ""
            where = self.tree if (inside + os.sep).startswith(self.project) else self.elsewhere
            where[name] += 1
            return function(path, *args, **kwargs)

        return counted

    def listings(self, where: collections.Counter[str]) -> int:
        return sum(where[name] for name in LISTINGS)


# Any git sub-command that would look at the whole tree or index.
GIT_WORDS = ("status", "ls-files", "diff", "log", "rev-list", "grep", "add", "check-ignore")


def dispatch(project: str, case: str, session: str, monkeypatch) -> tuple[str, Calls]:
    with monkeypatch.context() as patch:
        calls = Calls(patch, project)
        output = pipeline.run([], payload(project, case, session), dict(os.environ)).output
    return output, calls


@pytest.mark.parametrize("case", SILENT + FIRING)
def test_cost_does_not_grow_with_the_tree(repos, case, monkeypatch):
    large, small = repos
    # Warm the caches: imports, messages, and the header guard's verdict, computed
    # once per repository and HEAD (that one scan lists the index: see the last test).
    for project in repos:
        dispatch(project, "silent Edit", "warm", monkeypatch)
        dispatch(project, case, "warm", monkeypatch)
    out_small, on_small = dispatch(small, case, f"{case}-small", monkeypatch)
    out_large, on_large = dispatch(large, case, f"{case}-large", monkeypatch)
    assert bool(out_small) is bool(out_large) is (case in FIRING), (out_small, out_large)
    assert on_large.tree == on_small.tree, (on_large.tree, on_small.tree)
    assert on_large.git == on_small.git
    assert set(on_large.git) <= {"cat-file"}, on_large.git
    assert on_large.tree["walk"] == on_large.elsewhere["walk"] == 0
    # Outside the tree: the state folder's own files (pruned at most 1,000 at a time).
    assert on_large.listings(on_large.elsewhere) <= 2, on_large.elsewhere
    if case in SILENT:
        assert on_large.listings(on_large.tree) == 0, on_large.tree
    else:  # caveat's own folders at most (.caveat/rules, LICENSES)
        assert on_large.listings(on_large.tree) <= 2, on_large.tree


@pytest.mark.parametrize("case", ["silent Write", "firing dependency PostToolUse"])
def test_the_process_answers_in_the_large_tree(repos, case):
    large, _ = repos
    done = run_hook(payload(large, case, f"process-{case}"), cwd=large)
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("utf-8")
    if case in SILENT:
        assert out == ""
    else:
        assert "lodash" in json.loads(out)["hookSpecificOutput"]["additionalContext"]


def test_header_scan_lists_the_whole_index(repos):
    """The header guard's one scan per HEAD (do the project's files carry SPDX lines?)
    lists the index with git's own reader: GitPython's pure-Python one took the whole
    2 s budget at this size, so a large repository never had a verdict and paid the
    2 s again after every commit. ``scripts/bench.py`` times the scan."""
    from caveat.guards.header import scan as _header_scan

    large, _ = repos
    paths = _header_scan.tracked_files(large)
    assert len(paths) == FOLDERS * PER_FOLDER + 2  # and package.json, app.py
    assert paths[:2] == ["lib/m000/f0000.py", "lib/m000/f0001.py"]
    verdict = _header_scan.scan(large)
    assert verdict == {"sampled": 0, "tagged": 0, "license": "", "markdown": False}
