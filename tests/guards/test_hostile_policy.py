"""Every guard against every hostile ``.caveat/`` policy, untrusted and trusted (SPEC §7).

Each case runs the real hook, a fresh process, on the guard's benchmark call in a
hostile project (``tests.hostile.policy``). Whatever the project holds: exit 0, at
most one JSON object, an answer in bounded time, never ``allow``. Untrusted, nothing
the project wrote reaches the model or denies; trusted, a deep config or a slow
override changes nothing on tool calls (the defaults and the bundled messages are
used), and the project's own text is what it is: the user trusted it.
"""

from __future__ import annotations

import importlib
import json
import os
import time
from typing import Any

import pytest

from caveat import trust_grant
from caveat import trust_snapshot
from caveat.guards import REGISTRY
from tests.helpers import envelope
from tests.helpers import run_hook
from tests.hostile import policy

KINDS = sorted(policy.BUILDERS)
GUARDS = [spec.id for spec in REGISTRY]
BOUND_S = 30.0  # a generous bound: it catches a hang, not a slow machine
# Tool-call cases where the hostile file must change nothing, even trusted: caveat
# falls back to the defaults (deep config) or to the bundled message (slow override).
INERT_WHEN_TRUSTED = frozenset(
    {"deep-config", "deep-config-100k", *(k for k in KINDS if "slow" in k)}
)


@pytest.fixture(scope="module")
def projects(tmp_path_factory):
    """Each hostile project once, and two state folders: one where every project is
    trusted, one where none is."""
    folder = tmp_path_factory.mktemp("hostile")
    built = {kind: policy.build(kind, str(folder)) for kind in KINDS}
    trusted = str(folder / "state-trusted")
    for root in built.values():
        assert trust_grant.record({"CAVEAT_STATE_DIR": trusted}, trust_snapshot.Snapshot(root))
    return built, {True: trusted, False: str(folder / "state-untrusted")}


def _fill(value, project):
    if isinstance(value, str):
        return value.replace("{project}", project)
    if isinstance(value, dict):
        return {k: _fill(v, project) for k, v in value.items()}
    if isinstance(value, list):
        return [_fill(v, project) for v in value]
    return value


def bench_call(guard_id: str, project: str, session: str) -> dict[str, object]:
    module = importlib.import_module(f"{REGISTRY[GUARDS.index(guard_id)].module}.samples")
    return {"session_id": session, "cwd": project, **_fill(module.BENCH, project)}


def run(payload: dict[str, object], state: str, home) -> tuple[dict[str, Any] | None, str, float]:
    env = {
        **os.environ,
        "CAVEAT_STATE_DIR": state,
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
    }
    started = time.monotonic()
    done = run_hook(json.dumps(payload).encode(), env=env)
    took = time.monotonic() - started
    return envelope(done), done.stdout.decode(), took


HELD = "caveat held this command once, before it ran"


def decision(found: dict[str, Any] | None) -> str:
    """``deny`` / ``allow`` / "" from any vendor's envelope shape."""
    if not found:
        return ""
    text = json.dumps(found)
    for word in ("allow", "deny", "block"):
        if f'"{word}"' in text:
            return word
    return ""


@pytest.mark.parametrize("trusted", [False, True], ids=["untrusted", "trusted"])
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("guard_id", GUARDS)
def test_hostile_policy(projects, guard_id, kind, trusted, tmp_path):
    built, states = projects
    project = built[kind]
    payload = bench_call(guard_id, project, f"{guard_id}-{kind}-{trusted}")
    found, out, took = run(payload, states[trusted], tmp_path)
    assert took < BOUND_S, f"{took:.1f} s"
    assert decision(found) != "allow"
    if not trusted:
        assert policy.MARKER not in out
        # a block there is the user's own default, a hold of an irreversible command,
        # never the project's policy
        assert decision(found) not in ("deny", "block") or HELD in out
    elif kind in INERT_WHEN_TRUSTED:
        assert policy.MARKER not in out
        if payload["hook_event_name"] != "SessionStart":
            # the same answer as where the policy is not loaded at all
            plain, _, _ = run(
                {**payload, "session_id": f"plain-{guard_id}-{kind}"}, states[False], tmp_path
            )
            assert found == plain


def test_untrusted_strict_project_does_not_deny_and_trusted_one_may(projects, tmp_path):
    """The same call: the repository's text denies only once the user trusted it."""
    built, states = projects
    payload = bench_call("eval", built["strict-deny"], "strict")
    untrusted, out, _ = run(payload, states[False], tmp_path)
    assert decision(untrusted) == "" and policy.MARKER not in out
    trusted, out, _ = run({**payload, "session_id": "strict-2"}, states[True], tmp_path)
    assert decision(trusted) == "deny" and policy.MARKER in out
