"""caveat install --harness codex: shell form, integer seconds, CODEX_HOME."""

# ruff: noqa: F401, F811  (pytest fixtures imported from harnesses.install_helpers)

from __future__ import annotations

import os

from caveat.install.command import launcher
from tests.harnesses.install_helpers import caveat
from tests.harnesses.install_helpers import context
from tests.harnesses.install_helpers import example
from tests.harnesses.install_helpers import home
from tests.harnesses.install_helpers import hooks
from tests.harnesses.install_helpers import launch_sh
from tests.harnesses.install_helpers import shell_start


def test_registrations(project, caveat):
    code, out, _ = caveat("install", "--harness", "codex", "--project", str(project))
    assert code == 0 and "trusted" in out  # the /hooks trust note
    registered = hooks(project / ".codex" / "hooks.json")
    assert list(registered) == ["PreToolUse", "PostToolUse", "SessionStart"]
    (group,) = registered["PreToolUse"]
    assert group["matcher"] == "^(apply_patch|Bash)$"
    handler = group["hooks"][0]
    assert handler["timeout"] == 30 and isinstance(handler["timeout"], int)
    assert handler["command"] == f"{shell_start()} --contract codex PreToolUse"
    assert "args" not in handler
    (after,) = registered["PostToolUse"]
    assert after["matcher"] == "*"
    assert after["hooks"][0]["command"].endswith(
        "--contract codex PostToolUse --guards compaction,custom"
    )
    start = registered["SessionStart"][0]
    assert "matcher" not in start and start["hooks"][0]["command"].endswith(
        "--contract codex SessionStart"
    )


def test_registered_command_reaches_the_guards(project, caveat):
    caveat("install", "--harness", "codex", "--project", str(project))
    handler = hooks(project / ".codex" / "hooks.json")["PreToolUse"][0]["hooks"][0]
    text = context(handler, example("11-codex-bash-pip-install.json", project), project)
    assert "requests" in text or "pip" in text


def test_codex_home(tmp_path, caveat, monkeypatch):
    monkeypatch.setenv("CODEX_HOME", str(tmp_path / "codex-home"))
    assert caveat("install", "--harness", "codex")[0] == 0
    assert os.path.isfile(tmp_path / "codex-home" / "hooks.json")
    assert caveat("verify", "--harness", "codex")[0] == 0
    assert caveat("uninstall", "--harness", "codex")[0] == 0
    assert not os.path.exists(tmp_path / "codex-home")


def test_default_user_file(home, caveat, monkeypatch):
    monkeypatch.delenv("CODEX_HOME", raising=False)
    caveat("install", "--harness", "codex")
    assert os.path.isfile(os.path.join(home, ".codex", "hooks.json"))
