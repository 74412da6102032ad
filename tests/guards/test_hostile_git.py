"""Every guard, through the real hook, in hostile git repositories (SPEC §7, "Git is
data"): a partial clone whose lazy fetch runs a command, FIFOs at ``.git/index`` and
``.git/HEAD``, configured programs everywhere git allows them.

Each call must keep the runtime contract (exit 0, nothing or one JSON object), run
none of the repository's programs (no marker), leave no process behind, have no guard
overrun its budget or fail (a read blocked on a FIFO overruns) and answer in bounded
time (a generous bound: it catches hangs, it does not time anything).
"""

from __future__ import annotations

import json
import os
import time

import pytest

from caveat.guards import REGISTRY
from caveat.guards import spec
from tests.helpers import envelope
from tests.helpers import run_hook
from tests.hostile import git as hostile

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc")

# Only catches a hang: the hook's own budget is 2 s of work.
BOUND_S = 5.0
TOOL_EVENTS = ("PreToolUse", "PostToolUse")


def _bench(guard_id):
    import importlib

    return importlib.import_module(spec(guard_id).module + ".samples").BENCH


def _calls():
    """(id, payload template): each guard's benchmark call, as PreToolUse and as
    PostToolUse for tool calls, and Writes, Edits and Bash calls on committed files
    (a post-tool call is where guards read the committed version)."""
    calls = []
    for found in REGISTRY:
        payload = _bench(found.id)
        events = TOOL_EVENTS if "tool_name" in payload else (payload["hook_event_name"],)
        for event in events:
            calls.append((f"{found.id}-{event}", {**payload, "hook_event_name": event}))
    write = {
        "tool_name": "Write",
        "tool_input": {
            "file_path": "{project}/src/app.py",
            "content": "import pickle\n\n\ndef load(b):\n    return pickle.loads(b)\n",
        },
    }
    edit = {
        "tool_name": "Edit",
        "tool_input": {
            "file_path": "{project}/src/main.py",
            "old_string": "# SPDX-License-Identifier: MIT\n",
            "new_string": "import os\nos.system(input())\n",
        },
    }
    manifest = {
        "tool_name": "Write",
        "tool_input": {
            "file_path": "{project}/package.json",
            "content": '{\n  "dependencies": {\n    "left-pad": "1.3.0"\n  }\n}\n',
        },
    }
    bash = {"tool_name": "Bash", "tool_input": {"command": "npm install lodash && git status"}}
    for name, payload in (("write", write), ("edit", edit), ("manifest", manifest), ("bash", bash)):
        for event in TOOL_EVENTS:
            calls.append((f"{name}-{event}", {**payload, "hook_event_name": event}))
    return calls


CALLS = _calls()


def _fill(value, project):
    if isinstance(value, str):
        return value.replace("{project}", project)
    if isinstance(value, dict):
        return {k: _fill(v, project) for k, v in value.items()}
    if isinstance(value, list):
        return [_fill(v, project) for v in value]
    return value


@pytest.fixture(scope="module", params=sorted(hostile.FACTORIES))
def repo(request, tmp_path_factory):
    made = hostile.FACTORIES[request.param](tmp_path_factory.mktemp(request.param))
    yield made
    made.release()


def check_call(made, payload, state, run=run_hook):
    """Run one call; assert the contract, no marker, no process left, bounded time."""
    data = json.dumps({"session_id": "hostile", "cwd": made.project, **payload}).encode()
    env = dict(os.environ, CAVEAT_STATE_DIR=state)
    start = time.monotonic()
    done = run(data, cwd=made.project, env=env)
    elapsed = time.monotonic() - start
    found = envelope(done)
    left = hostile.processes_in(os.path.dirname(made.project))
    made.release()  # free what was left, before failing on it
    assert left == [], left
    assert made.marks() == []
    # No guard overran its budget or failed: a blocked read would show here first.
    assert b"caveat: guard" not in done.stderr, done.stderr
    assert elapsed < BOUND_S, f"{elapsed:.1f} s"
    return found


@pytest.mark.parametrize(("name", "template"), CALLS, ids=[c[0] for c in CALLS])
def test_guard_in_hostile_repository(repo, tmp_path, name, template):
    # A fresh state folder per call: no cached verdict spares a guard its git reads.
    check_call(repo, _fill(template, repo.project), str(tmp_path / "state"))


def test_partial_clone_through_serve(tmp_path):
    """The same lazy fetch, through ``caveat serve``: no command runs there either."""
    from tests.test_serve import environment
    from tests.test_serve import start

    made = hostile.partial_clone(tmp_path / "clone")
    home = tmp_path / "home"
    home.mkdir()
    (home / "server").mkdir()
    running = start(home / "server", environment(home), made.project)
    try:
        for name, template in CALLS:
            if name.startswith(("write-", "manifest-", "edit-", "eval-")):
                data = json.dumps(
                    {
                        "session_id": f"serve-{name}",
                        "cwd": made.project,
                        **_fill(template, made.project),
                    }
                ).encode()
                start_s = time.monotonic()
                event = template["hook_event_name"]
                body = running.hook(f"/hook/claude/{event}", data)
                assert time.monotonic() - start_s < BOUND_S
                assert body == b"" or isinstance(json.loads(body), dict)
                assert made.marks() == [], name
    finally:
        assert running.stop() == 0
    assert [p for p in hostile.processes_in(str(tmp_path)) if "serve" not in p] == []
