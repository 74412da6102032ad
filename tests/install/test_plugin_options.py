"""The plugin's options (``userConfig`` in plugin.json, set in /plugin): Claude Code
hands each to the hooks as ``CLAUDE_PLUGIN_OPTION_<KEY>``; the bootstrap passes hold
and strict on as ``CAVEAT_HOLD`` and ``CAVEAT_STRICT``, unless the user exported
those already, and leaves the configuration in charge for "config" or empty."""

from __future__ import annotations

import json
import os
import re
import subprocess

import pytest

from caveat.install import plugin_repo
from tests.helpers import ROOT

BOOTSTRAP = os.path.join(ROOT, "src", "caveat", "install", "bootstrap.sh")


def _options_block() -> str:
    with open(BOOTSTRAP, encoding="utf-8") as fh:
        text = fh.read()
    start = text.index("# The plugin's options")
    return text[start : text.index('"$py" -I "$launch"', start)]


def _after(env: dict[str, str]) -> dict[str, str]:
    """CAVEAT_HOLD and CAVEAT_STRICT as the bootstrap leaves them for the hook."""
    script = (
        _options_block() + 'printf "%s\\n%s\\n" "${CAVEAT_HOLD-unset}" "${CAVEAT_STRICT-unset}"'
    )
    done = subprocess.run(
        ["bash", "-c", script], env={"PATH": "/usr/bin:/bin", **env}, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    hold, strict = done.stdout.splitlines()
    return {"hold": hold, "strict": strict}


@pytest.mark.parametrize("value", ["once", "ask", "off"])
def test_hold_mode_is_passed_on(value):
    assert _after({"CLAUDE_PLUGIN_OPTION_HOLD": value})["hold"] == value


@pytest.mark.parametrize("value", ["config", "", "ONCE", "once; rm -rf /", "$(touch x)"])
def test_hold_config_or_anything_else_changes_nothing(value):
    assert _after({"CLAUDE_PLUGIN_OPTION_HOLD": value})["hold"] == "unset"


def test_an_exported_variable_wins():
    env = {"CLAUDE_PLUGIN_OPTION_HOLD": "off", "CAVEAT_HOLD": "ask"}
    env |= {"CLAUDE_PLUGIN_OPTION_STRICT": "plan", "CAVEAT_STRICT": "custom"}
    assert _after(env) == {"hold": "ask", "strict": "custom"}


@pytest.mark.parametrize(
    ("value", "want"),
    [("custom,plan", "custom,plan"), ("custom, plan-bash", "custom, plan-bash"), ("", "unset")],
)
def test_strict_guards_are_passed_on(value, want):
    assert _after({"CLAUDE_PLUGIN_OPTION_STRICT": value})["strict"] == want


@pytest.mark.parametrize("value", ["custom;id", "$(id)", "`id`", "Custom"])
def test_strict_with_other_characters_changes_nothing(value):
    assert _after({"CLAUDE_PLUGIN_OPTION_STRICT": value})["strict"] == "unset"


def test_the_manifest_declares_both_options():
    data = json.loads(plugin_repo.repository_files()["plugin/.claude-plugin/plugin.json"])
    options = data["userConfig"]
    assert sorted(options) == ["hold", "strict"]
    for key, field in options.items():
        # Claude Code's rules: identifier keys; a string field with options has its
        # default among them.
        assert re.fullmatch(r"[A-Za-z_]\w*", key) and field["type"] == "string"
        assert field["title"] and field["description"]
    assert options["hold"]["default"] in options["hold"]["options"]
    assert set(options["hold"]["options"]) == {"config", "once", "ask", "off"}
