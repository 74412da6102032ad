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

# Lower-cased extension → style.
EXTENSIONS: dict[str, str] = {
    # "#" comments: scripting languages, shells, build and configuration formats
    ".py": "hash", ".pyi": "hash", ".pyw": "hash", ".pyx": "hash", ".pxd": "hash",
    ".sh": "hash", ".bash": "hash", ".zsh": "hash", ".fish": "hash", ".ksh": "hash",
    ".rb": "hash", ".rake": "hash", ".gemspec": "hash", ".pl": "hash", ".pm": "hash",
    ".r": "hash", ".tcl": "hash", ".jl": "hash", ".cr": "hash", ".nim": "hash",
    ".ex": "hash", ".exs": "hash", ".coffee": "hash", ".awk": "hash",
    ".toml": "hash", ".yaml": "hash", ".yml": "hash", ".tf": "hash", ".tfvars": "hash",
    ".hcl": "hash", ".nix": "hash", ".cmake": "hash", ".mk": "hash", ".bzl": "hash",
    ".bazel": "hash", ".star": "hash", ".graphql": "hash", ".gql": "hash",
    ".dockerfile": "hash", ".containerfile": "hash", ".properties": "hash",
    ".ps1": "powershell", ".psm1": "powershell", ".psd1": "powershell",
    # "//" comments: C family, JVM, .NET, Go, Rust, Swift, JavaScript / TypeScript
    ".c": "c", ".h": "c", ".cc": "c", ".cpp": "c", ".cxx": "c", ".c++": "c",
    ".hh": "c", ".hpp": "c", ".hxx": "c", ".cu": "c", ".cuh": "c", ".m": "c", ".mm": "c",
    ".ino": "c",
    ".java": "slash", ".kt": "slash", ".kts": "slash", ".scala": "slash",
    ".groovy": "slash", ".gradle": "slash", ".cs": "slash", ".fs": "slash",
    ".fsx": "slash", ".go": "slash", ".rs": "slash", ".swift": "slash", ".dart": "slash",
    ".js": "slash", ".mjs": "slash", ".cjs": "slash", ".jsx": "slash", ".ts": "slash",
    ".mts": "slash", ".cts": "slash", ".tsx": "slash", ".php": "slash", ".proto": "slash",
    ".zig": "slash", ".vala": "slash", ".hx": "slash", ".qml": "slash",
    ".sol": "slash",
    # "/* */" comments: style sheets
    ".css": "css", ".scss": "scss", ".less": "scss", ".qss": "css",
    # "<!-- -->" comments: markup and component files
    ".html": "html", ".htm": "html", ".xhtml": "html", ".xml": "html", ".xsd": "html",
    ".xsl": "html", ".xslt": "html", ".vue": "html", ".svelte": "html",
    ".csproj": "html", ".fsproj": "html", ".vbproj": "html", ".props": "html",
    ".targets": "html", ".rss": "html",
    ".md": "html", ".markdown": "html",
    # "--" comments
    ".sql": "dash", ".hs": "haskell", ".elm": "haskell", ".purs": "haskell",
    ".cabal": "haskell", ".lua": "lua", ".adb": "dash", ".ads": "dash",
    ".vhd": "dash", ".vhdl": "dash",
    # "%" comments
    ".tex": "percent", ".sty": "percent", ".cls": "percent",
    ".erl": "percent", ".hrl": "percent",
    # ";" comments
    ".el": "lisp", ".lisp": "lisp", ".lsp": "lisp", ".scm": "lisp",
    ".ss": "lisp", ".rkt": "lisp", ".clj": "lisp", ".cljs": "lisp", ".cljc": "lisp",
    ".fnl": "lisp", ".ini": "ini", ".cfg": "ini",
    # others
    ".j2": "jinja", ".jinja": "jinja", ".jinja2": "jinja",
    ".ml": "ml", ".mli": "ml", ".mll": "ml", ".mly": "ml", ".sml": "ml",
    ".vim": "vim",
}  # fmt: skip

# Lower-cased file names without a telling extension → style.
BASENAMES: dict[str, str] = {
    "dockerfile": "hash", "containerfile": "hash", "makefile": "hash",
    "gnumakefile": "hash", "gemfile": "hash", "rakefile": "hash", "justfile": "hash",
    "vagrantfile": "hash", "cmakelists.txt": "hash", "build": "hash", "build.bazel": "hash",
    "workspace": "hash", "buck": "hash", "meson.build": "hash", "jenkinsfile": "slash",
}  # fmt: skip

# Names starting with these (``Dockerfile.dev``, ``Containerfile.prod``) are Dockerfiles.
DOCKERFILE_PREFIXES = ("dockerfile", "containerfile")

# Files a REUSE layout covers (so `reuse lint` wants a header) but that projects
# using SPDX lines without REUSE rarely mark: reported only under a REUSE layout.
REUSE_ONLY_BASENAMES: dict[str, str] = {
    ".gitignore": "hash", ".gitattributes": "hash", ".gitmodules": "hash",
    ".dockerignore": "hash", ".editorconfig": "hash", ".envrc": "hash",
    ".npmignore": "hash", "codeowners": "hash", "manifest.in": "hash",
}  # fmt: skip

# Prose: reported only when the project's own Markdown files mostly carry the
# ``<!-- SPDX-License-Identifier: … -->`` line (checked with the tracked-file sample).
MARKDOWN_EXTENSIONS = frozenset({".md", ".markdown"})

# Files that never need a header, whatever their extension says (lower-cased names).
EXEMPT_BASENAMES = frozenset(
    {
        # lockfiles (most have no comment syntax at all)
        "package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml",
        "bun.lock", "bun.lockb", "cargo.lock", "uv.lock", "poetry.lock", "pdm.lock",
        "pipfile.lock", "gemfile.lock", "composer.lock", "go.sum", "go.work.sum",
        "flake.lock", "pubspec.lock", "podfile.lock", "package.resolved", "mix.lock",
        "gradle.lockfile", "packages.lock.json", "deno.lock", "conda-lock.yml",
        # REUSE's own files and license texts
        "reuse.toml", "license", "licence", "copying", "notice",
        # marker files that must stay empty or are pure data
        "py.typed",
    }
)  # fmt: skip
EXEMPT_PREFIXES = ("license-", "license.", "licence-", "licence.", "copying-", "copying.")
EXEMPT_SUFFIXES = (".license", ".spdx", ".spdx.json", ".spdx.yaml", ".spdx.yml", ".spdx.xml")
# Folders (as path components from the git root) whose files need no header.
EXEMPT_DIRS = frozenset({"LICENSES", ".reuse", ".git"})

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
# An encoding declaration (PEP 263, Ruby): a comment on the first two lines naming
# ``coding:`` or ``coding=``.
ENCODING_MARKS = ("coding:", "coding=")
# Dockerfile parser directives: they must come before any other comment.
DOCKER_DIRECTIVES = ("# syntax=", "# escape=", "# check=", "#syntax=", "#escape=", "#check=")

# How a comment starts in any of the styles: a tag line starting so is a header
# attempt even when its syntax is wrong for the file type.
COMMENT_MARKS = ("#", "//", "/*", "*", "<!--", "--", "%", ";", "{#", "(*", '"', "{-", "<#")

# The header counts when the tag is within this many lines after the allowed ones.
HEADER_LINES = 10
# A tag further down (up to this line) is reported as "too far down".
SEARCH_LINES = 60

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
