"""Failing guards step aside (SPEC §13): a real guard, made to overrun its budget by
a user rule whose pattern backtracks catastrophically, over real hook processes."""

from __future__ import annotations

import json
import os

from caveat import chain
from caveat import stepaside
from caveat.cli import main
from tests.helpers import hook_payload
from tests.helpers import run_hook

# Overlapping alternatives under a repeat: the rule check lets it through (see
# caveat.guards.custom.backtrack), the guard's time budget stops it.
SLOW_RULE = """---
event: PreToolUse
tools: [Bash]
content: '(a|a)*b'
---
# Slow rule
## Advisory
The slow rule matched {match}.
## Procedure
Nothing.
"""
ATTACK = "echo " + "a" * 40


def slow_rule() -> None:
    rules = os.path.join(os.environ["XDG_CONFIG_HOME"], "caveat", "rules")
    os.makedirs(rules)
    with open(os.path.join(rules, "slow.md"), "w", encoding="utf-8") as handle:
        handle.write(SLOW_RULE)


def custom_outcomes() -> list[tuple[str, str]]:
    folder = os.path.join(os.environ["CAVEAT_STATE_DIR"], "audit")
    rows = []
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), encoding="ascii") as handle:
            for line in handle:
                for guard in json.loads(line)["guards"]:
                    if guard["id"] == "custom":
                        rows.append((guard["outcome"], guard.get("reason", "")))
    return rows


def test_a_guard_that_overruns_three_times_steps_aside(project, capsys):
    slow_rule()
    payload = hook_payload(project, "Bash", {"command": ATTACK}, session="slow")
    runs = [run_hook(payload, cwd=project) for _ in range(4)]
    assert all(r.returncode == 0 and r.stdout == b"" for r in runs)
    said = [r.stderr.decode().count("it is skipped until the session ends") for r in runs]
    assert said == [0, 0, 1, 0]
    assert b"custom" not in runs[3].stderr  # skipped, not run: no overrun line either
    assert custom_outcomes() == [("faulted", "overrun")] * 3 + [("skipped", stepaside.REASON)]
    assert stepaside.benched(os.environ, "slow") == {"custom"}

    other = hook_payload(project, "Bash", {"command": ATTACK}, session="other")
    assert b"exceeded its 1.5 s budget" in run_hook(other, cwd=project).stderr  # per session

    assert main(["doctor", "--project", str(project)]) == 1
    out = capsys.readouterr().out
    assert "guard custom faulted 3 times in session slow" in out
    assert main(["stats"]) == 0
    assert "stepped aside: custom faulted 3 times in a session (1 session)" in (
        capsys.readouterr().out
    )


def test_no_session_no_count(tmp_path):
    env = {"CAVEAT_STATE_DIR": str(tmp_path / "state")}
    assert not stepaside.count(env, "", "eval")
    assert stepaside.benched(env, "") == frozenset()
    assert not os.path.exists(tmp_path / "state")


def test_a_corrupt_record_counts_as_none(tmp_path):
    env = {"CAVEAT_STATE_DIR": str(tmp_path / "state")}
    for _ in range(3):
        stepaside.count(env, "s", "eval")
    assert stepaside.benched(env, "s") == {"eval"}
    path = tmp_path / "state" / "faults" / "s.json"
    path.write_text("{not json")
    assert stepaside.benched(env, "s") == frozenset()
    assert not stepaside.count(env, "s", "eval")
    assert json.loads(path.read_text()) == {"eval": 1}


def test_the_chain_looks_in_the_folder_the_counts_are_kept_in():
    assert chain._FAULTS == stepaside.FOLDER
