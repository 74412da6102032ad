"""Hook input caveat cannot use: stdout silent and exit 0 as always, but one line on
stderr and a distinct audit outcome, so that a mistyped registration can be found in
``caveat log``, ``caveat stats`` and ``caveat doctor``."""

from __future__ import annotations

import json

import pytest

from caveat.cli import main
from tests.helpers import LEFT_PAD
from tests.helpers import run_hook
from tests.helpers import write_payload
from tests.test_audit import records

CASES = [
    # (hook arguments, stdin, the audit outcome)
    ([], b"{not json", "unusable input"),
    ([], b"[]", "unusable input"),
    ([], b"", "unusable input"),
    ([], b"\xff\xfe\x00binary", "unusable input"),
    (["--contract", "nosuch"], None, "unknown contract"),
    (["--contract"], None, "bad arguments"),
    (["--no-such-flag"], None, "bad arguments"),
]


@pytest.mark.parametrize(("args", "data", "why"), CASES)
def test_unusable_input_is_silent_on_stdout_and_recorded(project, args, data, why):
    payload = write_payload(project, "notes.md", "hello") if data is None else data
    done = run_hook(payload, *args, cwd=project)
    assert done.returncode == 0 and done.stdout == b""
    assert done.stderr.count(b"\n") == 1 and b"hook input not used" in done.stderr
    (record,) = records()
    assert record["unusable"] == why and record["received"] == "nothing"


def test_an_unknown_option_still_gets_the_advice(project):
    """An option from a newer version is recorded, and the call still answers."""
    done = run_hook(write_payload(project, "package.json", LEFT_PAD), "--from-the-future")
    assert json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
    (record,) = records()
    assert record["unusable"] == "bad arguments" and record["received"] == "advice"


def test_an_event_caveat_does_not_handle_is_not_unusable(project):
    payload = json.dumps({"hook_event_name": "Notification", "cwd": str(project)}).encode()
    done = run_hook(payload, cwd=project)
    assert done.returncode == 0 and done.stdout == b"" and done.stderr == b""
    (record,) = records()
    assert "unusable" not in record


def test_log_stats_and_doctor_show_them(project, capsys):
    run_hook(b"{not json", cwd=project)
    run_hook(write_payload(project, "notes.md", "x"), "--contract", "claud", cwd=project)
    run_hook(write_payload(project, "notes.md", "x"), cwd=project)  # a usable call
    assert main(["log", "--outcome", "unusable"]) == 0
    shown = capsys.readouterr().out.splitlines()
    assert len(shown) == 2
    assert "not used: unusable input" in shown[0] and "not used: unknown contract" in shown[1]
    assert main(["stats"]) == 0
    text = capsys.readouterr().out
    assert "not used: 1 claud call(s), unknown contract" in text
    assert "not used: 1 claude call(s), unusable input" in text
    main(["doctor"])
    text = capsys.readouterr().out
    assert "2 hook call(s) in the last day could not be used" in text
    assert "unknown contract from claud" in text and "caveat verify --run" in text
