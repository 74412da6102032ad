"""Compare-and-swap writes: a change another program makes to the harness file while
caveat is installing is never lost. The other program is real (a second process, or
a thread), let in through ``filewrite.before_swap`` between caveat's read and its
rename."""

# ruff: noqa: F401, F811  (pytest fixtures imported from harnesses.install_helpers)

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading

import pytest

from caveat.install import document
from caveat.install import filewrite
from caveat.install import owner
from caveat.install.resolve import ATTEMPTS
from tests.harnesses.install_helpers import caveat
from tests.harnesses.install_helpers import file_for
from tests.harnesses.install_helpers import hooks
from tests.harnesses.install_helpers import read
from tests.harnesses.install_helpers import read_json
from tests.harnesses.install_helpers import write

# A second program: adds one key to the JSON file, the way an editor or a harness
# saving its own settings would (its own temp file and rename).
WRITER = """
import json, os, sys
path, key = sys.argv[1], sys.argv[2]
with open(path) as fh:
    data = json.load(fh)
data[key] = True
with open(path + ".other", "w") as fh:
    json.dump(data, fh, indent=2)
    fh.write("\\n")
os.replace(path + ".other", path)
"""


def other_program(path: str, key: str) -> None:
    subprocess.run([sys.executable, "-c", WRITER, path, key], check=True, timeout=60)


def test_a_change_made_during_install_is_kept(project, caveat, monkeypatch):
    path = file_for("claude", project)
    write(path, json.dumps({"model": "x"}, indent=2) + "\n")
    seen: list[str] = []

    def once(target: str) -> None:
        if not seen:
            other_program(target, "theirs")
        seen.append(target)

    monkeypatch.setattr(filewrite, "before_swap", once)
    code, _, err = caveat("install", "--harness", "claude", "--project", str(project))
    assert code == 0, err
    data = read_json(path)
    assert data["theirs"] is True and data["model"] == "x"  # their change is kept
    assert len(seen) == 2  # caveat merged again from the new content
    mine = [h for gs in data["hooks"].values() for g in gs for h in g["hooks"]]
    assert len(mine) == 8 and all(owner.owned(h, "claude") for h in mine)


def test_a_file_that_keeps_changing_is_refused(project, caveat, monkeypatch):
    path = file_for("codex", project)
    write(path, "{}\n")
    count = []

    def always(target: str) -> None:
        count.append(target)
        other_program(target, f"edit{len(count)}")

    monkeypatch.setattr(filewrite, "before_swap", always)
    code, _, err = caveat("install", "--harness", "codex", "--project", str(project))
    assert code == 1
    assert path in err and "changed on disk" in err and "nothing was written" in err
    assert len(count) == ATTEMPTS
    data = read_json(path)
    assert data == {f"edit{i}": True for i in range(1, ATTEMPTS + 1)}  # every edit kept
    assert not [n for n in os.listdir(os.path.dirname(path)) if n.startswith(".caveat-")]


def test_a_change_made_during_uninstall_is_kept(project, caveat, monkeypatch):
    path = file_for("gemini", project)
    write(path, json.dumps({"ui": {"theme": "dark"}}, indent=2) + "\n")
    caveat("install", "--harness", "gemini", "--project", str(project))
    seen: list[str] = []

    def once(target: str) -> None:
        if not seen:
            other_program(target, "theirs")
        seen.append(target)

    monkeypatch.setattr(filewrite, "before_swap", once)
    code, out, _ = caveat("uninstall", "--harness", "gemini", "--project", str(project))
    assert code == 0 and "removed" in out
    assert read_json(path) == {"ui": {"theme": "dark"}, "theirs": True}


def test_a_file_caveat_made_is_not_deleted_once_another_program_wrote_it(
    project, caveat, monkeypatch
):
    path = file_for("qwen", project)
    caveat("install", "--harness", "qwen", "--project", str(project))
    seen: list[str] = []

    def once(target: str) -> None:
        if not seen:
            other_program(target, "theirs")
        seen.append(target)

    monkeypatch.setattr(filewrite, "before_swap", once)
    assert caveat("uninstall", "--harness", "qwen", "--project", str(project))[0] == 0
    assert read_json(path) == {"theirs": True}


def test_a_thread_writing_at_the_same_time(project, caveat, monkeypatch):
    """The writer runs beside caveat (a thread of its own) and is let go just before
    the comparison; caveat waits for it the way a slow disk would make it wait."""
    path = file_for("claude", project)
    write(path, "{}\n")
    go, done = threading.Event(), threading.Event()

    def writer() -> None:
        go.wait(30)
        with open(path, "w", encoding="utf-8") as fh:  # in place, no rename
            fh.write('{\n  "env": {"A": "1"}\n}\n')
        done.set()

    thread = threading.Thread(target=writer)
    thread.start()

    def let_in(target: str) -> None:
        if not go.is_set():
            go.set()
            done.wait(30)

    monkeypatch.setattr(filewrite, "before_swap", let_in)
    try:
        assert caveat("install", "--harness", "claude", "--project", str(project))[0] == 0
    finally:
        go.set()
        thread.join(30)
    assert read_json(path)["env"] == {"A": "1"}
    assert len(hooks(path)["PreToolUse"]) == 3


@pytest.mark.parametrize("same_size", [True, False])
def test_the_comparison_sees_bytes_and_stat(tmp_path, same_size):
    path = str(tmp_path / "f.json")
    write(path, '{"a": 1}\n')
    doc = document.load(path)
    assert filewrite.unchanged(path, doc)
    write(path, '{"a": 2}\n' if same_size else '{"a": 22}\n')
    assert not filewrite.unchanged(path, doc)
    assert read(path) != '{"a": 1}\n'
