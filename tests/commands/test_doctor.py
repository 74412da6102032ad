from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from caveat.cli import main
from tests.harnesses.install_helpers import launch_sh
from tests.harnesses.install_helpers import move_interpreter
from tests.helpers import trust


def test_healthy_project(project, capsys):
    assert main(["install", "--harness", "claude", "--project", str(project)]) == 0
    capsys.readouterr()
    assert main(["doctor", "--project", str(project)]) == 0
    out = capsys.readouterr().out
    for area in ("python", "state", "config", "messages", "rules", "harnesses"):
        assert f"{area:10} ✓" in out


def test_problems_are_reported_and_exit_non_zero(project, tmp_path, monkeypatch, capsys):
    (project / ".caveat").mkdir()
    (project / ".caveat" / "config.toml").write_text("[guards\n")
    rules = project / ".caveat" / "rules"
    rules.mkdir()
    (rules / "broken.md").write_text("---\nevent: Nope\n---\n## Advisory\nx\n")
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("CAVEAT_STATE_DIR", str(blocker))
    assert main(["doctor", "--project", str(project), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is False
    failing = {c["area"] for c in report["checks"] if not c["ok"]}
    # the policy cannot be trusted without a state folder: config and rules unread;
    # and nothing is registered
    assert failing == {"state", "config", "rules", "trust", "harnesses"}
    assert any("broken.md" in (c["problem"] or "") for c in report["checks"])


def test_harnesses_installed_where_and_the_claude_overlap(project, tmp_path, capsys):
    other = tmp_path / "other"
    (other / ".git").mkdir(parents=True)
    assert main(["install", "--harness", "kiro", "--project", str(other)]) == 0
    assert main(["install", "--harness", "cursor", "--project", str(project)]) == 0
    assert main(["install", "--harness", "claude", "--project", str(project)]) == 0
    capsys.readouterr()
    assert main(["doctor", "--project", str(project), "--json"]) == 0
    rows = [c for c in json.loads(capsys.readouterr().out)["checks"] if c["area"] == "harnesses"]
    details = [r["detail"] for r in rows]
    assert f"cursor: installed ({project / '.cursor' / 'hooks.json'})" in details
    assert f"claude: installed ({project / '.claude' / 'settings.json'})" in details
    # A project caveat installed into elsewhere is found through the install record.
    assert f"kiro: installed ({other / '.kiro' / 'hooks' / 'caveat.json'})" in details
    notes = [d for d in details if d.startswith("note: ")]
    assert len(notes) == 1 and "Include Third-Party Plugins" in notes[0]
    assert all(r["ok"] for r in rows)


def test_an_http_install_is_found_in_the_local_settings(project, capsys, monkeypatch):
    import os

    from caveat import serve

    assert main(["install", "--harness", "claude", "--project", str(project), "--http"]) == 0
    # The shell profile line install prints: the HTTP hooks send the token from here.
    monkeypatch.setenv("CAVEAT_SERVE_TOKEN", serve.ensure_token(os.environ))
    capsys.readouterr()
    assert main(["doctor", "--project", str(project)]) == 0
    local = project / ".claude" / "settings.local.json"
    assert f"claude: installed ({local})" in capsys.readouterr().out


# --- one verdict per topic --------------------------------------------------------------


def _config(project, tmp_path, monkeypatch) -> str:
    folder = tmp_path / "home" / ".config" / "caveat"
    folder.mkdir(parents=True)
    (folder / "config.toml").write_text("[guards\n")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder.parent))
    return "config"


def _policy(project) -> None:
    (project / ".caveat").mkdir(exist_ok=True)
    (project / ".caveat" / "config.toml").write_text("[guards]\n")


def _lapsed(project, tmp_path, monkeypatch) -> str:
    _policy(project)
    trust(project)
    (project / ".caveat" / "config.toml").write_text("[guards]\ngit = false\n")
    return "trust"


def _untrusted(project, tmp_path, monkeypatch) -> str:
    other = tmp_path / "other"
    (other / ".git").mkdir(parents=True)
    _policy(other)
    trust(other)  # a trusted project is listed: a passing detail of the topic
    _policy(project)
    return "trust"


def _planted_state(project, tmp_path, monkeypatch) -> str:
    real = tmp_path / "elsewhere"
    real.mkdir()
    link = tmp_path / "state-link"
    link.symlink_to(real)
    monkeypatch.setenv("CAVEAT_STATE_DIR", str(link))
    return "state"


def _launch_fault(project, tmp_path, monkeypatch) -> str:
    assert main(["install", "--harness", "claude"]) == 0
    move_interpreter("/opt/gone/bin/python3")
    payload = json.dumps({"session_id": "s", "cwd": str(project), "hook_event_name": "Stop"})
    ran = subprocess.run(
        ["/bin/sh", launch_sh(), "--contract", "claude", "Stop"],
        input=payload.encode(),
        capture_output=True,
        timeout=30,
        check=False,
    )
    assert ran.returncode == 0 and b"launch failed" in ran.stderr
    return "launch"


STATES = {
    "invalid TOML config": _config,
    "lapsed trust": _lapsed,
    "untrusted policy": _untrusted,
    "planted state folder": _planted_state,
    "launcher fault": _launch_fault,
}


def _topics(text: str) -> dict[str, list[str]]:
    """The marks (✗, ✓ or blank) of each topic's lines, checking that a topic is one
    block named once."""
    topics: dict[str, list[str]] = {}
    current = ""
    for line in text.splitlines()[1:]:
        if not line.strip():
            break  # the summary follows
        area, mark = line[:10].strip(), line[11]
        if area:
            assert area not in topics, f"{area} named twice:\n{text}"
            current = area
            topics[area] = []
        topics[current].append(mark)
    return topics


TOGETHER = ["invalid TOML config", "lapsed trust", "launcher fault"]


@pytest.mark.parametrize("states", [[name] for name in STATES] + [TOGETHER])
def test_one_verdict_per_topic_and_no_pass_after_a_fail(
    states, project, tmp_path, monkeypatch, capsys
):
    broken = {STATES[name](project, tmp_path, monkeypatch) for name in states}
    capsys.readouterr()
    assert main(["doctor", "--project", str(project)]) == 1
    text = capsys.readouterr().out
    topics = _topics(text)
    for area, marks in topics.items():
        assert marks[0] in "✗✓", text
        if "✗" in marks:
            assert "✓" not in marks, f"{area} passes after it fails:\n{text}"
        assert set(marks[1:]) <= {marks[0] if marks[0] == "✗" else " "}, text
    assert {area for area, marks in topics.items() if marks[0] == "✗"} >= broken, text


# --- nothing registered, the plugin, registered twice --------------------------------


def _plugin(path, enabled: object = True) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    data = json.loads(path.read_text()) if path.exists() else {}
    data["enabledPlugins"] = {"caveat@caveat": enabled, "other@market": True}
    path.write_text(json.dumps(data))


def test_nothing_registered_needs_attention_with_the_fix(project, capsys):
    assert main(["doctor", "--project", str(project)]) == 1
    out = capsys.readouterr().out
    (line,) = [row for row in out.splitlines() if row.startswith("harnesses")]
    assert "✗ caveat is registered with no harness" in line
    assert "caveat install --harness NAME" in line and "claude plugin install caveat@" in line
    assert main(["verify"]) == 1
    assert "caveat install --harness NAME" in capsys.readouterr().err


def test_the_enabled_plugin_counts_as_registered(project, capsys):
    settings = Path(os.environ["HOME"]) / ".claude" / "settings.json"
    _plugin(settings, enabled=False)
    assert main(["doctor", "--project", str(project)]) == 1  # disabled: not registered
    assert main(["verify"]) == 1
    capsys.readouterr()
    _plugin(settings)
    assert main(["doctor", "--project", str(project)]) == 0
    assert f"claude: the Claude Code plugin caveat@caveat (enabled in {settings})" in (
        capsys.readouterr().out
    )
    assert main(["verify"]) == 0
    assert main(["verify", "--harness", "claude"]) == 0
    assert f"claude: plugin caveat@caveat enabled ({settings})" in capsys.readouterr().out
    # The project's local settings turn it off for this project only.
    _plugin(project / ".claude" / "settings.local.json", enabled=False)
    assert main(["doctor", "--project", str(project)]) == 1


def test_plugin_and_user_install_are_registered_twice(project, capsys):
    settings = Path(os.environ["HOME"]) / ".claude" / "settings.json"
    _plugin(settings)
    assert main(["install", "--harness", "claude"]) == 0
    capsys.readouterr()
    assert main(["doctor", "--project", str(project)]) == 1
    out = capsys.readouterr().out
    (line,) = [row for row in out.splitlines() if "registered both" in row]
    assert line.startswith("harnesses  ✗ claude: caveat's PreToolUse, PostToolUse")
    assert f"both in {settings} and in the Claude Code plugin caveat@caveat" in line
    assert "runs twice" in line and "caveat uninstall --harness claude --user" in line
    assert "claude plugin disable caveat@caveat" in line
    assert main(["verify"]) == 0  # installed, and warned
    warned = capsys.readouterr().err
    assert warned.startswith("warning: claude: caveat's") and "claude plugin disable" in warned
    assert main(["verify", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["warnings"] == [warned[len("warning: ") :].strip()]
    # Removed from the user's file: once, and nothing to warn of.
    assert main(["uninstall", "--harness", "claude", "--user"]) == 0
    capsys.readouterr()
    assert main(["doctor", "--project", str(project)]) == 0


def test_user_and_project_installs_of_one_harness_are_registered_twice(project, capsys):
    assert main(["install", "--harness", "gemini"]) == 0
    assert main(["install", "--harness", "gemini", "--project", str(project)]) == 0
    capsys.readouterr()
    assert main(["doctor", "--project", str(project)]) == 1
    (line,) = [r for r in capsys.readouterr().out.splitlines() if "registered both" in r]
    assert "gemini: caveat's BeforeTool, AfterTool, SessionStart hooks" in line
    assert f"--harness gemini --project {project}" in line and "--harness gemini --user" in line
    # verify, from anywhere, finds the project through the install record.
    assert main(["verify"]) == 0
    assert "registered both" in capsys.readouterr().err
