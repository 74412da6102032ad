"""Where the agents' own configuration lives, and what kind of file each path is.

Read by ``caveat.guards.conformity`` (the scope pre-filter) and
``caveat.guards.conformity.kinds`` (the kind of file, which picks the checks). Paths are
compared with ``/`` separators; ``~/.claude`` and ``$CODEX_HOME`` (default
``~/.codex``) are covered by the folder segments below, and a custom ``CODEX_HOME`` is
mapped onto ``/.codex/`` before the kind is looked up. Extra scopes come from the
``CAVEAT_CONFORMITY_SCOPE`` environment variable (folders, ``os.pathsep``-separated).

Sources: reference/harness-contracts.md §1.1 and §2.1–2.7 for the hook files; the
Agent Skills specification (agentskills.io/specification) for ``SKILL.md``; Claude
Code's sub-agent and slash-command documentation for ``agents/`` and ``commands/``.
The hook event names and handler types a harness knows are its contract's
(``caveat.harnesses.<id>``), not kept here.
"""

from __future__ import annotations

# What kind of file a path is: (kind, folder, file name). The folder is matched
# against the end of the file's parent folder ("/.claude") or, when it ends with
# "/**", against any ancestor ("/.claude/commands/**": that folder or below it). The
# file name is exact, or "*.ext" for any name with that extension. First match wins.
KINDS = (
    ("claude-settings", "/.claude", "settings.json"),
    ("claude-settings", "/.claude", "settings.local.json"),
    ("codex-hooks", "/.codex", "hooks.json"),
    ("codex-config", "/.codex", "config.toml"),
    ("gemini-settings", "/.gemini", "settings.json"),
    ("qwen-settings", "/.qwen", "settings.json"),
    ("cursor-hooks", "/.cursor", "hooks.json"),
    ("copilot-hooks", "/.github/hooks", "*.json"),
    ("kiro-hooks", "/.kiro/hooks", "*.json"),
    # A Claude Code plugin's hooks file (inside ~/.claude/plugins or a project's .claude).
    ("claude-settings", "/hooks", "hooks.json"),
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

# Harness names for the message.
HARNESS = {
    "claude-settings": "Claude Code",
    "codex-hooks": "Codex",
    "codex-config": "Codex",
    "gemini-settings": "Gemini CLI",
    "qwen-settings": "Qwen Code",
    "cursor-hooks": "Cursor",
    "copilot-hooks": "GitHub Copilot",
    "kiro-hooks": "Kiro",
    "skill": "agent skill",
    "agent": "sub-agent",
    "command": "slash command",
    "command-toml": "slash command",
    "memory": "agent memory",
    "json": "agent configuration",
    "toml": "agent configuration",
}

# Timeouts: harnesses that count seconds, and those that count milliseconds.
SECONDS_KINDS = frozenset({"claude-settings", "codex-hooks", "codex-config", "copilot-hooks"})
MILLISECONDS_KINDS = frozenset({"gemini-settings", "qwen-settings"})
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
