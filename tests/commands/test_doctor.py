from __future__ import annotations

import json

from caveat.cli import main


def test_healthy_project(project, capsys):
    assert main(["doctor", "--project", str(project)]) == 0
    out = capsys.readouterr().out
    for area in ("python", "state", "config", "messages", "rules"):
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
    # the policy cannot be trusted without a state folder: config and rules unread
    assert failing == {"state", "config", "rules", "trust"}
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
