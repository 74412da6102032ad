"""A moved caveat blocks nothing, in the real Claude Code.

The "moved" session (scenario.SESSIONS) installs caveat from a venv of the lane's
Python and then replaces that venv with one of another Python that holds no caveat,
as ``pipx reinstall --python <another>`` does (moved.py). Claude Code takes exit 2
from a PreToolUse hook as a block, so a registration that failed the way an
interpreter fails on a missing script would refuse every Write and Bash. Here each
tool call runs (the files are on disk, the shell command's output came back), nothing
of caveat's reaches the model, and each hook start left its fault in the audit log.
"""

from __future__ import annotations

import os

import pytest
from clients import CLIENTS
from lane import Cases
from lane import find_unshare
from lane import install_clis
from run_case import family_of
from scenario import HARMLESS
from scenario import PICKLE
from scenario import SESSIONS
from verdict import audit
from verdict import client_errors
from verdict import no_caveat_text

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="session")
def cases(tmp_path_factory: pytest.TempPathFactory) -> Cases:
    return Cases(find_unshare(), install_clis(), tmp_path_factory)


def test_every_tool_call_runs_after_caveat_moved(cases: Cases) -> None:
    client = CLIENTS["claude"]
    case = cases.get("claude", "--session", "moved")
    assert case.result["moved"], case.result  # what replaced the venv, for the report
    assert client_errors(client, case) == []
    project = case.result["project"]
    for step in (PICKLE, HARMLESS):
        with open(os.path.join(project, step.path), encoding="utf-8") as fh:
            assert fh.read() == step.content
    (last,) = case.conversations(family_of(client))[-1:]
    results = [s.text for s in last if s.place == "tool_result"]
    assert len(results) == len(SESSIONS["moved"].steps)
    assert any("Successfully installed requests" in text for text in results)
    assert not [text for text in results if "hook" in text.lower()], results
    no_caveat_text(family_of(client), case)
    records = audit(case.result["home"])
    pre = [r for r in records if r["event"] == "PreToolUse"]
    assert len(pre) == len(SESSIONS["moved"].steps)
    assert all(r["failed"].startswith("launch failed") for r in records), records
    assert all(r["received"] == "nothing" for r in records)
