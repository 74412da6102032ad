from __future__ import annotations

import json
import os
from types import SimpleNamespace

import pytest

from caveat import chain
from caveat import config
from caveat import dispatch
from caveat import guards
from caveat.event import Finding
from caveat.guards import Spec
from tests.helpers import isolated_words
from tests.helpers import trust
from tests.helpers import write_payload


@pytest.fixture
def user_file(tmp_path, monkeypatch):
    folder = tmp_path / "xdg"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder))
    path = folder / "caveat" / "config.toml"
    path.parent.mkdir(parents=True)
    return path


def project_file(project):
    path = project / ".caveat" / "config.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def write_project(project, text):
    """The project's config.toml, trusted as the user would after writing it."""
    project_file(project).write_text(text)
    trust(project)


def test_defaults_without_files(project):
    loaded = config.load(os.environ, str(project))
    assert loaded.warnings == () and loaded.sources == ()
    assert loaded.enabled("eval") and not loaded.strict("eval")
    assert loaded.get("plans", "folder") == ".caveat/plans"
    assert loaded.strings("paths", "exclude") == ()


def test_project_overrides_user_except_locked_keys(user_file, project):
    user_file.write_text(
        '[guards]\neval = false\ndependency = false\n[plans]\nfolder = "plans"\n'
        '[lock]\nkeys = ["guards.eval"]\n'
    )
    write_project(
        project, '[guards]\neval = true\ndependency = true\n[plans]\nfolder = "docs/plans"\n'
    )
    loaded = config.load(os.environ, str(project))
    assert loaded.warnings == ()
    assert not loaded.enabled("eval")  # locked by the user
    assert loaded.enabled("dependency")
    assert loaded.get("plans", "folder") == "docs/plans"
    assert loaded.sources == (str(user_file), str(project_file(project)))


def test_wildcard_lock_and_project_lock_is_ignored(user_file, project):
    user_file.write_text('[lock]\nkeys = ["strict.*"]\n')
    write_project(project, "[strict]\naskuser = true\n[lock]\nkeys = []\n")
    loaded = config.load(os.environ, str(project))
    assert not loaded.strict("askuser")
    assert any("[lock] is read from the user config only" in w for w in loaded.warnings)


@pytest.mark.parametrize(
    ("text", "warning"),
    [
        ("[guards\neval = false", "not valid TOML"),
        ("\xff\xfe", "not valid TOML"),
        ("[guards]\neval = 'no'", "guards.eval must be true or false"),
        ("[plans]\nfolder = 3", "plans.folder must be str"),
        ("[paths]\nexclude = 'x'", "paths.exclude must be a list of strings"),
        ("[paths]\nexclude = [1]", "paths.exclude must be a list of strings"),
        ("[nope]\nx = 1", "unknown table [nope]"),
        ("[plans]\nfoldr = 'x'", "unknown key plans.foldr"),
        ("guards = 1", "guards must be a table"),
        ("[lock]\nkeys = 'guards.eval'", "[lock] keys must be a list"),
    ],
)
def test_bad_values_warn_and_fall_back(user_file, project, text, warning):
    user_file.write_bytes(text.encode("latin-1"))
    loaded = config.load(os.environ, str(project))
    assert any(warning in w for w in loaded.warnings), loaded.warnings
    assert loaded.enabled("eval") and loaded.get("plans", "folder") == ".caveat/plans"
    assert loaded.strings("paths", "exclude") == ()


def test_relative_xdg_is_ignored(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CONFIG_HOME", "relative")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert config.user_path(os.environ) == str(tmp_path / ".config" / "caveat" / "config.toml")


def test_strict_from_environment(project, monkeypatch):
    monkeypatch.setenv("CAVEAT_STRICT", "askuser, conformity")
    loaded = config.load(os.environ, str(project))
    assert loaded.strict("askuser") and loaded.strict("conformity") and not loaded.strict("eval")


def test_parsed_files_are_cached_without_tomllib(user_file, project):
    user_file.write_text("[guards]\neval = false\n")
    assert not config.load(os.environ, str(project)).enabled("eval")
    code = (
        "import os, sys; from caveat import config;"
        f"c = config.load(os.environ, {str(project)!r});"
        "print(c.enabled('eval'), 'tomllib' in sys.modules or 'tomli' in sys.modules)"
    )
    assert isolated_words(code) == ["False", "False"]
    user_file.write_text("[guards]\neval = true\n")  # a changed file is parsed again
    assert config.load(os.environ, str(project)).enabled("eval")


def test_loading_asks_only_the_guards_whose_tables_the_files_name(project):
    # The header guard is loaded (as on a Write it would be): reading [header] imports
    # no other guard; an unknown table still makes every guard be asked.
    write_project(project, '[header]\nlicense = "MIT"\n')
    code = (
        "import os, sys; from caveat import config; from caveat.guards import spec;"
        "spec('header').load();"
        f"c = config.load(os.environ, {str(project)!r});"
        "print(c.get('header', 'license'), c.get('header', 'exclude'),"
        " 'caveat.guards.dependency' in sys.modules)"
    )
    assert isolated_words(code) == ["MIT", "[]", "False"]
    write_project(project, "[nonsense]\nx = 1\n")
    loaded = config.load(os.environ, str(project))
    assert any("unknown table [nonsense]" in w for w in loaded.warnings)


def payload(project, name, content):
    return write_payload(project, name, content, session=None)


PICKLE = "import pickle\n\ndef f(b):\n    return pickle.loads(b)\n"


def test_a_guard_turned_off_does_not_run(project):
    write_project(project, "[guards]\neval = false\n")
    outcome = dispatch.run([], payload(project, "x.py", PICKLE), os.environ)
    ran = [row.guard for row in outcome.trace]
    assert outcome.output == "" and "eval" not in ran and "dependency" in ran


def test_excluded_paths_are_not_judged(project):
    write_project(project, '[paths]\nexclude = ["generated/**"]\n')
    assert dispatch.run([], payload(project, "generated/x.py", PICKLE), os.environ).output == ""
    assert dispatch.run([], payload(project, "src/x.py", PICKLE), os.environ).output != ""


def test_malformed_config_still_advises_and_warns_only_at_session_start(project, capfd):
    write_project(project, "[guards\n")
    outcome = dispatch.run([], payload(project, "x.py", PICKLE), os.environ)
    assert "pickle.loads" in outcome.output
    assert "not valid TOML" not in outcome.output
    assert "not valid TOML" not in capfd.readouterr().err  # not on every tool call
    start = {"session_id": "s", "cwd": str(project), "hook_event_name": "SessionStart"}
    outcome = dispatch.run(["SessionStart"], json.dumps(start).encode(), os.environ)
    assert "not valid TOML" not in outcome.output
    assert "not valid TOML" in capfd.readouterr().err


def test_strict_denies_only_for_guards_that_support_it(project, monkeypatch):
    def check(event, ctx):
        return [
            Finding(
                {"path": "p"}, deny=True, message="pretooluse-dependency-guard", guard="strictish"
            )
        ]

    routed = Spec(
        "strictish",
        frozenset({"PreToolUse"}),
        frozenset({"Write"}),
        ("pretooluse-dependency-guard",),
        strict=True,
        guard=SimpleNamespace(check=check),
    )
    monkeypatch.setattr(chain, "REGISTRY", (routed,))
    monkeypatch.setattr(guards, "REGISTRY", (routed,))  # what config checks ids against
    data = payload(project, "a.txt", "x")
    assert "additionalContext" in dispatch.run([], data, os.environ).output
    write_project(project, "[strict]\nstrictish = true\n")
    denied = json.loads(dispatch.run([], data, os.environ).output)["hookSpecificOutput"]
    assert denied["permissionDecision"] == "deny" and denied["permissionDecisionReason"]
    routed.strict = False
    assert "additionalContext" in dispatch.run([], data, os.environ).output


def test_extra_manifest_patterns_make_the_dependency_guard_speak(project):
    write_project(project, '[dependency]\nextra_manifests = ["deps/*.list"]\n')
    outcome = dispatch.run(
        [], payload(project, "deps/runtime.list", "left-pad 1.3.0\n"), os.environ
    )
    (finding,) = [f for f in outcome.findings if f.guard == "dependency"]
    assert finding.value_map()["path"] == "deps/runtime.list"
    assert finding.value_map()["ecosystem"] == "project-configured"
    assert "deps/runtime.list" in outcome.output
    silent = dispatch.run([], payload(project, "deps/notes.txt", "hello\n"), os.environ)
    assert not [f for f in silent.findings if f.guard == "dependency"]


@pytest.mark.parametrize("depth", [1_000, 100_000])
@pytest.mark.parametrize("shape", ["array", "inline-table"])
def test_a_deeply_nested_project_config_warns_and_keeps_the_users_locks(
    user_file, project, capfd, depth, shape
):
    """A trusted project's config nested so deep that the parser recurses: one warning,
    the defaults for the project's values, the user's locked values intact, and the
    guards still speak."""
    user_file.write_text('[guards]\neval = true\n[lock]\nkeys = ["guards.eval"]\n')
    nested = "[" * depth + "]" * depth if shape == "array" else "{a=" * depth + "1" + "}" * depth
    write_project(project, f"[guards]\neval = false\ndependency = {nested}\n")
    loaded = config.load(os.environ, str(project))
    assert loaded.enabled("eval") and loaded.enabled("dependency")
    assert len(loaded.warnings) == 1 and "using the defaults" in loaded.warnings[0]
    outcome = dispatch.run([], payload(project, "x.py", PICKLE), os.environ)
    assert "pickle.loads" in outcome.output
    start = {"session_id": "s", "cwd": str(project), "hook_event_name": "SessionStart"}
    dispatch.run(["SessionStart"], json.dumps(start).encode(), os.environ)
    assert "using the defaults" in capfd.readouterr().err


def test_an_untrusted_project_config_is_not_read(project):
    project_file(project).write_text("[guards]\neval = false\n")
    loaded = config.load(os.environ, str(project))
    assert loaded.enabled("eval") and loaded.sources == ()
    assert len(loaded.warnings) == 1 and f"caveat trust {project}" in loaded.warnings[0]
    assert "pickle.loads" in dispatch.run([], payload(project, "x.py", PICKLE), os.environ).output
