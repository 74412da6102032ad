"""caveat install --harness codex: shell form, integer seconds, CODEX_HOME."""

# ruff: noqa: F401, F811  (pytest fixtures imported from harnesses.install_helpers)

from __future__ import annotations

import json
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


def test_a_reinstall_writes_the_same_bytes_and_keeps_codex_trust(project, caveat):
    """Codex trusts a hook by a hash of its definition: a reinstall of the same version
    writes the file byte for byte as it was, and says Codex keeps its trust."""
    path = project / ".codex" / "hooks.json"
    code, first, _ = caveat("install", "--harness", "codex", "--project", str(project))
    assert code == 0 and "ask again" not in first and "keeps its trust" not in first
    written = path.read_bytes()
    code, again, _ = caveat("install", "--harness", "codex", "--project", str(project))
    assert code == 0 and path.read_bytes() == written
    assert "already up to date" in again
    assert "Codex keeps its trust in caveat's hooks: their commands are unchanged" in again


def test_a_changed_command_says_codex_will_ask_again(project, caveat):
    """An earlier version's command (here without the launcher check in front) is
    rewritten, and the install names the hooks Codex will ask about."""
    from caveat.install.launcher_sh import START

    caveat("install", "--harness", "codex", "--project", str(project))
    path = project / ".codex" / "hooks.json"
    data = json.loads(path.read_text())
    (group,) = data["hooks"]["SessionStart"]
    group["hooks"][0]["command"] = group["hooks"][0]["command"].replace(f" -c '{START}'", "")
    path.write_text(json.dumps(data, indent=2) + "\n")
    code, out, _ = caveat("install", "--harness", "codex", "--project", str(project))
    assert code == 0 and "registered caveat" in out
    assert "Codex will ask again before it runs the 1 changed hook(s) (SessionStart)" in out
    assert "keeps its trust" not in out


def test_other_harnesses_say_nothing_of_trust(project, caveat):
    caveat("install", "--harness", "gemini", "--project", str(project))
    _, out, _ = caveat("install", "--harness", "gemini", "--project", str(project))
    assert "trust" not in out
