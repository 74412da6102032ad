"""The custom guard: operators' markdown rule files, matched and rendered."""

from __future__ import annotations

import json
import os

import pytest

from caveat import chain
from caveat import dispatch
from caveat.config import Config
from caveat.config import defaults
from caveat.event import CELL
from caveat.event import DELETE
from caveat.event import FRAGMENT
from caveat.event import Event
from caveat.event import FileEdit
from caveat.guards import custom
from caveat.guards.base import Context
from caveat.guards.custom import rules as _custom_rules
from tests.helpers import check as checked
from tests.helpers import run_importtime
from tests.helpers import trust

ADVICE = (
    "## Advisory\nrule={rule} path={path} line={line} match={match} tool={tool} command={command}\n"
)


def put(folder, name, matter, body=ADVICE):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(f"---\n{matter}\n---\n# {name}\n\n{body}\n## Procedure\nDetail.\n")
    if folder.endswith(os.path.join(".caveat", "rules")):
        trust(os.path.dirname(os.path.dirname(folder)))  # the project's own rules: trusted
    return path


def project_rules(root):
    return os.path.join(root, ".caveat", "rules")


def user_rules():
    return os.path.join(os.environ["XDG_CONFIG_HOME"], "caveat", "rules")


def check(event):
    env = dict(os.environ)
    return checked("custom", event, Context(event, env, Config(defaults())))


def values(findings):
    return [f.value_map() for f in findings]


@pytest.fixture
def root(project):
    (project / "src").mkdir()
    return str(project)


# Event builders: each takes the project root and may create files on disk first.


def write(rel, text, name="PreToolUse", tool="Write"):
    def build(root):
        path = os.path.join(root, rel)
        return Event(name, tool=tool, edits=(FileEdit(path, text),), cwd=root)

    return build


def edit(rel, disk, old, new, tool="Edit"):
    def build(root):
        path = os.path.join(root, rel)
        if disk is not None:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(disk)
        edit = FileEdit(path, new, kind=FRAGMENT, old=old)
        return Event("PreToolUse", tool=tool, edits=(edit,), cwd=root)

    return build


def on_disk(rel, disk, text):
    def build(root):
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(disk)
        return Event("PreToolUse", tool="Write", edits=(FileEdit(path, text),), cwd=root)

    return build


def shell(command, tool="Bash"):
    return lambda root: Event("PreToolUse", tool=tool, command=command, cwd=root)


def call(tool, tool_input, name="PreToolUse"):
    def build(root):
        given = {
            k: v.replace("{p}", root) if isinstance(v, str) else v for k, v in tool_input.items()
        }
        return Event(name, tool=tool, cwd=root, tool_input=given)

    return build


def session(source):
    return lambda root: Event("SessionStart", cwd=root, source=source)


def prompt():
    return lambda root: Event("UserPromptSubmit", cwd=root)


def cell(rel, text):
    def build(root):
        path = os.path.join(root, rel)
        edit = FileEdit(path, text, kind=CELL)
        return Event("PreToolUse", tool="NotebookEdit", edits=(edit,), cwd=root)

    return build


def delete(rel):
    def build(root):
        path = os.path.join(root, rel)
        edit = FileEdit(path, "", kind=DELETE)
        return Event("PreToolUse", tool="Edit", edits=(edit,), cwd=root)

    return build


PRINT = "tools: [Write, Edit]\ncontent: 'print\\('"

FIRING = [
    pytest.param(
        PRINT, write("src/a.py", "x = 1\nprint(x)\n"), "src/a.py", "2", "print(", id="write-content"
    ),
    pytest.param(
        'paths: "migrations/**"',
        write("migrations/0001.py", "x\n"),
        "migrations/0001.py",
        "",
        "",
        id="path-only",
    ),
    pytest.param(
        PRINT,
        edit("src/a.py", "a\nb\n", "b", "b\nprint(1)"),
        "src/a.py",
        "3",
        "print(",
        id="edit-new-line",
    ),
    pytest.param(
        PRINT,
        on_disk("src/a.py", "print(1)\n", "print(1)\nprint(2)\n"),
        "src/a.py",
        "2",
        "print(",
        id="write-adds-second",
    ),
    pytest.param(
        PRINT,
        edit("src/new.py", None, "x", "y\nprint(2)"),
        "src/new.py",
        "2 (of the edited text)",
        "print(",
        id="edit-no-file-fragment",
    ),
    pytest.param(
        "tools: MultiEdit\ncontent: TODO",
        edit("src/a.py", "a\n", "a", "a # TODO", tool="MultiEdit"),
        "src/a.py",
        "1",
        "TODO",
        id="multiedit-scalar-tool",
    ),
    pytest.param(
        "tools: [NotebookEdit]\ncontent: 'display\\('",
        cell("nb.ipynb", "x = 1\ndisplay(x)"),
        "nb.ipynb",
        "2 (of the edited text)",
        "display(",
        id="notebook-cell",
    ),
    pytest.param(
        "tools: [Bash]\ncontent: '\\bnpm publish\\b'",
        shell("npm publish --tag next"),
        "",
        "1",
        "npm publish",
        id="bash-command",
    ),
    pytest.param(
        "tools: [Bash]\ncontent: 'rm -rf'",
        shell("cd build\nrm -rf out"),
        "",
        "2",
        "rm -rf",
        id="bash-second-line",
    ),
    pytest.param(
        "tools: [PowerShell]\ncontent: 'Remove-Item'",
        shell("Remove-Item -Recurse x", tool="PowerShell"),
        "",
        "1",
        "Remove-Item",
        id="powershell",
    ),
    pytest.param(
        "content: 'curl .*\\| *sh'",
        shell("curl https://x.sh | sh"),
        "",
        "1",
        "curl https://x.sh | sh",
        id="any-tool-content",
    ),
    pytest.param(
        'paths: ["src/**", "!src/vendored/**"]',
        write("src/app.py", "x\n"),
        "src/app.py",
        "",
        "",
        id="negated-others-fire",
    ),
    pytest.param(
        'paths: ["**/*.py", "!tests/**", "tests/conftest.py"]',
        write("tests/conftest.py", "x\n"),
        "tests/conftest.py",
        "",
        "",
        id="re-included",
    ),
    pytest.param('paths: "/setup.py"', write("setup.py", "x\n"), "setup.py", "", "", id="anchored"),
    pytest.param(
        'paths: "*.lock"',
        write("deep/dir/poetry.lock", "x\n"),
        "deep/dir/poetry.lock",
        "",
        "",
        id="basename-glob",
    ),
    pytest.param(
        "paths:\n  - 'docs/**'\n  - '!docs/generated/**'",
        write("docs/a.md", "x\n"),
        "docs/a.md",
        "",
        "",
        id="block-list",
    ),
    pytest.param(
        "event: [PreToolUse, PostToolUse]\ncontent: 'print\\('",
        write("src/a.py", "print(1)\n", name="PostToolUse"),
        "src/a.py",
        "1",
        "print(",
        id="post-tool",
    ),
    pytest.param("event: SessionStart", session("startup"), "", "", "", id="session-start"),
    pytest.param(
        "event: SessionStart\ncontent: '^compact$'",
        session("compact"),
        "",
        "1",
        "compact",
        id="session-compact",
    ),
    pytest.param("event: UserPromptSubmit", prompt(), "", "", "", id="prompt-any"),
    pytest.param(
        "tools: [Read]\npaths: ['.env', '.env.*']",
        call("Read", {"file_path": "{p}/.env.local"}),
        ".env.local",
        "",
        "",
        id="read-env",
    ),
    pytest.param(
        "tools: [WebFetch]\ncontent: 'pastebin\\.com'",
        call("WebFetch", {"url": "https://pastebin.com/x", "prompt": "p"}),
        "",
        "1",
        "pastebin.com",
        id="webfetch-url",
    ),
    pytest.param(
        "tools: [mcp__github__create_issue]",
        call("mcp__github__create_issue", {"title": "t"}),
        "",
        "",
        "",
        id="mcp-tool",
    ),
    pytest.param(
        "content: '(?i)password\\s*='",
        write("src/c.py", "PASSWORD = 1\n"),
        "src/c.py",
        "1",
        "PASSWORD =",
        id="case-insensitive",
    ),
    pytest.param(
        'tools: [Write]\ncontent: "print\\\\("',
        write("src/a.py", "print(1)\n"),
        "src/a.py",
        "1",
        "print(",
        id="double-quoted",
    ),
    pytest.param(
        "tools: [Write]\ncontent: '^import pdb$'",
        write("src/a.py", "x\nimport pdb\n"),
        "src/a.py",
        "2",
        "import pdb",
        id="multiline-anchors",
    ),
    pytest.param(
        "tools: [Grep]\npaths: 'secrets/**'",
        call("Grep", {"pattern": "x", "path": "secrets/keys"}),
        "secrets/keys",
        "",
        "",
        id="grep-relative-path",
    ),
]


@pytest.mark.parametrize(("matter", "build", "path", "line", "match"), FIRING)
def test_fires(root, matter, build, path, line, match):
    rule = put(project_rules(root), "the-rule.md", matter)
    event = build(root)
    found = check(event)
    assert len(found) == 1, found
    finding = found[0]
    assert finding.guard == "custom" and finding.message == rule and finding.variant == ""
    got = finding.value_map()
    assert (got["path"], got["line"], got["match"]) == (path, line, match)
    assert got["rule"] == "the-rule" and got["tool"] == event.tool
    assert got["command"] == event.command
    assert finding.key == f"the-rule:{path}"
    assert finding.deny is False


def test_post_tool_failure_event(root):
    put(project_rules(root), "r.md", "event: PostToolUseFailure\ntools: [Bash]")
    event = Event("PostToolUseFailure", tool="Bash", command="make", cwd=root)
    assert [v["rule"] for v in values(check(event))] == ["r"]


SILENT = [
    pytest.param("event: PostToolUse\ntools: [Write]", write("src/a.py", "x\n"), id="other-event"),
    pytest.param("tools: [Edit]", write("src/a.py", "x\n"), id="other-tool"),
    pytest.param('paths: "lib/**"', write("src/a.py", "x\n"), id="path-elsewhere"),
    pytest.param(
        'paths: ["src/**", "!src/vendored/**"]',
        write("src/vendored/x.py", "x\n"),
        id="negated-path",
    ),
    pytest.param(PRINT, write("src/a.py", "log(x)\n"), id="no-content-match"),
    pytest.param(
        PRINT, edit("src/a.py", "print(1)\nb\n", "b", "c"), id="content-already-there-edit"
    ),
    pytest.param(
        PRINT,
        on_disk("src/a.py", "print(1)\nx\n", "print(1)\ny\n"),
        id="content-already-there-write",
    ),
    pytest.param(PRINT, edit("src/a.py", "print(1)\n", "print(1)", "log(1)"), id="content-removed"),
    pytest.param(PRINT, delete("src/a.py"), id="delete"),
    pytest.param(
        "tools: [Bash]\ncontent: 'npm publish'", shell("npm test"), id="bash-other-command"
    ),
    pytest.param(
        "event: SessionStart\ncontent: '^compact$'", session("startup"), id="session-not-compact"
    ),
    pytest.param("event: SessionStart", shell("ls"), id="session-rule-on-tool"),
    pytest.param("event: UserPromptSubmit", write("src/a.py", "x\n"), id="prompt-rule-on-tool"),
    pytest.param("tools: [Bash]", call("Read", {"file_path": "{p}/x"}), id="bash-rule-on-read"),
    pytest.param(
        "tools: [Read]\npaths: ['.env', '.env.*']",
        call("Read", {"file_path": "{p}/src/env.py"}),
        id="read-other-file",
    ),
    pytest.param(
        "tools: [mcp__github__create_issue]", call("mcp__github__list", {}), id="mcp-other"
    ),
    pytest.param(
        "tools: [WebFetch]\ncontent: 'pastebin\\.com'",
        call("WebFetch", {"url": "https://example.com"}),
        id="webfetch-other",
    ),
    pytest.param('paths: "/setup.py"', write("pkg/setup.py", "x\n"), id="anchored-elsewhere"),
    pytest.param('paths: "*.lock"', write("lockfile.txt", "x\n"), id="glob-mismatch"),
    pytest.param(
        "tools: [Write]\ncontent: '^print'",
        write("src/a.py", "x = print(1)\n"),
        id="anchor-mid-line",
    ),
    pytest.param("content: '(a+)+b'", write("src/a.py", "aaab\n"), id="invalid-nested-skipped"),
    pytest.param(
        "tools: [Write]",
        write("src/a.py", "x\n"),
        "## Procedure\nonly\n",
        id="invalid-no-advisory-skipped",
    ),
    pytest.param(
        "tools: [Write]\ncontent: 'print\\('",
        write("src/a.py", "print(1)\n", tool="Edit"),
        id="edit-rule-tool-mismatch",
    ),
    pytest.param(
        "tools: [Read]\npaths: '**'",
        lambda root: Event("PreToolUse", tool="Read", tool_input={"file_path": "rel/only"}),
        id="read-relative-no-cwd",
    ),
    pytest.param("content: 'secret'", call("Glob", {"pattern": "*.py"}), id="glob-input-no-match"),
    pytest.param(
        "tools: [Write]\ncontent: 'print\\('",
        on_disk("src/a.py", "a\nprint(1)\n", "print(1)\na\n"),
        id="lines-moved",
    ),
]


def _padded(cases):
    return [
        pytest.param(*case.values, *([ADVICE] if len(case.values) == 2 else []), id=case.id)
        for case in cases
    ]


@pytest.mark.parametrize(("matter", "build", "body"), _padded(SILENT))
def test_silent(root, matter, build, body):
    put(project_rules(root), "the-rule.md", matter, body)
    assert check(build(root)) == []


def test_no_rule_folders_is_silent(root):
    assert check(write("src/a.py", "print(1)\n")(root)) == []


@pytest.mark.parametrize(
    "name", [".hidden.md", "notes.txt", "rule.md.bak"], ids=["hidden", "txt", "backup"]
)
def test_other_files_are_not_rules(root, name):
    put(project_rules(root), name, "tools: [Write]")
    assert check(write("src/a.py", "x\n")(root)) == []


def test_rules_in_subfolders_are_not_read(root):
    put(os.path.join(project_rules(root), "sub"), "r.md", "tools: [Write]")
    assert check(write("src/a.py", "x\n")(root)) == []


def test_user_rule_fires(root):
    rule = put(user_rules(), "mine.md", "tools: [Write]")
    found = check(write("src/a.py", "x\n")(root))
    assert [(f.message, f.value_map()["rule"]) for f in found] == [(rule, "mine")]


def test_user_rule_applies_outside_a_git_root(tmp_path):
    put(user_rules(), "mine.md", "tools: [Write]")
    path = str(tmp_path / "loose" / "a.py")
    event = Event("PreToolUse", tool="Write", edits=(FileEdit(path, "x"),), cwd=str(tmp_path))
    assert [v["path"] for v in values(check(event))] == [path]


def test_paths_never_match_outside_a_git_root(tmp_path):
    put(user_rules(), "mine.md", "paths: '**'")
    path = str(tmp_path / "loose" / "a.py")
    event = Event("PreToolUse", tool="Write", edits=(FileEdit(path, "x"),), cwd=str(tmp_path))
    assert check(event) == []


def test_project_rule_replaces_user_rule_of_the_same_name(root):
    put(user_rules(), "shared.md", "tools: [Write]")
    put(project_rules(root), "shared.md", "tools: [Bash]")
    assert check(write("src/a.py", "x\n")(root)) == []
    found = check(shell("ls")(root))
    assert [f.message for f in found] == [os.path.join(project_rules(root), "shared.md")]


def test_user_and_project_rules_both_apply_in_name_order(root):
    put(project_rules(root), "b-project.md", "tools: [Write]")
    put(user_rules(), "a-user.md", "tools: [Write]")
    put(user_rules(), "c-user.md", "tools: [Write]")
    found = check(write("src/a.py", "x\n")(root))
    assert [v["rule"] for v in values(found)] == ["a-user", "b-project", "c-user"]


def test_one_finding_per_rule_and_file_in_rule_then_file_order(root):
    put(project_rules(root), "b.md", "content: 'TODO'")
    put(project_rules(root), "a.md", "paths: '*.py'")
    edits = (
        FileEdit(os.path.join(root, "x.py"), "TODO 1\nTODO 2\n"),
        FileEdit(os.path.join(root, "y.py"), "ok\n"),
        FileEdit(os.path.join(root, "z.txt"), "no\nTODO 3\n"),
    )
    found = check(Event("PreToolUse", tool="Edit", edits=edits, cwd=root))
    assert [(v["rule"], v["path"], v["line"]) for v in values(found)] == [
        ("a", "x.py", ""),
        ("a", "y.py", ""),
        ("b", "x.py", "1"),
        ("b", "z.txt", "2"),
    ]
    assert [f.key for f in found] == ["a:x.py", "a:y.py", "b:x.py", "b:z.txt"]


def test_strict_rule_marks_its_findings(root):
    put(project_rules(root), "s.md", "tools: [Write]\nstrict: true")
    put(project_rules(root), "t.md", "tools: [Write]")
    assert [f.deny for f in check(write("src/a.py", "x\n")(root))] == [True, False]


def test_long_match_is_shortened(root):
    put(project_rules(root), "r.md", "content: 'x+'")
    found = check(write("src/a.py", "x" * 500)(root))
    shown = found[0].value_map()["match"]
    assert len(shown) == 120 and shown.endswith("…")


def test_only_the_first_4_mib_is_searched(root):
    put(project_rules(root), "r.md", "content: 'NEEDLE'")
    text = ("a" * 1023 + "\n") * 4096 + "NEEDLE\n"
    assert check(write("src/a.py", text)(root)) == []
    assert check(write("src/a.py", "NEEDLE\n" + text)(root)) != []


def test_invalid_rule_is_logged_once_and_others_still_apply(root, capfd):
    put(project_rules(root), "bad.md", "tools: [Writ]")
    put(project_rules(root), "good.md", "tools: [Write]")
    found = check(write("src/a.py", "x\n")(root))
    assert [v["rule"] for v in values(found)] == ["good"]
    err = capfd.readouterr().err
    assert err.count("\n") == 1
    assert "bad.md is invalid and skipped: unknown tool 'Writ'" in err


def test_invalid_rule_is_still_logged_from_the_cache(root, capfd):
    put(project_rules(root), "bad.md", "tools: [Writ]")
    event = write("src/a.py", "x\n")(root)
    check(event)
    capfd.readouterr()
    check(event)
    assert "bad.md is invalid" in capfd.readouterr().err


def test_changed_rule_file_is_read_again(root):
    put(project_rules(root), "r.md", "tools: [Write]")
    event = write("src/a.py", "x\n")(root)
    assert check(event) != []
    put(project_rules(root), "r.md", "tools: [Bash]")
    assert check(event) == []


def test_corrupt_cache_is_rebuilt(root):
    put(project_rules(root), "r.md", "tools: [Write]")
    state = os.environ["CAVEAT_STATE_DIR"]
    os.makedirs(state, exist_ok=True)
    with open(os.path.join(state, "custom-rules.cache.json"), "w") as handle:
        handle.write("{not json")
    assert check(write("src/a.py", "x\n")(root)) != []


def test_prompt_content_validity_follows_the_event_record():
    rule = "---\nevent: UserPromptSubmit\ncontent: 'x'\n---\n## Advisory\nA\n"
    if _custom_rules.PROMPT_AVAILABLE:
        assert _custom_rules.validate(rule)["content"] == "x"
    else:
        with pytest.raises(_custom_rules.RuleError, match="UserPromptSubmit"):
            _custom_rules.validate(rule)


# Through the hook: the rule file is the message.


@pytest.fixture
def only_custom(monkeypatch):
    """Run the chain with the custom guard alone (whatever the registry looks like)."""
    if hasattr(chain, "REGISTRY"):
        from caveat.guards import spec

        monkeypatch.setattr(chain, "REGISTRY", (spec("custom"),))
    else:
        monkeypatch.setattr(chain, "GUARDS", (custom,))


def payload(root, event="PreToolUse", rel="src/a.py", content="x = 1\nprint(x)\n", session="s1"):
    return json.dumps(
        {
            "session_id": session,
            "cwd": root,
            "hook_event_name": event,
            "tool_name": "Write",
            "tool_input": {"file_path": os.path.join(root, rel), "content": content},
        }
    ).encode()


RULE_TEXT = """---
event: [PreToolUse, PostToolUse]
tools: [Write, Edit]
paths: ["src/**/*.py", "!src/vendored/**"]
content: 'print\\('
{strict}
---
<!-- SPDX-License-Identifier: MIT -->
# No print debugging

## Advisory
{{path}} gains a `print(` call at line {{line}}. Use the project's logger instead.

## After
{{path}} now has a `print(` call at line {{line}}. Replace it with the logger.

## Procedure
Why and how.
"""


def rule_file(root, strict=""):
    folder = project_rules(root)
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "no-print.md")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(RULE_TEXT.format(strict=strict))
    trust(root)
    return path


def test_rule_renders_through_the_message_engine(root, only_custom):
    path = rule_file(root)
    outcome = dispatch.run([], payload(root), dict(os.environ))
    context = json.loads(outcome.output)["hookSpecificOutput"]["additionalContext"]
    assert context == (
        "src/a.py gains a `print(` call at line 2. Use the project's logger instead.\n\n"
        f"Full procedure: {path}"
    )


def test_rule_renders_its_after_section_on_post_tool(root, only_custom):
    rule_file(root)
    target = os.path.join(root, "src", "a.py")
    with open(target, "w") as handle:
        handle.write("x = 1\nprint(x)\n")
    outcome = dispatch.run([], payload(root, event="PostToolUse"), dict(os.environ))
    assert "src/a.py now has a `print(` call at line 2" in outcome.text


def test_vendored_path_stays_silent_through_the_hook(root, only_custom):
    rule_file(root)
    outcome = dispatch.run([], payload(root, rel="src/vendored/a.py"), dict(os.environ))
    assert outcome.output == ""


def test_strict_rule_denies_when_strict_is_on(root, only_custom):
    rule_file(root, strict="strict: true")
    env = dict(os.environ, CAVEAT_STRICT="custom")
    out = json.loads(dispatch.run([], payload(root), env).output)["hookSpecificOutput"]
    assert out["permissionDecision"] == "deny"
    assert "gains a `print(` call at line 2" in out["permissionDecisionReason"]


def test_strict_rule_only_advises_without_strict_mode(root, only_custom):
    rule_file(root, strict="strict: true")
    out = json.loads(dispatch.run([], payload(root), dict(os.environ)).output)
    assert "permissionDecision" not in out["hookSpecificOutput"]


def test_non_strict_rule_only_advises_in_strict_mode(root, only_custom):
    rule_file(root)
    env = dict(os.environ, CAVEAT_STRICT="custom")
    out = json.loads(dispatch.run([], payload(root), env).output)
    assert "permissionDecision" not in out["hookSpecificOutput"]


def test_guard_can_be_turned_off_in_config(root, only_custom):
    rule_file(root)
    with open(os.path.join(root, ".caveat", "config.toml"), "w") as handle:
        handle.write("[guards]\ncustom = false\n")
    trust(root)
    assert dispatch.run([], payload(root), dict(os.environ)).output == ""


# Fresh interpreters: what the hook imports.

SCRIPT = """
import sys
from caveat import chain
from caveat.guards import custom
if hasattr(chain, "REGISTRY"):
    from caveat.guards import spec
    chain.REGISTRY = (spec("custom"),)
else:
    chain.GUARDS = (custom,)
from caveat.hook import main
main()
"""


def run_fresh(tmp_path, data, cwd):
    script = tmp_path / "hook_with_custom.py"
    script.write_text(SCRIPT)
    done, imported = run_importtime([str(script)], data, cwd)
    assert done.returncode == 0
    return done.stdout, imported


def test_second_run_uses_the_cache_and_not_the_markdown_parser(root, tmp_path):
    rule_file(root)
    first, imported = run_fresh(tmp_path, payload(root), root)
    assert b"gains a `print(` call" in first
    assert "markdown_it" in imported
    second, imported = run_fresh(tmp_path, payload(root, session="s2"), root)
    assert second == first
    assert "markdown_it" not in imported
    assert "pathspec" not in imported


def test_silent_write_without_rule_folders_imports_little(root, tmp_path):
    out, imported = run_fresh(tmp_path, payload(root, content="x = 1\n"), root)
    assert out == b""
    assert "caveat.guards.custom" in imported
    assert "re" not in imported
    assert not {name for name in imported if name.startswith("caveat.guards.custom.")}


def test_a_rule_slow_to_validate_is_skipped_and_not_cached(root, monkeypatch, capfd):
    from caveat.guards.custom import load

    slow = "## Advisory\nSee {path}.\n\n## Notes\n" + "![" * 60_000 + "\n"
    put(project_rules(root), "slow.md", "tools: [Write]", slow)
    monkeypatch.setattr(load, "VALIDATE_S", 0.001)  # the budget this file cannot meet
    assert check(write("src/a.py", "x = 1\n")(root)) == []
    assert load.SLOW in capfd.readouterr().err
    monkeypatch.setattr(load, "VALIDATE_S", 30.0)
    assert check(write("src/a.py", "x = 1\n")(root))  # tried again, not cached as invalid
