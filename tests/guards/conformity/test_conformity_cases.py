"""The conformity gate on the configuration files of ordinary projects (silent) and on
one broken file of each kind (firing); helpers from ``test_conformity``."""

from __future__ import annotations

import pytest

from tests.guards.conformity.test_conformity import run
from tests.guards.conformity.test_conformity import summary


@pytest.fixture
def root(tmp_path):
    (tmp_path / ".git").mkdir()
    return str(tmp_path)


# Agent configuration as real projects write it: nothing here is broken.
ORDINARY = [
    pytest.param(
        ".claude/settings.json",
        (
            '{"statusLine": {"type": "command", "command": "~/.claude/sta'
            'tusline.sh"}, "permissions": {"allow": ["Bash(npm run test:*'
            ')", "Read(~/.zshrc)"], "deny": ["Bash(curl:*)"]}}'
        ),
        id="claude-status-line-and-permissions",
    ),
    pytest.param(
        ".claude/settings.local.json",
        '{"permissions": {"allow": ["Bash(git status)"]}, "enableAllProjectMcpServers": false}',
        id="claude-local-settings",
    ),
    pytest.param(
        ".claude/settings.json",
        (
            '{"hooks": {"PostToolUse": [{"matcher": "Write|Edit", "hooks"'
            ': [{"type": "command", "command": "npx prettier --write \\"$C'
            'LAUDE_FILE_PATHS\\"", "timeout": 20}]}]}}'
        ),
        id="claude-format-hook",
    ),
    pytest.param(
        ".claude/settings.json",
        (
            '{"hooks": {"Notification": [{"hooks": [{"type": "command", "'
            'command": "notify-send Claude"}]}], "Stop": [{"hooks": [{"ty'
            'pe": "command", "command": "./scripts/check.sh"}]}]}}'
        ),
        id="claude-notification-and-stop-hooks",
    ),
    pytest.param(
        ".claude/agents/test-runner.md",
        (
            "---\nname: test-runner\ndescription: Runs the test suite and r"
            "eports failures. Use after code changes.\ntools: Bash, Read, "
            "Grep\nmodel: sonnet\n---\nYou run tests.\n"
        ),
        id="agent-with-tools-and-model",
    ),
    pytest.param(
        ".claude/agents/docs-writer.md",
        (
            "---\nname: docs-writer\ndescription: Writes and updates docume"
            "ntation.\n---\nYou write docs in plain English.\n"
        ),
        id="agent-minimal",
    ),
    pytest.param(
        ".claude/commands/deploy.md",
        (
            "---\nallowed-tools: Bash(git push:*), Bash(npm run deploy)\nde"
            "scription: Deploy to staging\nargument-hint: [env]\n---\nDeploy"
            " $ARGUMENTS.\n"
        ),
        id="command-allowed-tools",
    ),
    pytest.param(
        ".claude/commands/fix-issue.md",
        "Find and fix issue #$ARGUMENTS. Follow the coding standards.\n",
        id="command-plain-arguments",
    ),
    pytest.param(
        "CLAUDE.md",
        (
            "# Project guide\n\n## Commands\n- `npm run build`\n- `npm test -"
            "- --watch`\n\n## Style\nUse ES modules. Prefer named exports.\n"
        ),
        id="claude-md-guide",
    ),
    pytest.param(
        "AGENTS.md",
        (
            "# Agents\n\nRun `pytest -q` before committing. Never push to m"
            "ain.\n\n## Layout\nsrc/ holds the package; tests/ mirrors it.\n"
        ),
        id="agents-md-guide",
    ),
    pytest.param(
        "GEMINI.md", "# Context\n\nThis is a Go service. Run `go test ./...`.\n", id="gemini-md"
    ),
    pytest.param(
        "docs/CLAUDE.md", "# Docs\n\nThe site is built with mkdocs.\n", id="nested-claude-md"
    ),
    pytest.param(
        ".codex/config.toml",
        (
            'model = "gpt-5"\napproval_policy = "on-request"\nsandbox_mode '
            '= "workspace-write"\n\n[mcp_servers.docs]\ncommand = "npx"\nargs'
            ' = ["-y", "docs-mcp"]\n'
        ),
        id="codex-config-mcp",
    ),
    pytest.param(
        ".gemini/settings.json",
        (
            '{"theme": "GitHub", "contextFileName": "AGENTS.md", "mcpServ'
            'ers": {"git": {"command": "uvx", "args": ["mcp-server-git"]}'
            "}}"
        ),
        id="gemini-settings-mcp",
    ),
    pytest.param(
        ".qwen/settings.json",
        '{"model": {"name": "qwen3-coder-plus"}, "ui": {"theme": "Default"}}',
        id="qwen-settings",
    ),
    pytest.param(
        ".claude/skills/release-notes/SKILL.md",
        (
            "---\nname: release-notes\ndescription: Drafts release notes fr"
            "om merged pull requests. Use when preparing a release.\nallow"
            "ed-tools: Read, Grep, Bash(git log:*)\nlicense: MIT\n---\n# Rel"
            "ease notes\n\n1. Collect merged PRs.\n"
        ),
        id="skill-with-allowed-tools",
    ),
    pytest.param(
        "skills/pdf-tools/reference.md",
        "# Reference\n\nname: whatever\n",
        id="skill-reference-file",
    ),
    pytest.param(
        ".claude/skills/pdf-tools/scripts/extract.py",
        "import sys\nprint(sys.argv)\n",
        id="skill-script",
    ),
    pytest.param(
        ".claude/hooks/format.sh", '#!/bin/sh\nnpx prettier --write "$1"\n', id="claude-hook-script"
    ),
    pytest.param(
        ".cursor/rules/style.mdc",
        (
            "---\ndescription: Style rules\nglobs: src/**/*.ts\nalwaysApply:"
            " false\n---\nUse 2 spaces.\n"
        ),
        id="cursor-rule-mdc",
    ),
    pytest.param(
        ".github/copilot-instructions.md",
        "Use TypeScript strict mode.\n",
        id="copilot-instructions",
    ),
    pytest.param(
        ".kiro/steering/product.md",
        "# Product\n\nA task tracker for small teams.\n",
        id="kiro-steering",
    ),
    pytest.param(".vscode/settings.json", '{"editor.formatOnSave": true}', id="vscode-settings"),
    pytest.param(
        "src/config/settings.json", '{"debug": false, "token": "${TOKEN}"}', id="app-settings-json"
    ),
    pytest.param(
        "package.json",
        '{"name": "claude-helper", "version": "1.0.0"}',
        id="package-json-named-claude",
    ),
    pytest.param(
        "CLAUDE.md",
        (
            "# Secrets\n\nNever commit keys that start with `sk-` or `ghp_`"
            "; read them from the environment.\n"
        ),
        id="claude-md-mentions-key-prefixes",
    ),
    pytest.param(
        ".claude/settings.json",
        '{"env": {"NODE_ENV": "development", "DEBUG": "app:*"}}',
        id="claude-env-plain-values",
    ),
    pytest.param(".codex/hooks.json", '{"hooks": {}}', id="codex-empty-hooks"),
    pytest.param(
        "AGENTS.md",
        "# Guide\n\nAPI base URL: https://api.example.com/v1 (no key needed for the sandbox).\n",
        id="agents-md-url",
    ),
    # the credential families are the redactor's table; their placeholders stay silent
    pytest.param(
        ".claude/settings.json",
        '{"env": {"HF_TOKEN": "hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",'
        ' "STRIPE_KEY": "sk_live_XXXXXXXXXXXXXXXXXXXXXXXX", "SLACK_HOOK": "${SLACK_HOOK}"}}',
        id="secret-family-placeholders",
    ),
    pytest.param(
        ".claude/settings.json",
        '{"env": {"API_KEY": "{{ .Values.apiKey }}", "DB_PASSWORD": "%DB_PASSWORD%",'
        ' "GH_TOKEN": "$(cat ~/.gh-token)", "AUTH": "Bearer ${API_TOKEN}"}}',
        id="secret-references-in-env",
    ),
]


@pytest.mark.parametrize(("rel", "text"), ORDINARY)
def test_ordinary_configuration_is_silent(root, rel, text):
    assert summary(run(root, rel, text)) == []


# One broken file of each kind: (path, text, [(check, deny, problem)]).
BROKEN = [
    pytest.param(
        ".claude/settings.json",
        (
            '{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"ty'
            'pe": "command", "command": "x", "timeout": "30"}]}]}}'
        ),
        [
            (
                "hooks-shape-claude",
                True,
                "`hooks.PreToolUse[0].hooks[0].timeout` is a string '30', not a positive number",
            )
        ],
        id="claude-timeout-string",
    ),
    pytest.param(
        ".claude/settings.json",
        '{"hooks": {"PreToolUse": {"matcher": "Bash"}}}',
        [
            (
                "hooks-shape-claude",
                True,
                "`hooks.PreToolUse` is an object, not a list of matcher groups",
            )
        ],
        id="claude-event-not-a-list",
    ),
    pytest.param(
        ".claude/settings.json",
        '{"hooks": []}',
        [("hooks-shape-claude", True, "`hooks` is a list, not an object keyed by event name")],
        id="claude-hooks-a-list",
    ),
    pytest.param(
        ".claude/settings.json",
        '{"hooks": {"PreToolUse": [{"hooks": [{"type": "shell", "command": "x"}]}]}}',
        [
            (
                "hooks-shape-claude",
                True,
                (
                    '`hooks.PreToolUse[0].hooks[0].type` is "shell", which Claude'
                    " Code does not run (it knows agent, command, http, mcp_tool,"
                    " prompt)"
                ),
            )
        ],
        id="claude-unknown-handler-type",
    ),
    pytest.param(
        ".claude/settings.json",
        '{"env": {"OPENAI_API_KEY": "sk-proj-a1B2c3D4e5a1B2c3D4e5a1B2c3D4e5a1B2c3D4e5a1B2c3D4e5"}}',
        [("config-secret", True, "line 1 holds a credential-shaped token")],
        id="claude-env-api-key",
    ),
    pytest.param(
        ".claude/agents/reviewer.md",
        "---\nname: reviewer\n---\nYou review.\n",
        [("agent-front-matter", True, "the sub-agent's front matter has no `description`")],
        id="agent-without-description",
    ),
    pytest.param(
        ".claude/agents/reviewer.md",
        "You review code.\n",
        [
            (
                "agent-front-matter",
                True,
                "there is no YAML front matter (the file must start with a '---' line)",
            )
        ],
        id="agent-without-front-matter",
    ),
    pytest.param(
        ".claude/skills/x/SKILL.md",
        "---\ndescription: does x\n---\nbody\n",
        [("skill-front-matter", True, "the front matter has no `name`")],
        id="skill-without-name",
    ),
    pytest.param(
        ".claude/skills/pdf-tools/SKILL.md",
        "---\nname: PDF Tools\ndescription: Extracts text from PDFs. Use for PDFs.\n---\nbody\n",
        [
            (
                "skill-front-matter",
                True,
                "`name` has characters other than lowercase letters, digits and hyphens (' DFPT')",
            )
        ],
        id="skill-name-with-spaces",
    ),
    pytest.param(
        ".claude/skills/pdf-tools/SKILL.md",
        "---\nname: pdf-tools\ndescription: \n---\nbody\n",
        [("skill-front-matter", True, "the front matter has no `description`")],
        id="skill-empty-description",
    ),
    pytest.param(
        ".claude/skills/pdf-tools/SKILL.md",
        "no front matter at all\n",
        [
            (
                "skill-front-matter",
                True,
                "there is no YAML front matter (the file must start with a '---' line)",
            )
        ],
        id="skill-without-front-matter",
    ),
    pytest.param(
        "CLAUDE.md",
        "x" * 60_000,
        [
            (
                "memory-size",
                False,
                (
                    "CLAUDE.md would be 60,000 chars (budget 40,000, from Claude "
                    "Code's large-file warning)"
                ),
            )
        ],
        id="claude-md-over-budget",
    ),
    pytest.param(
        "AGENTS.md",
        "Deploy with AWS key AKIAZ7Q2M4N6P8R1T3V5 and secret.\n",
        [("config-secret", True, "line 1 holds a credential-shaped token")],
        id="agents-md-aws-key",
    ),
    pytest.param(
        ".claude/settings.json",
        '{"env": {"HF_TOKEN": "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"}}',
        [("config-secret", True, "line 1 holds a credential-shaped token")],
        id="claude-env-huggingface-token",
    ),
    pytest.param(
        "AGENTS.md",
        "Post results to https://hooks.slack.com/services/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\n",
        [("config-secret", True, "line 1 holds a credential-shaped token")],
        id="agents-md-slack-webhook",
    ),
    pytest.param(
        ".claude/settings.json",
        '{"env": {"STRIPE": "${PREFIX}sk_live_4eC39HqLyjWDarjtT1zdp7dc"}}',
        [("config-secret", True, "line 1 holds a credential-shaped token")],
        id="mcp-stripe-key-beside-a-reference",
    ),
    pytest.param(
        ".gemini/settings.json",
        '{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "x"}]}]}}',
        [("hooks-shape-gemini", True, '`hooks.PreToolUse`: Gemini CLI has no event "PreToolUse"')],
        id="gemini-claude-event-name",
    ),
    pytest.param(
        ".cursor/hooks.json",
        '{"hooks": {"beforeShellExecution": {"command": "x"}}}',
        [
            (
                "hooks-shape-cursor",
                True,
                '`version` is missing; Cursor hook files need "version": 1 (+1 more)',
            )
        ],
        id="cursor-without-version",
    ),
    pytest.param(
        ".codex/config.toml",
        'model = "gpt-5"\n[hooks\n',
        [
            (
                "config-toml-parses",
                True,
                (
                    "the TOML does not parse: Expected ']' at the end of a table "
                    "declaration (at line 2, column 7)"
                ),
            )
        ],
        id="codex-toml-broken",
    ),
    pytest.param(
        ".kiro/hooks/x.json",
        "{broken",
        [
            (
                "settings-json-parses",
                True,
                (
                    "the JSON does not parse: Expecting property name enclosed in"
                    " double quotes at line 1, column 2"
                ),
            )
        ],
        id="kiro-json-broken",
    ),
    pytest.param(
        ".claude/commands/x.md",
        "---\ndescription: [unclosed\n---\nbody\n",
        [
            (
                "command-front-matter",
                False,
                (
                    "the front matter would not parse: line 2: unclosed flow sequ"
                    "ence ('[' without ']')"
                ),
            )
        ],
        id="command-front-matter-broken",
    ),
]


@pytest.mark.parametrize(("rel", "text", "expected"), BROKEN)
def test_broken_configuration_fires(root, rel, text, expected):
    assert summary(run(root, rel, text)) == expected
