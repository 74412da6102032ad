"""``caveat messages check`` and ``caveat messages render``."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from caveat import messages
from caveat.cli import main
from caveat.commands import message_sections
from caveat.commands import messages as lint
from caveat.commands import samples
from caveat.common.msgparse import parse
from caveat.event import VERBATIM
from caveat.event import Finding
from tests.helpers import trust

BUNDLED = messages.bundled_dir()
FILES = sorted(n for n in os.listdir(BUNDLED) if n.endswith(".md"))
TARGET = "pretooluse-write.md"  # the tracking-ids guard's message for Write


def _sections(name):
    with open(os.path.join(BUNDLED, name), encoding="utf-8") as handle:
        return parse(handle.read())


def _cases():
    """(message, variant) for every bundled message and every variant it has."""
    out: list[tuple[str, str | None]] = []
    for name in FILES:
        stem = name[:-3]
        sections = _sections(name)
        if message_sections.is_context(stem, sections):
            out.append((stem, None))
            continue
        for variant in sorted(
            {message_sections.variant_of(h) for h in message_sections.advisories(sections)}
        ):
            out.append((stem, variant))
    return out


CASES = _cases()


@pytest.fixture
def bundle(tmp_path, monkeypatch):
    """A copy of the bundled messages, used in their place; the cwd is outside git."""
    folder = tmp_path / "bundled"
    shutil.copytree(BUNDLED, folder)
    monkeypatch.setattr(messages, "bundled_dir", lambda: str(folder))
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return folder


def _edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _new_problems(root=None):
    """What the lint reports beyond the unchanged bundle (which other work in progress
    may not have finished), as lines."""
    return [p.line() for p in lint.check({}, root)]


def test_check_passes_on_the_bundled_messages(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert lint.check({}, None) == []
    assert main(["messages", "check"]) == 0
    assert "no problems" in capsys.readouterr().out


def _check_reports(capsys, expected, project=None):
    """The CLI exits 1 and prints each expected fragment with the file and a fix."""
    args = ["messages", "check"] + (["--project", str(project)] if project else [])
    assert main(args) == 1
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if expected in line]
    assert lines, out
    assert all(" — fix: " in line for line in lines)
    return lines


def test_missing_section(bundle, capsys):
    before = set(_new_problems())
    _edit(bundle / TARGET, "## Procedure\n", "## Notes\n")
    added = set(_new_problems()) - before
    fix = "add '## Procedure' with the full procedure"
    assert added == {f"{bundle / TARGET}: no ## Procedure section — fix: {fix}"}
    _check_reports(capsys, "no ## Procedure section")


def test_missing_advisory(bundle, capsys):
    _edit(bundle / TARGET, "## Advisory\n", "## Intro\n")
    _edit(bundle / TARGET, "## After\n", "## Later\n")
    lines = _check_reports(capsys, "no ## Advisory section")
    assert lines[0].startswith(str(bundle / TARGET))


def test_undeclared_placeholder(bundle, capsys):
    before = set(_new_problems())
    _edit(bundle / TARGET, "- placeholders: path, ids, lines", "- placeholders: path, ids")
    added = set(_new_problems()) - before
    assert len(added) == 2  # Advisory and After both use {lines}
    assert all("placeholder {lines} is not declared in Bindings" in a for a in added)
    lines = _check_reports(capsys, "{lines} is not declared")
    assert any(f"{bundle / TARGET}: Advisory:" in line for line in lines)


def test_placeholder_not_provided_by_the_guard(bundle, capsys):
    before = set(_new_problems())
    _edit(
        bundle / TARGET,
        "- placeholders: path, ids, lines",
        "- placeholders: path, ids, lines, owner",
    )
    _edit(bundle / TARGET, "into {path}:", "into {path} (owner {owner}):")
    added = set(_new_problems()) - before
    assert len(added) == 1
    (line,) = added
    assert line.startswith(f"{bundle / TARGET}: Advisory: placeholder {{owner}} is not provided")
    assert "guard tracking-ids" in line
    assert "ids, lines, path" in line  # the fix names what the guard does provide
    _check_reports(capsys, "{owner} is not provided by guard tracking-ids")


def test_generic_advisory_is_checked_against_every_variant(bundle, capsys):
    """The plain Advisory serves every variant that has no section of its own:
    remove a variant section and the plain one is checked against that variant."""
    path = bundle / "pretooluse-write-plan-guard.md"
    sections = _sections("pretooluse-write-plan-guard.md")
    assert "{plans_folder}" in sections["Advisory"] or "{signals}" in sections["Advisory"]
    text = path.read_text(encoding="utf-8")
    start = text.index("## Advisory: plan-mode")
    end = text.index("## ", start + 3)
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    # plan-mode findings carry only {path}: the plain Advisory now serves them.
    lines = _check_reports(capsys, "not provided by guard plan (variant 'plan-mode')")
    assert all(line.startswith(f"{path}: Advisory:") for line in lines)


def test_variant_section_without_a_sample(bundle, capsys):
    _edit(bundle / TARGET, "## After\n", "## Advisory: bogus\nText for {path}.\n\n## After\n")
    _check_reports(capsys, "no sample finding of variant 'bogus'")


def test_over_budget(bundle, capsys):
    _edit(
        bundle / TARGET,
        "## After\n",
        "Padding. " + "x" * message_sections.ADVISORY_BUDGET + "\n\n## After\n",
    )
    lines = _check_reports(capsys, f"over {message_sections.ADVISORY_BUDGET:,}")
    assert lines[0].startswith(f"{bundle / TARGET}: Advisory: is ")


def test_unexpanded_dollar_brace(bundle, capsys):
    _edit(bundle / TARGET, "## Procedure\n", "## Procedure\nSee ${CLAUDE_PLUGIN_ROOT}/x.\n")
    _check_reports(capsys, "unexpanded '${'")


def test_guard_without_its_message(bundle, capsys):
    (bundle / TARGET).unlink()
    lines = _check_reports(capsys, "guard tracking-ids binds to pretooluse-write.md")
    assert lines[0].startswith(str(bundle / TARGET))


def test_override_with_the_same_bindings_passes(bundle, project):
    before = set(_new_problems(str(project)))
    overrides = project / ".caveat" / "messages"
    overrides.mkdir(parents=True)
    shutil.copy(bundle / TARGET, overrides / TARGET)
    _edit(overrides / TARGET, "This write puts", "Careful: this write puts")
    assert set(_new_problems(str(project))) == before


def test_override_with_different_bindings(bundle, project, capsys):
    overrides = project / ".caveat" / "messages"
    overrides.mkdir(parents=True)
    shutil.copy(bundle / TARGET, overrides / TARGET)
    _edit(overrides / TARGET, "- tools: Write", "- tools: Write, Edit")
    lines = _check_reports(capsys, "Bindings: differ from the bundled message's (tools)", project)
    assert lines[0].startswith(str(overrides / TARGET))


def test_override_is_linted_like_a_bundled_message(bundle, project, capsys):
    overrides = project / ".caveat" / "messages"
    overrides.mkdir(parents=True)
    shutil.copy(bundle / TARGET, overrides / TARGET)
    _edit(overrides / TARGET, "into {path}:", "into {path} ({where}):")
    lines = _check_reports(capsys, "{where} is not declared", project)
    assert lines[0].startswith(str(overrides / TARGET))


def test_override_of_no_message(bundle, project, capsys):
    overrides = project / ".caveat" / "messages"
    overrides.mkdir(parents=True)
    shutil.copy(bundle / TARGET, overrides / "pretooluse-wrte.md")
    _check_reports(capsys, "overrides no bundled message", project)


def test_every_bundled_variant_has_a_sample():
    for name, variant in CASES:
        if variant is not None:
            assert samples.find(name, variant), (name, variant)


def _expected(name, variant, values, event, root=None):
    guard = (samples.find(name, variant or "") or ("", {}))[0]
    shown = VERBATIM if variant is None else variant
    return messages.render(
        [Finding(values, variant=shown, message=name, guard=guard)], os.environ, root, event
    )


@pytest.mark.parametrize("after", [False, True], ids=["before", "after"])
@pytest.mark.parametrize(("name", "variant"), CASES)
def test_render_prints_what_the_hook_injects(name, variant, after, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    event = "PostToolUse" if after else "PreToolUse"
    args = ["messages", "render", name] + (["--after"] if after else [])
    if variant is not None:
        args += ["--variant", variant]
    values: dict[str, str] = {}
    if variant is not None:
        found = samples.find(name, variant)
        assert found is not None
        values = found[1]
    expected = _expected(name, variant, values, event)
    assert expected
    assert main(args) == 0
    assert capsys.readouterr().out == expected + "\n"


@pytest.mark.parametrize(("name", "variant"), [c for c in CASES if c[1] is not None])
def test_render_with_a_sample_file(name, variant, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    sections = _sections(name + ".md")
    from caveat.common.msgparse import bindings

    declared = bindings(sections["Bindings"]).get("placeholders", [])
    values = {p: f"<{p} value>" for p in declared}
    sample = tmp_path / "finding.json"
    sample.write_text(json.dumps({"values": values, "variant": variant}))
    assert main(["messages", "render", name, "--sample", str(sample)]) == 0
    out = capsys.readouterr().out
    assert out == _expected(name, variant, values, "PreToolUse") + "\n"
    # A bare mapping of values works too, with --variant.
    sample.write_text(json.dumps(values))
    assert main(["messages", "render", name, "--sample", str(sample), "--variant", variant]) == 0
    assert capsys.readouterr().out == out


def test_render_shows_a_project_override(project, capsys, monkeypatch):
    overrides = project / ".caveat" / "messages"
    overrides.mkdir(parents=True)
    text = (messages.bundled_dir() + "/" + TARGET).replace("\\", "/")
    with open(text, encoding="utf-8") as handle:
        body = handle.read().replace("This write puts", "OVERRIDDEN: this write puts")
    (overrides / TARGET).write_text(body)
    trust(project)
    monkeypatch.chdir(project)
    assert main(["messages", "render", "pretooluse-write"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("OVERRIDDEN: this write puts")
    assert f"Full procedure: {overrides / TARGET}" in out


def test_render_unknown_variant_or_bad_sample(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["messages", "render", "pretooluse-bash", "--variant", "nope"]) == 2
    err = capsys.readouterr().err
    assert "no built-in sample" in err and "'force-push'" in err
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    assert main(["messages", "render", "pretooluse-bash", "--sample", str(bad)]) == 2
    assert "cannot read the sample" in capsys.readouterr().err
    assert main(["messages", "render", "no-such-message", "--sample", str(tmp_path / "x")]) == 2
