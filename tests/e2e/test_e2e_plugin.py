"""The Claude Code plugin route in the real Claude Code (plugin_case.py): the
repository added as a marketplace and its plugin installed, offline, without the
checkout's .venv, .cache or dist in the plugin cache; a first session
on a machine where no Python imports caveat gets told once that caveat is getting
ready while the plugin installs caveat in the background from its own source; once
that is done, a second session gets caveat's advice; with the plugin's hold option set
to ``off`` (as ``/plugin`` saves it), a third session's ``git reset --hard`` is advised
and runs, where caveat's defaults would have held it once (test_e2e_holds)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from client_claude import CLAUDE
from lane import HERE
from lane import find_unshare
from lane import install_clis
from lane import wheelhouse
from run_case import family_of
from scenario import RESET
from scenario import head
from servers.base import Segment
from verdict import PROCEDURE
from verdict import START_HEADING

pytestmark = pytest.mark.e2e
PLUGIN_CASE = os.path.join(HERE, "plugin_case.py")
GETTING_READY = "caveat, the advisory hook plugin of this session, is getting ready"
HELD = "PreToolUse:Bash hook error: "  # what Claude Code makes of a hold (a deny)
ADVISED = "PreToolUse:Bash hook additional context: "


@pytest.fixture(scope="module")
def case(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("plugin")
    argv = [find_unshare(), "-n", sys.executable, PLUGIN_CASE, "--out", str(out)]
    argv += ["--clis", install_clis(), "--wheelhouse", wheelhouse()]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return out


def _final(folder: Path) -> list[Segment]:
    records = [json.loads(line) for line in (folder / "requests.jsonl").read_text().splitlines()]
    bodies = [r["body"] for r in records if r["answered"] != "other"]
    assert bodies, f"no agent-loop request in {folder}"
    return family_of(CLAUDE).conversation(bodies[-1])


def test_marketplace_add_and_install(case: Path) -> None:
    log = (case / "install.log").read_text()
    assert "Successfully added marketplace: caveat" in log
    assert "Successfully installed plugin: caveat@caveat" in log


def test_the_plugin_cache_holds_the_plugin_only(case: Path) -> None:
    cache = json.loads((case / "cache.json").read_text())
    paths = [p.split(os.sep) for p in cache["paths"]]
    assert not [p for p in paths if any(part.startswith((".venv", ".cache", "dist")) for part in p)]
    assert any(p[-4:] == ["src", "caveat", "install", "bootstrap.sh"] for p in paths)
    assert cache["bytes"] < 4 << 20, cache["bytes"]


def test_first_session_says_caveat_is_getting_ready(case: Path) -> None:
    result = json.loads((case / "result.json").read_text())
    assert result["first"]["returncode"] == 0 and not result["first"]["timed_out"]
    final = _final(case / "first")
    ready = [s for s in final if GETTING_READY in s.text]
    assert len(ready) == 1 and ready[0].place == "system_msg"
    assert not any(PROCEDURE in s.text or START_HEADING in s.text for s in final)


def test_the_install_finishes_in_the_background(case: Path) -> None:
    result = json.loads((case / "result.json").read_text())
    assert result["ready_after"] is not None, (case / "selfinstall.log").read_text()
    assert "caveat self-install: ready" in (case / "selfinstall.log").read_text()


def test_second_session_gets_the_advice(case: Path) -> None:
    result = json.loads((case / "result.json").read_text())
    assert result["second"]["returncode"] == 0
    final = _final(case / "second")
    assert any(
        s.text.startswith(f"SessionStart hook additional context: {START_HEADING}") for s in final
    )
    advice = [
        s
        for s in final
        if s.text.startswith(
            "PreToolUse:Write hook additional context: This change adds pickle.loads"
        )
    ]
    assert len(advice) == 1 and PROCEDURE in advice[0].text
    assert not any(GETTING_READY in s.text for s in final)


def test_the_hold_option_set_in_plugin_turns_holds_off(case: Path) -> None:
    result = json.loads((case / "result.json").read_text())
    assert result["options"]["returncode"] == 0
    final = _final(case / "options")
    results = [s.text for s in final if s.place == "tool_result"]
    assert len(results) == 1 and not results[0].startswith(HELD), results
    advised = [s for s in final if s.text.startswith(ADVISED) and RESET in s.text]
    assert len(advised) == 1 and PROCEDURE in advised[0].text
    assert head(result["project"]) != result["head_before_options"]  # the reset ran
