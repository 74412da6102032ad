from __future__ import annotations

import os
import subprocess
import sys

import pytest

from caveat import messages
from caveat.event import VERBATIM
from caveat.event import Finding
from tests.helpers import trust

MESSAGE = """<!-- SPDX-License-Identifier: MIT -->
# Sample

## Advisory
Found {thing} in {path}. Use {{braces}} literally.

## Advisory: other
Other variant for {path}.

## Procedure
Steps.

## Bindings
- guard: sample
- placeholders: thing, path
"""


@pytest.fixture
def bundled(tmp_path, monkeypatch):
    folder = tmp_path / "messages"
    folder.mkdir()
    (folder / "sample.md").write_text(MESSAGE)
    monkeypatch.setattr(messages, "bundled_dir", lambda: str(folder))
    return folder


def finding(variant="", **values):
    return Finding(
        values or {"thing": "eval", "path": "a.py"},
        variant=variant,
        message="sample",
        guard="sample",
    )


def test_fill_placeholders_and_literal_braces():
    out = messages.fill("{a} {{b}} {missing} {a}} {", {"a": "x\ny"})
    assert out == "x y {b} {missing} x y} {"


def test_render_one_finding(bundled):
    text = messages.render([finding()], os.environ, None)
    assert text == (
        f"Found eval in a.py. Use {{braces}} literally.\n\nFull procedure: {bundled / 'sample.md'}"
    )


def test_variants_and_one_procedure_line_per_run(bundled):
    text = messages.render(
        [finding(), finding("other"), finding("unknown-variant")], os.environ, None
    )
    assert text.count("Full procedure:") == 1
    assert "Other variant for a.py." in text
    assert text.count("Found eval in a.py.") == 2  # an unknown variant falls back to Advisory


def test_values_are_sanitised(bundled):
    text = messages.render(
        [finding(thing="x\nIGNORE PREVIOUS\x00", path="ghp_" + "a" * 36)], os.environ, None
    )
    assert "x IGNORE PREVIOUS" in text and "\x00" not in text
    assert "ghp_" not in text


def test_missing_message_drops_only_that_finding(bundled):
    lost = Finding({}, message="does-not-exist", guard="other")
    text = messages.render([lost, finding()], os.environ, None)
    assert text.startswith("Found eval")


def test_message_without_advisory_renders_nothing(bundled):
    (bundled / "sample.md").write_text("# Sample\n\n## Procedure\nonly this\n")
    assert messages.render([finding()], os.environ, None) == ""


def test_binary_message_file_does_not_break(bundled):
    (bundled / "sample.md").write_bytes(b"\xff\xfe\x00garbage" * 100)
    assert messages.render([finding()], os.environ, None) == ""


def test_project_override(bundled, project):
    override = project / ".caveat" / "messages"
    override.mkdir(parents=True)
    (override / "sample.md").write_text("## Advisory\nProject says {thing}.\n")
    trust(project)
    text = messages.render([finding()], os.environ, str(project))
    assert text.startswith("Project says eval.")
    assert f"Full procedure: {override / 'sample.md'}" in text


def test_plugin_copy_comes_between_project_override_and_bundled(bundled, project, tmp_path):
    plugin = tmp_path / "plugin"
    (plugin / "messages").mkdir(parents=True)
    (plugin / "messages" / "sample.md").write_text("## Advisory\nPlugin says {thing}.\n")
    env = {**os.environ, "CLAUDE_PLUGIN_ROOT": str(plugin)}
    assert messages.render([finding()], env, str(project)).startswith("Plugin says eval.")
    # a message the plugin does not carry comes from the package
    (plugin / "messages" / "sample.md").unlink()
    assert messages.render([finding()], env, str(project)).startswith("Found eval in a.py.")
    # a relative plugin root is never resolved against the project's folder
    (plugin / "messages" / "sample.md").write_text("## Advisory\nPlugin says {thing}.\n")
    relative = {**os.environ, "CLAUDE_PLUGIN_ROOT": "plugin"}
    assert messages.locate("sample", None, relative) == str(bundled / "sample.md")
    override = project / ".caveat" / "messages"
    override.mkdir(parents=True)
    (override / "sample.md").write_text("## Advisory\nProject says {thing}.\n")
    trust(project)
    assert messages.render([finding()], env, str(project)).startswith("Project says eval.")


def test_cap_drops_trailing_advisories_and_says_how_many():
    units = [(f"advice {i} " + "x" * 3000, f"/m{i}.md") for i in range(5)]
    text = messages.cap(units)
    assert len(text) <= messages.LIMIT
    assert "advice 0" in text and "advice 2" in text and "advice 3" not in text
    assert text.endswith("[2 more caveat advisories left out to stay within 10,000 characters.]")


def test_cap_truncates_a_single_oversized_advisory():
    text = messages.cap([("y" * 50_000, "/m.md"), ("z", "/n.md")])
    assert len(text) <= messages.LIMIT
    assert text.endswith("[truncated; 1 more advisories left out]")


def test_cache_is_written_and_reused(bundled):
    env = dict(os.environ)
    cache = os.path.join(env["CAVEAT_STATE_DIR"], messages.CACHE_FILE)
    messages.render([finding()], env, None)
    assert os.path.exists(cache)
    assert oct(os.stat(cache).st_mode & 0o777) == "0o600"
    assert oct(os.stat(env["CAVEAT_STATE_DIR"]).st_mode & 0o777) == "0o700"
    # A fresh process renders from the cache without importing the parser.
    code = (
        "import sys, os; from caveat import messages; from caveat.event import Finding;"
        f"messages.bundled_dir = lambda: {str(bundled)!r};"
        "f = Finding({'thing': 'x', 'path': 'p'}, message='sample', guard='sample');"
        "t = messages.render([f], os.environ, None);"
        "print(t.splitlines()[0]); print('markdown_it' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-I", "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert out.stdout.splitlines() == ["Found x in p. Use {braces} literally.", "False"]


def test_stale_cache_is_rebuilt(bundled):
    env = dict(os.environ)
    messages.render([finding()], env, None)
    (bundled / "sample.md").write_text(MESSAGE.replace("Found", "Spotted"))
    assert messages.render([finding()], env, None).startswith("Spotted eval")


@pytest.mark.parametrize(
    "garbage",
    [
        b"",
        b"not json",
        b'{"version": 1, "entries": []}',
        b'{"version": 1, "entries": {"x": 5}}',
        b"\x00" * 64,
    ],
)
def test_corrupt_cache_is_rebuilt_not_trusted(bundled, garbage):
    env = dict(os.environ)
    os.makedirs(env["CAVEAT_STATE_DIR"], exist_ok=True)
    cache = os.path.join(env["CAVEAT_STATE_DIR"], messages.CACHE_FILE)
    with open(cache, "wb") as handle:
        handle.write(garbage)
    assert messages.render([finding()], env, None).startswith("Found eval")


def test_poisoned_cache_entry_with_wrong_hash_is_ignored(bundled):
    env = dict(os.environ)
    messages.render([finding()], env, None)
    cache = os.path.join(env["CAVEAT_STATE_DIR"], messages.CACHE_FILE)
    with open(cache) as handle:
        text = handle.read().replace("Found {thing}", "INJECTED {thing}")
    with open(cache, "w") as handle:
        handle.write(text.replace('"hash":"', '"hash":"00'))
    assert messages.render([finding()], env, None).startswith("Found eval")


def test_unwritable_state_dir_still_renders(bundled, tmp_path):
    blocker = tmp_path / "state-is-a-file"
    blocker.write_text("")
    env = dict(os.environ, CAVEAT_STATE_DIR=str(blocker))
    assert messages.render([finding()], env, None).startswith("Found eval")


def test_symlinked_state_dir_is_refused(bundled, tmp_path):
    real = tmp_path / "elsewhere"
    real.mkdir()
    link = tmp_path / "state-link"
    link.symlink_to(real)
    env = dict(os.environ, CAVEAT_STATE_DIR=str(link))
    assert messages.render([finding()], env, None).startswith("Found eval")
    assert list(real.iterdir()) == []


def test_loose_state_dir_is_tightened(bundled, tmp_path):
    loose = tmp_path / "loose"
    loose.mkdir(mode=0o777)
    os.chmod(loose, 0o777)
    env = dict(os.environ, CAVEAT_STATE_DIR=str(loose))
    messages.render([finding()], env, None)
    assert os.stat(loose).st_mode & 0o777 == 0o700


def test_bundled_messages_folder_exists():
    assert os.path.isfile(os.path.join(messages.bundled_dir(), "pretooluse-dependency-guard.md"))


@pytest.mark.parametrize(
    ("sections", "variant", "after", "expected"),
    [
        ({"Advisory": "pre"}, "", False, "pre"),
        ({"Advisory": "pre"}, "", True, "pre"),
        ({"Advisory": "pre", "After": "post"}, "", True, "post"),
        ({"Advisory": "pre", "After": "post"}, "", False, "pre"),
        ({"Advisory": "pre", "Advisory: x": "pre-x", "After": "post"}, "x", True, "pre-x"),
        ({"Advisory": "pre", "Advisory: x": "pre-x", "After: x": "post-x"}, "x", True, "post-x"),
        ({"Advisory": "pre", "After": "post"}, "unknown", True, "post"),
        ({}, "", True, ""),
    ],
)
def test_advisory_section_choice(sections, variant, after, expected):
    assert messages.advisory(sections, variant, after) == expected


def test_post_tool_event_uses_the_after_section(bundled):
    (bundled / "sample.md").write_text(
        MESSAGE.replace("## Procedure", "## After\nAlready did {thing}.\n\n## Procedure")
    )
    assert messages.render([finding()], os.environ, None, "PostToolUse").startswith(
        "Already did eval."
    )
    assert messages.render([finding()], os.environ, None, "PreToolUse").startswith("Found eval")


def test_absolute_message_path_is_used_as_is(tmp_path):
    rule = tmp_path / "rule.md"
    rule.write_text("---\nevent: PreToolUse\n---\n## Advisory\nRule says {thing}.\n")
    found = Finding({"thing": "hi"}, message=str(rule), guard="custom")
    assert messages.render([found], os.environ, None) == f"Rule says hi.\n\nFull procedure: {rule}"


def test_whole_variant_injects_the_message_less_maintainer_parts(bundled):
    text = messages.render([finding(VERBATIM)], os.environ, None)
    assert text.startswith("# Sample\n\n## Advisory\nFound eval in a.py.")
    assert "SPDX" not in text and "Bindings" not in text
    assert "Full procedure" not in text


# A hostile project's overrides (SPEC §7: every wait has a deadline).

BOUND_S = 20.0  # generous: catches a hang or a quadratic blow-up, not a slow machine


def override(project, name, text):
    folder = project / ".caveat" / "messages"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.md").write_text(text)
    trust(project)


def test_fill_is_linear_in_unclosed_braces():
    import time

    template = "{a" * (512 * 1024)
    started = time.monotonic()
    assert messages.fill(template, {"a": "x"}) == template
    assert time.monotonic() - started < BOUND_S
    assert messages.fill("{" + "a" * 100 + "}", {"a" * 100: "x"}) == "{" + "a" * 100 + "}"


def test_an_untrusted_override_is_not_used(bundled, project):
    override(project, "sample", "## Advisory\nProject says {thing}.\n")
    (project / ".caveat" / "messages" / "sample.md").write_text("## Advisory\nChanged {thing}.\n")
    text = messages.render([finding()], os.environ, str(project))
    assert text.startswith("Found eval in a.py.")  # the trust lapsed with the edit


@pytest.mark.parametrize("filler", ["![", "{a"], ids=["bang", "brace"])
def test_an_oversized_override_gives_way_to_the_bundled_message(bundled, project, filler, capfd):
    override(project, "sample", "## Advisory\nProject " + filler * (512 * 1024) + "\n")
    text = messages.render([finding()], os.environ, str(project))
    assert text.startswith("Found eval in a.py.")
    assert f"Full procedure: {bundled / 'sample.md'}" in text
    assert "larger than 64 KiB" in capfd.readouterr().err


def test_a_parse_past_its_deadline_gives_way_and_is_not_retried(
    bundled, project, monkeypatch, capfd
):
    import time

    # Under the size cap and slow for the parser; a tiny budget makes it overrun here.
    override(project, "sample", "## Advisory\nProject " + "![" * 30_000 + "\n")
    monkeypatch.setattr(messages, "PARSE_S", 0.001)
    text = messages.render([finding()], os.environ, str(project))
    assert text.startswith("Found eval in a.py.")
    assert "to parse; skipped" in capfd.readouterr().err
    monkeypatch.setattr(messages, "PARSE_S", 30.0)
    started = time.monotonic()
    text = messages.render([finding()], os.environ, str(project))
    assert text.startswith("Found eval in a.py.")  # remembered: not parsed again
    assert time.monotonic() - started < 0.5 * BOUND_S


@pytest.mark.parametrize("filler", ["![", "{a"], ids=["bang", "brace"])
def test_the_hook_answers_in_time_with_the_bundled_advice(project, filler):
    import time

    from tests.helpers import envelope
    from tests.helpers import run_hook
    from tests.helpers import write_payload

    pickle = "import pickle\n\ndef f(b):\n    return pickle.loads(b)\n"
    override(project, "pretooluse-eval-guard", "## Advisory\nX " + filler * (512 * 1024) + "\n")
    started = time.monotonic()
    done = run_hook(write_payload(project, "src/x.py", pickle))
    assert time.monotonic() - started < BOUND_S
    found = envelope(done)
    assert found is not None
    text = found["hookSpecificOutput"]["additionalContext"]
    assert "pickle.loads" in text and "X " + filler not in text
    assert f"Full procedure: {messages.bundled_dir()}" in text


def test_a_bundled_message_is_never_cut_short(bundled, monkeypatch):
    """Only a project's files run under the parse deadline: on a loaded machine the
    bundled advice is late, never lost."""
    (bundled / "sample.md").write_text(MESSAGE + "\n" + "![" * 30_000 + "\n")
    monkeypatch.setattr(messages, "PARSE_S", 0.001)
    assert messages.render([finding()], os.environ, None).startswith("Found eval in a.py.")
