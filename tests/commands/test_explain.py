from __future__ import annotations

import json

from caveat.cli import main


def write(tmp_path, payload):
    path = tmp_path / "payload.json"
    path.write_text(json.dumps(payload))
    return str(path)


def test_explain_a_firing_payload(project, tmp_path, capsys):
    payload = {
        "cwd": str(project),
        "hook_event_name": "PreToolUse",
        "tool_name": "Write",
        "tool_input": {
            "file_path": str(project / "package.json"),
            "content": '{"dependencies": {"a": "1"}}',
        },
    }
    assert main(["explain", write(tmp_path, payload)]) == 0
    out = capsys.readouterr().out
    assert "event      PreToolUse  tool Write" in out
    assert "guard      dependency   fired" in out
    assert "guard      eval         silent" in out
    assert 'envelope   {"hookSpecificOutput"' in out


def test_explain_an_event_no_guard_handles(project, tmp_path, capsys):
    payload = {"cwd": str(project), "hook_event_name": "Notification"}
    assert main(["explain", write(tmp_path, payload)]) == 0
    out = capsys.readouterr().out
    assert "guard      dependency   skipped              does not handle Notification" in out
    assert "outcome    silent: no guard handles this event and tool" in out


def test_explain_session_start(project, tmp_path, capsys):
    payload = {"cwd": str(project), "hook_event_name": "SessionStart", "source": "startup"}
    assert main(["explain", write(tmp_path, payload)]) == 0
    out = capsys.readouterr().out
    assert "guard      sessionstart fired" in out
    assert "caveat is watching this session" in out


def test_explain_restricted_by_guard(project, tmp_path, capsys):
    payload = {
        "cwd": str(project),
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "ls"},
    }
    assert main(["explain", write(tmp_path, payload), "PreToolUse", "--guards", "eval"]) == 0
    out = capsys.readouterr().out
    assert "not among the guards the registration names" in out


def test_explain_not_json(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text("nope")
    assert main(["explain", str(path)]) == 0
    assert "outcome    silent: input is not JSON" in capsys.readouterr().out


def test_explain_missing_file_names_the_file_and_the_fix(tmp_path, capsys):
    assert main(["explain", str(tmp_path / "missing.json")]) == 2
    err = capsys.readouterr().err
    assert "missing.json" in err and "- to read it from stdin" in err


def test_every_subcommand_reaches_one_handler(capsys):
    assert main([]) == 2
    assert "COMMAND" in capsys.readouterr().out


def test_explain_shows_the_silent_answer_where_the_harness_needs_one(project, tmp_path, capsys):
    call = {"name": "run_command", "args": {"CommandLine": "ls", "Cwd": str(project)}}
    payload = {"conversationId": "c1", "workspacePaths": [str(project)], "toolCall": call}
    path = write(tmp_path, payload)
    assert main(["explain", path, "--contract", "antigravity", "PreToolUse"]) == 0
    out = capsys.readouterr().out
    assert 'envelope   {"decision":"ask"} (the silent answer)' in out
    assert main(["explain", path, "--contract", "antigravity"]) == 0  # no event: still
    assert "(the silent answer)" in capsys.readouterr().out
    assert main(["explain", path]) == 0  # Claude's silence is empty stdout
    assert "(the silent answer)" not in capsys.readouterr().out


def _bash(project, command: str) -> dict[str, object]:
    return {
        "session_id": "explain-hold",
        "cwd": str(project),
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": command},
    }


def test_explain_says_why_a_call_was_held_and_changes_nothing(project, tmp_path, capsys):
    path = write(tmp_path, _bash(project, "git reset --hard HEAD~1"))
    for _ in range(2):  # looking twice: still held, nothing was recorded
        assert main(["explain", path]) == 0
        out = capsys.readouterr().out
        assert "hold       held (git): first time in this session, before it ran" in out
        assert '"permissionDecision":"deny"' in out


def test_explain_says_why_a_call_was_not_held(project, tmp_path, capsys, monkeypatch):
    assert main(["explain", write(tmp_path, _bash(project, "git commit -m x"))]) == 0
    assert (
        "hold       not held: nothing found is of the irreversible class" in capsys.readouterr().out
    )
    config = project.parent / "home-config"
    (config / "caveat").mkdir(parents=True)
    (config / "caveat" / "config.toml").write_text('[hold]\nmode = "off"\n')
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    assert main(["explain", write(tmp_path, _bash(project, "git reset --hard"))]) == 0
    out = capsys.readouterr().out
    assert 'hold       not held: holds are turned off ([hold] mode = "off")' in out
