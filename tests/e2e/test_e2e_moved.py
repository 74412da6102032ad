"""A moved caveat blocks nothing, in each real CLI (Claude Code, Codex, Gemini CLI, Qwen Code).

The "moved" session (scenario.SESSIONS) installs caveat from a venv of the lane's
Python and then replaces that venv with one of another Python that holds no caveat,
as ``pipx reinstall --python <another>`` does (moved.py). Claude Code takes exit 2
from a PreToolUse hook as a block, so a registration that failed the way an
interpreter fails on a missing script would refuse every Write and Bash; the other
clients have blocking exits of their own. Here each
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
NOTICE = "caveat: launch failed: ModuleNotFoundError"


@pytest.fixture(scope="session")
def cases(tmp_path_factory: pytest.TempPathFactory) -> Cases:
    return Cases(find_unshare(), install_clis(), tmp_path_factory)


@pytest.mark.parametrize("harness", sorted(CLIENTS))
def test_every_tool_call_runs_after_caveat_moved(cases: Cases, harness: str) -> None:
    client = CLIENTS[harness]
    case = cases.get(harness, "--session", "moved")
    assert case.result["moved"], case.result  # what replaced the venv, for the report
    # Gemini CLI and Qwen Code show a hook's stderr to the user as a "Hook system
    # message": there the launcher's one line, which names the fix, is the user's notice.
    assert [p for p in client_errors(client, case) if NOTICE not in p] == []
    project = case.result["project"]
    for step in (PICKLE, HARMLESS):
        with open(os.path.join(project, step.path), encoding="utf-8") as fh:
            assert fh.read() == step.content
    (last,) = case.conversations(family_of(client))[-1:]
    results = [s.text for s in last if s.place == "tool_result"]
    assert len(results) == len(SESSIONS["moved"].steps)
    assert any("Successfully installed requests" in text for text in results), results
    assert not [text for text in results if "hook" in text.lower()], results
    no_caveat_text(family_of(client), case)
    records = audit(case.result["home"])
    assert records  # every start of caveat's registrations left its fault
    assert all(r["failed"].startswith("launch failed") for r in records), records
    assert all(r["received"] == "nothing" for r in records)
