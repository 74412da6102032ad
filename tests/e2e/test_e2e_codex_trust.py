"""Codex's trust in caveat's hooks, as the real Codex reports it.

Codex runs a user hook only once it is trusted (in ``/hooks``), and keys that trust to
a hash of the hook's definition: an edited hook is skipped until it is trusted again.
Codex's own ``codex app-server`` answers ``hooks/list`` with each hook's key, current
hash and trust status, the same decision ``codex exec`` makes. Here, with caveat
installed for Codex in a HOME of its own:

- a first install's hooks are untrusted, and the install says they must be reviewed;
- once trusted (the ``[hooks.state]`` entries ``/hooks`` writes), a reinstall of the
  same caveat leaves hooks.json byte for byte as it was, the hashes do not move, every
  hook stays trusted, and the install says so;
- a reinstall that changes what the hooks run (a launcher in another data folder)
  changes every hash, Codex no longer trusts them, and the install says it will ask.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from lane import find_unshare
from lane import install_clis

pytestmark = pytest.mark.e2e
CAVEAT = os.path.join(os.path.dirname(sys.executable), "caveat")
LAUNCHER = "caveat/launch/hook.sh"


class Box:
    def __init__(self, root: Path, clis: str, unshare: str) -> None:
        self.home = root / "home"
        self.project = root / "project"
        self.codex_home = self.home / ".codex"
        self.codex_home.mkdir(parents=True)
        self.project.mkdir()
        subprocess.run(["git", "init", "-q", str(self.project)], check=True)
        self.codex = os.path.join(clis, "codex")
        self.unshare = unshare
        self.env = {
            "HOME": str(self.home),
            "CODEX_HOME": str(self.codex_home),
            "PATH": os.pathsep.join(
                [clis, os.path.dirname(shutil.which("node") or ""), "/usr/bin", "/bin"]
            ),
            "LANG": "C.UTF-8",
        }

    def install(self, data: str = "") -> str:
        env = {**self.env, "XDG_DATA_HOME": data} if data else self.env
        done = subprocess.run(
            [CAVEAT, "install", "--harness", "codex", "--user"],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout + done.stderr

    def hooks(self) -> list[dict[str, Any]]:
        """caveat's hooks as Codex's app server lists them for the project."""
        hello = {"clientInfo": {"name": "caveat-e2e", "version": "1"}}
        calls: list[dict[str, Any]] = [
            {"id": 1, "method": "initialize", "params": hello},
            {"method": "initialized", "params": {}},
            {"id": 2, "method": "hooks/list", "params": {"cwds": [str(self.project)]}},
        ]
        with subprocess.Popen(
            [self.unshare, "-n", self.codex, "app-server"],  # no route out
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=self.env,
            text=True,
        ) as server:
            assert server.stdin is not None and server.stdout is not None
            try:
                for call in calls:
                    server.stdin.write(json.dumps({"jsonrpc": "2.0", **call}) + "\n")
                    server.stdin.flush()
                    if "id" in call:
                        answer = _answer(server.stdout, call["id"])
            finally:
                server.kill()
        listed = [h for d in answer["result"]["data"] for h in d["hooks"]]
        return [h for h in listed if LAUNCHER in h["command"]]

    def trust(self, hooks: list[dict[str, Any]]) -> None:
        """What trusting them in ``/hooks`` records in Codex's config."""
        lines = [
            f"[hooks.state.{json.dumps(h['key'])}]\ntrusted_hash = {json.dumps(h['currentHash'])}\n"
            for h in hooks
        ]
        with open(self.codex_home / "config.toml", "a", encoding="utf-8") as fh:
            fh.write("\n" + "\n".join(lines))


def _answer(stream: Any, call_id: int, timeout: float = 60.0) -> dict[str, Any]:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        ready, _, _ = select.select([stream], [], [], 0.5)
        if not ready:
            continue
        line = stream.readline()
        assert line, "codex app-server closed its output"
        message: dict[str, Any] = json.loads(line)
        if message.get("id") == call_id:
            assert "error" not in message, message
            return message
    pytest.fail(f"codex app-server gave no answer to call {call_id}")


@pytest.fixture(scope="module")
def box(tmp_path_factory: pytest.TempPathFactory) -> Box:
    return Box(tmp_path_factory.mktemp("codex-trust"), install_clis(), find_unshare())


def test_a_reinstall_keeps_codexs_trust_and_a_changed_command_loses_it(box: Box) -> None:
    said = box.install()
    assert "Codex runs a new or changed hook only after it is trusted" in said
    first = box.hooks()
    events = sorted(h["eventName"] for h in first)
    assert events == ["postToolUse", "preToolUse", "sessionStart"]
    assert {h["trustStatus"] for h in first} == {"untrusted"}

    box.trust(first)
    assert {h["trustStatus"] for h in box.hooks()} == {"trusted"}

    hooks_file = box.codex_home / "hooks.json"
    before = hooks_file.read_bytes()
    said = box.install()
    assert "Codex keeps its trust in caveat's hooks: their commands are unchanged" in said
    assert hooks_file.read_bytes() == before
    again = box.hooks()
    assert {h["key"]: h["currentHash"] for h in again} == {
        h["key"]: h["currentHash"] for h in first
    }
    assert {h["trustStatus"] for h in again} == {"trusted"}

    said = box.install(data=str(box.home / "elsewhere"))
    assert "Codex will ask again before it runs the 3 changed hook(s)" in said
    moved = box.hooks()
    assert {h["key"] for h in moved} == {h["key"] for h in first}
    assert not {h["currentHash"] for h in moved} & {h["currentHash"] for h in first}
    assert "trusted" not in {h["trustStatus"] for h in moved}
