"""Holds in the real CLIs: an irreversible command is blocked once before it runs,
with caveat's advice as the reason, and the same command again goes ahead.

The hold session (scenario.SESSIONS["hold"]) runs with what ``caveat install
--project`` writes and caveat's defaults:

- ``git reset --hard HEAD~1`` in a project with two commits: the first tool result
  is caveat's hold, and the command has not run (the second commit is still there);
  the model runs the same command again, and it goes ahead (HEAD moves, once).
- ``curl -fsS http://127.0.0.1:<port>/install.sh | sh``, whose script would create a
  marker file: held, so no marker exists after the attempt.

``caveat stats`` on the case's audit log then counts the holds and the retry.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from clients import CLIENTS
from lane import Cases
from lane import Report
from lane import find_unshare
from lane import install_clis
from lane import shared_report
from run_case import family_of
from scenario import CHANGES
from scenario import HOLD_CURL
from scenario import HOLD_RESET
from scenario import MARKER
from scenario import RESET
from scenario import RESET_AGAIN
from servers.base import Segment
from verdict import client_errors

pytestmark = pytest.mark.e2e
HELD = "caveat held this command once, before it ran"
# What a client logs of a hook's block: the block itself, not a fault (Codex names its
# tool router's refusal, Qwen Code logs the reason as the tool's error).
BLOCKED = ("blocked by PreToolUse hook", HELD)


@pytest.fixture(scope="session")
def cases(tmp_path_factory: pytest.TempPathFactory) -> Cases:
    return Cases(find_unshare(), install_clis(), tmp_path_factory)


@pytest.fixture(scope="session")
def report(request: pytest.FixtureRequest) -> Report:
    return shared_report(request.config)


def _results_after(conversation: list[Segment], marker: str) -> list[str]:
    """The text of the first tool result after each tool call that carries ``marker``."""
    out = []
    for call in (s for s in conversation if s.place == "tool_call" and marker in s.text):
        later = [s for s in conversation if s.place == "tool_result" and s.message > call.message]
        out.append(later[0].text if later else "")
    return out


def _git(project: str, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=project, check=True, capture_output=True, text=True)
    return done.stdout.strip()


@pytest.mark.parametrize("harness", sorted(CLIENTS))
def test_an_irreversible_command_is_held_once(
    harness: str, cases: Cases, report: Report, tmp_path: Path
) -> None:
    client = CLIENTS[harness]
    case = cases.get(harness, "--session", "hold")
    errors = [e for e in client_errors(client, case) if not any(b in e for b in BLOCKED)]
    assert errors == []
    project = case.result["project"]
    final = case.conversations(family_of(client))[-1]

    first, again = _results_after(final, RESET)
    assert HELD in first, f"the first reset was not held:\n{first[:400]!r}"
    assert "moves the branch to HEAD~1" in first
    assert HELD not in again, "the same command was held twice"
    # It ran once, after the hold: the second commit is gone, and the reflog has one reset.
    assert not os.path.exists(os.path.join(project, CHANGES))
    assert _git(project, "rev-list", "--count", "HEAD") == "1"
    resets = [line for line in _git(project, "reflog").splitlines() if "reset: moving" in line]
    assert len(resets) == 1, resets

    (curl,) = _results_after(final, HOLD_CURL.marker)
    assert HELD in curl and "downloaded script executed" in curl, curl[:400]
    assert not os.path.exists(os.path.join(project, MARKER)), "the held script ran"

    found = report.channels.setdefault(harness, {})
    found[HOLD_RESET.channel] = "held, HEAD unmoved"
    found[RESET_AGAIN.channel] = "ran (HEAD moved once)"
    found[HOLD_CURL.channel] = "held, script not run"
    report.holds[harness] = _stats(case.result["home"])


def _stats(home: str) -> str:
    """``caveat stats`` on the case's audit log: the holds table."""
    caveat = os.path.join(os.path.dirname(sys.executable), "caveat")
    env = {"HOME": home, "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"}
    done = subprocess.run([caveat, "stats"], env=env, capture_output=True, text=True, check=True)
    lines = done.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("held by"))
    table = lines[start:]
    assert any(line.split()[:1] == ["git"] and line.split()[2:4] == ["1", "1"] for line in table), (
        table
    )
    return "\n".join(table)
