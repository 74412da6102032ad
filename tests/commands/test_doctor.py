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
    assert failing == {"state", "config", "rules"}
    assert any("broken.md" in (c["problem"] or "") for c in report["checks"])
