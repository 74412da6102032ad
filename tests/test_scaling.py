"""Linear time: no guard can be made quadratic by what the agent writes or runs.

Every guard that reads file content or commands gets adversarial input of 1 MB and
16 MB (the cases of ``scripts/bench_scaling.py``, which ``scripts/bench.py`` reports
with the 4 MB time too); each call must complete and
return a list, and the 16 MB time may be at most ``BOUND`` times the 1 MB time
(linear is 16, quadratic 256). This is the one timing assertion in the suite, and a
generous one: it exists so that a catastrophic regular expression cannot land.
"""

from __future__ import annotations

import importlib.util
import os
import signal
import time

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from tests.helpers import ROOT
from tests.helpers import trust

_path = os.path.join(ROOT, "scripts", "bench_scaling.py")
_spec = importlib.util.spec_from_file_location("bench_scaling", _path)
assert _spec is not None and _spec.loader is not None
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

BOUND = 60
FLOOR_S = 0.02  # below this, the 1 MB time is noise: the ratio is taken against it
# Linear (ratio 10-16) but 0.5-1 s per MB, so 8-15 s at 16 MB: benchmark only.
SLOW = {"curl | sh × N", "CLAUDE.md token: sk-"}


@pytest.fixture(scope="module")
def scaling_project(tmp_path_factory):
    return bench.project(str(tmp_path_factory.mktemp("scaling")))


@pytest.mark.parametrize(
    ("guard", "name", "tool", "rel", "make"),
    [pytest.param(*case, id=f"{case[0]}-{case[1]}") for case in bench.CASES if case[1] not in SLOW],
)
def test_guard_time_is_linear(scaling_project, guard, name, tool, rel, make, capsys):
    env = dict(os.environ)
    trust(scaling_project, env)  # its custom rule is project policy
    small = bench.payload(scaling_project, tool, rel, make(bench.MB))
    large = bench.payload(scaling_project, tool, rel, make(16 * bench.MB))
    bench.time_check(guard, small, env)  # warm imports and caches
    t1 = min(bench.time_check(guard, small, env) for _ in range(2))
    t16 = bench.time_check(guard, large, env)
    ratio = t16 / max(t1, FLOOR_S)
    with capsys.disabled():
        print(f"\n  {guard}/{name}: 1 MB {t1 * 1000:.0f} ms, 16 MB {t16 * 1000:.0f} ms", end="")
    assert ratio <= BOUND, f"{guard} on {name}: 16 MB/1 MB = {ratio:.1f}"


def test_every_content_guard_has_a_case():
    from caveat.guards import REGISTRY

    content = {"dependency", "eval", "conformity", "git", "plan", "plan-bash"}
    content |= {"tracking-ids", "header", "custom", "askuser"}
    assert content <= {spec.id for spec in REGISTRY}
    assert content == {case[0] for case in bench.CASES}


# --- conformity: the secret scan's line filter hides nothing ---------------------------

CREDENTIALS = (
    "-----BEGIN RSA PRIVATE KEY-----",
    "AKIA" + "ABCDEFGHIJKLMNOP",
    "ghp_" + "Z9y8X7w6V5" * 4,
    "github_pat_" + "A1b2C3d4E5" * 3,
    "glpat-" + "Q1w2E3r4T5y6U7i8O9p0",
    "xoxb-" + "1234567890-abc",
    "sk-ant-" + "A1b2C3d4E5" * 3,
    "AIza" + "B" * 35,
    "npm_" + "A1b2C3d4E5" * 3 + "F6g7H8",
    "pypi-" + "A1b2C3d4E5" * 6,
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJl",
    "https://alice:S3cretPassw0rd@example.com",
    "https://" + "T0kenT0kenT0kenT0ken" + "@example.com",
    "curl -u alice:S3cret9 x",
    "--user alice:S3cret9",
    "--user=alice:S3cret9",
    "Authorization: Bearer abc123def456ghi",
    "token abcdefgh12345678",
    "DB_PASSWORD=hunter2hunter2x9",
    '"api_key": "A1b2C3d4E5f6G7h8"',
    "auth: 'Zq9Zq9Zq9Zq9Zq9'",
)
PIECES = st.sampled_from(
    (*CREDENTIALS, " ", ":", "=", '"', "'", "\t", "@", "-", "_", "Token", "SECRET", "Basic ")
)


@settings(max_examples=300, derandomize=True)
@given(st.lists(PIECES | st.text(max_size=6), max_size=8).map("".join))
def test_secret_line_filter_hides_nothing(line):
    from unittest import mock

    from caveat.guards.conformity import secret

    filtered = secret.line_secrets(line)
    # The empty string is in every line: with it as the only marker, nothing is skipped.
    with mock.patch.multiple(secret, _TOKEN_MARKS=("",), _SCHEMES=("",), _KEY_WORDS=("",)):
        assert filtered == secret.line_secrets(line)


def test_every_credential_shape_is_found():
    from caveat.guards.conformity import secret

    assert all(secret.line_secrets(f"x {c} y") for c in CREDENTIALS)


# --- conformity: a check over its budget is stopped, not measured after the fact ------


def _doc():
    from caveat.guards.conformity.doc import Doc

    return Doc("/r/CLAUDE.md", "memory", "# notes\n", "", True)


def _stuck(finished):
    """A check that would spin for 5 s; the budget must stop it long before."""

    def check(doc):
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            pass
        finished.append(True)
        return [("never", "reported")]

    return check


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs setitimer")
def test_a_check_over_budget_is_stopped_and_skipped(monkeypatch, capfd):
    from caveat.guards.conformity import checks as _conformity

    finished: list[bool] = []
    row = ("stuck", frozenset({"memory"}), 0.05, True, _stuck(finished))
    monkeypatch.setattr(_conformity, "CHECKS", (row, *_conformity.CHECKS))
    assert _conformity.run_checks(_doc()) == []
    assert not finished
    assert "conformity check stuck took" in capfd.readouterr().err
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs setitimer")
@pytest.mark.parametrize(("guard_s", "check_s"), [(0.3, 0.05), (0.05, 1.0)])
def test_check_timer_nests_in_the_guard_timer(monkeypatch, guard_s, check_s):
    """The guard's budget survives a check's: when the check's ends first the guard's is
    re-armed (and stops the spin that follows); when the guard's ends first, it wins."""
    from caveat import chain
    from caveat.event import Event
    from caveat.guards import Spec
    from caveat.guards.base import Context
    from caveat.guards.conformity import checks as _conformity

    finished: list[bool] = []
    row = ("stuck", frozenset({"memory"}), check_s, True, _stuck(finished))
    monkeypatch.setattr(_conformity, "CHECKS", (row,))

    class Guard:
        @staticmethod
        def check(event, ctx):
            _conformity.run_checks(_doc())
            _stuck(finished)(None)  # only the re-armed guard timer can stop this
            return []

    probe = Spec("budget-probe", frozenset(), frozenset(), ("m",), guard_s, guard=Guard)
    trace: list[chain.Row] = []
    event = Event("PreToolUse")
    assert chain.run(event, Context(event, {}), [probe], trace) == []
    assert [row.outcome for row in trace] == ["overrun"]
    assert not finished


# --- tracking ids: a text full of ids keeps a bounded list of lines -------------------


def test_tracking_ids_keep_the_lines_they_can_show():
    """Every line of every id was kept, though only MAX_LINES are ever named: at 16 MB
    of ids the lists alone made the guard superlinear (ratio 20-25)."""
    import re

    from caveat.guards.texts import MAX_LINES
    from caveat.guards.texts import label
    from caveat.guards.tracking_ids.scan import ids_in

    found = ids_in(re.compile(r"\b[A-Z]{2,5}-\d{1,5}\b"), "x = 1  # ABC-123\n" * 1000)
    assert found == {"ABC-123": list(range(1, MAX_LINES + 2))}
    shown = ", ".join(map(str, range(1, MAX_LINES + 1)))
    assert label(found["ABC-123"], "", []) == shown + " and more"
