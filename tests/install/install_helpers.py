"""Helpers for the installer tests (imported by name: tests/ has no packages)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from caveat.commands import run as cli

HARNESSES = ("claude-code", "codex", "gemini", "qwen-code")
PYTHON = os.path.abspath(sys.executable)


def hooks(path) -> dict:
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)["hooks"]


def run_registered(handler: dict, payload: dict, cwd) -> subprocess.CompletedProcess[bytes]:
    """Start a handler as its harness would: exec form as argv, shell form by a shell."""
    if "args" in handler:
        argv = [handler["command"], *handler["args"]]
    else:
        argv = ["/bin/sh", "-c", handler["command"]]
    return subprocess.run(
        argv,
        input=json.dumps(payload).encode(),
        capture_output=True,
        cwd=cwd,
        env=dict(os.environ),
        timeout=60,
        check=False,
    )


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def example(name: str, project) -> dict:
    """An example payload from examples/payloads, pointed at ``project``."""
    with open(os.path.join(ROOT, "examples", "payloads", name), encoding="utf-8") as fh:
        text = fh.read()
    return json.loads(text.replace("{project}", str(project)))


def context(handler: dict, payload: dict, cwd) -> str:
    """What the registered command hands the model for ``payload``."""
    done = run_registered(handler, payload, cwd)
    assert done.returncode == 0, done.stderr
    assert done.stdout, done.stderr
    return str(json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"])


@pytest.fixture
def caveat(capsys):
    """Run the CLI in-process: (exit code, stdout, stderr)."""

    def call(*args: str) -> tuple[int, str, str]:
        code = cli(list(args))
        out = capsys.readouterr()
        return code, out.out, out.err

    return call


@pytest.fixture
def home():
    return os.environ["HOME"]
