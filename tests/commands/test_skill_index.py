from __future__ import annotations

import os

from caveat.cli import main


def test_outside_a_checkout_it_says_what_it_needs(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["skill-index", "--check"]) == 2
    err = capsys.readouterr().err
    assert f"no skills catalog at {os.path.join(str(tmp_path), 'skills')}" in err
    assert "<catalog>/<name>/SKILL.md" in err
    assert "run it from the root of a checkout" in err
    assert "caveat skill-index --catalog DIR [--output FILE] [--check]" in err
    assert "not a folder" not in err


def test_a_named_catalog_that_is_missing(tmp_path, capsys):
    assert main(["skill-index", "--catalog", str(tmp_path / "nope")]) == 2
    err = capsys.readouterr().err
    assert f"no skills catalog at {tmp_path / 'nope'}" in err
    assert "name an existing folder" in err


def test_a_missing_committed_index_names_the_option(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "skills" / "alpha").mkdir(parents=True)
    (tmp_path / "skills" / "alpha" / "SKILL.md").write_text(
        "---\nname: alpha\ndescription: Does a thing\n---\n"
    )
    assert main(["skill-index", "--check"]) == 1
    assert "name the committed index with --output FILE" in capsys.readouterr().err
