"""caveat's own skills, installed where Claude Code reads skills, so that the skills
the session-start index names are there; only caveat's exact copies are removed."""

# ruff: noqa: F401, F811  (pytest fixtures imported from harnesses.install_helpers)

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile

import pytest

from caveat import harnesses
from caveat.install import records
from caveat.install import resolve
from caveat.install import skills
from caveat.install import skills_state
from tests.harnesses.install_helpers import caveat
from tests.harnesses.install_helpers import home
from tests.harnesses.install_helpers import read
from tests.harnesses.install_helpers import write
from tests.helpers import ROOT

NAMES = ["caveat-explain", "caveat-rules"]
PIP_WHEEL = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w"]


def shipped_text(name: str) -> str:
    return read(os.path.join(ROOT, "skills", name, "SKILL.md"))


def test_the_skills_the_index_names_are_the_ones_shipped():
    assert sorted(skills.shipped()) == NAMES
    index = read(os.path.join(ROOT, "messages", "skill-index.md"))
    assert "/caveat-rules" in index and "caveat-explain" in index  # manual: a slash


def test_project_install_copies_verify_reports_uninstall_removes(project, caveat):
    folder = project / ".claude" / "skills"
    code, out, _ = caveat("install", "--harness", "claude", "--project", str(project))
    assert code == 0
    for name in NAMES:
        assert read(folder / name / "SKILL.md") == shipped_text(name)
        assert f"installed skill {name} in {folder / name}" in out
    assert caveat("verify", "--harness", "claude", "--project", str(project))[0] == 0
    os.unlink(folder / "caveat-explain" / "SKILL.md")
    os.rmdir(folder / "caveat-explain")
    code, out, _ = caveat("verify", "--harness", "claude", "--project", str(project))
    assert code == 1 and f"skill caveat-explain is not installed in {folder}" in out
    caveat("install", "--harness", "claude", "--project", str(project))
    code, out, _ = caveat("uninstall", "--harness", "claude", "--project", str(project))
    assert code == 0 and f"removed skill caveat-rules from {folder / 'caveat-rules'}" in out
    assert sorted(os.listdir(project)) == [".git"]


def test_user_install_goes_to_the_home_skills_folder(home, caveat):
    caveat("install", "--harness", "claude")
    for name in NAMES:
        assert read(os.path.join(home, ".claude", "skills", name, "SKILL.md")) == shipped_text(name)
    caveat("uninstall", "--harness", "claude")
    assert not os.path.exists(os.path.join(home, ".claude"))


def test_an_edited_copy_and_an_operators_skill_are_kept(project, caveat):
    folder = project / ".claude" / "skills"
    mine = "---\nname: caveat-explain\ndescription: my own\n---\nmine\n"
    write(folder / "caveat-explain" / "SKILL.md", mine)
    code, out, _ = caveat("install", "--harness", "claude", "--project", str(project))
    assert code == 0 and "kept" in out and "not caveat's copy of skill caveat-explain" in out
    assert read(folder / "caveat-explain" / "SKILL.md") == mine
    code, out, _ = caveat("verify", "--harness", "claude", "--project", str(project))
    assert code == 1 and "is not caveat's skill" in out
    edited = shipped_text("caveat-rules") + "my note\n"
    write(folder / "caveat-rules" / "SKILL.md", edited)
    caveat("uninstall", "--harness", "claude", "--project", str(project))
    assert read(folder / "caveat-explain" / "SKILL.md") == mine
    assert read(folder / "caveat-rules" / "SKILL.md") == edited


def test_an_earlier_versions_copy_is_replaced(project, caveat):
    """What caveat wrote before (its digest is recorded) is caveat's: upgraded."""
    folder = project / ".claude" / "skills"
    caveat("install", "--harness", "claude", "--project", str(project))
    older = "---\nname: caveat-rules\ndescription: old\n---\nold\n"
    write(folder / "caveat-rules" / "SKILL.md", older)
    path = records.record_path(os.environ)
    data = json.loads(read(path))
    data[str(folder)][skills_state.KEY]["caveat-rules"] = skills.digest(
        {"SKILL.md": older.encode()}
    )
    write(path, json.dumps(data))
    code, out, _ = caveat("verify", "--harness", "claude", "--project", str(project))
    assert code == 1 and "earlier version's copy" in out
    caveat("install", "--harness", "claude", "--project", str(project))
    assert read(folder / "caveat-rules" / "SKILL.md") == shipped_text("caveat-rules")


@pytest.mark.parametrize("name", [n for n in harnesses.HARNESSES if n != "claude"])
def test_harnesses_without_a_skills_folder_get_none(name, project, caveat):
    assert resolve.harness(name).skills is None
    caveat("install", "--harness", name, "--project", str(project))
    found = [d for d, _, _ in os.walk(project) if os.path.basename(d) == "skills"]
    assert found == []


def test_dry_run_and_print_write_no_skill(project, caveat):
    code, out, _ = caveat("install", "--harness", "claude", "--project", str(project), "--dry-run")
    assert code == 0 and "would install skill caveat-rules" in out
    code, out, _ = caveat("install", "--harness", "claude", "--project", str(project), "--print")
    assert "# skill: copy the folder" in out and str(project / ".claude" / "skills") in out
    assert sorted(os.listdir(project)) == [".git"]


def test_the_wheel_carries_the_skills(tmp_path):
    out = tmp_path / "wheel"
    subprocess.run(
        [*PIP_WHEEL, str(out), ROOT],
        check=True,
        capture_output=True,
    )
    (built,) = out.glob("caveat-*.whl")
    names = set(zipfile.ZipFile(built).namelist())
    assert {f"caveat/skills/{n}/SKILL.md" for n in NAMES} <= names
    site = tmp_path / "site"
    zipfile.ZipFile(built).extractall(site)
    code = (
        f"import sys; sys.path.insert(0, {str(site)!r}); from caveat.install import skills; "
        "print(skills.bundled()); print(sorted(skills.shipped()))"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-c", code], capture_output=True, text=True, check=True
    )
    folder, found = done.stdout.splitlines()
    assert folder == str(site / "caveat" / "skills") and found == str(NAMES)
