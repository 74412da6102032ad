"""``caveat rules``: every custom rule file, valid or not, and why; the rule syntax."""

from __future__ import annotations

import json
import os

import pytest

from caveat.cli import main
from caveat.config import config_dir
from caveat.guards import custom
from caveat.guards.custom import rules as _custom_rules
from caveat.guards.custom.backtrack import nested_quantifier
from caveat.guards.custom.rules import RuleError
from caveat.guards.custom.rules import read_front_matter

GOOD = "---\ntools: [Write]\ncontent: 'print\\('\n---\n# T\n\n## Advisory\nAt {path}:{line}.\n"


def rules_dir(project):
    folder = project / ".caveat" / "rules"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def user_dir():
    folder = os.path.join(os.environ["XDG_CONFIG_HOME"], "caveat", "rules")
    os.makedirs(folder, exist_ok=True)
    return folder


def rule(matter, body="## Advisory\nSee {path}.\n"):
    return f"---\n{matter}\n---\n# A rule\n\n{body}"


INVALID = [
    pytest.param("# A rule\n\n## Advisory\nx\n", "no front matter", id="no-front-matter"),
    pytest.param(
        "---\ntools: [Write]\n# never closed\n## Advisory\nx\n", "not closed", id="unclosed"
    ),
    pytest.param("---\n---\n## Advisory\nx\n", "empty or not closed", id="empty-front-matter"),
    pytest.param(
        rule("events: PreToolUse\ntools: [Write]"),
        "unknown key 'events' (did you mean 'event'?)",
        id="unknown-key",
    ),
    pytest.param(
        rule("tools: [Write]\ntools: [Edit]"), "line 3: duplicate key 'tools'", id="duplicate-key"
    ),
    pytest.param(
        rule("tools: [Write]\n  paths: x"), "line 3: unexpected indentation", id="indented-key"
    ),
    pytest.param(
        rule("event: BeforeTool\ntools: [Write]"), "unknown event 'BeforeTool'", id="unknown-event"
    ),
    pytest.param(
        rule("event: pretooluse\ntools: [Write]"), "did you mean 'PreToolUse'?", id="event-case"
    ),
    pytest.param(rule("event: Stop"), "unknown event 'Stop'", id="event-not-forwarded"),
    pytest.param(
        rule("event: true\ntools: [Write]"),
        "event must be a name or a non-empty list",
        id="event-type",
    ),
    pytest.param(
        rule("tools: [write]"), "unknown tool 'write' (did you mean 'Write'?)", id="tool-case"
    ),
    pytest.param(rule("tools: [Writer]"), "unknown tool 'Writer'", id="unknown-tool"),
    pytest.param(rule("tools: []"), "tools must be a name or a non-empty list", id="empty-tools"),
    pytest.param(rule("tools: [Write, 3]\n"), "unknown tool '3'", id="tool-number"),
    pytest.param(rule("paths: ['!vendor/**']"), "only negated patterns", id="only-negated"),
    pytest.param(rule("paths: ['src/**', '!']"), "invalid pattern '!'", id="invalid-pattern"),
    pytest.param(rule("paths: ['src/**', '[']"), "reads as no pattern at all", id="empty-pattern"),
    pytest.param(rule("paths: **/*.py"), "must be quoted", id="unquoted-glob"),
    pytest.param(rule("content: '('"), "not a valid regular expression", id="bad-regex"),
    pytest.param(rule("content: '(a+)+b'"), "catastrophic backtracking", id="nested-plus"),
    pytest.param(rule("content: '(.*)*x'"), "the repeated group '(.*)*'", id="nested-star"),
    pytest.param(rule("content: 'x*'"), "matches the empty string", id="empty-match"),
    pytest.param(rule("content: ''"), "content is empty", id="empty-content"),
    pytest.param(rule("content: [a, b]"), "content must be a string", id="content-list"),
    pytest.param(rule("content: '" + "x" * 1001 + "'"), "longer than 1,000", id="content-long"),
    pytest.param(rule('content: "\\d+"'), "unknown escape '\\d'", id="double-quote-escape"),
    pytest.param(rule("content: |\n  x"), "must be quoted", id="block-scalar"),
    pytest.param(rule("content: a: b"), "looks like a nested mapping", id="nested-mapping"),
    pytest.param(rule("content: 'abc"), "unclosed single quote", id="unclosed-quote"),
    pytest.param(rule("tools: [Write, Edit"), "not closed with ']'", id="unclosed-list"),
    pytest.param(
        rule("tools:\n  - Write\n  sub: x"), "nested mappings are not supported", id="nested-block"
    ),
    pytest.param(rule("tools:\n  -\n"), "empty list item", id="empty-item"),
    pytest.param(
        rule("tools: [Write]\nstrict: yes"), "strict must be true or false", id="strict-yes"
    ),
    pytest.param(rule("event: PreToolUse"), "none of tools, paths, content", id="no-conditions"),
    pytest.param(
        rule("event: SessionStart\ntools: [Write]"),
        "never match on SessionStart",
        id="session-tools",
    ),
    pytest.param(rule("tools: [Bash]\npaths: 'src/**'"), "paths never match Bash", id="bash-paths"),
    pytest.param(
        rule("event: UserPromptSubmit\ncontent: 'x'"), "UserPromptSubmit", id="prompt-content"
    ),
    pytest.param(
        rule("tools: [Write]", body="## Procedure\nx\n"),
        "no '## Advisory' section",
        id="no-advisory",
    ),
    pytest.param(
        rule("tools: [Write]", body="## Advisory\n\n## Procedure\nx\n"),
        "'## Advisory' section is empty",
        id="empty-advisory",
    ),
    pytest.param(
        rule("tools: [Write]", body="## Advisory\nIn {file} at {line}\n"),
        "unknown placeholders {file}",
        id="placeholder",
    ),
    pytest.param(
        rule("tools: [Write]", body="## Advisory\nok\n## After\n{paths}\n"),
        "'## After' section uses unknown",
        id="after-placeholder",
    ),
    pytest.param(
        rule("tools: [Write]", body="## Advisory\n" + "x" * 2001 + "\n"),
        "over 2,000 characters",
        id="advisory-long",
    ),
]


@pytest.mark.parametrize(("text", "reason"), INVALID)
def test_invalid_rule_is_reported_with_file_and_reason(project, capsys, text, reason):
    path = rules_dir(project) / "broken.md"
    path.write_text(text)
    assert main(["rules", "--project", str(project)]) == 1
    out = capsys.readouterr().out
    assert f"invalid  project  broken  {path}" in out
    assert reason in out
    [(where, why)] = custom.problems(dict(os.environ), config_dir(dict(os.environ)), str(project))
    assert where == str(path) and reason in why


def test_file_problems(project, capsys):
    folder = rules_dir(project)
    (folder / "latin1.md").write_bytes(b"---\ntools: [Write]\n---\n## Advisory\ncaf\xe9\n")
    (folder / "huge.md").write_text(GOOD + "x" * (256 * 1024))
    (folder / "dir.md").mkdir()
    assert main(["rules", "--project", str(project)]) == 1
    found = dict(custom.problems(dict(os.environ), config_dir(dict(os.environ)), str(project)))
    assert found[str(folder / "latin1.md")].startswith("not UTF-8 text")
    assert found[str(folder / "huge.md")] == "larger than 256 KiB"
    assert found[str(folder / "dir.md")] == "not a regular file"


def test_valid_rules_exit_zero(project, capsys):
    folder = rules_dir(project)
    (folder / "a.md").write_text(GOOD)
    (folder / "b.md").write_text(rule("event: SessionStart\ncontent: '^compact$'"))
    (folder / "c.md").write_text(
        rule("event: [PreToolUse, PostToolUse]\ntools: Bash\ncontent: 'git push'\nstrict: true")
    )
    assert main(["rules", "--project", str(project)]) == 0
    out = capsys.readouterr().out
    assert "ok       project  a" in out
    assert "PreToolUse; Write; content 'print\\\\('" in out
    assert "PostToolUse, PreToolUse; Bash; content 'git push'; strict" in out
    assert "3 rule files, 0 invalid" in out
    assert custom.problems(dict(os.environ), config_dir(dict(os.environ)), str(project)) == []


def test_no_rules_folders(project, capsys):
    assert main(["rules", "--project", str(project)]) == 0
    assert "no custom rules" in capsys.readouterr().out


def test_project_defaults_to_the_current_folder(project, capsys, monkeypatch):
    (rules_dir(project) / "a.md").write_text(GOOD)
    (project / "sub").mkdir()
    monkeypatch.chdir(project / "sub")
    assert main(["rules"]) == 0
    assert "ok       project  a" in capsys.readouterr().out


def test_json_report(project, capsys):
    (rules_dir(project) / "a.md").write_text(GOOD)
    (rules_dir(project) / "b.md").write_text(rule("tools: [Writ]"))
    user = user_dir()
    with open(os.path.join(user, "a.md"), "w") as handle:
        handle.write(rule("tools: [Bash]"))
    assert main(["rules", "--json", "--project", str(project)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["project_root"] == str(project)
    assert [f["scope"] for f in report["folders"]] == ["user", "project"]
    assert report["invalid"] == 1
    by = {(r["name"], r["scope"]): r for r in report["rules"]}
    assert [(r["name"], r["scope"]) for r in report["rules"]] == [
        ("a", "user"),
        ("a", "project"),
        ("b", "project"),
    ]
    assert by["a", "user"]["replaced_by"] == str(project / ".caveat" / "rules" / "a.md")
    assert by["a", "project"] | {"path": None} == {
        "name": "a",
        "path": None,
        "scope": "project",
        "valid": True,
        "error": None,
        "replaced_by": None,
        "events": ["PreToolUse"],
        "tools": ["Write"],
        "paths": [],
        "content": "print\\(",
        "strict": False,
    }
    assert by["b", "project"]["valid"] is False
    assert "unknown tool 'Writ'" in by["b", "project"]["error"]


def test_replaced_user_rule_is_still_validated(project, capsys):
    (rules_dir(project) / "a.md").write_text(GOOD)
    with open(os.path.join(user_dir(), "a.md"), "w") as handle:
        handle.write(rule("tools: [Writ]"))
    assert main(["rules", "--project", str(project)]) == 1
    out = capsys.readouterr().out
    assert "(replaced by " in out


def test_user_rules_alone(tmp_path, capsys):
    with open(os.path.join(user_dir(), "mine.md"), "w") as handle:
        handle.write(GOOD)
    assert main(["rules", "--project", str(tmp_path)]) == 0
    assert "ok       user     mine" in capsys.readouterr().out


def test_rules_command_does_not_write_the_cache(project):
    (rules_dir(project) / "a.md").write_text(GOOD)
    main(["rules", "--project", str(project)])
    state = os.environ["CAVEAT_STATE_DIR"]
    assert not os.path.exists(os.path.join(state, "custom-rules.cache.json"))


# The front-matter subset.

MATTER = [
    ("event: PreToolUse", {"event": "PreToolUse"}),
    ("event: [PreToolUse, PostToolUse]", {"event": ["PreToolUse", "PostToolUse"]}),
    ("paths: ['a, b', \"c]\", d]", {"paths": ["a, b", "c]", "d"]}),
    ("paths: [a, b,]", {"paths": ["a", "b"]}),
    ("paths: []", {"paths": []}),
    (
        "paths:\n  - a  # note\n  # comment\n\n  - 'b # not a comment'",
        {"paths": ["a", "b # not a comment"]},
    ),
    ("paths:\n- a\n- b", {"paths": ["a", "b"]}),
    ("content: 'it''s \\d'", {"content": "it's \\d"}),
    ('content: "tab\\there \\u00e9 \\\\ \\""', {"content": 'tab\there é \\ "'}),
    ("content: a#b  # comment", {"content": "a#b"}),
    ("strict: TRUE", {"strict": True}),
    ("strict: false # off", {"strict": False}),
    ("content: ~", {"content": None}),
    ("content:", {"content": None}),
    ("content: 12", {"content": "12"}),
    ("# only a comment\n\nevent: SessionStart", {"event": "SessionStart"}),
]


@pytest.mark.parametrize(("text", "expected"), MATTER)
def test_front_matter_subset(text, expected):
    assert read_front_matter(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "- a",
        "key value",
        "key:value",
        "a: &anchor x",
        "a: *alias",
        "a: !tag x",
        "a: {b: c}",
        "a: [[b]]",
        "a: >\n  folded",
        "a: 'x' y",
        "a: [x] y",
        'a: "unclosed',
        "a:\n\t- tab",
        "a:\n  - [b]",
    ],
)
def test_front_matter_refusals(text):
    with pytest.raises(RuleError):
        read_front_matter(text)


@pytest.mark.parametrize(
    ("pattern", "risky"),
    [
        ("(a+)+", "(a+)"),
        ("(.*)*", "(.*)"),
        ("(?:x?y)+", "(?:x?y)"),
        ("(\\w+\\s?)*$", "(\\w+\\s?)"),
        ("((a)+)*", "((a)+)"),
        ("(a{1,3}){2,}", "(a{1,3})"),
        ("(\\d+\\.)+", "(\\d+\\.)"),
        ("print\\(", ""),
        ("(?:ab)+", ""),
        ("(a+)?", ""),
        ("(a{2})*", ""),
        ("(a+){3}", "(a+)"),  # a fixed count still multiplies the ways to split
        ("(a+){1}", ""),
        ("[(a+)+]", ""),  # inside a character class nothing is a group
        ("\\(a+\\)+", ""),
        ("(?#(a+)+)x", ""),
        ("a{,3}b+", ""),
        ("x{not}+", ""),
    ],
)
def test_nested_quantifier(pattern, risky):
    assert nested_quantifier(pattern)[: len(risky)] == risky
    if not risky:
        assert nested_quantifier(pattern) == ""


def test_validate_returns_plain_settings():
    settings = _custom_rules.validate(GOOD)
    assert settings == {
        "events": ["PreToolUse"],
        "tools": ["Write"],
        "paths": [],
        "content": "print\\(",
        "strict": False,
    }


def test_byte_order_mark_is_accepted(project, capsys):
    (rules_dir(project) / "bom.md").write_bytes(("\ufeff" + GOOD).encode())
    assert main(["rules", "--project", str(project)]) == 0
