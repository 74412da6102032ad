from __future__ import annotations

import json
import os
import time

import pytest

from caveat import auditlog
from caveat.cli import main
from tests.commands.auditlog_fixture import KNOWN
from tests.commands.auditlog_fixture import write_log
from tests.helpers import run_hook
from tests.helpers import write_payload


@pytest.fixture
def known_log():
    write_log(os.environ["CAVEAT_STATE_DIR"])


def shown(capsys):
    return capsys.readouterr().out.splitlines()


def test_log_prints_one_line_per_record_oldest_first(known_log, capsys):
    assert main(["log"]) == 0
    lines = shown(capsys)
    assert len(lines) == len(KNOWN)
    assert lines[0].startswith("2026-11-29 10:00:00  claude")
    assert "→ advice" in lines[0] and "eval advised 2.0 ms" in lines[0]
    assert "dependency" not in lines[0]  # silent guards are left out
    assert "custom skipped" in lines[8]
    assert lines[-1].endswith("git advised 0.4 ms")


def test_log_json_prints_the_records_as_stored(known_log, capsys):
    assert main(["log", "--json"]) == 0
    assert [json.loads(line) for line in shown(capsys)] == KNOWN


@pytest.mark.parametrize(
    ("args", "times"),
    [
        (["--session", "s4"], ["10:00", "10:01", "10:02", "10:03"]),
        (["--guard", "custom", "--outcome", "skipped"], ["10:03"]),
        (["--outcome", "denied"], ["09:30"]),
        (["--guard", "eval"], ["10:00", "08:00"]),
        (["--guard", "eval", "--outcome", "advised"], ["10:00"]),
        (["--since", "2026-12-01"], ["08:00", "08:05"]),
        (["--since", "2026-11-30T10:01"], ["10:01", "10:02", "10:03", "08:00", "08:05"]),
        (["-n", "2"], ["08:00", "08:05"]),
    ],
)
def test_filters(known_log, capsys, args, times):
    assert main(["log", *args]) == 0
    assert [line[11:16] for line in shown(capsys)] == times


def test_since_a_span_counts_back_from_now():
    now = 1_000_000.0
    assert auditlog.parse_since("90m", now) == now - 5400
    assert auditlog.parse_since("2d", now) == now - 2 * 86400
    assert auditlog.parse_since("1w", now) == now - 7 * 86400
    assert auditlog.parse_since("1970-01-02") == 86400.0
    with pytest.raises(ValueError, match="30m, 1h, 2d"):
        auditlog.parse_since("yesterday")


def test_a_bad_since_names_the_forms(capsys):
    assert main(["log", "--since", "soon"]) == 2
    assert "use 30m, 1h, 2d, 1w or a date" in capsys.readouterr().err


def test_no_log_says_where_it_would_be(capsys):
    assert main(["log"]) == 0
    err = capsys.readouterr().err
    assert "no audit records match" in err and os.environ["CAVEAT_STATE_DIR"] in err


def test_a_torn_line_is_passed_over(known_log, capsys):
    folder = os.path.join(os.environ["CAVEAT_STATE_DIR"], "audit")
    with open(os.path.join(folder, "2026-12-01.jsonl"), "a") as handle:
        handle.write('{"time":"2026-12-01T09:')
    assert main(["log", "--json", "-n", "0"]) == 0
    assert len(shown(capsys)) == len(KNOWN)


def test_log_of_real_hook_calls(project, capsys):
    run_hook(write_payload(project, session="real"), cwd=project)
    run_hook(write_payload(project, "notes.md", "hi\n", session="real"), cwd=project)
    assert main(["log", "--session", "real", "--since", "1h"]) == 0
    first, second = shown(capsys)
    assert time.strftime("%Y-%m-%d", time.gmtime()) in first
    assert "package.json" in first and "dependency advised" in first
    assert "notes.md" in second and "all silent" in second
