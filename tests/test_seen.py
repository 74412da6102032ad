"""The same finding is advised once per session; a compaction re-arms it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from caveat import dispatch
from caveat import seen
from caveat.event import Finding
from tests.helpers import LAUNCHER
from tests.helpers import envelope
from tests.helpers import run_hook
from tests.hostile.state import PLANTED
from tests.hostile.state import can_chown
from tests.hostile.state import held_lock
from tests.hostile.state import plant_caches
from tests.hostile.state import session_locks


def payload(project, session, packages, event="PreToolUse", source=""):
    deps = ", ".join(f'"{p}": "1.0.0"' for p in packages)
    data = {
        "session_id": session,
        "cwd": str(project),
        "hook_event_name": event,
        "tool_name": "Write",
        "tool_input": {
            "file_path": str(project / "package.json"),
            "content": f'{{"dependencies": {{{deps}}}}}',
        },
    }
    if source:
        data = {
            "session_id": session,
            "cwd": str(project),
            "hook_event_name": event,
            "source": source,
        }
    return json.dumps(data).encode()


def test_once_per_session_new_finding_speaks_compaction_rearms(project):
    env = dict(os.environ)
    first = dispatch.run([], payload(project, "s1", ["a"]), env)
    assert first.output
    again = dispatch.run([], payload(project, "s1", ["a"]), env)
    assert again.output == ""
    assert again.reason == "everything found was already advised in this session"
    other = dispatch.run([], payload(project, "s2", ["a"]), env)
    assert other.output  # another session has not seen it
    more = dispatch.run([], payload(project, "s1", ["a", "b"]), env)
    assert "b 1.0.0" in more.output  # a different finding in the same file
    dispatch.run([], payload(project, "s1", [], "SessionStart", "compact"), env)
    assert dispatch.run([], payload(project, "s1", ["a"]), env).output


def test_dropped_output_is_not_recorded(project):
    env = dict(os.environ)
    data = payload(project, "g1", ["a"], event="BeforeTool")
    dropped = dispatch.run(["--contract", "gemini"], data, env)
    assert dropped.findings and dropped.output == ""
    after = payload(project, "g1", ["a"], event="AfterTool")
    assert dispatch.run(["--contract", "gemini"], after, env).output


def test_advice_survives_a_record_that_cannot_be_written(project, monkeypatch, capfd):
    def broken(*args):
        raise UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates not allowed")

    monkeypatch.setattr(seen, "record", broken)
    outcome = dispatch.run([], payload(project, "r1", ["a"]), dict(os.environ))
    assert "additionalContext" in outcome.output
    assert "could not record the advice given" in capfd.readouterr().err


def test_denials_are_never_filtered(tmp_path):
    env = {**os.environ, "CAVEAT_STATE_DIR": str(tmp_path / "state")}
    deny = Finding({"path": "p"}, key="k", deny=True, message="m", guard="askuser")
    seen.record(env, "s", [deny])
    assert seen.unseen(env, "s", [deny]) == [deny]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("abc-123_x.y", "abc-123_x.y"),
        ("", None),
        ("../../etc/passwd", None),
        (".hidden", None),
        ("a" * 129, None),
        ("sp ace", None),
        ("ünï", None),
    ],
)
def test_session_keys_are_safe_file_names(raw, expected):
    key = seen.session_key(raw)
    if expected is not None:
        assert key == expected
    else:
        assert key.startswith("session-") and set(key) <= seen._ALLOWED and "/" not in key


def test_unreadable_record_advises_again(project, tmp_path):
    env = {**os.environ, "CAVEAT_STATE_DIR": str(tmp_path / "state")}
    assert dispatch.run([], payload(project, "c1", ["a"]), env).output
    record = tmp_path / "state" / seen.FOLDER / "c1.json"
    record.write_bytes(b"\x00garbage{")
    assert dispatch.run([], payload(project, "c1", ["a"]), env).output


def _parallel(payloads, env):
    """Run the hooks at once (all fed before any is waited for): what each printed on
    stdout and on stderr."""
    procs = [
        subprocess.Popen(
            [sys.executable, "-I", LAUNCHER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        for _ in payloads
    ]
    for proc, data in zip(procs, payloads, strict=True):
        assert proc.stdin is not None
        proc.stdin.write(data)
        proc.stdin.close()
    outputs, errors = [], []
    for proc in procs:
        assert proc.stdout is not None and proc.stderr is not None
        outputs.append(proc.stdout.read())
        errors.append(proc.stderr.read())
        assert proc.wait(timeout=120) == 0
        proc.stdout.close()
        proc.stderr.close()
    return outputs, errors


def test_fifty_concurrent_hooks_lose_no_record(project, tmp_path):
    """Each hook waits for the busy lock (it changes hands, so the wait goes on past
    ``private.LOCK_WAIT_S``, up to ``private.LOCK_BUSY_S``) and records its finding. On a
    machine so loaded that even that runs out, the hook says so, advises anyway, and
    only its own finding may be missing."""
    env = {**os.environ, "CAVEAT_STATE_DIR": str(tmp_path / "state")}
    payloads = [payload(project, "many", [f"pkg{i}"]) for i in range(50)]
    outputs, errors = _parallel(payloads, env)
    overran = 0  # a guard cut short by its own budget on a crowded machine: no finding
    for out, err in zip(outputs, errors, strict=True):
        if not out and b"exceeded its" in err:
            overran += 1
            continue
        assert json.loads(out)["hookSpecificOutput"]["additionalContext"], err.decode()
    assert overran <= 10, overran
    record = json.loads((tmp_path / "state" / seen.FOLDER / "many.json").read_text())
    gave_up = sum(b"still held" in err for err in errors)
    assert len(record["keys"]) >= 50 - gave_up - overran
    assert gave_up <= 10, gave_up  # a few under heavy load, not a pattern


# --- races, held locks and planted records --------------------------------------------

BOUND_S = 5.0  # far over an answer, far under a hang: only catches the hang


def test_twenty_parallel_hooks_with_one_finding_advise_it_at_most_twice(project, tmp_path):
    env = {**os.environ, "CAVEAT_STATE_DIR": str(tmp_path / "state")}
    outputs, _ = _parallel([payload(project, "race", ["same"])] * 20, env)
    advised = [out for out in outputs if b"additionalContext" in out]
    assert 1 <= len(advised) <= 2, len(advised)
    record = json.loads((tmp_path / "state" / seen.FOLDER / "race.json").read_text())
    assert len(record["keys"]) == 1 and record["claims"] == {}


def test_a_claim_holds_off_others_only_while_its_hook_runs(tmp_path):
    env = {**os.environ, "CAVEAT_STATE_DIR": str(tmp_path / "state")}
    finding = Finding({"path": "package.json"}, key="left-pad", message="m", guard="dependency")
    record = tmp_path / "state" / seen.FOLDER / "c.json"
    running = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    ended = subprocess.run([sys.executable, "-c", "pass"], check=True)
    try:
        for claimer, held in ((running.pid, True), (ended and 2**22 + 1, False)):
            assert seen.unseen(env, "c", []) == []  # makes the record
            now = int(time.time() * 1000)
            claims = {seen.finding_key(finding): [claimer, now]}
            record.write_text(json.dumps({"keys": [], "claims": claims}))
            os.chmod(record, 0o600)
            assert seen.unseen(env, "c", [finding]) == ([] if held else [finding])
            seen.rearm(env, "c")
    finally:
        running.kill()
        running.wait()


def test_a_claim_out_of_time_is_void(tmp_path):
    env = {**os.environ, "CAVEAT_STATE_DIR": str(tmp_path / "state")}
    finding = Finding({"path": "package.json"}, key="left-pad", message="m", guard="dependency")
    running = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        assert seen.unseen(env, "c", []) == []
        record = tmp_path / "state" / seen.FOLDER / "c.json"
        old = int(time.time() * 1000) - seen._LEASE_MS - 1
        record.write_text(json.dumps({"claims": {seen.finding_key(finding): [running.pid, old]}}))
        os.chmod(record, 0o600)
        assert seen.unseen(env, "c", [finding]) == [finding]
    finally:
        running.kill()
        running.wait()


def test_a_held_lock_costs_a_bounded_wait_and_the_advice_is_given(project, tmp_path):
    env = {**os.environ, "CAVEAT_STATE_DIR": str(tmp_path / "state")}
    with held_lock(*session_locks(env, "held")):
        start = time.monotonic()
        firing = run_hook(payload(project, "held", ["a"]), env=env)
        firing_s = time.monotonic() - start
        start = time.monotonic()
        compact = run_hook(payload(project, "held", [], "SessionStart", "compact"), env=env)
        compact_s = time.monotonic() - start
    assert firing_s < BOUND_S and compact_s < BOUND_S, (firing_s, compact_s)
    found = envelope(firing)
    assert found and "a 1.0.0" in found["hookSpecificOutput"]["additionalContext"]
    assert b"still held" in firing.stderr  # logged: the record was skipped, not trusted
    started = envelope(compact)
    assert started and started["hookSpecificOutput"]["additionalContext"]


def test_with_the_lock_held_a_repeat_is_advised_again(project, tmp_path):
    """SPEC §3 Repetition: a record that cannot be read means advising again."""
    env = {**os.environ, "CAVEAT_STATE_DIR": str(tmp_path / "state")}
    assert envelope(run_hook(payload(project, "again", ["a"]), env=env))
    assert envelope(run_hook(payload(project, "again", ["a"]), env=env)) is None
    with held_lock(*session_locks(env, "again")):
        assert envelope(run_hook(payload(project, "again", ["a"]), env=env))


@pytest.mark.parametrize("mode", ["loose", "foreign"])
def test_a_planted_record_is_discarded_and_the_advice_given(project, tmp_path, mode):
    if mode == "foreign" and not can_chown():
        pytest.skip("giving a file to another user needs root")
    env = {**os.environ, "CAVEAT_STATE_DIR": str(tmp_path / "state")}
    key = "dependency\x1fpackage.json\x1fa\x1f"
    planted = plant_caches(env, mode, str(project), "planted", (key,))
    done = run_hook(payload(project, "planted", ["a"]), env=env)
    found = envelope(done)
    assert found and "a 1.0.0" in found["hookSpecificOutput"]["additionalContext"]
    assert PLANTED.encode() not in done.stdout
    record = planted[-1]
    info = os.stat(record)  # rebuilt: ours, private, and without the planted text
    assert info.st_uid == os.geteuid() and info.st_mode & 0o777 == 0o600
    with open(record) as handle:
        assert PLANTED not in handle.read()


def test_a_state_folder_of_another_user_means_advising_again(project, tmp_path):
    if not can_chown():
        pytest.skip("giving a folder to another user needs root")
    folder = tmp_path / "state"
    folder.mkdir(mode=0o700)
    os.chown(folder, 65534, 65534)
    env = {**os.environ, "CAVEAT_STATE_DIR": str(folder)}
    for _ in range(2):
        done = run_hook(payload(project, "theirs", ["a"]), env=env)
        assert envelope(done)
    assert os.listdir(folder) == []
