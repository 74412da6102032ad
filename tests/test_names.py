"""Unknown names are errors with a suggestion, not silence: configuration keys and
tables, guard ids, harness names and message names."""

from __future__ import annotations

import os

from caveat import config
from caveat.cli import main


def _user_config(text: str) -> None:
    path = config.user_path(os.environ)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def test_a_mistyped_guard_id_in_guards_and_strict_is_named_with_a_suggestion(project):
    _user_config("[guards]\nevall = false\n[strict]\naskusr = true\n")
    loaded = config.load(dict(os.environ), str(project))
    assert loaded.enabled("eval") and not loaded.strict("askuser")
    text = "\n".join(loaded.warnings)
    assert "[guards] evall: no guard has that id (did you mean eval?); ignored" in text
    assert "[strict] askusr: no guard has that id (did you mean askuser?); ignored" in text


def test_a_mistyped_key_or_table_gets_a_suggestion(project):
    _user_config("[dependency]\nextra_manifest = []\n[heade]\nlicense = 'MIT'\n")
    text = "\n".join(config.load(dict(os.environ), str(project)).warnings)
    assert "unknown key dependency.extra_manifest (did you mean extra_manifests?)" in text
    assert "unknown table [heade] (did you mean header?); ignored" in text


def test_a_name_with_nothing_close_gets_no_guess(project):
    _user_config("[guards]\nzzzzzz = false\n")
    (warning,) = config.load(dict(os.environ), str(project)).warnings
    assert warning.endswith("[guards] zzzzzz: no guard has that id; ignored")


def test_log_and_stats_refuse_an_unknown_guard(capsys):
    for command in ("log", "stats"):
        assert main([command, "--guard", "evl"]) == 2
        err = capsys.readouterr().err
        assert "--guard evl: no guard has that id (did you mean eval?)" in err
        assert "dependency, eval" in err


def test_windsurf_gets_its_own_explanation(capsys):
    assert main(["install", "--harness", "windsurf", "--dry-run"]) != 0
    err = capsys.readouterr().err
    assert "none of its hook outputs reaches the model" in err and "--harness devin" in err


def test_an_unknown_harness_lists_the_aliases_too(capsys):
    assert main(["install", "--harness", "claud", "--dry-run"]) != 0
    err = capsys.readouterr().err
    assert "unknown harness 'claud' (did you mean claude?)" in err
    assert "claude-code (claude)" in err and "qwen-code (qwen)" in err


def test_rendering_an_unknown_message_names_the_message(capsys):
    assert main(["messages", "render", "pretooluse-eval-gaurd"]) != 0
    err = capsys.readouterr().err
    assert "no message pretooluse-eval-gaurd (did you mean pretooluse-eval-guard?)" in err
    assert "variant" not in err
