"""Which comment style a file name takes, and which files never need a header: the
header guard's pre-filter, read on every Write and Edit that reaches the guard (so
the full tables live in the modules beside it)."""

from __future__ import annotations

import os

# Lower-cased file names without a telling extension → style.
BASENAMES: dict[str, str] = {
    "dockerfile": "hash", "containerfile": "hash", "makefile": "hash",
    "gnumakefile": "hash", "gemfile": "hash", "rakefile": "hash", "justfile": "hash",
    "vagrantfile": "hash", "cmakelists.txt": "hash", "build": "hash", "build.bazel": "hash",
    "workspace": "hash", "buck": "hash", "meson.build": "hash", "jenkinsfile": "slash",
}  # fmt: skip

# Names starting with these (``Dockerfile.dev``, ``Containerfile.prod``) are Dockerfiles.
DOCKERFILE_PREFIXES = ("dockerfile", "containerfile")

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

# Folders (as path components from the git root) whose files need no header.
EXEMPT_DIRS = frozenset({"LICENSES", ".reuse", ".git"})

EXEMPT_PREFIXES = ("license-", "license.", "licence-", "licence.", "copying-", "copying.")

EXEMPT_SUFFIXES = (".license", ".spdx", ".spdx.json", ".spdx.yaml", ".spdx.yml", ".spdx.xml")

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

# Prose: reported only when the project's own Markdown files mostly carry the
# ``<!-- SPDX-License-Identifier: … -->`` line (checked with the tracked-file sample).
MARKDOWN_EXTENSIONS = frozenset({".md", ".markdown"})

# Files a REUSE layout covers (so `reuse lint` wants a header) but that projects
# using SPDX lines without REUSE rarely mark: reported only under a REUSE layout.
REUSE_ONLY_BASENAMES: dict[str, str] = {
    ".gitignore": "hash", ".gitattributes": "hash", ".gitmodules": "hash",
    ".dockerignore": "hash", ".editorconfig": "hash", ".envrc": "hash",
    ".npmignore": "hash", "codeowners": "hash", "manifest.in": "hash",
}  # fmt: skip


def file_style(path: str) -> tuple[str, str]:
    """(comment style, kind) for a file name: kind ``""`` for source files,
    ``markdown`` for prose, ``reuse`` for files checked only under REUSE; ``("", "")``
    for files with no header convention or that never need one."""
    norm = path.replace("\\", "/")
    lower = norm[norm.rfind("/") + 1 :].lower()
    if lower in EXEMPT_BASENAMES or lower.startswith(EXEMPT_PREFIXES):
        return "", ""
    if lower.endswith(EXEMPT_SUFFIXES):
        return "", ""
    found = BASENAMES.get(lower)
    if found:
        return found, ""
    ext = os.path.splitext(lower)[1]
    found = EXTENSIONS.get(ext) if ext else None
    if found:
        return found, "markdown" if ext in MARKDOWN_EXTENSIONS else ""
    if lower.startswith(DOCKERFILE_PREFIXES):
        return "hash", ""
    found = REUSE_ONLY_BASENAMES.get(lower)
    return (found, "reuse") if found else ("", "")


def in_exempt_dir(rel: str) -> bool:
    """Whether a '/'-separated path from the git root lies in ``LICENSES/``, ``.reuse/``
    or ``.git/``."""
    return any(part in EXEMPT_DIRS for part in rel.split("/")[:-1])
