"""Every bundled example payload, through the dispatcher, snapshotted as the harness
would receive it (paths made machine-independent)."""

from __future__ import annotations

import json
import os
import re
import shutil

import pytest

from caveat import dispatch
from caveat import messages
from caveat.commands import demo
from tests.helpers import ROOT

EXAMPLES = os.path.join(ROOT, "examples")
PAYLOADS = sorted(os.listdir(os.path.join(EXAMPLES, "payloads")))


@pytest.fixture
def example_project(tmp_path):
    project = tmp_path / "project"
    shutil.copytree(os.path.join(EXAMPLES, "project"), project)
    demo.make_repository(str(project))
    return project


@pytest.mark.parametrize("name", PAYLOADS)
def test_example_envelope(name, example_project, snapshot):
    with open(os.path.join(EXAMPLES, "payloads", name), encoding="utf-8") as handle:
        raw = handle.read().replace(demo.PLACEHOLDER, str(example_project))
    out = dispatch.run(["--contract", demo.contract_for(name)], raw.encode(), os.environ).output
    if out:
        assert isinstance(json.loads(out), dict)
    shown = out.replace(str(example_project), "<project>").replace(
        messages.bundled_dir(), "<messages>"
    )
    assert shown == snapshot


def test_demo_command_runs_every_example(capsys):
    assert demo.run(EXAMPLES) == 0
    out = capsys.readouterr().out
    assert out.count("━━ ") == len(PAYLOADS)
    assert "exit 0" in out and "exit 1" not in out


def test_demo_without_examples_names_the_fix(tmp_path, capsys):
    assert demo.run(str(tmp_path)) == 2
    assert "payloads" in capsys.readouterr().err


def test_each_example_has_its_own_session():
    """A shared session would silence an example as already advised by an earlier one."""
    sessions = []
    for name in PAYLOADS:
        with open(os.path.join(EXAMPLES, "payloads", name), encoding="utf-8") as handle:
            raw = handle.read()
        try:
            data = json.loads(raw)
        except ValueError:
            continue
        keys = ("session_id", "sessionId", "conversation_id", "trajectory_id")
        sessions += list({data[k] for k in keys if k in data})
    assert len(sessions) == len(set(sessions))


def _portable(out: str) -> str:
    """The demo's output with the messages folder written ``<messages>``, and each
    envelope's size as it would be with that folder's path: both differ per checkout."""
    folder = messages.bundled_dir()
    shift = len(folder) - len("<messages>")
    blocks = out.split("━━ ")
    for index, block in enumerate(blocks):
        size = re.search(r"exit 0, (\d+) characters", block)
        if size:
            portable = int(size.group(1)) - shift * block.count(folder)
            block = block.replace(size.group(0), f"exit 0, {portable} characters", 1)
        blocks[index] = block.replace(folder, "<messages>")
    return "━━ ".join(blocks)


def test_demo_output(capsys, snapshot):
    """What ``caveat demo`` prints: every example shows what it exists to show (the silent
    ones say why), paths made machine-independent."""
    assert demo.run(EXAMPLES) == 0
    out = _portable(capsys.readouterr().out)
    assert "━━ 23-qwen-posttooluse-shell-pip-install.json" in out
    qwen = out.split("━━ 23-qwen")[1].split("━━")[0]
    assert "The command `pip install requests` just ran" in qwen
    assert "already advised" not in out
    assert out == snapshot
