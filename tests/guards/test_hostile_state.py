"""Every guard against hostile state (SPEC §7): caches planted by another user, and the
session's locks held by a stuck process.

Each registered guard's benchmark call (``samples.BENCH``, in the project built for
them by ``scripts/bench_cases.py``) is run as a real hook process. Whatever the state
folder holds, the hook exits 0, prints at most one JSON object, never shows planted
text, and answers in bounded time; with the locks held it still gives the advice it
gives in a clean state (except the compaction guard, whose advice is a count kept in
the record it cannot then read).
"""

from __future__ import annotations

import importlib.util
import json
import os
import time

import pytest

from caveat.guards import REGISTRY
from tests.helpers import ROOT
from tests.helpers import envelope
from tests.helpers import run_hook
from tests.hostile.state import PLANTED
from tests.hostile.state import can_chown
from tests.hostile.state import held_lock
from tests.hostile.state import plant_caches
from tests.hostile.state import session_locks

BOUND_S = 5.0  # far over an answer, far under a hang: only catches the hang
COUNTED = {"compaction"}  # advice computed from the locked record itself


def _bench_cases():
    spec = importlib.util.spec_from_file_location(
        "bench_cases", os.path.join(ROOT, "scripts", "bench_cases.py")
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bench(tmp_path_factory):
    """The project every guard has something to say in, and each guard's call."""
    cases = _bench_cases()
    project = cases.guard_project(str(tmp_path_factory.mktemp("hostile-state")))
    return project, cases.guard_cases(project)


def _run(env, case, session):
    data = json.dumps({**case, "session_id": session}).encode()
    start = time.monotonic()
    done = run_hook(data, cwd=case["cwd"], env=env)
    elapsed = time.monotonic() - start
    return done, envelope(done), elapsed


GUARDS = [spec.id for spec in REGISTRY]
HOSTILE = ["planted-loose", "planted-foreign", "held-lock"]


@pytest.mark.parametrize("hostile", HOSTILE)
@pytest.mark.parametrize("guard", GUARDS)
def test_hostile_state_never_reaches_the_model(bench, guard, hostile, tmp_path):
    project, cases = bench
    case = cases[guard]
    clean_env = {**os.environ, "CAVEAT_STATE_DIR": str(tmp_path / "clean")}
    _, baseline, _ = _run(clean_env, case, "baseline")
    env = {**os.environ, "CAVEAT_STATE_DIR": str(tmp_path / "state")}
    session = f"hostile-{guard}"
    if hostile.startswith("planted"):
        mode = hostile.partition("-")[2]
        if mode == "foreign" and not can_chown():
            pytest.skip("giving a file to another user needs root")
        plant_caches(env, mode, project, session)
        done, found, elapsed = _run(env, case, session)
    else:
        with held_lock(*session_locks(env, session)):
            done, found, elapsed = _run(env, case, session)
    assert PLANTED.encode() not in done.stdout
    assert elapsed < BOUND_S, f"{guard} took {elapsed:.1f} s"
    if baseline is not None and not (hostile == "held-lock" and guard in COUNTED):
        assert found is not None, (guard, hostile, done.stderr.decode())
