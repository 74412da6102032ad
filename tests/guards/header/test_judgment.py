"""The header guard's judgment, case by case, from the rules' own definitions: the
REUSE specification (comment headers, ``REUSE-IgnoreStart``/``REUSE-IgnoreEnd``,
``.license`` files, ``REUSE.toml``), SPDX license expressions, each language's comment
syntax, and git's ignore rules. Ordinary files of the kinds real projects hold make up
most of the tables.

The project is a REUSE project licensed MIT (``root``), unless a test says otherwise.
"""

from __future__ import annotations

import json
import os

import pytest

from caveat.cli import main
from tests.guards.header.helpers import MIT_PY
from tests.guards.header.helpers import REUSE_SOURCE
from tests.guards.header.helpers import edit
from tests.guards.header.helpers import one
from tests.guards.header.helpers import put
from tests.guards.header.helpers import write
from tests.helpers import commit_all
from tests.helpers import git

ABSENT = "has no SPDX-License-Identifier line"
DECLARED = "has no SPDX-License-Identifier line (its header states its license in words)"
STATED = "<the SPDX id of the license its header states>"
FIRST = "as the first line"
SLASH = "// SPDX-License-Identifier: MIT"
EDIT = "pretooluse-edit-header-guard"


def spelled(name):
    return f"has a malformed header: the tag is spelled `{name}`, not `SPDX-License-Identifier`"


def not_comment(form):
    return f"has a malformed header: the SPDX-License-Identifier line is not a `{form}` comment"


def far(line):
    where = f"its SPDX-License-Identifier line is on line {line}, not at the top"
    return f"has a malformed header: {where}"


APACHE_BOILERPLATE = (
    "# Copyright 2024 Example LLC\n"
    "#\n"
    '# Licensed under the Apache License, Version 2.0 (the "License");\n'
    "# you may not use this file except in compliance with the License.\n"
    "\n"
    "import os\n"
)

# A third-party bundle: the SPDX line follows a copyright block, past line 10.
DIST_HEADER = (
    "/*!\n"
    " * Widget Toolkit v3.4.1\n"
    " * https://widget.example.org/\n"
    " *\n"
    " * Copyright 2014-2024 Widget Foundation and other contributors\n"
    " * Copyright 2010-2013 Original Author\n"
    " *\n"
    " * Includes Sizzle-like selector engine\n"
    " * Copyright Selector Authors\n"
    " *\n"
    " * Date: 2024-03-01T12:00Z\n"
    " *\n"
    " * SPDX-License-Identifier: MIT\n"
    " */\n"
    "(function (global) { 'use strict'; })(this);\n"
)

GPL_BOILERPLATE = (
    "# This file is part of Example.\n"
    "#\n"
    "# Example is free software: you can redistribute it and/or modify it under the\n"
    "# terms of the GNU General Public License as published by the Free Software\n"
    "# Foundation, either version 3 of the License, or (at your option) any later\n"
    "# version.\n"
    "#\n"
    "# Example is distributed in the hope that it will be useful, but WITHOUT ANY\n"
    "# WARRANTY; without even the implied warranty of MERCHANTABILITY or FITNESS FOR\n"
    "# A PARTICULAR PURPOSE. See the GNU General Public License for more details.\n"
    "#\n"
    "# You should have received a copy of the GNU General Public License along with\n"
    "# Example. If not, see <https://www.gnu.org/licenses/>.\n"
    "#\n"
    "# SPDX-FileCopyrightText: 2024 Example Authors\n"
    "# SPDX-License-Identifier: GPL-3.0-or-later\n"
    "\n"
    "import sys\n"
)

# ---------------------------------------------------------------------------------
# Writes that fire: (name, text, problem, expected line, position)

WRITE_FIRING = [
    # a header after the include guard is accepted; code before it is not
    pytest.param(
        "lib/doh.h",
        "#ifndef DOH_H\n#define DOH_H\n#include <a.h>\n/* x */\n"
        + "int a;\n" * 12
        + "// SPDX-License-Identifier: MIT\n",
        "has a malformed header: its SPDX-License-Identifier line is on line 17, not at the top",
        SLASH,
        FIRST,
        id="c-include-guard-then-code-then-tag",
    ),
    # more file types, written as real projects write them
    pytest.param(
        "app/src/main/kotlin/Main.kt",
        'package app\n\nfun main() {\n    println("hi")\n}\n',
        ABSENT,
        SLASH,
        FIRST,
        id="kotlin",
    ),
    pytest.param(
        "Sources/App/App.swift",
        "import Foundation\n\nstruct App {}\n",
        ABSENT,
        SLASH,
        FIRST,
        id="swift",
    ),
    pytest.param(
        "src/main/scala/A.scala", "object A extends App\n", ABSENT, SLASH, FIRST, id="scala"
    ),
    pytest.param("lib/main.dart", "void main() {}\n", ABSENT, SLASH, FIRST, id="dart"),
    pytest.param(
        "contracts/Token.sol",
        "pragma solidity ^0.8.0;\n\ncontract Token {}\n",
        ABSENT,
        SLASH,
        FIRST,
        id="solidity",
    ),
    pytest.param(
        "proto/api.proto", 'syntax = "proto3";\n\npackage api;\n', ABSENT, SLASH, FIRST, id="proto"
    ),
    pytest.param(
        "styles/main.scss",
        "$c: red;\n.a { color: $c; }\n",
        ABSENT,
        "/* SPDX-License-Identifier: MIT */",
        FIRST,
        id="scss",
    ),
    pytest.param(
        "styles/theme.less",
        "@c: red;\n",
        ABSENT,
        "/* SPDX-License-Identifier: MIT */",
        FIRST,
        id="less",
    ),
    pytest.param(
        "src/Counter.svelte",
        "<script>\n  let n = 0;\n</script>\n<button>{n}</button>\n",
        ABSENT,
        "<!-- SPDX-License-Identifier: MIT -->",
        FIRST,
        id="svelte",
    ),
    pytest.param(
        "xsl/page.xsl",
        '<?xml version="1.0"?>\n<xsl:stylesheet version="1.0"/>\n',
        ABSENT,
        "<!-- SPDX-License-Identifier: MIT -->",
        "after the `<?xml …?>` line",
        id="xslt",
    ),
    pytest.param(
        "scripts/build.ps1",
        "param([string]$Target)\nWrite-Host $Target\n",
        ABSENT,
        MIT_PY,
        FIRST,
        id="powershell",
    ),
    pytest.param("R/model.R", "fit <- lm(y ~ x, data = d)\n", ABSENT, MIT_PY, FIRST, id="r"),
    pytest.param("src/Solver.jl", "module Solver\nend\n", ABSENT, MIT_PY, FIRST, id="julia"),
    pytest.param("lib/app.ex", "defmodule App do\nend\n", ABSENT, MIT_PY, FIRST, id="elixir"),
    pytest.param(
        "infra/main.tf", 'resource "null_resource" "a" {}\n', ABSENT, MIT_PY, FIRST, id="terraform"
    ),
    pytest.param("nix/default.nix", "{ pkgs }: pkgs.hello\n", ABSENT, MIT_PY, FIRST, id="nix"),
    pytest.param(
        "CMakeLists.txt",
        "cmake_minimum_required(VERSION 3.20)\nproject(demo)\n",
        ABSENT,
        MIT_PY,
        FIRST,
        id="cmakelists",
    ),
    pytest.param("tools/defs.bzl", "def rule():\n    pass\n", ABSENT, MIT_PY, FIRST, id="starlark"),
    pytest.param("BUILD.bazel", 'py_library(name = "a")\n', ABSENT, MIT_PY, FIRST, id="bazel"),
    pytest.param("build.gradle", "plugins { id 'java' }\n", ABSENT, SLASH, FIRST, id="gradle"),
    pytest.param("Jenkinsfile", "pipeline { agent any }\n", ABSENT, SLASH, FIRST, id="jenkinsfile"),
    pytest.param("src/kernel.cu", "__global__ void k() {}\n", ABSENT, SLASH, FIRST, id="cuda"),
    pytest.param(
        "include/vec.hpp", "#pragma once\nstruct Vec {};\n", ABSENT, SLASH, FIRST, id="cpp-header"
    ),
    pytest.param(
        "include/a.h",
        "#ifndef A_H\n#define A_H\nint a(void);\n#endif\n",
        ABSENT,
        SLASH,
        FIRST,
        id="c-guard",
    ),
    pytest.param("src/main.zig", 'const std = @import("std");\n', ABSENT, SLASH, FIRST, id="zig"),
    pytest.param(
        "api/schema.graphql", "type Query { a: Int }\n", ABSENT, MIT_PY, FIRST, id="graphql"
    ),
    pytest.param("conf/app.properties", "a=1\n", ABSENT, MIT_PY, FIRST, id="properties"),
    pytest.param(
        "setup.cfg",
        "[metadata]\nname = demo\n",
        ABSENT,
        "; SPDX-License-Identifier: MIT",
        FIRST,
        id="cfg",
    ),
    pytest.param(
        "lib/parser.ml",
        "let x = 1\n",
        ABSENT,
        "(* SPDX-License-Identifier: MIT *)",
        FIRST,
        id="ocaml",
    ),
    pytest.param(
        "plugin/demo.vim",
        "set nocompatible\n",
        ABSENT,
        '" SPDX-License-Identifier: MIT',
        FIRST,
        id="vim",
    ),
    pytest.param(
        "demo.cabal", "name: demo\n", ABSENT, "-- SPDX-License-Identifier: MIT", FIRST, id="cabal"
    ),
    pytest.param(
        "src/core.clj",
        "(ns core)\n",
        ABSENT,
        ";; SPDX-License-Identifier: MIT",
        FIRST,
        id="clojure",
    ),
    pytest.param("Gemfile", 'source "https://rubygems.org"\n', ABSENT, MIT_PY, FIRST, id="gemfile"),
    pytest.param("Rakefile", "task :default\n", ABSENT, MIT_PY, FIRST, id="rakefile"),
    pytest.param("meson.build", "project('demo', 'c')\n", ABSENT, MIT_PY, FIRST, id="meson"),
    pytest.param("justfile", "build:\n\tcargo build\n", ABSENT, MIT_PY, FIRST, id="justfile"),
    pytest.param("Containerfile", "FROM fedora:40\n", ABSENT, MIT_PY, FIRST, id="containerfile"),
    pytest.param("lib/tasks/db.rake", "namespace :db do\nend\n", ABSENT, MIT_PY, FIRST, id="rake"),
    pytest.param(
        "tex/paper.sty",
        "\\ProvidesPackage{paper}\n",
        ABSENT,
        "% SPDX-License-Identifier: MIT",
        FIRST,
        id="latex-style",
    ),
    pytest.param(
        "src/App.tsx",
        "export function App() {\n  return <div />\n}\n",
        ABSENT,
        SLASH,
        FIRST,
        id="tsx",
    ),
    pytest.param("src/index.mjs", "export default 1\n", ABSENT, SLASH, FIRST, id="esm"),
    pytest.param(
        "src/lib.rs",
        "//! The crate's documentation.\n\npub fn f() {}\n",
        ABSENT,
        SLASH,
        FIRST,
        id="rust-doc",
    ),
    pytest.param(
        "src/cli/util.py",
        '"""Utilities for the command line."""\n\nimport sys\n',
        ABSENT,
        MIT_PY,
        FIRST,
        id="py-docstring-first",
    ),
    pytest.param(
        "src/corp.py",
        "# Copyright 2024 Example Corp\n\nimport os\n",
        ABSENT,
        MIT_PY,
        FIRST,
        id="copyright-without-license",
    ),
    pytest.param(
        "scripts/deploy.sh",
        "#!/usr/bin/env bash\nset -euo pipefail\n",
        ABSENT,
        MIT_PY,
        "after the shebang line",
        id="bash-strict",
    ),
    pytest.param(
        ".github/workflows/ci.yml",
        "name: CI\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n",
        ABSENT,
        MIT_PY,
        FIRST,
        id="workflow",
    ),
    pytest.param(
        "db/migrations/0001_users.sql",
        "CREATE TABLE users (id INTEGER PRIMARY KEY);\n",
        ABSENT,
        "-- SPDX-License-Identifier: MIT",
        FIRST,
        id="migration",
    ),
    pytest.param(
        "bin/tool.lua",
        "#!/usr/bin/env lua\nprint(1)\n",
        ABSENT,
        "-- SPDX-License-Identifier: MIT",
        "after the shebang line",
        id="lua-shebang",
    ),
    # REUSE-IgnoreStart … REUSE-IgnoreEnd: what is inside does not count
    pytest.param(
        "a.py",
        "# REUSE-IgnoreStart\n# SPDX-License-Identifier: MIT\n# REUSE-IgnoreEnd\nx = 1\n",
        ABSENT,
        MIT_PY,
        FIRST,
        id="tag-only-inside-ignore-block",
    ),
    pytest.param(
        "a.py",
        "# REUSE-IgnoreStart\n# SPDX-License-Identifier: MIT\nx = 1\n",
        ABSENT,
        MIT_PY,
        FIRST,
        id="ignore-block-without-end-runs-to-the-end",
    ),
    pytest.param(
        "a.py",
        "# SPDX-Licence-Identifier: GPL-3.0-only\n"
        "# REUSE-IgnoreStart\n# SPDX-License-Identifier: MIT\n# REUSE-IgnoreEnd\n",
        spelled("SPDX-Licence-Identifier"),
        "# SPDX-License-Identifier: GPL-3.0-only",
        FIRST,
        id="misspelled-outside-valid-inside",
    ),
    # a file's own license id is kept in the advice
    pytest.param(
        "a.py",
        "# SPDX-Licence-Identifier: Apache-2.0\n",
        spelled("SPDX-Licence-Identifier"),
        "# SPDX-License-Identifier: Apache-2.0",
        FIRST,
        id="misspelled-keeps-its-id",
    ),
    pytest.param(
        "a.go",
        "// SPDX-License-Identifier BSD-3-Clause\npackage a\n",
        "has a malformed header: `SPDX-License-Identifier` has no colon after it",
        "// SPDX-License-Identifier: BSD-3-Clause",
        FIRST,
        id="no-colon-keeps-its-id",
    ),
    pytest.param(
        "a.py",
        "// SPDX-License-Identifier: GPL-2.0-or-later\nx = 1\n",
        not_comment("# …"),
        "# SPDX-License-Identifier: GPL-2.0-or-later",
        FIRST,
        id="wrong-syntax-keeps-its-id",
    ),
    pytest.param(
        "a.py",
        "import os\n" * 14 + "# SPDX-License-Identifier: 0BSD\n",
        far(15),
        "# SPDX-License-Identifier: 0BSD",
        FIRST,
        id="too-far-down-keeps-its-id",
    ),
    pytest.param(
        "a.py",
        "x = 1\n" * 99 + "# SPDX-License-Identifier: (MIT OR Apache-2.0)\n",
        far(100),
        "# SPDX-License-Identifier: (MIT OR Apache-2.0)",
        FIRST,
        id="line-100-keeps-its-expression",
    ),
    pytest.param(
        "a.py",
        '"""SPDX-License-Identifier: ISC"""\n',
        not_comment("# …"),
        "# SPDX-License-Identifier: ISC",
        FIRST,
        id="docstring-keeps-its-id",
    ),
    # a header that states its license in words: ask for that license's id
    pytest.param(
        "src/app.py",
        APACHE_BOILERPLATE,
        DECLARED,
        f"# SPDX-License-Identifier: {STATED}",
        FIRST,
        id="apache-words",
    ),
    pytest.param(
        "vendor-widget.js",
        "/*!\n * Widget v1.2.3\n * Released under the MIT license\n */\n(function () {})();\n",
        DECLARED,
        f"// SPDX-License-Identifier: {STATED}",
        FIRST,
        id="released-under",
    ),
    pytest.param(
        "lib/x.js",
        "/** @license Example v2 (c) Example Inc. */\nexport {}\n",
        DECLARED,
        f"// SPDX-License-Identifier: {STATED}",
        FIRST,
        id="jsdoc-license-tag",
    ),
    pytest.param(
        "x/x.go",
        "// Copyright 2009 The Example Authors. All rights reserved.\n"
        "// Use of this source code is governed by a BSD-style\n"
        "// license that can be found in the LICENSE file.\n\npackage x\n",
        DECLARED,
        f"// SPDX-License-Identifier: {STATED}",
        FIRST,
        id="bsd-style-by-reference",
    ),
    pytest.param(
        "src/x.c",
        "/*\n * Copyright (c) 2020 A\n *\n * Permission is hereby granted, free of charge, to any\n"
        " * person obtaining a copy of this software.\n */\nint x;\n",
        DECLARED,
        f"// SPDX-License-Identifier: {STATED}",
        FIRST,
        id="mit-permission-text",
    ),
    pytest.param(
        "src/x.js",
        "/* This Source Code Form is subject to the terms of the Mozilla Public\n"
        " * License, v. 2.0. */\nexport {}\n",
        DECLARED,
        f"// SPDX-License-Identifier: {STATED}",
        FIRST,
        id="mpl-notice",
    ),
    pytest.param(
        "tool.py",
        "#!/usr/bin/env python3\n# This program is free software: you can redistribute it\n"
        "# under the terms of the GNU General Public License.\nimport os\n",
        DECLARED,
        f"# SPDX-License-Identifier: {STATED}",
        "after the shebang line",
        id="gpl-words-after-shebang",
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


# ---------------------------------------------------------------------------------
# Writes that stay silent: (name, text)

CURL_H = (
    "#ifndef HEADER_CURL_DOH_H\n#define HEADER_CURL_DOH_H\n"
    "/****\n *  Project curl\n *\n * Copyright (C) Daniel Stenberg\n *\n"
    ' * SPDX-License-Identifier: MIT\n *\n ****/\n#include "urldata.h"\n'
)

WRITE_SILENT = [
    # C headers open with their include guard; the license block follows it
    pytest.param("lib/doh.h", CURL_H, id="c-include-guard-then-block"),
    pytest.param(
        "lib/x.hpp", "#pragma once\n// SPDX-License-Identifier: MIT\nint x;\n", id="pragma-once"
    ),
    # the header is in the leading comment block, wherever in it
    pytest.param("dist/widget.js", DIST_HEADER, id="dist-copyright-block-then-spdx"),
    pytest.param("src/app.py", GPL_BOILERPLATE, id="gpl-boilerplate-then-spdx"),
    pytest.param("a.py", "# Project X\n#\n" * 6 + MIT_PY + "\n", id="after-twelve-comment-lines"),
    pytest.param(
        "src/main.c",
        "/**\n * @file main.c\n * @brief Entry point.\n */\n\n// SPDX-License-Identifier: MIT\n",
        id="after-doxygen-block-and-blank",
    ),
    pytest.param(
        "src/A.java",
        "/**\n * Copyright 2024 A\n * SPDX-License-Identifier: Apache-2.0\n */\npackage a;\n",
        id="javadoc-block",
    ),
    # REUSE-IgnoreStart … REUSE-IgnoreEnd around text that only looks like a header
    pytest.param(
        "a.py",
        MIT_PY
        + "\n# REUSE-IgnoreStart\n# SPDX-Licence-Identifier: typo on purpose\n# REUSE-IgnoreEnd\n",
        id="misspelling-inside-ignore-block",
    ),
    pytest.param(
        "tools/check.py",
        MIT_PY + "\n\nPATTERNS = [  # REUSE-IgnoreStart\n"
        '    "# SPDX-License-Identifer:",\n]  # REUSE-IgnoreEnd\n',
        id="ignore-markers-mid-line",
    ),
    pytest.param(
        "tools/emit.py",
        MIT_PY
        + '\nHEADER = (\n    # REUSE-IgnoreStart\n    "// SPDX-License-Identifier: {id}\\n"\n'
        "    # REUSE-IgnoreEnd\n)\n",
        id="template-inside-ignore-block",
    ),
    # SPDX expressions and every comment syntax
    pytest.param("a.rs", "// SPDX-License-Identifier: MIT OR Apache-2.0\n", id="or-expression"),
    pytest.param(
        "uapi/a.h",
        "/* SPDX-License-Identifier: GPL-2.0-only WITH Linux-syscall-note */\n",
        id="with-exception",
    ),
    pytest.param("a.py", "# SPDX-License-Identifier: LicenseRef-Proprietary\n", id="license-ref"),
    pytest.param("a.lua", "--[[ SPDX-License-Identifier: MIT ]]\nreturn {}\n", id="lua-block"),
    pytest.param(
        "Main.hs", "{- SPDX-License-Identifier: MIT -}\nmodule Main where\n", id="haskell-block"
    ),
    pytest.param("a.ml", "(* SPDX-License-Identifier: MIT *)\nlet x = 1\n", id="ocaml-block"),
    pytest.param("t.j2", "{# SPDX-License-Identifier: MIT #}\n{{ x }}\n", id="jinja-comment"),
    pytest.param(
        "a.ps1", "<# SPDX-License-Identifier: MIT #>\nWrite-Host 1\n", id="powershell-block"
    ),
    pytest.param("a.vim", '" SPDX-License-Identifier: MIT\nset nu\n', id="vim-comment"),
    pytest.param("a.el", ";;; SPDX-License-Identifier: MIT\n(provide 'a)\n", id="lisp-triple"),
    pytest.param("q.sql", "-- SPDX-License-Identifier: MIT\nSELECT 1;\n", id="sql-comment"),
    pytest.param("a.ini", MIT_PY + "\n[a]\nb = 1\n", id="ini-hash"),
    pytest.param(
        "paper.tex", "% !TEX program = xelatex\n% SPDX-License-Identifier: MIT\n", id="tex-magic"
    ),
    pytest.param(
        "a.rb", "# frozen_string_literal: true\n" + MIT_PY + "\nclass A; end\n", id="ruby-frozen"
    ),
    pytest.param("a.erl", "%% SPDX-License-Identifier: MIT\n-module(a).\n", id="erlang-double"),
    pytest.param(
        "src/lib.rs", "//! SPDX-License-Identifier: MIT\npub fn f() {}\n", id="rust-inner-doc"
    ),
    pytest.param("a.scss", SLASH + "\n.a { color: red; }\n", id="scss-line-comment"),
    pytest.param(
        "a.xml",
        '<?xml version="1.0"?>\n<!DOCTYPE x>\n<!-- SPDX-License-Identifier: MIT -->\n<x/>\n',
        id="xml-declaration-and-doctype",
    ),
    pytest.param(
        "a.php", "<?php\n/**\n * SPDX-License-Identifier: MIT\n */\necho 1;\n", id="php-docblock"
    ),
    pytest.param("bom.py", "\ufeff" + MIT_PY + "\nx = 1\n", id="byte-order-mark"),
    pytest.param("crlf.py", MIT_PY + "\r\nx = 1\r\n", id="crlf"),
    # ordinary project files with their header
    pytest.param(
        "src/pkg/service.py",
        MIT_PY + '\n"""The service layer."""\n\nfrom __future__ import annotations\n\n'
        "import logging\n\nlog = logging.getLogger(__name__)\n",
        id="python-module",
    ),
    pytest.param(
        "web/src/Button.tsx",
        SLASH + "\nimport React from 'react'\n\nexport const Button = () => <button />\n",
        id="react-component",
    ),
    pytest.param(
        ".github/workflows/test.yml",
        MIT_PY + "\nname: test\non: [pull_request]\njobs: {}\n",
        id="workflow-header",
    ),
    pytest.param("Makefile", MIT_PY + "\n.PHONY: all\nall:\n\t@true\n", id="makefile-header"),
    pytest.param("Cargo.toml", MIT_PY + '\n[package]\nname = "demo"\n', id="cargo-header"),
    pytest.param(
        "cmd/server/main.go",
        SLASH + '\n\npackage main\n\nimport "fmt"\n\nfunc main() { fmt.Println("hi") }\n',
        id="go-main",
    ),
    pytest.param(
        "deploy/Dockerfile",
        "# syntax=docker/dockerfile:1\n" + MIT_PY + "\nFROM python:3.12-slim\n",
        id="dockerfile-directive",
    ),
    # generated files
    pytest.param(
        "gen/mock.go", "// Code generated by MockGen. DO NOT EDIT.\npackage gen\n", id="mockgen"
    ),
    pytest.param(
        "gen/types.py",
        "# This file is automatically generated by the schema tool.\nx = 1\n",
        id="automatically-generated",
    ),
    pytest.param(
        "gen/Service.java",
        "/**\n * Autogenerated by Thrift Compiler (0.19.0)\n */\npackage gen;\n",
        id="thrift",
    ),
    pytest.param(
        "src/parser.ts", "// @generated by peggy\nexport const parse = 1\n", id="generated-tag"
    ),
    # no header convention, lockfiles, license texts, REUSE's own files
    pytest.param("logo.svg", "<svg/>\n", id="svg"),
    pytest.param("docs/index.rst", "Title\n=====\n", id="rst"),
    pytest.param("Pipfile.lock", "{}\n", id="pipfile-lock"),
    pytest.param("composer.lock", "{}\n", id="composer-lock"),
    pytest.param("flake.lock", "{}\n", id="flake-lock"),
    pytest.param("go.work.sum", "a v1 h1:x\n", id="go-work-sum"),
    pytest.param("gradle.lockfile", "a:b:1=c\n", id="gradle-lockfile"),
    pytest.param("deno.lock", "{}\n", id="deno-lock"),
    pytest.param("mix.lock", "%{}\n", id="mix-lock"),
    pytest.param("Package.resolved", "{}\n", id="swiftpm-resolved"),
    pytest.param("COPYING.LESSER", "GNU LESSER\n", id="copying-lesser"),
    pytest.param("LICENSE.txt", "MIT License\n", id="license-txt"),
    pytest.param("NOTICE", "Example\n", id="notice"),
    pytest.param("src/pkg/py.typed", "", id="py-typed"),
    pytest.param("REUSE.toml", "version = 1\n", id="reuse-toml"),
    pytest.param("data/config.yaml.license", "SPDX-License-Identifier: MIT\n", id="yaml-sidecar"),
    pytest.param("sbom.spdx", "SPDXVersion: SPDX-2.3\n", id="spdx-tag-value"),
    pytest.param("LICENSES/Apache-2.0.txt", "Apache License\n", id="licenses-text"),
]


@pytest.mark.parametrize(("name", "text"), WRITE_SILENT)
def test_write_silent(root, name, text):
    assert write(root, name, text) == []


# ---------------------------------------------------------------------------------
# Edits: (name, on disk, (old, new) pairs, variant, problem, expected)

COPYRIGHT_BLOCK = (
    "/*\n * Copyright 2019 A\n * Copyright 2020 B\n * Copyright 2021 C\n * Copyright 2022 D\n"
    " *\n * Portions from Example\n * Copyright 2018 E\n *\n * All contributors listed in AUTHORS\n"
    " *\n * SPDX-License-Identifier: MIT\n */\n"
)
BODY = "import os\n\n\ndef f():\n    return 1\n"

EDIT_FIRING = [
    pytest.param(
        "src/w.js",
        COPYRIGHT_BLOCK + "export const w = 1\n",
        [("SPDX-License-Identifier: MIT", "SPDX-License-Identifier: Apache-2.0")],
        "removed",
        "has its license id changed by this edit, from MIT to Apache-2.0",
        "* SPDX-License-Identifier: MIT",
        id="alters-id-deep-in-copyright-block",
    ),
    pytest.param(
        "a.py",
        MIT_PY + "\n" + BODY,
        [(MIT_PY, "# Licensed under the MIT license")],
        "removed",
        "loses its header in this edit",
        MIT_PY,
        id="tag-replaced-by-words",
    ),
    pytest.param(
        "a.py",
        MIT_PY + "\n" + BODY,
        [(MIT_PY, "# REUSE-IgnoreStart\n" + MIT_PY + "\n# REUSE-IgnoreEnd")],
        "removed",
        "loses its header in this edit",
        MIT_PY,
        id="header-wrapped-in-ignore-markers",
    ),
    pytest.param(
        "n.py",
        None,
        [("", "# Released under the MIT license\nx = 1\n")],
        "",
        DECLARED,
        f"# SPDX-License-Identifier: {STATED}",
        id="creates-file-stating-license-in-words",
    ),
    pytest.param(
        "n.py",
        None,
        [("", "# SPDX-License-Identifer: BSD-2-Clause\nx = 1\n")],
        "",
        spelled("SPDX-License-Identifer"),
        "# SPDX-License-Identifier: BSD-2-Clause",
        id="creates-misspelled-keeps-its-id",
    ),
]


@pytest.mark.parametrize(("name", "disk", "pairs", "variant", "problem", "expected"), EDIT_FIRING)
def test_edit_fires(root, name, disk, pairs, variant, problem, expected):
    values = one(edit(root, name, disk, pairs), EDIT, variant)
    assert (values["path"], values["problem"], values["expected"]) == (name, problem, expected)


EDIT_SILENT = [
    pytest.param(
        "src/w.js",
        COPYRIGHT_BLOCK + "export const w = 1\n",
        [("export const w = 1", "export const w = 2")],
        id="edit-below-copyright-block-header",
    ),
    pytest.param(
        "src/w.js",
        COPYRIGHT_BLOCK + "export const w = 1\n",
        [("Copyright 2022 D", "Copyright 2022-2024 D")],
        id="copyright-year-in-block",
    ),
    pytest.param(
        "a.py",
        APACHE_BOILERPLATE + BODY,
        [("return 1", "return 2")],
        id="edit-in-file-stating-license-in-words",
    ),
    pytest.param(
        "gone.py",
        None,
        [("# REUSE-IgnoreStart\n# SPDX-License-Identifier: MIT\n# REUSE-IgnoreEnd\n", "")],
        id="fragment-removes-example-inside-ignore-block",
    ),
    pytest.param(
        "a.py",
        MIT_PY + "\n" + BODY,
        [(MIT_PY, "# SPDX-FileCopyrightText: 2024 A\n#\n" + MIT_PY)],
        id="copyright-added-above",
    ),
]


@pytest.mark.parametrize(("name", "disk", "pairs"), EDIT_SILENT)
def test_edit_silent(root, name, disk, pairs):
    assert edit(root, name, disk, pairs) == []


# ---------------------------------------------------------------------------------
# The harmful case: a third-party file under another license in a configured project


def test_advice_never_changes_a_files_license_id(tmp_path):
    folder = str(tmp_path / "apache")
    os.makedirs(os.path.join(folder, ".git"))
    put(folder, ".caveat/config.toml", '[header]\nlicense = "Apache-2.0"\n')
    assert write(folder, "dist/widget.js", DIST_HEADER) == []
    minified = "!function(){}();\n" * 12 + "// SPDX-License-Identifier: MIT\n"
    values = one(write(folder, "dist/widget.min.js", minified))
    assert values["expected"] == "// SPDX-License-Identifier: MIT"
    values = one(write(folder, "src/new.js", "export {}\n"))
    assert values["expected"] == "// SPDX-License-Identifier: Apache-2.0"


# ---------------------------------------------------------------------------------
# Paths git ignores: exempt like paths outside the root

GITIGNORE = (
    "node_modules/\ndist\n/build/\n*.min.js\n!keep.min.js\n.venv/\n/third_party/\ncoverage/\n"
)

IGNORED = [
    pytest.param("node_modules/left-pad/index.js", id="node-modules"),
    pytest.param("web/node_modules/x/lib/a.ts", id="nested-node-modules"),
    pytest.param("dist/bundle.js", id="dist"),
    pytest.param("build/gen.c", id="root-build"),
    pytest.param("assets/app.min.js", id="minified-pattern"),
    pytest.param(".venv/lib/site.py", id="virtualenv"),
    pytest.param("third_party/zlib/zlib.h", id="third-party"),
    pytest.param("coverage/lcov-report/sorter.js", id="coverage"),
]

NOT_IGNORED = [
    pytest.param("src/a.py", id="source"),
    pytest.param("assets/keep.min.js", id="negated-pattern"),
    pytest.param("src/build/c.py", id="anchored-pattern-elsewhere"),
    pytest.param("src/third_party/x.go", id="anchored-folder-elsewhere"),
]


@pytest.fixture
def ignoring(root):
    """The REUSE project as a real repository with a ``.gitignore``."""
    put(root, ".gitignore", GITIGNORE)
    os.rmdir(os.path.join(root, ".git"))
    commit_all(root)
    return root


@pytest.mark.parametrize("name", IGNORED)
def test_ignored_paths_are_exempt(ignoring, name):
    assert write(ignoring, name, "var x = 1\n") == []
    assert edit(ignoring, name, SLASH + "\nvar x = 1\n", [(SLASH + "\n", "")]) == []


@pytest.mark.parametrize("name", NOT_IGNORED)
def test_paths_git_does_not_ignore_fire(ignoring, name):
    assert one(write(ignoring, name, "var x = 1\n"))["path"] == name


def test_committed_file_under_an_ignore_rule_is_exempt(ignoring):
    put(ignoring, "dist/kept.js", "x\n")
    git(ignoring, "add", "-f", "dist/kept.js")
    git(ignoring, "commit", "-qm", "vendored")
    assert write(ignoring, "dist/kept.js", "var x = 1\n") == []


# ---------------------------------------------------------------------------------
# The minimum number of tagged files, and caveat explain


def _repo(folder, tagged):
    for i in range(tagged):
        put(folder, f"src/t{i}.py", f"# SPDX-License-Identifier: MIT\nx = {i}\n")
    put(folder, "src/main.py", "print(1)\n")
    commit_all(folder)
    return folder


def _explain(tmp_path, folder, capsys):
    payload = {
        "cwd": folder,
        "hook_event_name": "PreToolUse",
        "tool_name": "Write",
        "tool_input": {"file_path": os.path.join(folder, "src", "new.py"), "content": "x = 1\n"},
    }
    path = tmp_path / "payload.json"
    path.write_text(json.dumps(payload))
    assert main(["explain", str(path)]) == 0
    return capsys.readouterr().out


def test_explain_shows_the_minimum_of_tagged_files(tmp_path, capsys):
    folder = _repo(str(tmp_path / "few"), tagged=4)
    assert write(folder, "src/new.py", "x = 1\n") == []
    out = _explain(tmp_path, folder, capsys)
    line = next(x for x in out.splitlines() if x.startswith("guard      header"))
    assert "silent" in line
    assert "4 of 5 sampled source files carry an SPDX line" in line
    assert "at least 5 tagged files" in line


def test_explain_is_quiet_about_policy_when_there_is_one(tmp_path, capsys):
    folder = _repo(str(tmp_path / "enough"), tagged=5)
    out = _explain(tmp_path, folder, capsys)
    line = next(x for x in out.splitlines() if x.startswith("guard      header"))
    assert "fired" in line and "no header policy" not in line


def test_explain_without_a_commit(tmp_path, capsys):
    folder = str(tmp_path / "fresh")
    os.makedirs(os.path.join(folder, ".git"))
    out = _explain(tmp_path, folder, capsys)
    assert "no commit whose files could show one" in out
