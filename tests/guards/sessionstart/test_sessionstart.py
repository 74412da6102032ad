"""The session-start guard: bootstrap, post-compaction recovery, skill index, the
plugin-only rules pointer, the knowledge-base drift line and the duplicate window."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from caveat import dispatch
from caveat import messages
from caveat.config import Config
from caveat.config import defaults
from caveat.event import Event
from caveat.guards.base import Context
from caveat.guards.sessionstart import bootstrap
from tests.helpers import check as checked
from tests.helpers import trust

SOURCE = os.path.dirname(messages.locate("sessionstart"))
HOSTS = ("CURSOR_PROJECT_DIR", "CURSOR_VERSION", "DEVIN_PROJECT_DIR", "CLAUDE_PLUGIN_ROOT")


@pytest.fixture(autouse=True)
def _setup(tmp_path, monkeypatch):
    """The guard registered; a messages folder holding only this guard's files (the
    bundled skill index belongs to another feature); no host variables."""
    folder = tmp_path / "bundled"
    folder.mkdir()
    for name in ("sessionstart.md", "postcompact.md"):
        shutil.copy(os.path.join(SOURCE, name), folder / name)
    monkeypatch.setattr(messages, "bundled_dir", lambda: str(folder))
    for key in (*HOSTS, "CLAUDE_CONFIG_DIR"):
        monkeypatch.delenv(key, raising=False)


def check(event):
    return checked("sessionstart", event, Context(event, dict(os.environ), Config(defaults())))


def kinds(findings):
    return [(f.message, f.variant) for f in findings]


def rendered(findings, root):
    text = messages.render(findings, dict(os.environ), root, "SessionStart")
    return text.replace(messages.bundled_dir(), "<messages>")


def with_drift(root):
    base = root / "docs" / "wiki"
    (base / "entities").mkdir(parents=True)
    (base / "index.md").write_text("# Index\n")
    (base / "log.md").write_text(
        "## [2026-05-01] baseline | pages: 1\n## [2026-05-02] ingest | a source\n"
    )
    (base / "entities" / "a.md").write_text("x")
    (base / "entities" / "b.md").write_text("x")


def with_plugin(tmp_path, monkeypatch, index=False):
    plugin = tmp_path / "plugin"
    (plugin / "rules").mkdir(parents=True)
    (plugin / "rules" / "core.md").write_text("# core\n")
    if index:
        (plugin / "rules" / "rule-index.md").write_text("# index\n")
    monkeypatch.setenv("CLAUDE_PLUGIN_ROOT", str(plugin))
    return plugin


def with_skill_index(root):
    folder = root / ".caveat" / "messages"
    folder.mkdir(parents=True)
    (folder / "skill-index.md").write_text(
        "<!-- SPDX-License-Identifier: MIT -->\n# Skills\n\n- testing: run-tests (run the suite)\n"
        "\n## Bindings\n- guard: sessionstart\n"
    )
    trust(root)


def startup(root, source="startup", **kw):
    return Event("SessionStart", source=source, session_id="s", cwd=str(root), **kw)


# -- which parts apply ---------------------------------------------------------------


def test_startup_is_the_bootstrap_alone(project):
    assert kinds(check(startup(project))) == [("sessionstart", "*")]


@pytest.mark.parametrize("source", ["startup", "resume", "clear", ""])
def test_postcompact_only_after_a_compaction(project, source):
    assert ("postcompact", "*") not in kinds(check(startup(project, source)))


def test_compact_adds_the_recovery_context(project):
    assert kinds(check(startup(project, "compact"))) == [
        ("sessionstart", "*"),
        ("postcompact", "*"),
    ]


def test_skill_index_from_the_project_override(project):
    with_skill_index(project)
    assert kinds(check(startup(project)))[-1] == ("skill-index", "*")


@pytest.mark.parametrize(
    ("contract", "where", "shown"),
    [
        ("claude", "home", True),
        ("claude", "project", True),
        ("claude", "plugin", True),
        ("claude", "", False),  # caveat's skills are not installed: no index naming them
        ("codex", "home", False),  # installed for Claude Code only
        ("gemini", "project", False),
    ],
)
def test_the_bundled_index_only_where_its_skills_are(
    project, tmp_path, monkeypatch, contract, where, shown
):
    with open(os.path.join(messages.bundled_dir(), "skill-index.md"), "w") as handle:
        handle.write("# Skills\n")
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    places = {
        "home": home / ".claude",
        "project": project / ".claude",
        "plugin": tmp_path / "plugin",
    }
    if where:
        skill = places[where] / "skills" / "caveat-rules" / "SKILL.md"
        skill.parent.mkdir(parents=True)
        skill.write_text("---\nname: caveat-rules\ndescription: x\n---\n")
        if where == "plugin":
            monkeypatch.setenv("CLAUDE_PLUGIN_ROOT", str(places["plugin"]))
    found = kinds(check(startup(project, contract=contract)))
    assert (("skill-index", "*") in found) is shown


def test_drift_line(project):
    with_drift(project)
    found = check(startup(project))
    assert kinds(found) == [("sessionstart", "*"), ("sessionstart", "kb-drift")]
    assert found[1].value_map() == {
        "path": "docs/wiki",
        "date": "2026-05-01",
        "baseline_pages": "1",
        "pages": "2",
    }


def test_no_git_root_uses_the_folder_itself(tmp_path):
    folder = tmp_path / "plain"
    folder.mkdir()
    with_drift(folder)
    assert ("sessionstart", "kb-drift") in kinds(check(startup(folder)))


def test_plugin_only_pointer(project, tmp_path, monkeypatch):
    plugin = with_plugin(tmp_path, monkeypatch)
    found = check(startup(project))
    assert kinds(found)[1] == ("sessionstart", "plugin-only")
    assert found[1].value_map() == {"rules": str(plugin / "rules")}


def test_plugin_only_pointer_with_rule_index(project, tmp_path, monkeypatch):
    plugin = with_plugin(tmp_path, monkeypatch, index=True)
    found = check(startup(project))
    assert kinds(found)[1] == ("sessionstart", "plugin-only-index")
    assert found[1].value_map()["index"] == str(plugin / "rules" / "rule-index.md")


@pytest.mark.parametrize("where", ["user", "user-sub", "project", "config-dir"])
def test_no_pointer_when_the_rules_were_loaded(project, tmp_path, monkeypatch, where):
    with_plugin(tmp_path, monkeypatch, index=True)
    folder = {
        "user": tmp_path / "home-claude" / "rules",
        "user-sub": tmp_path / "home-claude" / "rules" / "caveat",
        "project": project / ".claude" / "rules",
        "config-dir": tmp_path / "cfg" / "rules",
    }[where]
    if where == "config-dir":
        monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "cfg"))
    else:
        monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "home-claude"))
    folder.mkdir(parents=True)
    (folder / "rule-index.md").write_text("# index\n")
    assert kinds(check(startup(project))) == [("sessionstart", "*")]


@pytest.mark.parametrize("layout", ["no-rules-folder", "empty-rules-folder", "relative-root"])
def test_no_pointer_without_bundled_rules(project, tmp_path, monkeypatch, layout):
    plugin = tmp_path / "plugin"
    plugin.mkdir()
    if layout == "empty-rules-folder":
        (plugin / "rules").mkdir()
    monkeypatch.setenv("CLAUDE_PLUGIN_ROOT", "plugin" if layout == "relative-root" else str(plugin))
    assert kinds(check(startup(project))) == [("sessionstart", "*")]


def test_every_part_in_order(project, tmp_path, monkeypatch):
    with_drift(project)
    with_skill_index(project)
    with_plugin(tmp_path, monkeypatch)
    assert kinds(check(startup(project, "compact"))) == [
        ("sessionstart", "*"),
        ("postcompact", "*"),
        ("sessionstart", "plugin-only"),
        ("sessionstart", "kb-drift"),
        ("skill-index", "*"),
    ]


# -- rendered text, per variant --------------------------------------------------------


def test_rendered_startup(project, snapshot):
    assert rendered(check(startup(project)), str(project)) == snapshot


def test_rendered_compact(project, snapshot):
    assert rendered(check(startup(project, "compact")), str(project)) == snapshot


def test_rendered_with_skill_index(project, snapshot):
    with_skill_index(project)
    assert rendered(check(startup(project)), str(project)) == snapshot


def test_rendered_plugin_only(project, tmp_path, monkeypatch, snapshot):
    with_plugin(tmp_path, monkeypatch)
    text = rendered(check(startup(project)), str(project))
    assert text.replace(str(tmp_path), "<tmp>") == snapshot


def test_rendered_plugin_only_with_index(project, tmp_path, monkeypatch, snapshot):
    with_plugin(tmp_path, monkeypatch, index=True)
    text = rendered(check(startup(project)), str(project))
    assert text.replace(str(tmp_path), "<tmp>") == snapshot


def test_rendered_drift_line(project, snapshot):
    with_drift(project)
    assert rendered(check(startup(project)), str(project)) == snapshot


def test_whole_files_lose_maintainer_text(project, tmp_path, monkeypatch):
    with_drift(project)
    with_plugin(tmp_path, monkeypatch, index=True)
    text = rendered(check(startup(project, "compact")), str(project))
    for part in ("SPDX", "Bindings", "## Procedure", "## Advisory", "Maintainer", "{"):
        assert part not in text
    assert len(text) < messages.LIMIT


# -- through the hook --------------------------------------------------------------------


def payload(root, session="s", source="startup", event="SessionStart"):
    return json.dumps(
        {"hook_event_name": event, "session_id": session, "source": source, "cwd": str(root)}
    ).encode()


def cursor_payload(root, session="s"):
    return json.dumps(
        {
            "hook_event_name": "sessionStart",
            "conversation_id": session,
            "workspace_roots": [str(root)],
        }
    ).encode()


def context(outcome):
    return json.loads(outcome.output)["hookSpecificOutput"]["additionalContext"]


def test_hook_claude_startup(project):
    outcome = dispatch.run(["--contract", "claude"], payload(project), dict(os.environ))
    assert context(outcome).startswith("# caveat is watching this session")


def test_hook_claude_compact_rearms_and_recovers(project):
    env = dict(os.environ)
    outcome = dispatch.run(["--contract", "claude"], payload(project, source="compact"), env)
    assert "# The conversation was just compacted" in context(outcome)


def test_hook_repeats_on_each_session_start(project):
    env = dict(os.environ)
    first = dispatch.run(["--contract", "claude"], payload(project), env)
    again = dispatch.run(["--contract", "claude"], payload(project, source="compact"), env)
    assert first.output and again.output


def test_cursor_then_claude_copy_with_host_env(project, monkeypatch):
    monkeypatch.setenv("CURSOR_VERSION", "1.7.0")
    env = dict(os.environ)
    vendor = dispatch.run(["--contract", "cursor"], cursor_payload(project), env)
    assert json.loads(vendor.output)["additional_context"]
    copy = dispatch.run(["--contract", "claude"], payload(project), env)
    assert copy.output == ""
    other = dispatch.run(["--contract", "claude"], payload(project, session="t"), env)
    assert other.output  # another session is not a duplicate


def test_claude_copy_first_then_devin(project, monkeypatch):
    monkeypatch.setenv("DEVIN_PROJECT_DIR", str(project))
    env = dict(os.environ)
    copy = dispatch.run(["--contract", "claude"], payload(project), env)
    assert copy.output
    vendor = dispatch.run(["--contract", "devin"], payload(project), env)
    assert vendor.output == ""


def test_without_host_env_the_claude_copy_takes_no_part(project):
    env = dict(os.environ)
    vendor = dispatch.run(["--contract", "cursor"], cursor_payload(project), env)
    assert vendor.output
    copy = dispatch.run(["--contract", "claude"], payload(project), env)
    assert copy.output  # plain Claude Code: the host's marker is not its own


def test_caveat_registered_twice_in_claude_code_starts_the_session_once(project):
    """The plugin beside a settings file: two hooks on one session start."""
    env = dict(os.environ)
    first = dispatch.run(["--contract", "claude"], payload(project), env)
    again = dispatch.run(["--contract", "claude"], payload(project), env)
    assert first.output and again.output == ""
    compact = dispatch.run(["--contract", "claude"], payload(project, source="compact"), env)
    other = dispatch.run(["--contract", "claude"], payload(project, session="t"), env)
    assert compact.output and other.output  # another source, another session


@pytest.mark.parametrize("name", ["CURSOR_PROJECT_DIR", "CURSOR_VERSION", "DEVIN_PROJECT_DIR"])
def test_each_host_variable_makes_the_copy_take_part(project, monkeypatch, name):
    monkeypatch.setenv(name, str(project))
    event = startup(project)
    assert bootstrap.shares_marker(event, dict(os.environ))
    assert check(event)
    assert check(event) == []


def test_the_window_is_ten_seconds(project, monkeypatch):
    monkeypatch.setenv("CURSOR_VERSION", "1")
    clock = [1000.0]
    monkeypatch.setattr("time.time", lambda: clock[0])
    event = startup(project).replace(contract="cursor")
    assert check(event)
    clock[0] += 9.5
    assert check(event) == []
    clock[0] += 1.0  # a later compaction of the same session
    assert check(event)


def test_other_contracts_take_no_part(project):
    for contract in ("codex", "gemini", "qwen", "copilot", "kiro", "codebuddy"):
        event = startup(project).replace(contract=contract)
        assert check(event) and check(event)


# -- subagents ------------------------------------------------------------------------


def subagent(root, agent="agent-1", session="s"):
    return Event(
        "SubagentStart", session_id=session, cwd=str(root), agent_id=agent, agent_type="Explore"
    )


def test_a_subagent_starts_with_the_bootstrap(project):
    """Claude Code gives a subagent no SessionStart: SubagentStart carries the same
    essentials, even right after the session's own start (its marker is the agent's)."""
    assert kinds(check(startup(project))) == [("sessionstart", "*")]
    assert kinds(check(subagent(project))) == [("sessionstart", "*")]
    assert kinds(check(subagent(project, "agent-2"))) == [("sessionstart", "*")]


def test_a_second_copy_of_one_subagents_start_is_silent(project):
    """caveat registered twice (plugin and settings) starts two hooks per subagent."""
    assert kinds(check(subagent(project))) == [("sessionstart", "*")]
    assert check(subagent(project)) == []
    assert kinds(check(subagent(project, session="other"))) == [("sessionstart", "*")]


def test_a_subagent_without_an_id_still_gets_it(project):
    assert kinds(check(subagent(project, agent=""))) == [("sessionstart", "*")]
    assert kinds(check(subagent(project, agent=""))) == [("sessionstart", "*")]
