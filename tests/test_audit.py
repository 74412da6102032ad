"""The audit log (SPEC §13), written by real hook processes."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
from typing import Any

from caveat import audit
from caveat import dispatch
from caveat import hook
from tests.helpers import LAUNCHER
from tests.helpers import LEFT_PAD
from tests.helpers import envelope
from tests.helpers import hook_payload
from tests.helpers import run_hook
from tests.helpers import trust
from tests.helpers import write_payload

FIELDS = ["time", "contract", "event", "tool", "project", "path", "session", "guards"]
FIELDS += ["received", "ms"]


def folder() -> str:
    return os.path.join(os.environ["CAVEAT_STATE_DIR"], "audit")


def today() -> str:
    return os.path.join(folder(), time.strftime("%Y-%m-%d", time.gmtime()) + ".jsonl")


def records() -> list[Any]:
    lines = []
    for name in sorted(os.listdir(folder())):
        with open(os.path.join(folder(), name), encoding="ascii") as handle:
            lines += handle.read().splitlines()
    return [json.loads(line) for line in lines]


def user_config(text: str) -> None:
    path = os.path.join(os.environ["XDG_CONFIG_HOME"], "caveat", "config.toml")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def test_a_firing_and_a_silent_call_each_leave_one_line(project):
    (project / "src").mkdir()
    secret = "ghp_" + "a1" * 20
    firing = write_payload(project, "package.json", LEFT_PAD.replace("1.3.0", secret))
    assert envelope(run_hook(firing, cwd=project)) is not None
    command = f"echo {secret} > /dev/null"
    silent = hook_payload(project, "Bash", {"command": command}, session="a/b c")
    assert run_hook(silent, cwd=project).stdout == b""

    first, second = records()
    assert list(first) == FIELDS
    assert first["contract"] == "claude"
    assert (first["event"], first["tool"], first["path"]) == ("PreToolUse", "Write", "package.json")
    assert first["project"] == str(project)
    assert first["received"] == "advice"
    by_id = {g["id"]: g for g in first["guards"]}
    assert by_id["dependency"]["outcome"] == "advised"
    assert by_id["eval"]["outcome"] == "silent"
    assert all(isinstance(g["ms"], float) for g in first["guards"])
    assert first["ms"] >= by_id["dependency"]["ms"]

    assert (second["tool"], second["path"], second["received"]) == ("Bash", ".", "nothing")
    assert second["session"].startswith("session-")  # "a/b c" is not a file-safe key
    with open(today(), encoding="ascii") as handle:
        raw = handle.read()
    assert secret not in raw and "echo" not in raw and "left-pad" not in raw


def test_the_file_is_private_and_each_line_is_one_object(project):
    run_hook(write_payload(project, "notes.md", "hello\n"), cwd=project)
    assert stat.S_IMODE(os.stat(today()).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(folder()).st_mode) == 0o700


def test_a_hundred_parallel_hooks_write_a_hundred_whole_lines(project):
    procs = []
    for i in range(100):
        data = write_payload(project, f"f{i}.py", f"x = {i}\n", session=f"p{i}")
        proc = subprocess.Popen(
            [sys.executable, "-I", LAUNCHER],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=project,
        )
        procs.append((proc, data))
    for proc, data in procs:
        proc.communicate(data, timeout=120)
    with open(today(), "rb") as handle:
        lines = handle.read().split(b"\n")
    assert lines[-1] == b""
    found = [json.loads(line) for line in lines[:-1]]
    assert len(found) == 100
    assert sorted(r["path"] for r in found) == sorted(f"f{i}.py" for i in range(100))
    assert all(list(r) == FIELDS for r in found)


def test_audit_false_in_the_user_config_turns_it_off(project):
    user_config("audit = false\n")
    run_hook(write_payload(project), cwd=project)
    assert not os.path.exists(folder())


def test_a_project_cannot_turn_the_audit_off(project):
    (project / ".caveat").mkdir()
    (project / ".caveat" / "config.toml").write_text("audit = false\naudit_days = 1\n")
    trust(project)  # even a trusted project cannot
    done = run_hook(write_payload(project, session=""), "SessionStart", cwd=project)
    run_hook(write_payload(project), cwd=project)
    assert len(records()) == 2
    assert b"read from the user config only" in done.stderr


def test_the_kill_switch_writes_nothing(project):
    env = dict(os.environ, CAVEAT_DISABLE="1")
    run_hook(write_payload(project), cwd=project, env=env)
    assert not os.path.exists(folder())


def test_a_new_day_prunes_the_days_past_audit_days(project):
    user_config("audit_days = 3\n")
    os.makedirs(folder(), mode=0o700)
    now = time.time()
    names = [time.strftime("%Y-%m-%d", time.gmtime(now - d * 86400)) + ".jsonl" for d in (2, 5)]
    for name in [*names, "notes.txt"]:
        with open(os.path.join(folder(), name), "w") as handle:
            handle.write("{}\n")
    run_hook(write_payload(project), cwd=project)
    assert sorted(os.listdir(folder())) == sorted(
        [names[0], os.path.basename(today()), "notes.txt"]
    )


def test_an_unwritable_log_changes_nothing_in_the_answer(project):
    first = run_hook(write_payload(project, session="u1"), cwd=project)
    os.unlink(today())
    os.mkdir(today())  # the day's file is a folder: the write fails
    second = run_hook(write_payload(project, session="u2"), cwd=project)
    assert second.returncode == 0
    assert second.stdout == first.stdout
    assert b"audit log not written" in second.stderr


def test_a_long_path_keeps_the_line_short_and_whole(project):
    deep = "/".join(["d" * 200] * 30) + "/package.json"
    run_hook(write_payload(project, deep, LEFT_PAD), cwd=project)
    with open(today(), encoding="ascii") as handle:
        line = handle.read()
    assert len(line) <= 4096
    path = json.loads(line)["path"]
    assert path.startswith("\u2026") and path.endswith("d/package.json") and len(path) == 300


def test_the_resident_server_path_is_logged_too(project):
    hook.respond([], write_payload(project), os.environ)
    assert [r["received"] for r in records()] == ["advice"]


def test_the_line_escapes_what_it_quotes(project):
    out = dispatch.Outcome(contract='x"\n\u2028')
    line = audit.line(out, 0.001, 0.0)
    assert line.endswith("\n") and line.count("\n") == 1
    assert json.loads(line)["contract"] == 'x"\n\u2028'
    assert json.loads(line)["time"] == "1970-01-01T00:00:00Z"


def test_a_strict_denial_is_logged_as_denied(project):
    question = {
        "question": "How should the old cache folder be handled?",
        "header": "Cache",
        "multiSelect": False,
        "options": [
            {"label": "Delete it (recommended)", "description": "rm -rf the folder"},
            {"label": "Keep it", "description": "leave it"},
        ],
    }
    data = hook_payload(project, "AskUserQuestion", {"questions": [question]})
    done = run_hook(data, cwd=project, env=dict(os.environ, CAVEAT_STRICT="askuser"))
    assert b'"permissionDecision":"deny"' in done.stdout.replace(b" ", b"")
    (record,) = records()
    assert record["received"] == "deny"
    assert {g["id"]: g["outcome"] for g in record["guards"]}["askuser"] == "denied"


def test_a_hook_that_fails_open_is_logged(project):
    code = (
        "import caveat.messages as m\n"
        "def bad(*a, **k):\n    raise KeyError('the secret text')\n"
        "m.render = bad\n"
        "import caveat.hook as h\n"
        "h.main([])\n"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-c", code],
        input=write_payload(project),
        capture_output=True,
        check=False,
    )
    assert (done.returncode, done.stdout) == (0, b"")
    (record,) = records()
    assert record["failed"] == "KeyError"
    assert record["received"] == "nothing"
    assert (record["tool"], record["path"], record["guards"]) == ("", "", [])
    with open(today(), encoding="ascii") as handle:
        assert "secret" not in handle.read()


def test_a_subagents_call_names_the_agent(project):
    """Inside a subagent Claude Code adds ``agent_id`` and ``agent_type``: the line
    keeps both; a main-session call carries neither key."""
    data = json.loads(hook_payload(project, "Bash", {"command": "ls"}))
    data.update(agent_id="agent-a1b2", agent_type="Explore")
    assert run_hook(json.dumps(data).encode(), cwd=project).stdout == b""
    assert run_hook(hook_payload(project, "Bash", {"command": "ls"}), cwd=project).stdout == b""
    sub, main = records()
    assert (sub["agent_id"], sub["agent_type"]) == ("agent-a1b2", "Explore")
    assert list(sub)[-3:] == ["agent_id", "agent_type", "ms"]
    assert "agent_id" not in main and "agent_type" not in main and list(main) == FIELDS
