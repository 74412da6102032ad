"""What several test modules share: running the hook as a harness does, hook payloads,
the output contract, and git projects in a temp folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Mapping
from typing import Any

import caveat

LAUNCHER = os.path.join(os.path.dirname(caveat.__file__), "_launch.py")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def check(guard_id: str, event: Any, ctx: Any) -> list[Any]:
    """A guard's findings for ``event``, stamped as the chain stamps them (its id, its
    default message), but without the chain's isolation: a test sees what it raises."""
    from caveat import chain
    from caveat.guards import spec

    found = spec(guard_id)
    return chain.stamp(found.load().check(event, ctx), found)


LEFT_PAD = '{\n  "dependencies": {\n    "left-pad": "1.3.0"\n  }\n}\n'


def run_hook(
    data: bytes, *args: str, cwd=None, env=None, python: str = sys.executable, **kw: Any
) -> subprocess.CompletedProcess[bytes]:
    """Run the hook exactly as a harness does: a fresh isolated interpreter."""
    return subprocess.run(
        [python, "-I", LAUNCHER, *args],
        input=data,
        capture_output=True,
        cwd=cwd,
        env=env if env is not None else dict(os.environ),
        timeout=60,
        check=False,
        **kw,
    )


def run_importtime(
    argv: list[str], data: bytes, cwd, env: Mapping[str, str] | None = None
) -> tuple[subprocess.CompletedProcess[bytes], set[str]]:
    """Run ``python -I -X importtime *argv`` on ``data`` (under ``env``, default this
    process's): the process and the names of the modules it imported (what a silent path
    must keep cheap)."""
    done = subprocess.run(
        [sys.executable, "-I", "-X", "importtime", *argv],
        input=data,
        capture_output=True,
        cwd=cwd,
        env=dict(os.environ if env is None else env),
        timeout=60,
        check=False,
    )
    imported = {
        line.rsplit("|", 1)[1].strip()
        for line in done.stderr.decode().splitlines()
        if line.startswith("import time:") and "|" in line
    }
    return done, imported


def hook_payload(
    project,
    tool: str,
    tool_input: Mapping[str, object],
    event: str = "PreToolUse",
    session: str | None = "s",
) -> bytes:
    """A Claude-shaped hook payload; no ``session_id`` when ``session`` is None."""
    data: dict[str, object] = {
        "session_id": session,
        "cwd": str(project),
        "hook_event_name": event,
        "tool_name": tool,
        "tool_input": dict(tool_input),
    }
    if session is None:
        del data["session_id"]
    return json.dumps(data).encode()


def write_payload(
    project,
    name: str = "package.json",
    content: str = LEFT_PAD,
    event: str = "PreToolUse",
    session: str | None = "s",
) -> bytes:
    """A Write of ``content`` to ``project/name``."""
    tool_input = {"file_path": str(project / name), "content": content}
    return hook_payload(project, "Write", tool_input, event, session)


def envelope(done: subprocess.CompletedProcess[bytes]) -> dict[str, Any] | None:
    """The output contract: exit 0 and nothing or one JSON object on one line; the object
    (or None)."""
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("utf-8")
    if not out:
        return None
    assert "\n" not in out.rstrip("\n")
    found = json.loads(out)
    assert isinstance(found, dict) and found
    return found


def git(folder, *args: str) -> None:
    """Run git in ``folder`` with a fixed identity (commits need one)."""
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", str(folder), *args],
        check=True,
        capture_output=True,
    )


def commit_all(folder) -> None:
    """Make ``folder`` a git repository with everything in it committed."""
    git(folder, "init", "-q")
    git(folder, "add", "-A")
    git(folder, "commit", "-qm", "init")


def isolated_words(code: str) -> list[str]:
    """What ``code`` prints in a fresh isolated interpreter, split into words (import
    checks need a process whose ``sys.modules`` no test has filled)."""
    done = subprocess.run(
        [sys.executable, "-I", "-c", code], capture_output=True, text=True, check=True
    )
    return done.stdout.split()


def marker_taken(env: Mapping[str, str], kind: str, session_id: str) -> bool:
    """Whether a session marker of ``kind`` was written (read without a lock)."""
    from caveat.common import marker

    file = marker.path(env, kind, session_id)
    return bool(file) and os.path.exists(file or "") and os.path.getsize(file or "") > 0


def trust(project, env: Mapping[str, str] | None = None) -> None:
    """Trust the project's ``.caveat/`` policy as it is now, in the test's state
    folder, through the real trust code (what ``caveat trust --yes`` records). Call
    it after the last write to the policy files: any later change lapses it."""
    from caveat.trust_grant import record
    from caveat.trust_snapshot import Snapshot

    env = dict(os.environ) if env is None else env
    assert record(env, Snapshot(str(project)))
