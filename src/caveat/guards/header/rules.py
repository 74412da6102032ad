"""License-header conventions as data: comment styles by file type, lines allowed above
the header, and the files that need no header (reference/guard-rules.md §3).

Plain literals only: the header guard imports this module on every file write.

A style is a dict:

- ``expected``: the line to write, ``{}`` standing for ``SPDX-License-Identifier: <id>``;
- ``line``: line-comment prefixes under which a tag counts (``//``);
- ``block``: ``(open, close)`` pairs of block comments under which a tag counts; a tag
  on a continuation line (`` * SPDX-…``) inside an open block counts too.

A file type without an entry here has no header convention the guard knows, and is
never reported (as addlicense does): data without comments (JSON, CSV), binaries,
plain text and prose other than Markdown.
"""

from __future__ import annotations

TAG = "SPDX-License-Identifier"

STYLES: dict[str, dict[str, object]] = {
    "hash": {"expected": "# {}", "line": ("#",), "block": ()},
    "powershell": {"expected": "# {}", "line": ("#",), "block": (("<#", "#>"),)},
    "slash": {"expected": "// {}", "line": ("//",), "block": (("/*", "*/"),)},
    "c": {"expected": "// {}", "line": ("//",), "block": (("/*", "*/"),)},
    "css": {"expected": "/* {} */", "line": (), "block": (("/*", "*/"),)},
    "scss": {"expected": "/* {} */", "line": ("//",), "block": (("/*", "*/"),)},
    "html": {"expected": "<!-- {} -->", "line": (), "block": (("<!--", "-->"),)},
    "dash": {"expected": "-- {}", "line": ("--",), "block": (("/*", "*/"),)},
    "haskell": {"expected": "-- {}", "line": ("--",), "block": (("{-", "-}"),)},
    "lua": {"expected": "-- {}", "line": ("--",), "block": (("--[[", "]]"),)},
    "percent": {"expected": "% {}", "line": ("%",), "block": ()},
    "lisp": {"expected": ";; {}", "line": (";",), "block": ()},
    "ini": {"expected": "; {}", "line": (";", "#"), "block": ()},
    "jinja": {"expected": "{# {} #}", "line": (), "block": (("{#", "#}"),)},
    "ml": {"expected": "(* {} *)", "line": (), "block": (("(*", "*)"),)},
    "vim": {"expected": '" {}', "line": ('"',), "block": ()},
}


# Lines allowed above the header, by how the line starts (checked on the first lines
# of a file, in order). ``(prefix, name, styles)``: ``styles`` empty means any style.
# A shebang must name a path (``#!/`` or ``#! /``): Rust's ``#![attr]`` is not one.
ABOVE: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("#!/", "shebang", ()),
    ("#! /", "shebang", ()),
    ("<?xml", "`<?xml …?>`", ("html",)),
    ("<!doctype", "`<!DOCTYPE>`", ("html",)),
    ("<?php", "`<?php`", ("slash",)),
    ("% !tex", "TeX magic comment", ("percent",)),
    ("%!tex", "TeX magic comment", ("percent",)),
    ("# frozen_string_literal:", "`# frozen_string_literal`", ("hash",)),
    ("#\\", "Rack options", ("hash",)),
)
# C and C++ headers may open with their include guard and put the license block after
# it (curl's ``lib/*.h``; REUSE reads the tag wherever the comment is): those first
# lines do not end the leading comment block. New headers still go on the first line.
INCLUDE_GUARDS = ("#ifndef ", "#define ", "#pragma once", "#if !defined")
# An encoding declaration (PEP 263, Ruby): a comment on the first two lines naming
# ``coding:`` or ``coding=``.
ENCODING_MARKS = ("coding:", "coding=")
# Dockerfile parser directives: they must come before any other comment.
DOCKER_DIRECTIVES = ("# syntax=", "# escape=", "# check=", "#syntax=", "#escape=", "#check=")

# How a comment starts in any of the styles: a tag line starting so is a header
# attempt even when its syntax is wrong for the file type.
COMMENT_MARKS = ("#", "//", "/*", "*", "<!--", "--", "%", ";", "{#", "(*", '"', "{-", "<#")

# The header counts when the tag is within this many lines after the allowed ones, or
# anywhere in the leading comment block.
HEADER_LINES = 10
# A tag further down (up to this line) is reported as "too far down", with its own id.
SEARCH_LINES = 400

# REUSE: text between these markers is not read for licensing information.
IGNORE_START = "REUSE-IgnoreStart"
IGNORE_END = "REUSE-IgnoreEnd"

# Phrases (lower case) by which a leading comment states a license in words: such a
# file declares its own licensing, and advice never puts another id on it.
DECLARATIONS = (
    "@license",
    "licensed under",
    "licenced under",
    "released under",
    "distributed under",
    "available under",
    "under the terms of",
    "subject to the terms of",
    "license:",
    "licence:",
    "permission is hereby granted",
    "redistribution and use in source and binary forms",
    "all rights reserved",
    "public domain",
    "mit license",
    "bsd license",
    "bsd-style license",
    "isc license",
    "apache license",
    "general public license",
    "mozilla public license",
    "eclipse public license",
    "the unlicense",
)

# Generated files: "Code generated … DO NOT EDIT" (Go's convention, anywhere in the
# file) and these markers within the first lines.
GENERATED_HEAD_MARKERS = (
    "@generated",
    "do not edit this file",
    "this file is automatically generated",
    "this file was automatically generated",
    "autogenerated by thrift",
    "generated by the protocol buffer compiler",
    "automatically generated by",
)
GENERATED_HEAD_LINES = 10
# A NUL byte in this many leading bytes makes a file binary.
BINARY_PROBE = 8192
