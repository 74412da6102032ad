from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from caveat.common import gitctx
from caveat.common.state import JsonCache
from caveat.event import DELETE
from caveat.event import Event
from caveat.event import FileEdit
from caveat.guards import header
from caveat.guards import spec
from caveat.guards.header import policy as _header_policy
from tests.guards.header.helpers import MIT_PY
from tests.guards.header.helpers import REUSE_SOURCE
from tests.guards.header.helpers import edit
from tests.guards.header.helpers import one
from tests.guards.header.helpers import put
from tests.guards.header.helpers import run
from tests.guards.header.helpers import write
from tests.helpers import commit_all
from tests.helpers import git

# ---------------------------------------------------------------------------------
# Writes: file types, comment styles, lines allowed above the header, malformed tags

ABSENT = "has no SPDX-License-Identifier line"
FIRST = "as the first line"

WRITE_FIRING = [
    pytest.param("src/app.py", "import os\n", ABSENT, MIT_PY, FIRST, id="py"),
    pytest.param(
        "tool.py",
        "#!/usr/bin/env python3\nprint(1)\n",
        ABSENT,
        MIT_PY,
        "after the shebang line",
        id="py-shebang",
    ),
    pytest.param(
        "tool.py",
        "#!/usr/bin/python\n# -*- coding: utf-8 -*-\nprint(1)\n",
        ABSENT,
        MIT_PY,
        "after the shebang and encoding lines",
        id="py-shebang-encoding",
    ),
    pytest.param(
        "old.py",
        "# coding=latin-1\nx = 1\n",
        ABSENT,
        MIT_PY,
        "after the encoding line",
        id="py-enc",
    ),
    pytest.param(
        "run.sh", "#!/bin/sh\necho hi\n", ABSENT, MIT_PY, "after the shebang line", id="sh"
    ),
    pytest.param(".github/ci.yml", "on: push\n", ABSENT, MIT_PY, FIRST, id="yaml"),
    pytest.param("pyproject.toml", "[project]\n", ABSENT, MIT_PY, FIRST, id="toml"),
    pytest.param("Dockerfile", "FROM python:3.12\n", ABSENT, MIT_PY, FIRST, id="dockerfile"),
    pytest.param(
        "Dockerfile",
        "# syntax=docker/dockerfile:1\n# escape=`\nFROM alpine\n",
        ABSENT,
        MIT_PY,
        "after the parser directive lines",
        id="dockerfile-directives",
    ),
    pytest.param(
        "docker/Dockerfile.dev", "FROM alpine\n", ABSENT, MIT_PY, FIRST, id="dockerfile-dev"
    ),
    pytest.param(
        "lib/a.rb",
        "# frozen_string_literal: true\nclass A; end\n",
        ABSENT,
        MIT_PY,
        "after the `# frozen_string_literal` line",
        id="ruby-frozen",
    ),
    pytest.param("Makefile", "all:\n\ttrue\n", ABSENT, MIT_PY, FIRST, id="makefile"),
    pytest.param(
        "web/a.ts",
        "export const a = 1\n",
        ABSENT,
        "// SPDX-License-Identifier: MIT",
        FIRST,
        id="ts",
    ),
    pytest.param(
        "bin/cli.js",
        "#!/usr/bin/env node\nconsole.log(1)\n",
        ABSENT,
        "// SPDX-License-Identifier: MIT",
        "after the shebang line",
        id="js-shebang",
    ),
    pytest.param(
        "main.go", "package main\n", ABSENT, "// SPDX-License-Identifier: MIT", FIRST, id="go"
    ),
    pytest.param(
        "src/lib.rs",
        "#![no_std]\npub fn f() {}\n",
        ABSENT,
        "// SPDX-License-Identifier: MIT",
        FIRST,
        id="rust-inner-attribute-is-no-shebang",
    ),
    pytest.param(
        "A.java", "class A {}\n", ABSENT, "// SPDX-License-Identifier: MIT", FIRST, id="java"
    ),
    pytest.param("a.c", "int x;\n", ABSENT, "// SPDX-License-Identifier: MIT", FIRST, id="c"),
    pytest.param(
        "a.cs", "class A {}\n", ABSENT, "// SPDX-License-Identifier: MIT", FIRST, id="csharp"
    ),
    pytest.param(
        "site.css",
        "a { color: red }\n",
        ABSENT,
        "/* SPDX-License-Identifier: MIT */",
        FIRST,
        id="css",
    ),
    pytest.param(
        "index.html",
        "<!DOCTYPE html>\n<html></html>\n",
        ABSENT,
        "<!-- SPDX-License-Identifier: MIT -->",
        "after the `<!DOCTYPE>` line",
        id="html-doctype",
    ),
    pytest.param(
        "pom.xml",
        '<?xml version="1.0"?>\n<project/>\n',
        ABSENT,
        "<!-- SPDX-License-Identifier: MIT -->",
        "after the `<?xml …?>` line",
        id="xml-declaration",
    ),
    pytest.param(
        "App.vue",
        "<template></template>\n",
        ABSENT,
        "<!-- SPDX-License-Identifier: MIT -->",
        FIRST,
        id="vue",
    ),
    pytest.param(
        "index.php",
        "<?php\necho 1;\n",
        ABSENT,
        "// SPDX-License-Identifier: MIT",
        "after the `<?php` line",
        id="php",
    ),
    pytest.param(
        "db/q.sql", "select 1;\n", ABSENT, "-- SPDX-License-Identifier: MIT", FIRST, id="sql"
    ),
    pytest.param("a.lua", "x = 1\n", ABSENT, "-- SPDX-License-Identifier: MIT", FIRST, id="lua"),
    pytest.param(
        "Main.hs",
        "main = pure ()\n",
        ABSENT,
        "-- SPDX-License-Identifier: MIT",
        FIRST,
        id="haskell",
    ),
    pytest.param(
        "doc.tex", "\\section{A}\n", ABSENT, "% SPDX-License-Identifier: MIT", FIRST, id="tex"
    ),
    pytest.param(
        "a.erl", "-module(a).\n", ABSENT, "% SPDX-License-Identifier: MIT", FIRST, id="erlang"
    ),
    pytest.param(
        "init.el", "(setq a 1)\n", ABSENT, ";; SPDX-License-Identifier: MIT", FIRST, id="lisp"
    ),
    pytest.param(
        "setup.ini", "[a]\nb = 1\n", ABSENT, "; SPDX-License-Identifier: MIT", FIRST, id="ini"
    ),
    pytest.param(
        "t/page.j2", "{{ x }}\n", ABSENT, "{# SPDX-License-Identifier: MIT #}", FIRST, id="jinja"
    ),
    pytest.param(
        "a.py",
        'TAG = "SPDX-License-Identifier"\n',
        ABSENT,
        MIT_PY,
        FIRST,
        id="tag-in-a-string-is-not-a-header",
    ),
    # malformed headers
    pytest.param(
        "a.py",
        "# SPDX-Licence-Identifier: MIT\n",
        "has a malformed header: the tag is spelled `SPDX-Licence-Identifier`, "
        "not `SPDX-License-Identifier`",
        MIT_PY,
        FIRST,
        id="malformed-licence",
    ),
    pytest.param(
        "a.py",
        "# SPDX-License-Identifer: MIT\n",
        "has a malformed header: the tag is spelled `SPDX-License-Identifer`, "
        "not `SPDX-License-Identifier`",
        MIT_PY,
        FIRST,
        id="malformed-identifer",
    ),
    pytest.param(
        "a.go",
        "// spdx-license-identifier: MIT\npackage a\n",
        "has a malformed header: the tag is spelled `spdx-license-identifier`, "
        "not `SPDX-License-Identifier`",
        "// SPDX-License-Identifier: MIT",
        FIRST,
        id="malformed-lowercase",
    ),
    pytest.param(
        "a.py",
        "# SPDX-License-Identifier:\nx = 1\n",
        "has a malformed header: `SPDX-License-Identifier:` has no license id after it",
        MIT_PY,
        FIRST,
        id="malformed-empty-id",
    ),
    pytest.param(
        "a.py",
        "# SPDX-License-Identifier MIT\n",
        "has a malformed header: `SPDX-License-Identifier` has no colon after it",
        MIT_PY,
        FIRST,
        id="malformed-no-colon",
    ),
    pytest.param(
        "a.py",
        "// SPDX-License-Identifier: MIT\nx = 1\n",
        "has a malformed header: the SPDX-License-Identifier line is not a `# …` comment",
        MIT_PY,
        FIRST,
        id="malformed-wrong-syntax-py",
    ),
    pytest.param(
        "a.css",
        "// SPDX-License-Identifier: MIT\na {}\n",
        "has a malformed header: the SPDX-License-Identifier line is not a `/* … */` comment",
        "/* SPDX-License-Identifier: MIT */",
        FIRST,
        id="malformed-wrong-syntax-css",
    ),
    pytest.param(
        "a.py",
        '"""SPDX-License-Identifier: MIT"""\n',
        "has a malformed header: the SPDX-License-Identifier line is not a `# …` comment",
        MIT_PY,
        FIRST,
        id="malformed-in-docstring",
    ),
    pytest.param(
        "a.py",
        "import os\n" * 14 + MIT_PY + "\n",
        "has a malformed header: its SPDX-License-Identifier line is on line 15, not at the top",
        MIT_PY,
        FIRST,
        id="malformed-too-far-down",
    ),
]


@pytest.mark.parametrize(("name", "text", "problem", "expected", "position"), WRITE_FIRING)
def test_write_fires(root, name, text, problem, expected, position):
    values = one(write(root, name, text))
    assert values == {
        "path": name,
        "problem": problem,
        "expected": expected,
        "position": position,
        "source": REUSE_SOURCE,
    }


WRITE_SILENT = [
    pytest.param("a.py", MIT_PY + "\nx = 1\n", id="py-header"),
    pytest.param("a.py", f"#!/usr/bin/env python3\n{MIT_PY}\n", id="py-shebang-header"),
    pytest.param(
        "a.py", f"#!/usr/bin/env python3\n# -*- coding: utf-8 -*-\n{MIT_PY}\n", id="py-enc-header"
    ),
    pytest.param(
        "a.py",
        "# SPDX-FileCopyrightText: 2025 Jane Doe\n#\n" + MIT_PY + "\n",
        id="after-copyright-lines",
    ),
    pytest.param("a.py", "# SPDX-License-Identifier: Apache-2.0\n", id="other-license-id"),
    pytest.param("a.ts", "// SPDX-License-Identifier: MIT\nexport {}\n", id="ts-header"),
    pytest.param("a.c", "/* SPDX-License-Identifier: MIT */\nint x;\n", id="c-block-header"),
    pytest.param(
        "a.h",
        "/*\n * Copyright 2025 A\n *\n * SPDX-License-Identifier: GPL-2.0-only\n */\n",
        id="c-multiline-block",
    ),
    pytest.param("a.css", "/* SPDX-License-Identifier: MIT */\n", id="css-header"),
    pytest.param("a.html", "<!-- SPDX-License-Identifier: MIT -->\n<p/>\n", id="html-header"),
    pytest.param(
        "a.xml", '<?xml version="1.0"?>\n<!-- SPDX-License-Identifier: MIT -->\n<a/>\n', id="xml"
    ),
    pytest.param("a.php", "<?php\n// SPDX-License-Identifier: MIT\necho 1;\n", id="php-header"),
    pytest.param(
        "Dockerfile", f"# syntax=docker/dockerfile:1\n{MIT_PY}\nFROM alpine\n", id="docker-header"
    ),
    pytest.param("a.rs", "#![no_std]\n// SPDX-License-Identifier: MIT\n", id="rust-attr-header"),
    pytest.param(
        "a.py", MIT_PY + '\nTAG = "SPDX-Licence-Identifier"\n', id="tag-text-in-code-below"
    ),
    # exempt by name or type
    pytest.param("data.json", "{}\n", id="json"),
    pytest.param("package-lock.json", "{}\n", id="package-lock"),
    pytest.param("yarn.lock", "# yarn lockfile v1\n", id="yarn-lock"),
    pytest.param("Cargo.lock", "version = 3\n", id="cargo-lock"),
    pytest.param("uv.lock", "version = 1\n", id="uv-lock"),
    pytest.param("poetry.lock", "[[package]]\n", id="poetry-lock"),
    pytest.param("pnpm-lock.yaml", "lockfileVersion: 9\n", id="pnpm-lock-yaml"),
    pytest.param("go.sum", "a v1 h1:x\n", id="go-sum"),
    pytest.param("nb.ipynb", '{"cells": []}\n', id="notebook"),
    pytest.param("notes.txt", "hello\n", id="plain-text"),
    pytest.param("table.csv", "a,b\n", id="csv"),
    pytest.param("logo.png", "\x89PNG\r\n", id="png"),
    pytest.param("logo.png.license", "SPDX-FileCopyrightText: A\n", id="license-sidecar"),
    pytest.param("LICENSE", "MIT License\n", id="license-file"),
    pytest.param("LICENSE-MIT.md", "MIT License\n", id="license-mit"),
    pytest.param("COPYING", "GPL\n", id="copying"),
    pytest.param("LICENSES/extra.py", "x = 1\n", id="licenses-folder"),
    pytest.param(".reuse/templates/t.py", "x = 1\n", id="reuse-folder"),
    pytest.param("README.md", "# Title\n", id="markdown-not-used-by-project"),
    pytest.param("sbom.spdx.json", "{}\n", id="spdx-document"),
    # exempt by content
    pytest.param("empty.py", "", id="empty"),
    pytest.param("blank/__init__.py", "\n\n", id="whitespace-only"),
    pytest.param(
        "api.pb.go",
        "// Code generated by protoc-gen-go. DO NOT EDIT.\npackage api\n",
        id="generated-go",
    ),
    pytest.param("schema.py", "# @generated by codegen\nx = 1\n", id="generated-marker"),
    pytest.param("blob.py", "x = 1\n\x00\x01", id="binary-content"),
]


@pytest.mark.parametrize(("name", "text"), WRITE_SILENT)
def test_write_silent(root, name, text):
    assert write(root, name, text) == []


def test_write_post_tool_fires(root):
    values = one(write(root, "a.py", "x = 1\n", event_name="PostToolUse"))
    assert values["problem"] == ABSENT


def test_delete_is_silent(root):
    path = os.path.join(root, "a.py")
    event = Event("PreToolUse", tool="Write", edits=(FileEdit(path, "", DELETE),), cwd=root)
    assert run(event) == []


def test_file_with_sidecar_is_exempt(root):
    put(root, "a.py.license", "SPDX-License-Identifier: MIT\n")
    assert write(root, "a.py", "x = 1\n") == []
    assert one(write(root, "b.py", "x = 1\n"))["path"] == "b.py"


def test_reuse_toml_annotations_exempt(root):
    put(
        root,
        "REUSE.toml",
        'version = 1\n\n[[annotations]]\npath = ["data/**", "*.gen.py"]\n'
        'SPDX-License-Identifier = "CC0-1.0"\n',
    )
    assert write(root, "data/x/loader.py", "x = 1\n") == []
    assert write(root, "a.gen.py", "x = 1\n") == []
    values = one(write(root, "sub/a.gen.py", "x = 1\n"))  # "*" stays within one folder
    assert (
        values["source"]
        == "the project follows REUSE (REUSE.toml), so `reuse lint` checks every file"
    )


def test_dep5_files_exempt(root):
    put(
        root,
        ".reuse/dep5",
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n\n"
        "Files: vendor/*\n docs/*.html\nCopyright: A\nLicense: MIT\n",
    )
    assert write(root, "vendor/deep/x.py", "x = 1\n") == []
    assert write(root, "docs/a.html", "<p/>\n") == []
    assert one(write(root, "src/x.py", "x = 1\n"))["path"] == "src/x.py"


def test_configured_excludes(root):
    put(root, ".caveat/config.toml", '[header]\nexclude = ["scripts/**"]\n')
    assert write(root, "scripts/a.py", "x = 1\n") == []
    put(root, ".caveat/config.toml", '[paths]\nexclude = ["gen/"]\n')
    assert write(root, "gen/a.py", "x = 1\n") == []
    assert one(write(root, "src/a.py", "x = 1\n"))["path"] == "src/a.py"


def test_outside_git_root_is_silent(tmp_path):
    folder = tmp_path / "loose"
    folder.mkdir()
    put(str(folder), "LICENSES/MIT.txt", "x")
    assert write(str(folder), "a.py", "x = 1\n") == []


def test_dotfiles_only_under_reuse(root, tmp_path):
    values = one(write(root, ".gitignore", "*.pyc\n"))
    assert values["expected"] == MIT_PY
    other = str(tmp_path / "cfg")
    os.makedirs(os.path.join(other, ".git"))
    put(other, ".caveat/config.toml", '[header]\nlicense = "MIT"\n')
    assert write(other, ".gitignore", "*.pyc\n") == []
    assert write(other, "a.py", "x = 1\n") != []


# ---------------------------------------------------------------------------------
# Edits: only creating a file, or removing / altering its header, speaks

EDIT = "pretooluse-edit-header-guard"
BODY = "import os\n\n\ndef f():\n    return 1\n"

EDIT_FIRING = [
    pytest.param(
        "new.py",
        None,
        [("", "x = 1\n")],
        "Edit",
        "",
        "has no SPDX-License-Identifier line",
        MIT_PY,
        FIRST,
        id="creates-file-without-header",
    ),
    pytest.param(
        "new.go",
        None,
        [("", "// SPDX-License-Identifer: MIT\npackage a\n")],
        "MultiEdit",
        "",
        "has a malformed header: the tag is spelled `SPDX-License-Identifer`, "
        "not `SPDX-License-Identifier`",
        "// SPDX-License-Identifier: MIT",
        FIRST,
        id="creates-file-malformed",
    ),
    pytest.param(
        "a.py",
        MIT_PY + "\n" + BODY,
        [(MIT_PY + "\n", "")],
        "Edit",
        "removed",
        "loses its header in this edit",
        MIT_PY,
        FIRST,
        id="removes-header",
    ),
    pytest.param(
        "a.py",
        "#!/usr/bin/env python3\n# SPDX-License-Identifier: GPL-3.0-or-later\n" + BODY,
        [("#!/usr/bin/env python3\n# SPDX-License-Identifier: GPL-3.0-or-later\n", "#!/bin/py\n")],
        "Edit",
        "removed",
        "loses its header in this edit",
        "# SPDX-License-Identifier: GPL-3.0-or-later",
        "after the shebang line",
        id="removes-header-restores-original-line",
    ),
    pytest.param(
        "a.py",
        MIT_PY + "\n" + BODY,
        [("return 1", "return 2"), (MIT_PY, "# docs")],
        "MultiEdit",
        "removed",
        "loses its header in this edit",
        MIT_PY,
        FIRST,
        id="multiedit-second-edit-removes",
    ),
    pytest.param(
        "a.py",
        MIT_PY + "\n" + BODY,
        [("MIT", "Apache-2.0")],
        "Edit",
        "removed",
        "has its license id changed by this edit, from MIT to Apache-2.0",
        MIT_PY,
        FIRST,
        id="alters-license-id",
    ),
    pytest.param(
        "a.py",
        MIT_PY + "\n" + BODY,
        [("License", "Licence")],
        "Edit",
        "removed",
        "has its header broken by this edit: the tag is spelled `SPDX-Licence-Identifier`, "
        "not `SPDX-License-Identifier`",
        MIT_PY,
        FIRST,
        id="alters-tag-spelling",
    ),
    pytest.param(
        "a.c",
        "/* SPDX-License-Identifier: MIT */\nint x;\n",
        [("MIT */", "*/")],
        "Edit",
        "removed",
        "has its header broken by this edit: `SPDX-License-Identifier:` has no license id after it",
        "/* SPDX-License-Identifier: MIT */",
        FIRST,
        id="c-empties-id",
    ),
    pytest.param(
        "a.py",
        MIT_PY + "\n" + "x = 1\n" * 14,
        [(MIT_PY + "\n", ""), ("x = 1\n" * 14, "x = 1\n" * 14 + MIT_PY + "\n")],
        "MultiEdit",
        "removed",
        "has its header broken by this edit: its SPDX-License-Identifier line is on line 15, "
        "not at the top",
        MIT_PY,
        FIRST,
        id="moves-header-down",
    ),
]


@pytest.mark.parametrize(
    ("name", "disk", "pairs", "tool", "variant", "problem", "expected", "position"), EDIT_FIRING
)
def test_edit_fires(root, name, disk, pairs, tool, variant, problem, expected, position):
    values = one(edit(root, name, disk, pairs, tool), EDIT, variant)
    assert values == {
        "path": name,
        "problem": problem,
        "expected": expected,
        "position": position,
        "source": REUSE_SOURCE,
    }


EDIT_SILENT = [
    pytest.param("a.py", MIT_PY + "\n" + BODY, [("return 1", "return 2")], id="edit-elsewhere"),
    pytest.param("a.py", BODY, [("return 1", "return 2")], id="legacy-without-header"),
    pytest.param(
        "a.py",
        "# SPDX-Licence-Identifier: MIT\n" + BODY,
        [("return 1", "return 2")],
        id="legacy-bad",
    ),
    pytest.param("a.py", BODY, [("import os", MIT_PY + "\nimport os")], id="adds-header"),
    pytest.param("n.py", None, [("", MIT_PY + "\nx = 1\n")], id="creates-with-header"),
    pytest.param(
        "a.py",
        MIT_PY + "\n" + BODY,
        [(MIT_PY, "# SPDX-FileCopyrightText: 2025 A\n" + MIT_PY)],
        id="adds-copyright-above",
    ),
    pytest.param(
        "a.py", MIT_PY + "\n" + BODY, [(MIT_PY, "#  SPDX-License-Identifier:  MIT")], id="respaced"
    ),
    pytest.param("n.json", None, [("", "{}")], id="creates-json"),
    pytest.param("n.py", None, [("", "")], id="creates-empty"),
    pytest.param(
        "gen.go",
        "// SPDX-License-Identifier: MIT\n// Code generated by x. DO NOT EDIT.\npackage a\n",
        [("// SPDX-License-Identifier: MIT\n", "")],
        id="generated-file",
    ),
    pytest.param("LICENSES/x.py", MIT_PY + "\n", [(MIT_PY, "")], id="licenses-folder"),
]


@pytest.mark.parametrize(("name", "disk", "pairs"), EDIT_SILENT)
def test_edit_silent(root, name, disk, pairs):
    assert edit(root, name, disk, pairs, "MultiEdit" if len(pairs) > 1 else "Edit") == []


def test_post_tool_edit_that_removed_the_header(root):
    # After the tool ran the disk holds the new text; the guard undoes the edit.
    findings = edit(
        root, "b.py", "# docs\n" + BODY, [(MIT_PY + "\n", "# docs\n")], event_name="PostToolUse"
    )
    assert one(findings, EDIT, "removed")["problem"] == "loses its header in this edit"
    # A deletion cannot be undone from the disk: the fragments decide.
    findings = edit(root, "a.py", BODY, [(MIT_PY + "\n", "")], event_name="PostToolUse")
    assert one(findings, EDIT, "removed")["expected"] == MIT_PY


def test_post_tool_edit_that_created_the_file(root):
    findings = edit(root, "c.py", "x = 1\n", [("", "x = 1\n")], event_name="PostToolUse")
    assert one(findings, EDIT)["problem"] == ABSENT


def test_fragment_fallback_when_file_is_unreadable(root):
    # The file is not on disk, so the edit cannot be applied: the fragments decide.
    findings = edit(root, "gone.py", None, [(MIT_PY + "\nimport os", "import os")])
    values = one(findings, EDIT, "removed")
    assert (values["problem"], values["expected"]) == ("loses its header in this edit", MIT_PY)
    findings = edit(root, "gone.py", None, [(MIT_PY, "# SPDX-License-Identifier: BSD-3-Clause")])
    assert one(findings, EDIT, "removed")["problem"] == (
        "has its license id changed by this edit, from MIT to BSD-3-Clause"
    )
    assert edit(root, "gone.py", None, [("import os", "import sys")]) == []


def test_edit_with_sidecar_is_exempt(root):
    put(root, "a.py.license", "SPDX-License-Identifier: MIT\n")
    assert edit(root, "a.py", MIT_PY + "\n" + BODY, [(MIT_PY + "\n", "")]) == []


# ---------------------------------------------------------------------------------
# Policy: configured, REUSE layout, SPDX majority of tracked files, none


def test_no_policy_is_silent(tmp_path):
    folder = str(tmp_path / "plain")
    os.makedirs(os.path.join(folder, ".git"))
    assert write(folder, "a.py", "x = 1\n") == []


def test_config_license_wins_over_reuse(root):
    put(root, ".caveat/config.toml", '[header]\nlicense = "Apache-2.0"\n')
    values = one(write(root, "a.rs", "fn main() {}\n"))
    assert values["expected"] == "// SPDX-License-Identifier: Apache-2.0"
    assert values["source"] == "`[header] license` in the caveat configuration"


def test_reuse_with_several_licenses(root):
    put(root, "LICENSES/Apache-2.0.txt", "x")
    values = one(write(root, "a.py", "x = 1\n"))
    assert values["expected"] == "# SPDX-License-Identifier: <one of Apache-2.0, MIT>"


def test_reuse_dep5_marker(tmp_path):
    folder = str(tmp_path / "d")
    os.makedirs(os.path.join(folder, ".git"))
    put(folder, ".reuse/dep5", "Format: x\n")
    values = one(write(folder, "a.py", "x = 1\n"))
    assert values["expected"] == "# SPDX-License-Identifier: <the project's license>"
    assert "(.reuse/dep5)" in values["source"]


def make_repo(folder, tagged, untagged, license_id="Apache-2.0"):
    os.makedirs(folder, exist_ok=True)
    for i in range(tagged):
        put(folder, f"src/t{i}.py", f"# SPDX-License-Identifier: {license_id}\nx = {i}\n")
    for i in range(untagged):
        put(folder, f"src/u{i}.py", f"x = {i}\n")
    put(folder, "README.md", "# Read me\n")
    put(folder, "src/__init__.py", "")  # empty: not counted
    commit_all(folder)
    return folder


def test_spdx_majority(tmp_path):
    folder = make_repo(str(tmp_path / "r"), tagged=6, untagged=2)
    values = one(write(folder, "src/new.py", "x = 1\n"))
    assert values == {
        "path": "src/new.py",
        "problem": ABSENT,
        "expected": "# SPDX-License-Identifier: Apache-2.0",
        "position": FIRST,
        "source": "6 of 8 sampled source files carry an SPDX line",
    }
    assert write(folder, "README2.md", "# x\n") == []  # the project's Markdown has no headers


def test_spdx_most_common_id(tmp_path):
    folder = make_repo(str(tmp_path / "r"), tagged=5, untagged=0, license_id="MIT")
    for i in range(2):
        put(folder, f"lib/o{i}.py", "# SPDX-License-Identifier: BSD-2-Clause\n")
    git(folder, "add", "-A")
    git(folder, "commit", "-q", "-m", "more")
    assert one(write(folder, "a.py", "x\n"))["expected"] == MIT_PY


@pytest.mark.parametrize(
    ("tagged", "untagged"),
    [
        pytest.param(2, 6, id="minority"),
        pytest.param(4, 0, id="too-few"),
        pytest.param(5, 5, id="half"),
    ],
)
def test_spdx_without_majority_is_silent(tmp_path, tagged, untagged):
    folder = make_repo(str(tmp_path / "r"), tagged=tagged, untagged=untagged)
    assert write(folder, "src/new.py", "x = 1\n") == []


def test_markdown_fires_when_project_markdown_has_headers(tmp_path):
    folder = make_repo(str(tmp_path / "r"), tagged=5, untagged=0, license_id="MIT")
    for name in ("docs/a.md", "docs/b.md", "README.md"):
        put(folder, name, "<!-- SPDX-License-Identifier: MIT -->\n# T\n")
    git(folder, "add", "-A")
    git(folder, "commit", "-q", "-m", "docs")
    values = one(write(folder, "docs/c.md", "# New\n"))
    assert values["expected"] == "<!-- SPDX-License-Identifier: MIT -->"
    assert write(folder, "docs/d.md", "<!-- SPDX-License-Identifier: MIT -->\n# New\n") == []


def test_markdown_under_reuse_needs_the_scan(tmp_path):
    folder = make_repo(str(tmp_path / "r"), tagged=0, untagged=1)
    put(folder, "LICENSES/MIT.txt", "x")
    assert write(folder, "NEW.md", "# x\n") == []
    for name in ("a.md", "b.md"):
        put(folder, name, "<!-- SPDX-License-Identifier: MIT -->\n")
    git(folder, "add", "-A")
    git(folder, "commit", "-q", "-m", "md")
    assert (
        one(write(folder, "NEW.md", "# x\n"))["expected"] == "<!-- SPDX-License-Identifier: MIT -->"
    )


def head(folder):
    done = subprocess.run(
        ["git", "-C", folder, "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def test_head_id_loose_packed_detached_and_worktree(tmp_path):
    folder = make_repo(str(tmp_path / "r"), tagged=1, untagged=0)
    assert gitctx.head_id(folder) == head(folder)
    git(folder, "pack-refs", "--all")
    assert gitctx.head_id(folder) == head(folder)
    git(folder, "checkout", "-q", "--detach")
    assert gitctx.head_id(folder) == head(folder)
    tree = str(tmp_path / "wt")
    git(folder, "worktree", "add", "-q", tree)
    assert gitctx.head_id(tree) == head(tree)
    empty = str(tmp_path / "empty")
    os.makedirs(empty)
    git(empty, "init", "-q")
    assert gitctx.head_id(empty) is None


def test_worktree_policy(tmp_path):
    folder = make_repo(str(tmp_path / "r"), tagged=6, untagged=0)
    tree = str(tmp_path / "wt")
    git(folder, "worktree", "add", "-q", tree)
    assert (
        one(write(tree, "src/n.py", "x\n"))["expected"] == "# SPDX-License-Identifier: Apache-2.0"
    )


def cache_entry(folder):
    return JsonCache(
        dict(os.environ), _header_policy.CACHE_FILE, _header_policy._CACHE_VERSION
    ).get(folder)


SUBPROCESS = """
import sys
from caveat import config as settings
from caveat.event import Event, FileEdit
from caveat.common import gitctx
from caveat.common.gitctx import git_root
from caveat.guards import header
from caveat.guards.base import Context
import os
path = sys.argv[1]
event = Event("PreToolUse", tool="Write", edits=(FileEdit(path, "x = 1\\n"),))
env = dict(os.environ)
found = header.check(event, Context(event, env, settings.load(env, git_root(path))))
print(len(found), sorted(m for m in ("re", "git", "pathspec") if m in sys.modules))
"""


def fresh(path):
    done = subprocess.run(
        [sys.executable, "-I", "-c", SUBPROCESS, path],
        capture_output=True,
        text=True,
        check=True,
        env=dict(os.environ),
    )
    return done.stdout.strip()


def test_verdict_cached_by_head(tmp_path):
    folder = make_repo(str(tmp_path / "r"), tagged=2, untagged=4)
    target = os.path.join(folder, "src", "new.py")
    # First run: no verdict yet, a hardened ``git ls-files`` lists the files; no
    # policy. GitPython is never imported on the hook path.
    assert fresh(target) == "0 []"
    entry = cache_entry(folder)
    assert entry["head"] == head(folder) and entry["license"] == ""
    # Second run: the cached verdict is reused; nothing heavy is imported.
    assert fresh(target) == "0 []"
    # A new commit moves HEAD: the verdict is computed again, and now there is a policy.
    for i in range(4):
        put(folder, f"src/u{i}.py", f"# SPDX-License-Identifier: Apache-2.0\nx = {i}\n")
    git(folder, "commit", "-q", "-am", "headers")
    assert fresh(target).split(" ", 1)[0] == "1"
    entry = cache_entry(folder)
    assert entry["head"] == head(folder) and entry["license"] == "Apache-2.0"
    # With the policy cached, a firing run needs no GitPython either.
    assert "'git'" not in fresh(target)


def test_silent_write_without_policy_imports_nothing_heavy(tmp_path):
    bare = str(tmp_path / "bare")
    os.makedirs(os.path.join(bare, ".git"))
    assert fresh(os.path.join(bare, "a.py")) == "0 []"
    folder = make_repo(str(tmp_path / "r"), tagged=0, untagged=3)
    fresh(os.path.join(folder, "a.py"))  # computes and caches the verdict
    assert fresh(os.path.join(folder, "a.py")) == "0 []"
    assert fresh(os.path.join(folder, "notes.json")) == "0 []"


def test_corrupt_cache_is_recomputed(tmp_path):
    folder = make_repo(str(tmp_path / "r"), tagged=6, untagged=0)
    state_dir = os.environ["CAVEAT_STATE_DIR"]
    os.makedirs(state_dir, exist_ok=True)
    with open(os.path.join(state_dir, _header_policy.CACHE_FILE), "w") as handle:
        handle.write("{not json")
    assert len(write(folder, "n.py", "x\n")) == 1


def test_guard_attributes():
    routed = spec("header")
    assert routed.load() is header
    assert routed.messages == ("pretooluse-write-header-guard", "pretooluse-edit-header-guard")
    assert frozenset({"PreToolUse", "PostToolUse", "PostToolUseFailure"}) == routed.events
    assert frozenset({"Write", "Edit", "MultiEdit"}) == routed.tools


def test_renders_through_the_hook(root):
    """With the guard in the chain, a finding renders its message's Advisory."""
    from caveat import dispatch

    path = os.path.join(root, "a.py")
    payload = {
        "hook_event_name": "PreToolUse",
        "session_id": "s",
        "cwd": root,
        "tool_name": "Write",
        "tool_input": {"file_path": path, "content": "x = 1\n"},
    }
    out = dispatch.run(["PreToolUse"], json.dumps(payload).encode(), dict(os.environ))
    assert [f.guard for f in out.findings] == ["header"]
    assert "After this write, a.py has no SPDX-License-Identifier line." in out.text
    assert "`# SPDX-License-Identifier: MIT`" in out.text
    assert "pretooluse-write-header-guard.md" in out.text
