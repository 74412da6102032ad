"""Hostile text reaches the terminal shown, never obeyed: every command run for real
(``caveat.cli.main`` with its output captured, ``caveat serve`` as a process) on the
hostile audit records, payloads, projects and request lines of
``tests.hostile.terminal``. No control, format or separator character other than
``\\n`` and ``\\t`` is written, no record or file forges a line, and what a terminal
shows is the text as written (nothing erased, nothing moved)."""

from __future__ import annotations

import json
import os
import socket
from html.parser import HTMLParser

import pytest

from caveat.cli import main
from tests.helpers import LEFT_PAD
from tests.helpers import trust
from tests.hostile import terminal
from tests.hostile.terminal import HTML
from tests.hostile.terminal import unsafe

SHOWN = "\\x1b[2K"  # an erase sequence, as the commands print it


@pytest.fixture
def state():
    return os.environ["CAVEAT_STATE_DIR"]


@pytest.fixture
def hostile(tmp_path):
    return terminal.policy_project(str(tmp_path))


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    got = capsys.readouterr()
    return code, got.out, got.err


def faithful(text: str) -> None:
    """Nothing raw reaches the terminal, and the terminal shows each line as written:
    no line is erased, overwritten or climbed over."""
    assert unsafe(text) == []
    assert terminal.screen(text) == [line.rstrip() for line in text.split("\n")]


def no_forged_line(text: str) -> None:
    assert not [line for line in text.splitlines() if line.startswith("FORGED")]


def test_log_shows_planted_records_one_line_each(state, capsys):
    terminal.audit_log(state)
    code, out, err = run(capsys, "log")
    assert code == 0
    faithful(out + err)
    assert len(out.splitlines()) == 2  # two records, two lines: nothing forged
    no_forged_line(out)
    assert SHOWN in out and "\\u202e" in out and "\\x9b" in out and "\\r" in out


def test_log_json_keeps_records_as_stored(state, capsys):
    terminal.audit_log(state)
    code, out, _ = run(capsys, "log", "--json")
    assert code == 0
    faithful(out)
    assert json.loads(out.splitlines()[0]) == terminal.record()


def test_log_of_a_record_the_hook_wrote_from_a_hostile_payload(tmp_path, capsys):
    project = tmp_path / "project"
    project.mkdir()
    (project / "package.json").write_text(LEFT_PAD)
    from tests.helpers import commit_all

    commit_all(project)
    terminal.hook_record(str(project))
    code, out, err = run(capsys, "log")
    assert code == 0
    faithful(out + err)
    assert len(out.splitlines()) == 1
    assert "Writeevil\\x1b[2K\\r" in out  # the tool name, shown
    assert "evil\\x1b[2K" in out.split("  ")[3]  # the file path


def test_stats_table(state, capsys):
    terminal.audit_log(state)
    code, out, err = run(capsys, "stats")
    assert code == 0
    faithful(out + err)
    no_forged_line(out)


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def test_stats_page_escapes_every_value_from_a_record(state, tmp_path, capsys):
    terminal.audit_log(state)
    page = tmp_path / "stats.html"
    code, out, _ = run(capsys, "stats", "--html", str(page))
    assert code == 0
    faithful(out)
    parser = _Tags()
    parser.feed(page.read_bytes().decode("utf-8"))  # no newline translation
    names = [tag for tag, _ in parser.tags]
    assert "script" not in names
    assert names.count("b") == 4  # the four headline tiles, none injected
    # The planted "day" (a record's first ten characters) is one attribute value, whole.
    days = {attrs.get("data-day") for tag, attrs in parser.tags if tag == "rect"}
    assert HTML[:10] in days
    guards = {attrs.get("data-guard") for tag, attrs in parser.tags if tag == "rect"}
    assert terminal.HOSTILE in guards


def test_rules_lists_hostile_rules_without_obeying_them(hostile, capsys):
    code, out, err = run(capsys, "rules", "--project", hostile)
    assert code == 1  # the broken rule
    faithful(out + err)
    no_forged_line(out)
    assert SHOWN in out and "strict" in out


def test_trust_screen_shows_the_strict_line(hostile, capsys):
    code, out, err = run(capsys, "trust", hostile)
    assert code == 1  # pytest's stdin is not a terminal: nothing recorded
    faithful(out + err)
    shown = terminal.screen(out)
    assert "+strict: true # \\x1b[2K" in shown
    assert any(line.startswith("+# \\x1b[1A\\x1b[2K\\x9b1A") for line in shown)
    no_forged_line(out)


def test_doctor_untrusted_names_the_hostile_files_shown(hostile, capsys):
    code, out, err = run(capsys, "doctor", "--project", hostile)
    faithful(out + err)
    no_forged_line(out)
    assert code == 1 and SHOWN in out


def test_doctor_trusted_shows_config_values(hostile, capsys):
    trust(hostile)
    _, out, err = run(capsys, "doctor", "--project", hostile)
    faithful(out + err)
    no_forged_line(out)
    assert "unknown table [\\x1b[2K\\r\\x9b1A\\u202eevil\\nFORGED]" in out


@pytest.mark.parametrize("trusted", [False, True])
def test_messages_check_names_hostile_overrides_shown(hostile, trusted, capsys):
    if trusted:
        trust(hostile)
    _, out, err = run(capsys, "messages", "check", "--project", hostile)
    faithful(out + err)
    no_forged_line(out)


def test_explain_a_hostile_payload_in_a_hostile_project(hostile, tmp_path, capsys):
    trust(hostile)
    payload = {
        "session_id": terminal.HOSTILE,
        "cwd": hostile,
        "hook_event_name": "PreToolUse",
        "tool_name": "Write",
        "tool_input": {
            "file_path": os.path.join(hostile, terminal.NAME, "package.json"),
            "content": LEFT_PAD,
        },
    }
    path = tmp_path / "payload.json"
    path.write_text(json.dumps(payload))
    code, out, err = run(capsys, "explain", str(path))
    assert code == 0
    faithful(out + err)
    no_forged_line(out)
    assert SHOWN in out


def test_serve_logs_hostile_request_lines_shown(tmp_path):
    from tests.test_serve import environment
    from tests.test_serve import start

    home = tmp_path / "home"
    home.mkdir()
    server = start(tmp_path, environment(home), tmp_path, workers=1)
    try:
        for head in terminal.request_lines():
            with socket.create_connection(("127.0.0.1", server.port), timeout=30) as conn:
                conn.sendall(head)
                answer = conn.recv(65536)
            assert answer.startswith(b"HTTP/1.1 4"), answer
    finally:
        assert server.stop() == 0
    logged = server.logged()
    faithful(logged)
    no_forged_line(logged)
    assert "serve: 401 for POST /hook/claude/PreToolUse?note=\\x1b[2K\\x1b[1A" in logged
    assert "serve: 404 for POST /hook/claude/\\x1b[2K \\x1b]8;;" in logged
