"""The header guard: a write that leaves a file without the project's
``SPDX-License-Identifier`` line in that file type's comment syntax
(reference/guard-rules.md §3).

A project has a policy when the configuration names a license (``[header] license``),
when it follows REUSE (``REUSE.toml``, ``.reuse/dep5``, ``LICENSES/``), or when its
tracked source files show one: at least 5 (``scan.MIN_TAGGED``) of a sample of up to
200 carry SPDX lines, and they are more than half of the sample (a verdict cached per
HEAD in the state folder; see ``policy``). Without a policy the guard is silent, and
``why_silent`` says why for ``caveat explain``.

- Write (``pretooluse-write-header-guard``): the new text has no header, or a
  malformed one (misspelled tag, no colon, no id, wrong comment syntax, too far down).
- Edit/MultiEdit (``pretooluse-edit-header-guard``): only an edit that creates the
  file without a header (plain ``Advisory``), or that removes or alters the header
  the file had (variant ``removed``). Edits elsewhere in files that never had a
  header stay silent: the guard does not nag about legacy files.

A header is the ``SPDX-License-Identifier`` line within the first lines or anywhere
in the leading comment block (after a copyright block, as third-party files have it);
``REUSE-IgnoreStart`` … ``REUSE-IgnoreEnd`` spans are skipped first. Advice never
changes a file's license id: when the file names one (a misplaced or misspelled tag),
the expected line carries that id; when its header states a license only in words,
the expected line asks for that license's id, never the project's.

Exempt: file types without a comment convention here (JSON, notebooks, CSV, plain
text, binaries by extension), lockfiles, license texts and ``.license`` sidecars,
``LICENSES/``, ``.reuse/``; then, for files that would be reported: empty and binary
content, generated files, files with a ``.license`` sidecar, ``[header] exclude`` and
``[paths] exclude`` patterns, paths that ``REUSE.toml`` or ``.reuse/dep5`` annotates,
and paths git ignores (``git check-ignore``, asked last). Markdown is reported only
when the project's own Markdown files mostly carry
``<!-- SPDX-License-Identifier: … -->``; dotfiles such as ``.gitignore`` only under a
REUSE layout.

The silent path: a dictionary lookup on the file name; for a file type with a
convention, the git-root walk, the config value, three ``stat`` calls for REUSE
markers, reading HEAD and the cached verdict. No ``re``, no GitPython, no ``git``
(git runs, through ``caveat.common.gitrun``, only for a new HEAD's scan and for a file that
would be reported).
"""

from __future__ import annotations

import os

from caveat.event import DELETE
from caveat.guards.base import edits_by_path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.event import Event
    from caveat.event import Finding
    from caveat.guards.base import Context
    from caveat.guards.header.policy import Policy

# Pre-filter data: loaded on every call that reaches this guard; the full
# tables live in the modules beside this one.
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


def _note_silence(ctx: Context, roots: list[str]) -> None:
    """Why the guard says nothing for lack of a header policy (``caveat explain``)."""
    from caveat.guards.header.policy import silence

    for root in roots:
        reason = silence(ctx, root)
        if reason and reason not in ctx.notes:
            ctx.notes.append(reason)


def check(event: Event, ctx: Context) -> list[Finding]:
    todo = []
    for path, edits in edits_by_path(event).items():
        if any(e.kind == DELETE for e in edits):
            continue
        style, kind = file_style(path)
        if style:
            todo.append((path, edits, style, kind))
    if not todo:
        return []
    # Most repositories have no header policy: settle that before loading the checks.
    from caveat.guards.header.policy import policy

    policies: dict[str, Policy | None] = {}
    for path, *_ in todo:
        root = ctx.git_root(path)
        if root is not None and root not in policies:
            policies[root] = policy(ctx, root)
    if not any(policies.values()):
        if ctx.explaining:
            _note_silence(ctx, list(policies))
        return []
    from caveat.guards.header.verdict import findings

    return findings(event, ctx, todo, policies)
