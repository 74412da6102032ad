"""caveat's advice reaches the model through Claude Code when caveat is registered as
HTTP hooks (``caveat install --harness claude --http --port N --project P``)
answered by ``caveat serve`` inside the case's network namespace (http_serve.py;
the records are read by http_verdict.py).

The same session and the same delivery assertions as the command-form Claude Code
case, and on top: every registration but SessionStart's is an HTTP hook to that
server and none is left in the committed settings; every call the session makes
reached the server and was answered 200 (Claude Code's debug log names each call and
its status; the server logs any refusal); the server stops cleanly. The control gives
the server another token: every call is refused with 401, Claude Code records a
non-blocking hook error for each, and no tool advice reaches the model.

Claude Code 2.1.328 never sends an HTTP hook on SessionStart (nor on Setup): it drops
it with one debug-log line, "HTTP hooks are not supported for SessionStart", and no
error. So ``install --http`` keeps SessionStart in command form, and the
session-start context arrives as it does in the command-form case.
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from pathlib import Path

import pytest
from clients import CLIENTS
from expect import Expected
from expect import expected
from http_verdict import as_commands
from http_verdict import committed_hooks
from http_verdict import expected_calls
from http_verdict import forms
from http_verdict import hook_calls
from http_verdict import hook_errors
from http_verdict import refusals
from http_verdict import serve_faults
from lane import Cases
from lane import Report
from lane import find_unshare
from lane import install_clis
from lane import shared_report
from run_case import family_of
from verdict import PROCEDURE
from verdict import START_HEADING
from verdict import Case
from verdict import client_errors
from verdict import deliveries

pytestmark = pytest.mark.e2e

CLAUDE = CLIENTS["claude"]
FAMILY = family_of(CLAUDE)
CAVEAT = os.path.join(os.path.dirname(sys.executable), "caveat")
HTTP = ("claude", "--http")
WRONG_TOKEN = ("claude", "--http", "--wrong-token")


@pytest.fixture(scope="session")
def cases(tmp_path_factory: pytest.TempPathFactory) -> Cases:
    return Cases(find_unshare(), install_clis(), tmp_path_factory)


@pytest.fixture(scope="session")
def report(request: pytest.FixtureRequest) -> Report:
    return shared_report(request.config)


def _wanted(case: Case, root: str) -> list[Expected]:
    """What caveat says for each step: each HTTP handler run as the ``caveat hook``
    call the server makes of it."""
    return expected(CLAUDE, as_commands(case.config, CAVEAT, case.result["serve"]["port"]), root)


def _calls(case: Case) -> Counter[str]:
    """The HTTP calls the session should make (none on SessionStart, see above)."""
    calls = expected_calls(CLAUDE, case.config, case.result["project"])
    assert "SessionStart" not in calls and calls, calls
    return calls


def test_advice_reaches_the_model_over_http(cases: Cases, report: Report, tmp_path: Path) -> None:
    case = cases.get(*HTTP)
    assert client_errors(CLAUDE, case) == []
    kinds = forms(case.config)
    assert kinds.pop("SessionStart") == {"command"}
    # SubagentStart stays a command too: whether HTTP hooks run there is not documented
    assert kinds.pop("SubagentStart", {"command"}) == {"command"}
    assert kinds and set(map(frozenset, kinds.values())) == {frozenset({"http"})}, kinds
    assert committed_hooks(case) == {}
    events, statuses, skipped = hook_calls(case)
    assert events == _calls(case) and skipped == 0
    assert statuses == Counter({200: events.total()})
    assert serve_faults(case) == []
    assert case.result["serve"]["returncode"] == 0, "caveat serve did not stop cleanly"
    rows = deliveries(CLAUDE, FAMILY, case, _wanted(case, str(tmp_path)))
    report.rows["claude http"] = rows
    report.seconds["claude http"] = case.result["seconds"]
    report.passed("claude http", CLAUDE.steps)


def test_wrong_token_reaches_nothing(cases: Cases, tmp_path: Path) -> None:
    """The control: a server with another token refuses every call, Claude Code
    reports each as a non-blocking hook error, and the delivery assertions fail
    (the session-start context, a command, still arrives)."""
    case = cases.get(*WRONG_TOKEN)
    for conversation in case.conversations(FAMILY):
        advice = [s for s in conversation if PROCEDURE in s.text and START_HEADING not in s.text]
        assert not advice, advice
    with pytest.raises(AssertionError, match="step a advisory"):
        deliveries(CLAUDE, FAMILY, case, _wanted(case, str(tmp_path)), start=False)
    events, statuses, _ = hook_calls(case)
    assert events == _calls(case)
    assert statuses == Counter({401: events.total()})
    assert refusals(case) == Counter({f"401 {event}": n for event, n in events.items()})
    assert hook_errors(case) == Counter({f"401 {event}": n for event, n in events.items()})
    assert case.result["serve"]["returncode"] == 0, "caveat serve did not stop cleanly"
