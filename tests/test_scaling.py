"""Linear time: no guard can be made quadratic by what the agent writes or runs.

Every guard that reads file content or commands gets adversarial input of 1 MB and
16 MB (the cases of ``scripts/bench.py --scaling``); each call must complete and
return a list, and the 16 MB time may be at most ``BOUND`` times the 1 MB time
(linear is 16, quadratic 256). This is the one timing assertion in the suite, and a
generous one: it exists so that a catastrophic regular expression cannot land.
"""

from __future__ import annotations

import importlib.util
import os

import pytest

from conftest import ROOT

_spec = importlib.util.spec_from_file_location("bench", os.path.join(ROOT, "scripts", "bench.py"))
assert _spec is not None and _spec.loader is not None
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

BOUND = 60
FLOOR_S = 0.02  # below this, the 1 MB time is noise: the ratio is taken against it
# Linear (ratio 10-16) but ~1 s per MB, so 10-15 s at 16 MB: benchmark only.
SLOW = {"curl | sh × N", "CLAUDE.md token-ish"}


@pytest.fixture(scope="module")
def scaling_project(tmp_path_factory):
    return bench.scaling_project(str(tmp_path_factory.mktemp("scaling")))


@pytest.mark.parametrize(
    ("guard", "name", "tool", "rel", "make"),
    [
        pytest.param(*case, id=f"{case[0]}-{case[1]}")
        for case in bench.SCALING_CASES
        if case[1] not in SLOW
    ],
)
def test_guard_time_is_linear(scaling_project, guard, name, tool, rel, make, capsys):
    env = dict(os.environ)
    small = bench.scaling_payload(scaling_project, tool, rel, make(bench.MB))
    large = bench.scaling_payload(scaling_project, tool, rel, make(16 * bench.MB))
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
    assert content == {case[0] for case in bench.SCALING_CASES}
