"""The shared install / verify / uninstall behaviour, for every harness."""

# ruff: noqa: F401, F811  (pytest fixtures imported from harnesses.install_helpers)

from __future__ import annotations

import json
import os
import stat

import pytest

from caveat import harnesses
from caveat.install import command
from caveat.install import document
from caveat.install import owner
from caveat.install import records
from caveat.install import resolve
from caveat.install.core import ALIASES
from tests.harnesses.install_helpers import HARNESSES
from tests.harnesses.install_helpers import PYTHON
from tests.harnesses.install_helpers import Json
from tests.harnesses.install_helpers import caveat
from tests.harnesses.install_helpers import home
from tests.harnesses.install_helpers import hooks
from tests.harnesses.install_helpers import launch_sh
from tests.harnesses.install_helpers import move_interpreter

OPERATOR: Json = {
    "model": "big",
    "hooks": {
        "PreToolUse": [
            {"matcher": "Bash", "hooks": [{"type": "command", "command": "my-linter --fast"}]}
        ],
        "Notification": [{"hooks": [{"type": "command", "command": "notify-send hi"}]}],
    },
    "zeta": [1, 2, 3],
    "alpha": {"nested": True},
}


def write(path, text: str, mode: int | None = None) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    if mode is not None:
        os.chmod(path, mode)


def read(path) -> str:
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def file_for(name: str, project) -> str:
    return resolve.harness(name).path(os.environ, str(project))


@pytest.mark.parametrize("name", HARNESSES)
@pytest.mark.parametrize("indent", [2, 4])
def test_round_trip_restores_the_operators_file(name, indent, project, caveat):
    path = file_for(name, project)
    original = json.dumps(OPERATOR, indent=indent) + "\n"
    write(path, original, 0o640)

    assert caveat("install", "--harness", name, "--project", str(project))[0] == 0
    first = read(path)
    data = json.loads(first)
    # Operator keys keep their order; hooks stay where they were.
    assert list(data) == list(OPERATOR)
    assert data["hooks"]["Notification"] == OPERATOR["hooks"]["Notification"]
    assert data["hooks"]["PreToolUse"][0] == OPERATOR["hooks"]["PreToolUse"][0]
    assert first.startswith("{\n" + " " * indent + '"model"')
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640

    code, out, _ = caveat("verify", "--harness", name, "--project", str(project))
    assert code == 0 and "installed" in out

    assert caveat("install", "--harness", name, "--project", str(project))[0] == 0
    assert read(path) == first  # byte-identical re-install

    code, out, _ = caveat("uninstall", "--harness", name, "--project", str(project))
    assert code == 0 and "removed" in out
    assert read(path) == original
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640

    code, out, _ = caveat("verify", "--harness", name, "--project", str(project))
    assert code == 1 and "missing" in out


@pytest.mark.parametrize("name", HARNESSES)
def test_created_file_and_folder_go_on_uninstall(name, project, caveat):
    path = file_for(name, project)
    assert caveat("install", "--harness", name, "--project", str(project))[0] == 0
    assert os.path.isfile(path)
    assert caveat("uninstall", "--harness", name, "--project", str(project))[0] == 0
    assert not os.path.exists(path)
    assert not os.path.exists(os.path.dirname(path))
    assert sorted(os.listdir(project)) == [".git"]
    assert not os.path.exists(records.record_path(os.environ))


def test_created_folder_kept_when_something_else_is_in_it(project, caveat):
    path = file_for("claude", project)
    caveat("install", "--harness", "claude", "--project", str(project))
    write(os.path.join(os.path.dirname(path), "agents.md"), "mine\n")
    caveat("uninstall", "--harness", "claude", "--project", str(project))
    assert not os.path.exists(path)
    assert os.listdir(os.path.dirname(path)) == ["agents.md"]


def test_operator_file_left_as_empty_object_is_not_deleted(project, caveat):
    path = file_for("claude", project)
    write(path, "{}\n")
    caveat("install", "--harness", "claude", "--project", str(project))
    caveat("uninstall", "--harness", "claude", "--project", str(project))
    assert read(path) == "{}\n"


@pytest.mark.parametrize("name", HARNESSES)
def test_user_scope_default_and_verify_without_harness(name, home, caveat):
    code, out, _ = caveat("install", "--harness", name)
    assert code == 0
    path = resolve.harness(name).path(os.environ, None)
    assert path.startswith(home) and os.path.isfile(path)
    code, out, _ = caveat("verify", "--json")
    report = json.loads(out)
    assert code == 0 and report["ok"]
    assert [(r["harness"], r["status"]) for r in report["results"]] == [(name, "installed")]


def test_verify_without_harness_reports_nothing_installed(caveat):
    code, _, err = caveat("verify")
    assert code == 1 and "registered with no harness" in err
    assert "caveat install --harness NAME" in err
    code, out, _ = caveat("verify", "--json")
    assert code == 1 and json.loads(out)["ok"] is False


def test_verify_finds_a_recorded_project_install(project, caveat):
    caveat("install", "--harness", "gemini", "--project", str(project))
    code, out, _ = caveat("verify", "--json")
    results = json.loads(out)["results"]
    assert code == 0
    assert [(r["harness"], r["status"]) for r in results] == [("gemini", "installed")]


@pytest.mark.parametrize("name", HARNESSES)
def test_moved_interpreter_is_drift(name, project, caveat):
    path = file_for(name, project)
    caveat("install", "--harness", name, "--project", str(project))
    move_interpreter("/opt/gone/bin/python3")
    code, out, _ = caveat("verify", "--harness", name, "--project", str(project))
    assert code == 1
    assert "drifted" in out and "/opt/gone/bin/python3, which no longer exists" in out
    code, out, _ = caveat("verify", "--harness", name, "--project", str(project), "--json")
    report = json.loads(out)
    assert code == 1 and not report["ok"] and report["results"][0]["status"] == "drifted"
    # Re-installing repairs it in place, and leaves one set of entries.
    caveat("install", "--harness", name, "--project", str(project))
    assert caveat("verify", "--harness", name, "--project", str(project))[0] == 0
    assert "/opt/gone" not in read(path) + read(launch_sh())


def test_missing_group_and_extra_entry_are_drift(project, caveat):
    path = file_for("claude", project)
    caveat("install", "--harness", "claude", "--project", str(project))
    data = json.loads(read(path))
    stop = data["hooks"].pop("Stop")
    data["hooks"]["PostToolUse"] = stop
    write(path, json.dumps(data, indent=2) + "\n")
    code, out, _ = caveat("verify", "--harness", "claude", "--project", str(project))
    assert code == 1
    assert "Stop (all): not registered" in out and "PostToolUse (all): unexpected" in out


@pytest.mark.parametrize("name", HARNESSES)
def test_dry_run_writes_nothing_and_prints_the_diff(name, project, caveat):
    path = file_for(name, project)
    code, out, _ = caveat("install", "--harness", name, "--project", str(project), "--dry-run")
    assert code == 0
    assert out.startswith("--- /dev/null\n+++ " + path)
    assert "--contract" in out and "not written" in out
    assert not os.path.exists(os.path.dirname(path))
    caveat("install", "--harness", name, "--project", str(project))
    before = read(path)
    code, out, _ = caveat("uninstall", "--harness", name, "--project", str(project), "--dry-run")
    assert code == 0 and out.startswith("--- " + path) and read(path) == before
    code, out, _ = caveat("install", "--harness", name, "--project", str(project), "--dry-run")
    assert "already up to date" in out


@pytest.mark.parametrize(
    "text",
    [
        '{\n  // mine\n  "hooks": {}\n}\n',
        '{\n  "hooks": {},\n}\n',
        '{\n  /* block */ "a": 1\n}\n',
    ],
)
def test_jsonc_is_refused_naming_the_file(text, project, caveat):
    path = file_for("claude", project)
    write(path, text)
    code, _, err = caveat("install", "--harness", "claude", "--project", str(project))
    assert code == 1
    assert path in err and "JSONC/JSON5" in err and "caveat install --print" in err
    assert read(path) == text
    # What the refusal points to works on the same file, and writes nothing.
    code, out, err = caveat("install", "--harness", "claude", "--project", str(project), "--print")
    assert code == 0 and not err
    assert out.startswith(f"# merge into {path} ")
    body = "".join(line for line in out.splitlines(keepends=True) if not line.startswith("#"))
    registered = json.loads(body)["hooks"]
    assert list(registered) == [
        "PreToolUse",
        "PostToolUse",
        "PostToolUseFailure",
        "SessionStart",
        "SubagentStart",
        "Stop",
    ]
    assert all(owner.owned(g["hooks"][0], "claude") for gs in registered.values() for g in gs)
    assert read(path) == text and sorted(os.listdir(path.rsplit("/", 1)[0])) == ["settings.json"]


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ('{"hooks": ', "not valid JSON"),
        ("[1, 2]", "top level is not a JSON object"),
        ('{"hooks": []}', '"hooks" is not an object'),
        ('{"hooks": {"PreToolUse": {}}}', '"hooks.PreToolUse" is not a list'),
        ('{"a": 1, "a": 2}', "duplicate key"),
    ],
)
def test_unparseable_or_odd_files_are_refused(text, why, project, caveat):
    path = file_for("codex", project)
    write(path, text)
    code, _, err = caveat("install", "--harness", "codex", "--project", str(project))
    assert code == 1 and path in err and why in err
    assert read(path) == text


@pytest.mark.parametrize("char", ["$", "`", '"', "\\"])
def test_unsafe_interpreter_path_is_refused(char, project, caveat, monkeypatch):
    bad = f"/opt/py{char}thon/bin/python3"
    monkeypatch.setattr(command, "interpreter", lambda: bad)
    code, _, err = caveat("install", "--harness", "claude", "--project", str(project))
    assert code == 1 and repr(bad) in err and "interpreter" in err
    assert not os.path.exists(project / ".claude")


@pytest.mark.parametrize("char", ["$", "`", '"', "\\"])
def test_unsafe_project_path_is_refused(char, tmp_path, caveat):
    project = tmp_path / f"pro{char}ject"
    project.mkdir()
    code, _, err = caveat("install", "--harness", "codex", "--project", str(project))
    assert code == 1 and repr(str(project)) in err and "project" in err
    assert os.listdir(project) == []


def test_unreadable_file_is_skipped_on_uninstall(project, caveat, monkeypatch):
    path = file_for("qwen", project)
    caveat("install", "--harness", "qwen", "--project", str(project))
    before = read(path)

    def denied(where):
        raise PermissionError(13, "Permission denied", where)

    monkeypatch.setattr(document, "load", denied)
    code, out, _ = caveat("uninstall", "--harness", "qwen", "--project", str(project))
    assert code == 0
    assert f"skipped {path}" in out and "Permission denied" in out
    monkeypatch.undo()
    assert read(path) == before


def test_uninstall_without_entries_says_so(project, caveat):
    code, out, _ = caveat("uninstall", "--harness", "gemini", "--project", str(project))
    assert code == 0 and "no caveat entries" in out


def test_only_this_harness_entries_are_touched(project, caveat):
    """A Codex entry pasted into Claude's file is not Claude's to remove."""
    path = file_for("claude", project)
    foreign = {"type": "command", "command": "caveat hook --contract codex PreToolUse"}
    write(path, json.dumps({"hooks": {"Stop": [{"hooks": [foreign]}]}}, indent=2) + "\n")
    caveat("install", "--harness", "claude", "--project", str(project))
    caveat("uninstall", "--harness", "claude", "--project", str(project))
    assert hooks(path) == {"Stop": [{"hooks": [foreign]}]}


def test_old_entries_are_recognised_and_replaced(project, caveat):
    """Entries from a by-hand setup or a moved checkout are caveat's: one set remains."""
    path = file_for("claude", project)
    old = {
        "type": "command",
        "command": "/old/bin/python3",
        "args": ["-I", "/old/lib/caveat/_launch.py", "--contract", "claude", "PreToolUse"],
    }
    mixed = {"matcher": "Bash", "hooks": [{"type": "command", "command": "lint"}, old]}
    write(path, json.dumps({"hooks": {"PreToolUse": [mixed]}}, indent=2) + "\n")
    caveat("install", "--harness", "claude", "--project", str(project))
    groups = hooks(path)["PreToolUse"]
    assert groups[0] == {"matcher": "Bash", "hooks": [{"type": "command", "command": "lint"}]}
    assert [g["matcher"] for g in groups[1:]] == [
        "Write|Edit|MultiEdit|NotebookEdit",
        "Bash|PowerShell",
        "AskUserQuestion",
    ]
    assert caveat("verify", "--harness", "claude", "--project", str(project))[0] == 0


@pytest.mark.parametrize(
    ("handler", "mine"),
    [
        (
            {
                "command": "/p/python",
                "args": ["-I", "/x/caveat/_launch.py", "--contract", "claude", "Stop"],
            },
            True,
        ),
        ({"command": '"/p/python" -I "/x/caveat/_launch.py" --contract claude Stop'}, True),
        # Forms caveat never wrote are the operator's, however close.
        (
            {
                "command": "/p/python",
                "args": ["-I", "/x/caveat/_launch.py", "--contract", "claude"],
            },
            False,
        ),
        ({"command": "caveat hook --contract=claude"}, False),
        ({"command": '"/v/bin/caveat" hook --contract claude'}, False),
        ({"command": "caveat hook"}, False),  # no contract
        ({"command": "caveat hook --contract claudex"}, False),
        ({"command": "caveat-hook --contract claude"}, False),
        ({"command": "echo _launch.py"}, False),
        ("not a dict", False),
    ],
)
def test_ownership_by_invocation(handler, mine):
    assert owner.owned(handler, "claude") is mine


def test_tab_and_no_trailing_newline_are_kept(project, caveat):
    path = file_for("gemini", project)
    original = json.dumps({"ui": {"theme": "dark"}}, indent="\t")
    write(path, original)
    caveat("install", "--harness", "gemini", "--project", str(project))
    text = read(path)
    assert text.startswith('{\n\t"ui"') and not text.endswith("\n")
    caveat("uninstall", "--harness", "gemini", "--project", str(project))
    assert read(path) == original


def test_the_users_symlinked_settings_are_written_through(home, tmp_path, caveat):
    # A dotfile manager links the user's own files: at user scope the link is theirs.
    real = tmp_path / "dotfiles" / "settings.json"
    write(str(real), "{}\n", 0o600)
    link = os.path.join(home, ".claude", "settings.json")
    os.makedirs(os.path.dirname(link))
    os.symlink(real, link)
    caveat("install", "--harness", "claude")
    assert os.path.islink(link) and "launch/hook.sh" in read(real)
    assert stat.S_IMODE(os.stat(real).st_mode) == 0o600


def test_a_symlinked_project_settings_file_is_refused(project, tmp_path, caveat):
    real = tmp_path / "dotfiles" / "settings.json"
    write(str(real), "{}\n", 0o600)
    link = project / ".claude" / "settings.json"
    link.parent.mkdir()
    link.symlink_to(real)
    code, _, err = caveat("install", "--harness", "claude", "--project", str(project))
    assert code == 1 and f"{link} is a symlink (to {real})" in err
    assert "replace the link with a real file" in err and read(real) == "{}\n"


def test_unknown_harness(caveat):
    code, _, err = caveat("install", "--harness", "nope")
    assert code == 1 and "unknown harness 'nope'" in err
    assert "choose one of: claude, codex, " in err and "devin" in err


def test_harnesses_lists_the_table(caveat, home):
    code, out, _ = caveat("harnesses")
    assert code == 0
    for name in harnesses.HARNESSES:
        assert f"\n{name} " in "\n" + out
    assert "<project>/.kiro/hooks/caveat.json" in out
    assert "SessionStart: only session-start output reaches the model" in out
    code, out, _ = caveat("harnesses", "--json")
    rows = {r["name"]: r for r in json.loads(out)}
    assert list(rows) == list(harnesses.HARNESSES) and len(rows) == 10
    assert rows["gemini"]["events"] == ["BeforeTool", "AfterTool", "SessionStart"]
    assert rows["gemini"]["user_file"] == os.path.join(home, ".gemini", "settings.json")
    copilot = ["sessionStart", "preToolUse", "postToolUse", "postToolUseFailure"]
    assert rows["copilot"]["events"] == copilot
    assert rows["cursor"]["events"] == ["sessionStart", "beforeShellExecution"]
    assert rows["devin"]["project_file"] == os.path.join(".devin", "config.local.json")
    assert all(row["why"] for row in rows.values())


def test_verify_without_harness_ignores_unrelated_unreadable_files(home, caveat):
    write(os.path.join(home, ".gemini", "settings.json"), "{ // mine\n}\n")
    code, out, err = caveat("verify")
    assert code == 1 and out == "" and "registered with no harness" in err
    code, out, _ = caveat("verify", "--harness", "gemini")
    assert code == 1 and "unreadable" in out and "JSONC" in out


def test_doctor_reports_harnesses(project, caveat, monkeypatch):
    monkeypatch.chdir(project)
    code, out, _ = caveat("doctor")
    assert code == 1 and "harnesses  ✗ caveat is registered with no harness" in out
    caveat("install", "--harness", "claude", "--project", str(project))
    code, out, _ = caveat("doctor", "--json")
    rows = [c for c in json.loads(out)["checks"] if c["area"] == "harnesses"]
    assert [(r["ok"], r["detail"]) for r in rows] == [
        (True, f"claude: installed ({file_for('claude', project)})")
    ]
    move_interpreter("/opt/gone/python3")
    code, out, _ = caveat("doctor")
    assert code == 1 and "claude: drifted in" in out


@pytest.mark.parametrize(("name", "harness_id"), sorted(ALIASES.items()))
def test_former_names_still_work_on_the_command_line(project, caveat, name, harness_id):
    scope = ("--project", str(project))
    code, out, _ = caveat("install", "--harness", name, *scope)
    assert code == 0 and out.startswith(f"{harness_id}: registered caveat in ")
    assert resolve.harness(name) is resolve.harness(harness_id)
    code, out, _ = caveat("verify", "--harness", name, *scope)
    assert code == 0 and out.startswith(f"{harness_id}: installed (")
    code, out, _ = caveat("uninstall", "--harness", name, *scope)
    assert code == 0 and out.startswith(f"{harness_id}: removed caveat's entries")


def test_records_of_earlier_versions_are_read_by_the_id(project, caveat):
    caveat("install", "--harness", "claude", "--project", str(project))
    path = records.record_path(os.environ)
    with open(path, encoding="utf-8") as fh:
        written = json.load(fh)
    # The settings file, and the skills folder
    assert [r["harness"] for r in written.values()] == ["claude", "claude"]
    # As an earlier version wrote it, under the installer's own name.
    for record in written.values():
        record["harness"] = "claude-code"
    write(path, json.dumps(written))
    code, out, _ = caveat("verify")  # no scope: the project is found through the record
    assert code == 0 and f"claude: installed ({file_for('claude', project)})" in out
