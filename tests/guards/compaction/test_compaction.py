"""The compaction guard: thresholds, two advisories per cycle, restart on a drop,
the calls/bytes fallback, and a record that survives 50 concurrent hooks."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from caveat.config import Config
from caveat.config import defaults
from caveat.event import Event
from caveat.guards import compaction
from caveat.guards import spec
from caveat.guards.base import Context
from caveat.guards.compaction import usage as _compaction
from tests.helpers import check


@pytest.fixture
def env(tmp_path):
    return {"CAVEAT_STATE_DIR": str(tmp_path / "state"), "HOME": str(tmp_path)}


def config(**compaction_values):
    values = defaults()
    values["compaction"] = {**values["compaction"], **compaction_values}
    return Config(values)


class Transcript:
    """A Claude Code transcript the test appends usage records to."""

    def __init__(self, path):
        self.path = str(path)
        open(self.path, "w").close()

    def usage(self, tokens):
        record = {
            "type": "assistant",
            "message": {
                "role": "assistant",
                "usage": {
                    "input_tokens": 2,
                    "cache_read_input_tokens": tokens - 2,
                    "cache_creation_input_tokens": 0,
                    "output_tokens": 10,
                },
            },
        }
        with open(self.path, "a") as handle:
            handle.write(json.dumps(record) + "\n")


def call(env, cfg=None, transcript="", session="s1", output=0):
    event = Event(
        "PostToolUse",
        tool="Bash",
        session_id=session,
        transcript_path=transcript,
        output_size=output,
    )
    return check("compaction", event, Context(event, env, cfg or config()))


def record(env, session="s1"):
    path = _compaction.record_path(env, session)
    assert path is not None
    with open(path) as handle:
        return json.load(handle)


def test_module_shape():
    routed = spec("compaction")
    assert routed.load() is compaction
    assert routed.messages == ("posttooluse-proactive-compaction",)
    # A failed call (PostToolUseFailure in its place) grows the context too.
    assert frozenset({"PostToolUse", "PostToolUseFailure"}) == routed.events
    assert frozenset() == routed.tools


def test_silent_under_the_threshold(env, tmp_path):
    t = Transcript(tmp_path / "t.jsonl")
    t.usage(40_000)
    assert call(env, transcript=t.path) == []
    assert record(env)["tokens"] == 40_000


def test_advises_at_the_threshold_then_at_one_and_a_half_then_never(env, tmp_path):
    t = Transcript(tmp_path / "t.jsonl")
    given = []
    for tokens in (100_000, 149_999, 150_000, 160_000, 224_999, 225_000, 240_000, 300_000):
        t.usage(tokens)
        given.append([(f.variant, f.value_map()["tokens"]) for f in call(env, transcript=t.path)])
    assert given == [[], [], [("", "150,000")], [], [], [("", "225,000")], [], []]
    found = record(env)
    assert found["given"] == 2 and found["tokens"] == 300_000


def test_finding_values_and_distinct_keys(env, tmp_path):
    t = Transcript(tmp_path / "t.jsonl")
    t.usage(155_000)
    (first,) = call(env, transcript=t.path, output=2500)
    t.usage(230_000)
    (second,) = call(env, transcript=t.path)
    assert first.message == "posttooluse-proactive-compaction"
    assert first.guard == "compaction"
    values = first.value_map()
    assert values["threshold"] == "150,000 tokens"
    assert values["calls"] == "1"
    assert values["bytes"] == "2 kB"
    assert first.key != second.key  # the seen-record must not swallow the second


def test_crossing_both_levels_at_once_advises_once(env, tmp_path):
    t = Transcript(tmp_path / "t.jsonl")
    t.usage(50_000)
    assert call(env, transcript=t.path) == []
    t.usage(260_000)
    assert len(call(env, transcript=t.path)) == 1
    t.usage(270_000)
    assert call(env, transcript=t.path) == []


def test_a_sharp_drop_restarts_the_cycle(env, tmp_path):
    t = Transcript(tmp_path / "t.jsonl")
    for tokens in (150_000, 230_000):
        t.usage(tokens)
        assert len(call(env, transcript=t.path)) == 1
    t.usage(40_000)  # compacted: a new cycle
    assert call(env, transcript=t.path) == []
    after = record(env)
    assert after["cycle"] == 1 and after["given"] == 0 and after["calls"] == 1
    t.usage(151_000)
    (again,) = call(env, transcript=t.path)
    assert again.key == "cycle-1-level-1"


def test_a_mild_drop_is_not_a_compaction(env, tmp_path):
    t = Transcript(tmp_path / "t.jsonl")
    t.usage(160_000)
    assert len(call(env, transcript=t.path)) == 1
    t.usage(100_000)  # above half: edits of the transcript, a cache miss…
    assert call(env, transcript=t.path) == []
    t.usage(160_000)
    assert call(env, transcript=t.path) == []
    assert record(env)["cycle"] == 0


def test_configured_token_threshold(env, tmp_path):
    t = Transcript(tmp_path / "t.jsonl")
    t.usage(20_000)
    (found,) = call(env, cfg=config(threshold_tokens=20_000), transcript=t.path)
    assert found.value_map()["threshold"] == "20,000 tokens"


@pytest.mark.parametrize("bad", [0, -5, "lots", True, None, [1]])
def test_invalid_threshold_falls_back_to_the_default(env, tmp_path, bad):
    t = Transcript(tmp_path / "t.jsonl")
    t.usage(100_000)
    assert call(env, cfg=config(threshold_tokens=bad), transcript=t.path) == []
    t.usage(150_000)
    assert len(call(env, cfg=config(threshold_tokens=bad), transcript=t.path)) == 1


def test_fallback_counts_calls_without_a_transcript(env, tmp_path):
    cfg = config(threshold_calls=4)
    given = [call(env, cfg=cfg, transcript=str(tmp_path / "missing.jsonl")) for _ in range(8)]
    assert [len(g) for g in given] == [0, 0, 0, 1, 0, 1, 0, 0]
    first = given[3][0]
    assert first.variant == "counted"
    assert first.value_map()["calls"] == "4"
    assert first.value_map()["threshold"] == "4 tool calls or 2.0 MB of tool output"
    assert record(env)["calls"] == 8


def test_fallback_counts_output_bytes(env):
    cfg = config(threshold_bytes=10_000)
    sizes = [3_000, 3_000, 4_000, 4_999, 1]
    given = [len(call(env, cfg=cfg, output=size)) for size in sizes]
    assert given == [0, 0, 1, 0, 1]
    assert record(env)["bytes"] == sum(sizes)


def test_unreadable_transcript_after_a_measure_does_not_guess(env, tmp_path):
    t = Transcript(tmp_path / "t.jsonl")
    t.usage(10_000)
    cfg = config(threshold_calls=2)
    assert call(env, cfg=cfg, transcript=t.path) == []
    os.unlink(t.path)
    assert call(env, cfg=cfg, transcript=t.path) == []
    assert call(env, cfg=cfg, transcript=t.path) == []


def test_sessions_are_counted_apart(env):
    cfg = config(threshold_calls=2)
    assert call(env, cfg=cfg, session="a") == []
    assert call(env, cfg=cfg, session="b") == []
    assert len(call(env, cfg=cfg, session="a")) == 1
    assert record(env, "b")["calls"] == 1


def test_odd_session_ids_get_a_safe_file_name(env):
    call(env, session="../../etc/passwd")
    folder = os.path.join(env["CAVEAT_STATE_DIR"], _compaction.FOLDER)
    names = os.listdir(folder)
    assert all(name.startswith("session-") for name in names), names


def test_no_session_no_state(env):
    assert call(env, session="") == []
    assert not os.path.exists(os.path.join(env["CAVEAT_STATE_DIR"], _compaction.FOLDER))


def test_corrupt_record_starts_afresh(env):
    call(env)
    path = _compaction.record_path(env, "s1")
    assert path is not None
    with open(path, "w") as handle:
        handle.write('{"calls": 7, "given": "x"')
    assert call(env) == []
    assert record(env)["calls"] == 1


def test_wrong_types_in_the_record_are_reset(env):
    call(env)
    path = _compaction.record_path(env, "s1")
    assert path is not None
    with open(path, "w") as handle:
        json.dump(
            {"calls": "many", "bytes": -3, "given": True, "cycle": 2.5, "tokens": None}, handle
        )
    call(env, output=10)
    assert record(env) == {"cycle": 0, "tokens": 0, "calls": 1, "bytes": 10, "given": 0}


def test_unusable_state_dir_stays_silent(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    env = {"CAVEAT_STATE_DIR": str(blocker / "state")}
    assert call(env, cfg=config(threshold_calls=1)) == []


def test_record_files_are_private(env):
    call(env)
    path = _compaction.record_path(env, "s1")
    assert path is not None
    assert os.stat(path).st_mode & 0o777 == 0o600
    assert os.stat(path + ".lock").st_mode & 0o777 == 0o600


def test_reset_starts_a_new_cycle(env):
    cfg = config(threshold_calls=2)
    call(env, cfg=cfg)
    assert len(call(env, cfg=cfg)) == 1
    _compaction.reset(env, "s1")
    assert record(env)["cycle"] == 1
    assert call(env, cfg=cfg) == []
    assert len(call(env, cfg=cfg)) == 1


def test_step_is_pure():
    rec = {"cycle": 0, "tokens": 0, "calls": 0, "bytes": 0, "given": 0}
    new, level = _compaction.step(rec, None, 5, (100, 1, 100))
    assert level == 1 and new["calls"] == 1 and rec["calls"] == 0


def test_through_the_hook(env, tmp_path, monkeypatch):
    from caveat import chain
    from caveat import dispatch
    from caveat.guards import spec

    monkeypatch.setattr(chain, "REGISTRY", (spec("compaction"),))
    t = Transcript(tmp_path / "t.jsonl")
    t.usage(170_000)
    payload = {
        "session_id": "hooked",
        "transcript_path": t.path,
        "cwd": str(tmp_path),
        "hook_event_name": "PostToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "ls"},
        "tool_response": {"stdout": "a\nb\n", "stderr": ""},
    }
    data = json.dumps(payload).encode()
    out = dispatch.run(["PostToolUse"], data, env)
    assert out.output, out.reason
    text = json.loads(out.output)["hookSpecificOutput"]["additionalContext"]
    assert "170,000 tokens" in text and "150,000 tokens" in text
    assert "posttooluse-proactive-compaction.md" in text
    assert dispatch.run(["PostToolUse"], data, env).output == ""


CHILD = """
import json, sys
from caveat.event import Event
from caveat.guards import compaction
from caveat.guards import spec
from caveat.config import Config, defaults
from caveat.guards.base import Context
values = defaults()
values["compaction"]["threshold_calls"] = 20
event = Event("PostToolUse", tool="Bash", session_id="many", output_size=7)
found = compaction.check(event, Context(event, {"CAVEAT_STATE_DIR": sys.argv[1]}, Config(values)))
print(json.dumps([f.key for f in found]))
"""


def test_fifty_concurrent_hooks_lose_no_count(tmp_path):
    state = str(tmp_path / "state")
    env = {**os.environ, "CAVEAT_STATE_DIR": state}
    procs = [
        subprocess.Popen(
            [sys.executable, "-I", "-c", CHILD, state],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        for _ in range(50)
    ]
    keys = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        keys += json.loads(out)
    found = record({"CAVEAT_STATE_DIR": state}, "many")
    assert found["calls"] == 50
    assert found["bytes"] == 350
    assert found["given"] == 2
    # Each advisory was given by exactly one of the racing processes.
    assert sorted(keys) == ["cycle-0-level-1", "cycle-0-level-2"]
    leftovers = [n for n in os.listdir(os.path.join(state, "compaction")) if n.endswith(".tmp")]
    assert leftovers == []
