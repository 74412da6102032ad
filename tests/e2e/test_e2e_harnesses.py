"""caveat's advice reaches the model through each real harness CLI.

Per harness, one scripted session (scenario.py) against a scripted model server,
with the hook as ``caveat install --harness X --project P`` registered it. The
assertions read the requests the server recorded (verdict.py): the session-start
context, and after each step that a guard answers (the dependency change, the
``pickle.loads`` file, ``pip install requests``, the source file without its SPDX
line, the stray plan, the skill without a description, the failing force push)
exactly caveat's advisory, once, on the channel the delivery matrix predicts; nothing
after the harmless file; no hook or config error reported by the client. The same
session with ``CAVEAT_DISABLE=1`` must fail those assertions: the tests can tell
delivery from its absence.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from clients import CLIENTS
from clients import GEMINI_REFUSAL
from expect import expected
from lane import Cases
from lane import Report
from lane import find_unshare
from lane import install_clis
from lane import shared_report
from run_case import family_of
from scenario import MANIFEST
from scenario import PACKAGE_BEFORE
from verdict import client_errors
from verdict import deliveries
from verdict import no_caveat_text
from verdict import qwen_hook_log

HARNESSES = sorted(CLIENTS)
pytestmark = pytest.mark.e2e


@pytest.fixture(scope="session")
def cases(tmp_path_factory: pytest.TempPathFactory) -> Cases:
    return Cases(find_unshare(), install_clis(), tmp_path_factory)


@pytest.fixture(scope="session")
def report(request: pytest.FixtureRequest) -> Report:
    return shared_report(request.config)


@pytest.mark.parametrize("harness", HARNESSES)
def test_advice_reaches_the_model(
    harness: str, cases: Cases, report: Report, tmp_path: Path
) -> None:
    client = CLIENTS[harness]
    case = cases.get(harness)
    assert client_errors(client, case) == []
    wanted = expected(client, case.config, str(tmp_path))
    report.rows[harness] = deliveries(client, family_of(client), case, wanted)
    report.seconds[harness] = case.result["seconds"]
    report.passed(harness, client.steps)


@pytest.mark.parametrize("harness", HARNESSES)
def test_nothing_reaches_the_model_when_disabled(
    harness: str, cases: Cases, tmp_path: Path
) -> None:
    client = CLIENTS[harness]
    case = cases.get(harness, "--disable")
    assert client_errors(client, case) == []
    no_caveat_text(family_of(client), case)
    wanted = expected(client, case.config, str(tmp_path))
    with pytest.raises(AssertionError, match="session-start context"):
        deliveries(client, family_of(client), case, wanted)


def test_gemini_refuses_package_json_headless(cases: Cases) -> None:
    """Why Gemini's dependency step writes requirements.txt (clients.py): the refusal
    is Gemini's own, before any hook. Should a Gemini release allow the write, this
    fails, and the scenario can go back to package.json."""
    client = CLIENTS["gemini"]
    case = cases.get("gemini")
    final = case.conversations(family_of(client))[-1]
    call = next(s for s in final if s.place == "tool_call" and MANIFEST.marker in s.text)
    result = next(s for s in final if s.place == "tool_result" and s.message > call.message)
    assert GEMINI_REFUSAL in result.text
    assert "<hook_context>" not in result.text
    with open(os.path.join(case.result["project"], "package.json"), encoding="utf-8") as fh:
        assert fh.read() == PACKAGE_BEFORE


def test_qwen_ran_the_hook_on_every_step(cases: Cases) -> None:
    """Qwen's debug log records each hook run: the hook also ran on the harmless step,
    and was silent there (the other test sees nothing reach the model after it); the
    failing command ran PostToolUseFailure, not PostToolUse."""
    log = qwen_hook_log(cases.get("qwen"))
    ran = [line for line in log if "hooks executed successfully" in line]
    steps = CLIENTS["qwen"].steps
    failing = sum(step.fails for step in steps)
    assert failing, "the session has no failing command"
    assert sum("for SessionStart" in line for line in ran) == 1
    assert sum("for PostToolUse:" in line for line in ran) == len(steps) - failing
    assert sum("for PostToolUseFailure:" in line for line in ran) == failing
