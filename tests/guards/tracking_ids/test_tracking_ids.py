"""The tracking-ids guard: internal planning identifiers written into product code."""

from __future__ import annotations

import json
import os

import pytest

from caveat.config import Config
from caveat.config import defaults
from caveat.event import CELL
from caveat.event import DELETE
from caveat.event import FRAGMENT
from caveat.event import Event
from caveat.event import FileEdit
from caveat.guards import tracking_ids
from caveat.guards.base import Context
from caveat.guards.tracking_ids import scan as _tracking_scan
from tests.helpers import isolated_words


@pytest.fixture
def root(tmp_path):
    folder = tmp_path / "proj"
    os.makedirs(folder / ".git")
    return str(folder)


def run(event, **settings):
    values = defaults()
    for dotted, value in settings.items():
        table, key = dotted.split("__")
        values[table][key] = value
    return tracking_ids.check(event, Context(event, env={}, config=Config(values)))


def write(root, name, text, name_event="PreToolUse", **settings):
    path = os.path.join(root, name)
    event = Event(name_event, tool="Write", edits=(FileEdit(path, text),), cwd=root)
    return run(event, **settings)


def summary(findings):
    out = []
    for f in findings:
        values = f.value_map()
        assert f.guard == "tracking-ids" and f.variant == "" and f.deny is False
        assert set(values) == {"path", "ids", "lines"}
        out.append((values["path"], values["ids"], values["lines"]))
    return out


FIRING = [
    pytest.param("src/app.py", "# TM-10: retry\nx = 1\n", "TM-10", "1", id="py-comment"),
    pytest.param("src/app.py", "x = 1\ny = 2  # Phase-B\n", "Phase-B", "2", id="phase-letter"),
    pytest.param("src/app.py", "def f():  # Phase-2\n    pass\n", "Phase-2", "1", id="phase-digit"),
    pytest.param("src/app.py", 'LOG = "done with AD-1"\n', "AD-1", "1", id="py-string"),
    pytest.param("app.py", "# CM-7\n", "CM-7", "1", id="at-git-root"),
    pytest.param("src/a.ts", "// TODO(PLAT-1234) remove\n", "PLAT-1234", "1", id="ts-todo"),
    pytest.param("src/a.js", "/* see WEB-42 */\n", "WEB-42", "1", id="js-block-comment"),
    pytest.param("web/A.tsx", "<p>Done in Phase-C</p>\n", "Phase-C", "1", id="tsx-markup"),
    pytest.param("cmd/main.go", "// OPS-17 workaround\n", "OPS-17", "1", id="go"),
    pytest.param("src/lib.rs", "// TM-3\nfn a() {}\n", "TM-3", "1", id="rust"),
    pytest.param("src/Main.java", "// JIRA-99\n", "JIRA-99", "1", id="java"),
    pytest.param("src/x.kt", "// AB-12\n", "AB-12", "1", id="kotlin"),
    pytest.param("src/x.c", "/* TM-1 */\n", "TM-1", "1", id="c"),
    pytest.param("src/x.cs", "// BE-5\n", "BE-5", "1", id="csharp"),
    pytest.param("lib/x.rb", "# TM-10\n", "TM-10", "1", id="ruby"),
    pytest.param("src/x.php", "<?php // TM-10\n", "TM-10", "1", id="php"),
    pytest.param("bin/run.sh", "#!/bin/sh\n# TM-8 step\n", "TM-8", "2", id="shell"),
    pytest.param("db/m.sql", "-- DB-4 backfill\n", "DB-4", "1", id="sql"),
    pytest.param("web/s.css", "/* UI-3 */\n", "UI-3", "1", id="css"),
    pytest.param("web/i.html", "<!-- Phase-A -->\n", "Phase-A", "1", id="html"),
    pytest.param("Makefile", "# TM-10\nall:\n", "TM-10", "1", id="makefile"),
    pytest.param("Dockerfile.dev", "# TM-10\n", "TM-10", "1", id="dockerfile-variant"),
    pytest.param("src/plans/pricing.py", "# TM-10\n", "TM-10", "1", id="code-folder-named-plans"),
    pytest.param("src/latest.py", "# TM-10\n", "TM-10", "1", id="latest-is-not-a-test"),
    pytest.param(
        "src/app.py",
        "# TM-10\n# UTF-8 and TM-11\nx = 'TM-10'\n",
        "TM-10, TM-11",
        "1, 2, 3",
        id="several-ids-mixed-with-standards",
    ),
    pytest.param(
        "src/app.py",
        "".join(f"# T{chr(65 + i)}-{i}\n" for i in range(12)),
        "TA-0, TB-1, TC-2, TD-3, TE-4, TF-5, TG-6, TH-7 and 4 more",
        "1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and more",
        id="capped",
    ),
]


@pytest.mark.parametrize(("name", "text", "ids", "lines"), FIRING)
def test_firing(root, name, text, ids, lines):
    findings = write(root, name, text)
    assert summary(findings) == [(name, ids, lines)]
    assert findings[0].message == "pretooluse-write"


SILENT = [
    pytest.param("src/app.py", "x = 1\n", id="no-ids"),
    pytest.param("src/app.py", "", id="empty"),
    pytest.param("src/app.py", 'open(p, encoding="UTF-8")\n', id="utf-8"),
    pytest.param("src/app.py", "h = hashlib.new('SHA-256')\n", id="sha-256"),
    pytest.param("src/app.py", "# dates are ISO-8601\n", id="iso-8601"),
    pytest.param("src/app.py", "# per RFC-7231 section 6\n", id="rfc"),
    pytest.param("src/app.py", "# X-11 forwarding\n", id="x-11"),
    pytest.param("src/app.py", "# fixes CVE-2024-1234\n", id="cve"),
    pytest.param("src/app.py", "PROTO = 'HTTP-2'\n", id="http-2"),
    pytest.param("src/a.ts", "// target ES-2022\n", id="es-2022"),
    pytest.param("src/app.py", "s.decode('UTF-16')\n", id="utf-16"),
    pytest.param("src/app.py", "# licensed GPL-3 or MIT; MD-5 is broken\n", id="licence-and-md5"),
    pytest.param("src/app.py", "id = 'a-1'  # lower-case\n", id="lower-case"),
    pytest.param("src/app.py", "TM10 = 1\nTM_10 = 2\n", id="no-dash"),
    pytest.param("src/app.py", "ABCDEF-1\n", id="prefix-too-long"),
    pytest.param("src/app.py", "uuid = '3F2504E0-4F89-11D3'\n", id="uuid"),
    pytest.param("src/app.py", "r = re.compile('[A-Z]-[0-9]')\n", id="regex-class"),
    pytest.param("notes.md", "# TM-10\n", id="markdown"),
    pytest.param("README.rst", "TM-10\n", id="rst"),
    pytest.param("config/app.yaml", "# TM-10\n", id="yaml-config"),
    pytest.param("package.json", '{"x": "TM-10"}\n', id="json"),
    pytest.param("CHANGELOG.py", "# TM-10\n", id="changelog-name"),
    pytest.param("docs/conf.py", "# TM-10\n", id="docs-folder"),
    pytest.param("tests/test_app.py", "# TM-10\n", id="tests-folder"),
    pytest.param("src/test_app.py", "# TM-10\n", id="test-prefix"),
    pytest.param("src/app_test.go", "// TM-10\n", id="go-test"),
    pytest.param("src/app.test.ts", "// TM-10\n", id="ts-test"),
    pytest.param("src/app.spec.js", "// TM-10\n", id="js-spec"),
    pytest.param("src/UserServiceTest.java", "// TM-10\n", id="java-test"),
    pytest.param("src/conftest.py", "# TM-10\n", id="conftest"),
    pytest.param("src/__tests__/a.js", "// TM-10\n", id="jest-folder"),
    pytest.param(".caveat/plans/tool.py", "# TM-10\n", id="plans-folder"),
    pytest.param("node_modules/x/index.js", "// TM-10\n", id="vendored"),
]


@pytest.mark.parametrize(("name", "text"), SILENT)
def test_silent(root, name, text):
    assert write(root, name, text) == []


def test_configured_plans_folder_is_exempt(root):
    assert write(root, "planning/x.py", "# TM-10\n", plans__folder="planning") == []
    assert write(root, "planning/x.py", "# TM-10\n", plans__folder="./planning/") == []
    assert summary(write(root, "src/x.py", "# TM-10\n", plans__folder="planning"))


def test_ids_already_in_the_file_are_not_reported(root):
    path = os.path.join(root, "src", "app.py")
    os.makedirs(os.path.dirname(path))
    with open(path, "w") as f:
        f.write("# TM-10: legacy\nx = 1\n")
    assert write(root, "src/app.py", "# TM-10: legacy\nx = 2\n") == []
    findings = write(root, "src/app.py", "# TM-10: legacy\nx = 2  # TM-11\n")
    assert summary(findings) == [("src/app.py", "TM-11", "2")]
    assert findings[0].key == "TM-11"


def test_edit_names_lines_of_the_file_and_uses_the_edit_message(root):
    path = os.path.join(root, "src", "app.py")
    os.makedirs(os.path.dirname(path))
    with open(path, "w") as f:
        f.write("a = 1\nb = 2\nc = 3\n")
    edit = FileEdit(path, "c = 4  # Phase-B\n", FRAGMENT, old="c = 3\n")
    findings = run(Event("PreToolUse", tool="Edit", edits=(edit,), cwd=root))
    assert summary(findings) == [("src/app.py", "Phase-B", "3")]
    assert findings[0].message == "pretooluse-edit"
    multi = run(Event("PreToolUse", tool="MultiEdit", edits=(edit,), cwd=root))
    assert multi[0].message == "pretooluse-edit"


def test_edit_whose_old_fragment_had_the_id_is_silent(root):
    path = os.path.join(root, "src", "gone.py")  # not on disk: fragments compared
    edit = FileEdit(path, "x = 2  # TM-10\n", FRAGMENT, old="x = 1  # TM-10\n")
    assert run(Event("PreToolUse", tool="Edit", edits=(edit,), cwd=root)) == []
    edit = FileEdit(path, "x = 1\ny = 2  # TM-12\n", FRAGMENT, old="x = 1\n")
    findings = run(Event("PreToolUse", tool="Edit", edits=(edit,), cwd=root))
    assert summary(findings) == [("src/gone.py", "TM-12", "2 (of the edited text)")]


def test_post_tool_use_write_reports_the_written_file(root):
    path = os.path.join(root, "app.py")
    with open(path, "w") as f:
        f.write("# TM-10\n")  # already written
    assert summary(write(root, "app.py", "# TM-10\n", "PostToolUse")) == [("app.py", "TM-10", "1")]


def test_notebook_cell_edit_and_notebook_write(root):
    path = os.path.join(root, "nb.ipynb")
    cell = FileEdit(path, "x = 1\n# Phase-B\n", CELL)
    findings = run(Event("PreToolUse", tool="NotebookEdit", edits=(cell,), cwd=root))
    assert summary(findings) == [("nb.ipynb", "Phase-B", "2 (of the edited text)")]
    assert findings[0].message == "pretooluse-notebookedit"
    notebook = {
        "cells": [
            {"cell_type": "markdown", "source": ["Plan: TM-10\n"]},
            {"cell_type": "code", "source": ["import os\n", "# TM-11\n"]},
        ]
    }
    assert summary(write(root, "nb.ipynb", json.dumps(notebook))) == [
        ("nb.ipynb", "TM-11", "cell 2 line 2")
    ]


def test_deleted_file_is_silent(root):
    path = os.path.join(root, "app.py")
    event = Event("PreToolUse", tool="Edit", edits=(FileEdit(path, "", DELETE),), cwd=root)
    assert run(event) == []


def test_custom_pattern_and_invalid_pattern(root, capfd):
    custom = r"\bTICKET_\d+\b"
    assert summary(write(root, "a.py", "# TICKET_7\n", tracking__pattern=custom)) == [
        ("a.py", "TICKET_7", "1")
    ]
    assert write(root, "a.py", "# TM-10\n", tracking__pattern=custom) == []
    assert write(root, "a.py", "# TM-10\n", tracking__pattern="(unclosed") == []
    assert write(root, "b.py", "# TM-10\n", tracking__pattern="(unclosed") == []
    err = capfd.readouterr().err
    assert err.count("not a valid regular expression") == 1
    assert write(root, "a.py", "# TM-10\n", tracking__pattern="") == []
    assert write(root, "a.py", "x = 1\n", tracking__pattern="x*") == []  # empty matches


def test_path_outside_git_root_is_shown_whole(tmp_path):
    path = str(tmp_path / "loose.py")
    event = Event("PreToolUse", tool="Write", edits=(FileEdit(path, "# TM-10\n"),))
    assert summary(run(event)) == [(path, "TM-10", "1")]


def test_big_text_is_linear(root):
    text = "A-" * 2_000_000 + "\n# TM-10\n"
    assert summary(write(root, "big.py", text)) == [("big.py", "TM-10", "2")]


def test_pattern_compiled_once():
    _tracking_scan._compiled.clear()
    assert _tracking_scan.compiled("TM-1") is _tracking_scan.compiled("TM-1")


def test_silent_path_imports_neither_re_nor_shell():
    code = (
        "import sys\n"
        "from caveat.event import Event, FileEdit\n"
        "from caveat.guards.base import Context\n"
        "from caveat.guards import tracking_ids\n"
        "events = [\n"
        "    Event('PreToolUse', tool='Write', edits=(FileEdit('/tmp/notes.md', '# TM-10'),)),\n"
        "    Event('PreToolUse', tool='Write', edits=(FileEdit('/tmp/src/app.py', 'x = 1\\n'),)),\n"
        "    Event('PreToolUse', tool='Write', edits=(FileEdit('/tmp/a.py', 'a-b = c-1'),)),\n"
        "]\n"
        "for e in events:\n"
        "    assert tracking_ids.check(e, Context(e, env={})) == []\n"
        "print('re' in sys.modules, 'caveat.shell' in sys.modules)\n"
    )
    assert isolated_words(code) == ["False", "False"]
