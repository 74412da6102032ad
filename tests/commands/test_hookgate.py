"""caveat doctor names each Claude Code setting or mode that keeps hooks from
running, with its file: disableAllHooks (user, project, local or managed settings),
allowManagedHooksOnly (managed settings only), the managed-settings.d drop-ins, and
--bare / --safe-mode through their environment variables."""

from __future__ import annotations

import json

import pytest

from caveat.cli import main
from caveat.commands import hookgate


@pytest.fixture
def managed(tmp_path, monkeypatch):
    folder = tmp_path / "managed"
    folder.mkdir()
    monkeypatch.setattr(hookgate, "managed_folder", lambda platform="": str(folder))
    for name, _ in hookgate.MODES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    return folder


def _write(path, data: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))


def _doctor(project, capsys) -> tuple[int, list[str]]:
    assert main(["install", "--harness", "claude", "--project", str(project)]) == 0
    capsys.readouterr()
    code = main(["doctor", "--project", str(project)])
    lines = capsys.readouterr().out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("claude "))
    block = [lines[start]]
    block += [line for line in lines[start + 1 :] if line.startswith(" " * 10)][:9]
    return code, block


def test_nothing_set_passes_and_names_what_was_read(project, managed, capsys):
    _write(project / ".claude" / "settings.local.json", {"model": "x"})
    code, (line,) = _doctor(project, capsys)
    assert code == 0
    assert "✓ no setting or mode turns Claude Code's hooks off" in line
    assert str(project / ".claude" / "settings.local.json") in line


@pytest.mark.parametrize("name", ["settings.json", "settings.local.json"])
def test_disable_all_hooks_in_the_project(project, managed, capsys, name):
    path = project / ".claude" / name
    _write(path, {"disableAllHooks": True})
    code, (line,) = _doctor(project, capsys)
    assert code == 1 and f"✗ disableAllHooks is true in {path}" in line


def test_disable_all_hooks_in_the_user_settings(project, managed, capsys, tmp_path, monkeypatch):
    config = tmp_path / "claude-config"
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(config))
    _write(config / "settings.json", {"disableAllHooks": True})
    code, (line,) = _doctor(project, capsys)
    assert code == 1 and f"disableAllHooks is true in {config / 'settings.json'}" in line


def test_false_or_odd_values_turn_nothing_off(project, managed, capsys):
    _write(project / ".claude" / "settings.json", {"disableAllHooks": "true"})
    _write(managed / "managed-settings.json", {"disableAllHooks": False})
    code, (line,) = _doctor(project, capsys)
    assert code == 0 and "✓" in line


def test_managed_settings(project, managed, capsys):
    path = managed / "managed-settings.json"
    _write(path, {"allowManagedHooksOnly": True, "disableAllHooks": True})
    code, text = _doctor(project, capsys)
    assert code == 1
    shown = "\n".join(text)
    assert f"disableAllHooks is true in {path}: no hook runs at all" in shown
    assert f"allowManagedHooksOnly is true in {path}: only managed hooks run" in shown


def test_a_managed_drop_in(project, managed, capsys):
    path = managed / "managed-settings.d" / "50-hooks.json"
    _write(path, {"allowManagedHooksOnly": True})
    _write(managed / "managed-settings.d" / "notes.txt", {"disableAllHooks": True})
    code, (line,) = _doctor(project, capsys)
    assert code == 1 and f"allowManagedHooksOnly is true in {path}" in line


def test_allow_managed_hooks_only_outside_managed_settings_is_ignored(project, managed, capsys):
    path = project / ".claude" / "settings.json"
    _write(path, {"allowManagedHooksOnly": True})
    code, (line,) = _doctor(project, capsys)
    assert code == 0 and f"allowManagedHooksOnly in {path} is ignored there" in line


@pytest.mark.parametrize(("name", "flag"), hookgate.MODES)
def test_bare_and_safe_mode_from_the_environment(project, managed, capsys, monkeypatch, name, flag):
    monkeypatch.setenv(name, "1")
    code, (line,) = _doctor(project, capsys)
    assert code == 1 and f"{name}=1 is set in this environment" in line and flag in line
    monkeypatch.setenv(name, "0")
    code, _ = _doctor(project, capsys)
    assert code == 0


def test_not_a_problem_without_a_claude_registration(project, managed, capsys):
    _write(project / ".claude" / "settings.json", {"disableAllHooks": True})
    assert main(["install", "--harness", "gemini", "--project", str(project)]) == 0
    capsys.readouterr()
    assert main(["doctor", "--project", str(project)]) == 0
    (line,) = [x for x in capsys.readouterr().out.splitlines() if x.startswith("claude ")]
    assert "✓ disableAllHooks is true" in line


def test_the_platform_folders():
    assert hookgate.managed_folder("linux") == "/etc/claude-code"
    assert hookgate.managed_folder("darwin") == "/Library/Application Support/ClaudeCode"
    assert hookgate.managed_folder("win32") == "C:\\Program Files\\ClaudeCode"
