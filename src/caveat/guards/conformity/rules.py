"""Where the agents' own configuration lives, and what kind of file each path is.

Read by ``caveat.guards.conformity.kinds`` (the kind of file, which picks the checks).
Paths are compared with ``/`` separators; a custom ``CODEX_HOME`` is mapped onto
``/.codex/`` before the kind is looked up. The hook configuration files are each
harness's (``caveat.harnesses.<id>.hookfile``, gathered in
``caveat.guards.conformity.hookfiles``) and are matched before the rows here; the
folders a harness's configuration lives under are its row in
``caveat.harnesses.HARNESSES``.

Sources: the Agent Skills specification (agentskills.io/specification) for
``SKILL.md``; Claude Code's sub-agent and slash-command documentation for ``agents/``
and ``commands/``.
"""

from __future__ import annotations

# What kind of file a path is: (kind, folder, file name). The folder is matched
# against the end of the file's parent folder ("/.claude") or, when it ends with
# "/**", against any ancestor ("/.claude/commands/**": that folder or below it). The
# file name is exact, or "*.ext" for any name with that extension. First match wins.
KINDS = (
    ("agent", "/.claude/agents/**", "*.md"),
    ("agent", "/.gemini/agents/**", "*.md"),
    ("agent", "/.qwen/agents/**", "*.md"),
    ("command", "/.claude/commands/**", "*.md"),
    ("command", "/.qwen/commands/**", "*.md"),
    ("command", "/.cursor/commands/**", "*.md"),
    ("command", "/.codex/prompts/**", "*.md"),
    ("command-toml", "/.gemini/commands/**", "*.toml"),
    ("command-toml", "/.qwen/commands/**", "*.toml"),
)
# Kinds by file name alone (checked before KINDS).
NAME_KINDS = {
    "SKILL.md": "skill",
    "AGENTS.md": "memory",
    "AGENTS.override.md": "memory",
    "CLAUDE.md": "memory",
    "CLAUDE.local.md": "memory",
    "GEMINI.md": "memory",
}
# Any other in-scope file with these extensions still gets the parse check.
EXTENSION_KINDS = {".json": "json", ".toml": "toml"}

# Timeouts: a value that reads as given in the other unit.
SECONDS_SUSPECT = 1000  # a timeout this large in seconds was probably meant in ms
MILLISECONDS_SUSPECT = 1000  # a timeout below this in ms was probably meant in seconds

# Agent Skills specification (agentskills.io/specification).
SKILL_NAME_MAX = 64
SKILL_DESCRIPTION_MAX = 1024
SKILL_DESCRIPTION_NEAR = 900  # advisory: close to the limit
SKILL_COMPATIBILITY_MAX = 500
NAME_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")

# Memory files: (file name, budget, unit, source).
MEMORY_BUDGETS = {
    # Claude Code warns "Large CLAUDE.md will impact performance (… > 40.0k)".
    "CLAUDE.md": (40_000, "chars", "Claude Code's large-file warning"),
    "CLAUDE.local.md": (40_000, "chars", "Claude Code's large-file warning"),
    # Codex stops adding instruction files at project_doc_max_bytes (32 KiB by default).
    "AGENTS.md": (32 * 1024, "bytes", "Codex's project_doc_max_bytes default"),
    "AGENTS.override.md": (32 * 1024, "bytes", "Codex's project_doc_max_bytes default"),
    # No documented limit found: the same budget as CLAUDE.md.
    "GEMINI.md": (40_000, "chars", "the budget caveat uses for memory files"),
}

# Secret-looking values that are references, not secrets.
PLACEHOLDER_MARKS = ("${", "{{", "$(", "%", "<", ">", "env:", "secret:", "op://", "vault:")
PLACEHOLDER_STARTS = ("$", "/", "~", "./", "../")
PLACEHOLDER_WORDS = frozenset(
    {
        "changeme", "change-me", "redacted", "[redacted]", "placeholder", "example",
        "none", "null", "true", "false", "xxx", "xxxx", "xxxxxxxx", "your-token",
        "your-api-key", "your_api_key", "dummy", "test", "secret", "password",
    }
)  # fmt: skip
SECRET_VALUE_MIN = 8
