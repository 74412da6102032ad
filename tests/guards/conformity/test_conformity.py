"""The conformity gate: writes to agent configuration that would not conform."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from caveat.common import frontmatter as yaml
from caveat.event import DELETE
from caveat.event import FRAGMENT
from caveat.event import WHOLE
from caveat.event import Event
from caveat.event import FileEdit
from caveat.guards import conformity
from caveat.guards.base import Context
from caveat.guards.conformity import checks as _conformity
from tests.helpers import check

# --- valid files, from the samples in reference/harness-contracts.md -----------------

CLAUDE_VALID = """{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Write|Edit|MultiEdit|NotebookEdit",
        "hooks": [
          {
            "type": "command",
            "command": "python3",
            "args": ["${CLAUDE_PROJECT_DIR}/.hooks/dispatch.py", "--harness", "claude"],
            "timeout": 30,
            "statusMessage": "Checking edit policy"
          }
        ]
      },
      {
        "matcher": "Bash",
        "hooks": [
          { "type": "command", "if": "Bash(git push *)",
            "command": "\\"$CLAUDE_PROJECT_DIR\\"/.hooks/dispatch.sh pre-bash" }
        ]
      }
    ],
    "SessionStart": [
      { "matcher": "startup|resume|clear|compact",
        "hooks": [ { "type": "http", "url": "http://127.0.0.1:8765/hook",
                     "headers": { "Authorization": "Bearer $HOOK_TOKEN" },
                     "allowedEnvVars": ["HOOK_TOKEN"], "timeout": 10 } ] }
    ]
  }
}
"""
CODEX_VALID = """{
  "hooks": {
    "PreToolUse": [
      { "matcher": "^(Bash|apply_patch)$",
        "hooks": [ { "type": "command",
                     "command": "python3 \\"$HOME/.codex/hooks/dispatch.py\\" --harness codex",
                     "commandWindows": "py -3 %USERPROFILE%\\\\.codex\\\\hooks\\\\dispatch.py",
                     "timeout": 30, "statusMessage": "policy check" } ] }
    ],
    "SessionStart": [
      { "matcher": "startup|resume|compact",
        "hooks": [ { "type": "command", "command": "python3 ~/.codex/hooks/dispatch.py" } ] }
    ]
  }
}
"""
CODEX_TOML_VALID = """model = "gpt-5.5"

[[hooks.PreToolUse]]
matcher = "Bash"

[[hooks.PreToolUse.hooks]]
type = "command"
command = "python3 ~/.codex/hooks/dispatch.py --harness codex"
timeout = 30
"""
GEMINI_VALID = """{
  "hooks": {
    "BeforeTool": [
      { "matcher": "write_file|replace|run_shell_command",
        "sequential": false,
        "hooks": [ { "type": "command", "name": "dispatch",
                     "command":
                       "python3 \\"$GEMINI_PROJECT_DIR/.hooks/dispatch.py\\" --harness gemini",
                     "timeout": 30000 } ] }
    ]
  }
}
"""
QWEN_VALID = """{"hooks":{"PreToolUse":[{"matcher":"^(write_file|edit|run_shell_command)$",
  "hooks":[{"type":"command","command":"python3 .qwen/hooks/dispatch.py --harness qwen",
  "timeout":30000}]}]}}
"""
CURSOR_VALID = """{"version":1,"hooks":{
  "beforeShellExecution":[{"command":"python3 .cursor/hooks/dispatch.py --harness cursor",
    "timeout":30}],
  "afterFileEdit":[{"command":"python3 .cursor/hooks/dispatch.py --harness cursor"}],
  "stop":[{"command":"python3 .cursor/hooks/dispatch.py --harness cursor","loop_limit":3}]}}
"""
COPILOT_VALID = """{"version":1,"hooks":{"preToolUse":[{"type":"command",
  "matcher":"bash|edit|create",
  "bash":"python3 .github/hooks/dispatch.py --harness copilot",
  "powershell":"py -3 .github/hooks/dispatch.py --harness copilot","cwd":".","timeoutSec":15}]}}
"""
COPILOT_CLAUDE_MODE = """{"version": 1, "hooks": {"PreToolUse": [{"matcher": "Bash",
  "hooks": [{"type": "command", "command": "python3 .github/hooks/dispatch.py"}]}]}}
"""
KIRO_VALID = """{"version":"v1","hooks":[{"name":"edit-policy","trigger":"PreToolUse",
  "matcher":"fs_write|str_replace",
  "action":{"type":"command","command":"python3 .kiro/hooks/dispatch.py --harness kiro"},
  "timeout":30,"enabled":true}]}
"""
SKILL_VALID = """---
name: pdf-tools
description: "Extracts text and tables from PDF files. Use when: the user works with PDFs."
license: Apache-2.0
allowed-tools: [Read, "Bash(pdftotext:*)"]
metadata:
  author: example-org
  version: "1.0"
---
# PDF tools
"""
SKILL_BLOCK = """---
# a comment
name: pdf-tools
description: >-
  Extracts text and tables from PDF files.
  Use when the user works with PDFs: forms, tables, scans.
compatibility: 'Needs poppler''s pdftotext'
hooks:
  PreToolUse:
    - matcher: Bash
---
body
"""
AGENT_VALID = """---
name: code-reviewer
description: Reviews a diff for bugs. Use proactively after code changes.
tools: Read, Grep, Glob
model: inherit
---
You are a reviewer.
"""
COMMAND_VALID = """---
description: Run the tests and summarize failures
argument-hint: [test-path]
allowed-tools: Bash(pytest:*)
---
Run `pytest $ARGUMENTS -q` and summarize.
"""


def skill(name="pdf-tools", description="Extracts text from PDFs. Use for PDFs.", extra=""):
    return f"---\nname: {name}\ndescription: {description}\n{extra}---\nbody\n"


# --- helpers --------------------------------------------------------------------------


@pytest.fixture
def root(tmp_path):
    os.mkdir(tmp_path / ".git")
    return str(tmp_path)


def _disk(root, files):
    for rel, text in (files or {}).items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)


def run(root, rel, text, old=None, disk=None, env=None, name="PreToolUse", edits=None):
    """A Write of ``text`` (an Edit when ``old`` is given) to ``root/rel``."""
    _disk(root, disk)
    path = os.path.join(root, rel)
    if edits is None:
        kind = FRAGMENT if old is not None else WHOLE
        edits = (FileEdit(path, text, kind, old or ""),)
    tool = "Write" if edits[0].kind in (WHOLE, DELETE) else "Edit"
    if len(edits) > 1:
        tool = "MultiEdit"
    event = Event(name, tool=tool, edits=edits, cwd=root)
    return check("conformity", event, Context(event, env=env if env is not None else {}))


def summary(findings):
    out = []
    for finding in findings:
        values = finding.value_map()
        assert finding.guard == "conformity" and finding.message == "pretooluse-conformity"
        assert set(values) == {"path", "check", "problem", "fix"}
        assert finding.key == f"{values['check']}:{values['path']}"
        assert values["fix"]
        out.append((values["check"], finding.deny, values["problem"]))
    return out


# --- firing ---------------------------------------------------------------------------

DEEP = "hooks.PreToolUse[0].hooks[0]"
TRAILING_COMMA = '{\n  "hooks": {\n    "PreToolUse": [],\n  }\n}\n'


def json_problem(text: str) -> str:
    """The problem named for JSON that does not parse, in the running Python's words:
    they change between versions (3.13 names a trailing comma as such)."""
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        return f"the JSON does not parse: {exc.msg} at line {exc.lineno}, column {exc.colno}"
    raise AssertionError("the JSON parses")


FIRING = [
    # (path, text, disk, [(check, deny, problem)])
    pytest.param(
        ".claude/settings.json",
        TRAILING_COMMA,
        None,
        [("settings-json-parses", True, json_problem(TRAILING_COMMA))],
        id="claude-trailing-comma",
    ),
    pytest.param(
        ".claude/settings.local.json",
        "[1, 2]",
        None,
        [("settings-json-parses", True, "the top level is a list, not an object")],
        id="claude-top-level-list",
    ),
    pytest.param(
        ".claude/settings.json",
        '{"hooks": {"PreToolUse": [{"matcher": "Bash", "type": "command", "command": "x"}]}}',
        None,
        [
            (
                "hooks-shape-claude",
                True,
                '`hooks.PreToolUse[0]` puts the handler in the matcher group, with no "hooks" list',
            )
        ],
        id="claude-handler-in-group",
    ),
    pytest.param(
        ".claude/settings.json",
        '{"hooks": {"preToolUse": [{"hooks": [{"type": "command", "command": "x"}]}],'
        ' "Stop": [{"hooks": [{"type": "command"}]}]}}',
        None,
        [
            (
                "hooks-shape-claude",
                True,
                '`hooks.preToolUse`: Claude Code has no event "preToolUse"'
                ' (did you mean "PreToolUse"?) (+1 more)',
            )
        ],
        id="claude-camel-case-event",
    ),
    pytest.param(
        ".claude/settings.json",
        '{"hooks": {"PostToolUse": [{"hooks": [{"type": "command", "command": " "}]}]}}',
        None,
        [
            (
                "hooks-shape-claude",
                True,
                '`hooks.PostToolUse[0].hooks[0]` is a command hook without a "command" string',
            )
        ],
        id="claude-empty-command",
    ),
    pytest.param(
        ".claude/settings.json",
        '{"hooks": {"PreToolUse": [{"hooks": [{"type": "shell", "command": "x"}]}]}}',
        None,
        [
            (
                "hooks-shape-claude",
                True,
                f'`{DEEP}.type` is "shell", which Claude Code does not run'
                " (it knows agent, command, http, mcp_tool, prompt)",
            )
        ],
        id="claude-unknown-type",
    ),
    pytest.param(
        ".claude/settings.json",
        '{"hooks": {"PreToolUse": [{"matcher": ["Bash"], "hooks": []}]}}',
        None,
        [("hooks-shape-claude", True, "`hooks.PreToolUse[0].matcher` is a list, not a string")],
        id="claude-matcher-list",
    ),
    pytest.param(
        ".claude/settings.json",
        '{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "x",'
        ' "timeout": 30000}]}]}}',
        None,
        [
            (
                "hooks-timeout-units",
                False,
                f"`{DEEP}.timeout` is 30000, but Claude Code counts seconds (8.3 h)",
            )
        ],
        id="claude-timeout-in-ms",
    ),
    pytest.param(
        ".claude/settings.json",
        '{"hooks": ["PreToolUse"]}',
        None,
        [("hooks-shape-claude", True, "`hooks` is a list, not an object keyed by event name")],
        id="claude-hooks-list",
    ),
    pytest.param(
        ".codex/hooks.json",
        '{"hooks": {"PreToolUse": [{"hooks": [{"type": "http", "url": "https://x"}]}]}}',
        None,
        [
            (
                "hooks-shape-codex",
                True,
                f'`{DEEP}.type` is "http", which Codex does not run'
                " (it knows agent, command, prompt)",
            )
        ],
        id="codex-http-hook",
    ),
    pytest.param(
        ".codex/hooks.json",
        '{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "x",'
        ' "timeout": 0.5}]}]}}',
        None,
        [
            (
                "hooks-shape-codex",
                True,
                f"`{DEEP}.timeout` is a number 0.5, not a number of at least 1",
            )
        ],
        id="codex-timeout-below-minimum",
    ),
    pytest.param(
        ".codex/config.toml",
        'model = "gpt-5.5"\n[hooks\n',
        None,
        [
            (
                "config-toml-parses",
                True,
                "the TOML does not parse: Expected ']' at the end of a table declaration"
                " (at line 2, column 7)",
            )
        ],
        id="codex-toml-broken",
    ),
    pytest.param(
        ".codex/config.toml",
        '[[hooks.PreToolUse]]\nmatcher = "Bash"\ntype = "command"\ncommand = "x"\n',
        None,
        [
            (
                "hooks-shape-codex",
                True,
                '`hooks.PreToolUse[0]` puts the handler in the matcher group, with no "hooks" list',
            )
        ],
        id="codex-toml-flat-handler",
    ),
    pytest.param(
        ".gemini/settings.json",
        '{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "x"}]}]}}',
        None,
        [("hooks-shape-gemini", True, '`hooks.PreToolUse`: Gemini CLI has no event "PreToolUse"')],
        id="gemini-claude-event-name",
    ),
    pytest.param(
        ".gemini/settings.json",
        '{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "x",'
        ' "timeout": 30}]}]}}',
        None,
        [
            (
                "hooks-timeout-units",
                False,
                "`hooks.BeforeTool[0].hooks[0].timeout` is 30, but Gemini CLI counts milliseconds",
            )
        ],
        id="gemini-timeout-in-seconds",
    ),
    pytest.param(
        ".gemini/settings.json",
        '{"hooks": {"AfterTool": [{"sequential": "yes", "hooks": [{"type": "command",'
        ' "command": "x"}]}]}}',
        None,
        [
            (
                "hooks-shape-gemini",
                True,
                "`hooks.AfterTool[0].sequential` is a string, not true/false",
            )
        ],
        id="gemini-sequential-string",
    ),
    pytest.param(
        ".qwen/settings.json",
        '{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "x",'
        ' "timeout": 10}]}]}}',
        None,
        [
            (
                "hooks-timeout-units",
                False,
                f"`{DEEP}.timeout` is 10, but Qwen Code counts milliseconds",
            )
        ],
        id="qwen-timeout-in-seconds",
    ),
    pytest.param(
        ".qwen/settings.json",
        '{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "x"}]}]}}',
        None,
        [("hooks-shape-qwen", True, '`hooks.BeforeTool`: Qwen Code has no event "BeforeTool"')],
        id="qwen-gemini-event-name",
    ),
    pytest.param(
        ".cursor/hooks.json",
        '{"hooks": {"stop": [{"command": "x"}]}}',
        None,
        [("hooks-shape-cursor", True, '`version` is missing; Cursor hook files need "version": 1')],
        id="cursor-no-version",
    ),
    pytest.param(
        ".cursor/hooks.json",
        '{"version": 1, "hooks": {"afterFileEdit": [{"matcher": "x", "hooks": [{"type":'
        ' "command", "command": "x"}]}]}}',
        None,
        [
            (
                "hooks-shape-cursor",
                True,
                '`hooks.afterFileEdit[0]` nests a "hooks" list (Claude Code\'s shape);'
                " Cursor wants the hook",
            )
        ],
        id="cursor-claude-nesting",
    ),
    pytest.param(
        ".cursor/hooks.json",
        '{"version": 1, "hooks": {"PreToolUse": [{"command": "x"}]}}',
        None,
        [
            (
                "hooks-shape-cursor",
                True,
                '`hooks.PreToolUse`: Cursor has no event "PreToolUse" (did you mean'
                ' "preToolUse"?); it can fail the whole file',
            )
        ],
        id="cursor-pascal-case-event",
    ),
    pytest.param(
        ".github/hooks/policy.json",
        '{"version": 1, "hooks": {"preToolUse": [{"type": "command", "cwd": "."}]}}',
        None,
        [
            (
                "hooks-shape-copilot",
                True,
                '`hooks.preToolUse[0]` is a command hook with none of "bash", "powershell",'
                ' "command", "exec"',
            )
        ],
        id="copilot-no-command",
    ),
    pytest.param(
        ".github/hooks/policy.json",
        '{"version": 1, "hooks": {"postToolUse": [{"bash": "x", "timeoutSec": "30"}]}}',
        None,
        [
            (
                "hooks-shape-copilot",
                True,
                "`hooks.postToolUse[0].timeoutSec` is a string '30', not a positive number",
            )
        ],
        id="copilot-timeout-string",
    ),
    pytest.param(
        ".github/hooks/policy.json",
        '{"version": "1", "hooks": {"beforeTool": [{"bash": "x"}]}}',
        None,
        [
            (
                "hooks-shape-copilot",
                True,
                "`version` is '1'; GitHub Copilot hook files need \"version\": 1 (+1 more)",
            )
        ],
        id="copilot-string-version-and-unknown-event",
    ),
    pytest.param(
        ".agents/hooks.json",
        '{"gate": {"BeforeTool": [{"matcher": "run_command", "hooks": [{"command": "x"}]}]}}',
        None,
        [
            (
                "hooks-shape-antigravity",
                True,
                '`gate.BeforeTool`: Antigravity CLI has no event "BeforeTool"',
            )
        ],
        id="agy-gemini-event-name",
    ),
    pytest.param(
        ".gemini/config/hooks.json",
        '{"gate": {"enabled": "no", "PreToolUse": [{"matcher": "run_command", "hooks": [{}]}]}}',
        None,
        [
            (
                "hooks-shape-antigravity",
                True,
                "`gate.enabled` is a string, not true/false (+1 more)",
            ),
        ],
        id="agy-enabled-and-command",
    ),
    pytest.param(
        ".kiro/hooks/policy.json",
        '{"version": "v1", "hooks": [{"name": "x", "trigger": "BeforeTool",'
        ' "action": {"type": "command", "command": "x"}}]}',
        None,
        [("hooks-shape-kiro", True, '`hooks[0].trigger` is "BeforeTool", not a Kiro trigger')],
        id="kiro-unknown-trigger",
    ),
    pytest.param(
        ".kiro/hooks/policy.json",
        '{"version": "v1", "hooks": [{"trigger": "PreToolUse", "action": {"type": "command"}}]}',
        None,
        [
            (
                "hooks-shape-kiro",
                True,
                '`hooks[0].action` is a command action without a "command"',
            )
        ],
        id="kiro-no-command",
    ),
    pytest.param(
        ".claude/skills/pdf-tools/SKILL.md",
        "# PDF tools\n",
        None,
        [
            (
                "skill-front-matter",
                True,
                "there is no YAML front matter (the file must start with a '---' line)",
            )
        ],
        id="skill-no-front-matter",
    ),
    pytest.param(
        "skills/pdf-tools/SKILL.md",
        "---\nname: pdf-tools\ndescription: x\n# body\n",
        None,
        [
            (
                "skill-front-matter",
                True,
                "the front matter opened with '---' on line 1 is never closed",
            )
        ],
        id="skill-unclosed",
    ),
    pytest.param(
        "skills/pdf-tools/SKILL.md",
        "---\nname: pdf-tools\n---\nbody\n",
        None,
        [("skill-front-matter", True, "the front matter has no `description`")],
        id="skill-no-description",
    ),
    pytest.param(
        "skills/PDF_Tools/SKILL.md",
        skill(name="PDF_Tools"),
        None,
        [
            (
                "skill-front-matter",
                True,
                "`name` has characters other than lowercase letters, digits and hyphens ('DFPT_')",
            )
        ],
        id="skill-name-uppercase",
    ),
    pytest.param(
        "skills/x/SKILL.md",
        skill(name="a" * 65),
        None,
        [("skill-front-matter", True, "`name` is 65 characters (at most 64)")],
        id="skill-name-too-long",
    ),
    pytest.param(
        "skills/pdf--tools/SKILL.md",
        skill(name="pdf--tools"),
        None,
        [("skill-front-matter", True, "`name` contains a double hyphen")],
        id="skill-name-double-hyphen",
    ),
    pytest.param(
        ".claude/skills/pdf/SKILL.md",
        skill(),
        None,
        [
            (
                "skill-name-matches-folder",
                True,
                "`name: pdf-tools` does not match the skill's folder `pdf`",
            )
        ],
        id="skill-name-mismatch",
    ),
    pytest.param(
        "skills/pdf-tools/SKILL.md",
        skill(description="d" * 1100),
        None,
        [("skill-front-matter", True, "`description` is 1100 characters (at most 1024)")],
        id="skill-description-too-long",
    ),
    pytest.param(
        "skills/pdf-tools/SKILL.md",
        skill(description="d" * 950),
        None,
        [
            (
                "skill-description-near-limit",
                False,
                "`description` is 950 characters, close to the 1024-character limit",
            )
        ],
        id="skill-description-near-limit",
    ),
    pytest.param(
        "skills/pdf-tools/SKILL.md",
        skill(description="Reads PDFs. Use when: the user asks"),
        None,
        [
            (
                "skill-front-matter",
                True,
                "the front matter would not parse: line 3: a plain value may not contain"
                " ': ': quote the value",
            )
        ],
        id="skill-unquoted-colon",
    ),
    pytest.param(
        "skills/pdf-tools/SKILL.md",
        skill(extra="name: pdf\n"),
        None,
        [
            (
                "skill-front-matter",
                True,
                "the front matter would not parse: line 4: duplicate key 'name'",
            )
        ],
        id="skill-duplicate-key",
    ),
    pytest.param(
        "skills/pdf-tools/SKILL.md",
        skill(extra="compatibility: " + "c" * 501 + "\n"),
        None,
        [("skill-front-matter", True, "`compatibility` is 501 characters (at most 500)")],
        id="skill-compatibility-too-long",
    ),
    pytest.param(
        ".claude/agents/reviewer.md",
        "---\nname: reviewer\n---\nYou review.\n",
        None,
        [("agent-front-matter", True, "the sub-agent's front matter has no `description`")],
        id="agent-no-description",
    ),
    pytest.param(
        ".claude/agents/reviewer.md",
        "You review code.\n",
        None,
        [
            (
                "agent-front-matter",
                True,
                "there is no YAML front matter (the file must start with a '---' line)",
            )
        ],
        id="agent-no-front-matter",
    ),
    pytest.param(
        ".gemini/agents/reviewer.md",
        "---\nname: reviewer\ndescription: 'unclosed\n---\nYou review.\n",
        None,
        [
            (
                "agent-front-matter",
                True,
                "the front matter would not parse: line 3: unclosed single quote",
            )
        ],
        id="agent-unclosed-quote",
    ),
    pytest.param(
        ".claude/commands/review.md",
        "---\ndescription: Review\n\tmodel: opus\n---\nReview.\n",
        None,
        [
            (
                "command-front-matter",
                False,
                "the front matter would not parse: line 3: tab in indentation",
            )
        ],
        id="command-tab-indentation",
    ),
    pytest.param(
        ".claude/commands/review.md",
        "---\ndescription: [a, b\n---\nReview.\n",
        None,
        [
            (
                "command-front-matter",
                False,
                "the front matter would not parse: line 2:"
                " unclosed flow sequence ('[' without ']')",
            )
        ],
        id="command-unclosed-list",
    ),
    pytest.param(
        ".gemini/commands/review.toml",
        'description = "Review"\n',
        None,
        [("command-front-matter", False, "the command file has no `prompt` string")],
        id="gemini-command-no-prompt",
    ),
    pytest.param(
        "CLAUDE.md",
        "x" * 40_001,
        None,
        [
            (
                "memory-size",
                False,
                "CLAUDE.md would be 40,001 chars (budget 40,000, from Claude Code's"
                " large-file warning)",
            )
        ],
        id="claude-md-over-budget",
    ),
    pytest.param(
        "docs/AGENTS.md",
        "é" * 16_385,
        {"docs/AGENTS.md": "é" * 16_000},
        [
            (
                "memory-size",
                False,
                "AGENTS.md would be 32,770 bytes, was 32,000 (budget 32,768, from Codex's"
                " project_doc_max_bytes default)",
            )
        ],
        id="agents-md-over-budget-in-bytes",
    ),
    pytest.param(
        ".claude/settings.json",
        '{\n  "env": {\n    "GITHUB_TOKEN": "ghp_' + "A1b2C3d4E5" * 4 + '"\n  }\n}\n',
        None,
        [("config-secret", True, "line 3 holds a credential-shaped token")],
        id="secret-github-token",
    ),
    pytest.param(
        ".claude/settings.local.json",
        '{"env": {"DB_PASSWORD": "hunter2hunter2"}}',
        None,
        [("config-secret", True, "line 1 holds a literal value for `DB_PASSWORD`")],
        id="secret-assigned-json",
    ),
    pytest.param(
        ".codex/config.toml",
        'model = "gpt-5.5"\n[mcp_servers.x.env]\napi_key = "a1b2c3d4e5f6g7h8"\n',
        None,
        [("config-secret", True, "line 3 holds a literal value for `api_key`")],
        id="secret-toml",
    ),
    pytest.param(
        "CLAUDE.md",
        "# Notes\nUse `export API_TOKEN=abc123def456` to log in.\n\nAWS: AKIA"
        + "Q3EGRT5YHJ8KLM2N"
        + "\n",
        None,
        [("config-secret", True, "line 2 holds a literal value for `API_TOKEN` (+1 more line)")],
        id="secret-in-memory-file",
    ),
    pytest.param(
        ".gemini/settings.json",
        '{"mcpServers": {"x": {"headers": {"Authorization": "Bearer abcdef0123456789"}}}}',
        None,
        [("config-secret", True, "line 1 holds a literal Bearer credential")],
        id="secret-bearer-header",
    ),
]


@pytest.mark.parametrize(("rel", "text", "disk", "expected"), FIRING)
def test_fires(root, rel, text, disk, expected):
    assert summary(run(root, rel, text, disk=disk)) == expected


# --- silent ---------------------------------------------------------------------------

SILENT = [
    # (path, text, disk)
    pytest.param(".claude/settings.json", CLAUDE_VALID, None, id="claude-reference-sample"),
    pytest.param(".codex/hooks.json", CODEX_VALID, None, id="codex-reference-sample"),
    pytest.param(".codex/config.toml", CODEX_TOML_VALID, None, id="codex-toml-tables"),
    pytest.param(".gemini/settings.json", GEMINI_VALID, None, id="gemini-reference-sample"),
    pytest.param(".qwen/settings.json", QWEN_VALID, None, id="qwen-reference-sample"),
    pytest.param(".cursor/hooks.json", CURSOR_VALID, None, id="cursor-reference-sample"),
    pytest.param(".github/hooks/policy.json", COPILOT_VALID, None, id="copilot-reference"),
    pytest.param(".github/hooks/claude.json", COPILOT_CLAUDE_MODE, None, id="copilot-claude-mode"),
    pytest.param(".kiro/hooks/policy.json", KIRO_VALID, None, id="kiro-reference-sample"),
    # Event names each harness's contract lists (caveat.harnesses.<id>.HOOK_EVENTS).
    pytest.param(
        ".github/hooks/errors.json",
        '{"version": 1, "hooks": {"ErrorOccurred": [{"type": "command", "bash": "./log.sh"}]}}',
        None,
        id="copilot-claude-mode-error-occurred",
    ),
    pytest.param(
        ".claude/settings.json",
        '{"hooks": {"PreModelSwitch": [{"hooks": [{"type": "command", "command": "x"}]}]}}',
        None,
        id="claude-model-switch-event",
    ),
    pytest.param(
        ".gemini/settings.json",
        '{"hooks": {"BeforeModel": [{"hooks": [{"type": "command", "command": "x"}]}]}}',
        None,
        id="gemini-model-event-the-contract-does-not-read",
    ),
    pytest.param(
        ".claude/settings.json",
        '{"permissions": {"allow": ["Read"], "deny": ["Read(./.env)"]}, "model": "opus"}',
        None,
        id="claude-settings-without-hooks",
    ),
    pytest.param(
        ".claude/settings.json",
        '{"env": {"API_KEY": "${API_KEY}", "TOKEN": "$GITHUB_TOKEN",'
        ' "DB_URL": "postgres://user:${DB_PASS}@db/x"}}',
        None,
        id="secret-placeholders",
    ),
    pytest.param(".claude/skills/pdf-tools/SKILL.md", SKILL_VALID, None, id="skill-valid"),
    pytest.param("skills/pdf-tools/SKILL.md", SKILL_BLOCK, None, id="skill-block-scalars"),
    pytest.param(
        "skills/pdf-tools/SKILL.md",
        skill(description="d" * 900),
        None,
        id="skill-description-at-advisory-threshold",
    ),
    pytest.param("SKILL.md", skill(name="not-the-clone-folder"), None, id="skill-at-repo-root"),
    pytest.param(".claude/agents/code-reviewer.md", AGENT_VALID, None, id="agent-valid"),
    pytest.param(".claude/commands/review.md", "Review the diff.\n", None, id="command-plain"),
    pytest.param(".claude/commands/test.md", COMMAND_VALID, None, id="command-front-matter"),
    pytest.param(
        ".gemini/commands/git/review.toml",
        'description = "Review"\nprompt = """Review {{args}}"""\n',
        None,
        id="gemini-command-toml",
    ),
    pytest.param("CLAUDE.md", "# Project\n\nRun `make test`.\n", None, id="claude-md-small"),
    pytest.param("AGENTS.md", "a" * 32_768, None, id="agents-md-at-budget"),
    pytest.param("CLAUDE.md", "x" * 45_000, {"CLAUDE.md": "x" * 50_000}, id="claude-md-shrinking"),
    pytest.param(
        "CLAUDE.md",
        "AWS docs use AKIAIOSFODNN7EXAMPLE as the sample key; max_tokens: 4096.\n",
        None,
        id="example-key-in-memory-file",
    ),
    pytest.param(
        ".claude/settings.json",
        '{"env": {"GITHUB_TOKEN": "ghp_' + "A1b2C3d4E5" * 4 + '"}, "model": "opus"}',
        {".claude/settings.json": '{"env": {"GITHUB_TOKEN": "ghp_' + "A1b2C3d4E5" * 4 + '"}}'},
        id="secret-already-present",
    ),
    pytest.param("src/app.py", "token = 'ghp_" + "A1b2C3d4E5" * 4 + "'\n", None, id="src-app"),
    pytest.param("notes.md", "---\nname: Bad Name\n", None, id="notes-md"),
    pytest.param("config/settings.json", "{broken", None, id="json-outside-scopes"),
    pytest.param(".github/workflows/ci.yml", "on: [push\n", None, id="github-not-hooks"),
    pytest.param("skills/pdf-tools/skill.md", "no front matter", None, id="lowercase-skill-md"),
    pytest.param(".claude/notes.txt", "anything: at all: here", None, id="claude-other-file"),
    pytest.param(".claude/settings.json", "", None, id="empty-write"),
    # agy's documented shape: named hooks, an optional "type", handlers direct on the
    # loop events.
    pytest.param(
        ".agents/hooks.json",
        '{"lint": {"PostToolUse": [{"matcher": "run_command", "hooks": [{"command": "x",'
        ' "timeout": 10}]}]}, "gate": {"enabled": false, "PreToolUse": [{"hooks":'
        ' [{"type": "command", "command": "y"}]}]}, "r": {"PreInvocation": [{"command": "z"}]}}',
        None,
        id="agy-documented-shape",
    ),
]


@pytest.mark.parametrize(("rel", "text", "disk"), SILENT)
def test_silent(root, rel, text, disk):
    assert summary(run(root, rel, text, disk=disk)) == []


def test_every_check_is_covered_by_a_firing_case():
    # pytest.param keeps its values untyped.
    fired = {expected[0] for case in FIRING for expected in case.values[3]}  # type: ignore[union-attr]
    assert {row[0] for row in _conformity.CHECKS} == fired


def test_registry_ids_are_unique_and_budgeted():
    ids = [row[0] for row in _conformity.CHECKS]
    assert len(ids) == len(set(ids))
    for _, kinds, budget, blocking, function in _conformity.CHECKS:
        assert kinds and 0 < budget <= 1 and isinstance(blocking, bool) and callable(function)


# --- edits are judged on the file as it will be ---------------------------------------


def test_edit_that_breaks_the_json(root):
    disk = {".claude/settings.json": CLAUDE_VALID}
    old = '"timeout": 30,'
    findings = run(root, ".claude/settings.json", '"timeout": 30,,', old=old, disk=disk)
    edited = CLAUDE_VALID.replace(old, '"timeout": 30,,')
    assert summary(findings) == [("settings-json-parses", True, json_problem(edited))]
    assert "at line 11, column 27" in json_problem(edited)


def test_edit_that_keeps_the_json_valid_is_silent(root):
    disk = {".claude/settings.json": CLAUDE_VALID}
    assert (
        run(root, ".claude/settings.json", '"timeout": 45,', old='"timeout": 30,', disk=disk) == []
    )


def test_edit_renaming_a_skill(root):
    disk = {"skills/pdf-tools/SKILL.md": skill()}
    findings = run(root, "skills/pdf-tools/SKILL.md", "name: pdf", old="name: pdf-tools", disk=disk)
    assert summary(findings) == [
        (
            "skill-name-matches-folder",
            True,
            "`name: pdf` does not match the skill's folder `pdf-tools`",
        )
    ]


def test_multi_edit_applied_in_order(root):
    rel = ".claude/settings.json"
    path = os.path.join(root, rel)
    # The second fragment exists only once the first has been applied.
    edits = (
        FileEdit(path, '"PreToolUsX": [', FRAGMENT, '"PreToolUse": ['),
        FileEdit(path, '"BeforeTool"', FRAGMENT, '"PreToolUsX"'),
    )
    findings = run(root, rel, "", edits=edits, disk={rel: CLAUDE_VALID})
    assert summary(findings) == [
        ("hooks-shape-claude", True, '`hooks.BeforeTool`: Claude Code has no event "BeforeTool"')
    ]


def test_post_tool_use_reads_the_file_on_disk(root):
    rel = ".claude/agents/reviewer.md"
    after = "---\nname: reviewer\ndescription:\n---\nYou review.\n"
    findings = run(
        root, rel, "description:", old="description: Reviews", disk={rel: after}, name="PostToolUse"
    )
    assert summary(findings) == [
        ("agent-front-matter", True, "the sub-agent's front matter has no `description`")
    ]


def test_edit_that_cannot_be_applied_only_checks_secrets(root):
    rel = ".claude/settings.json"
    disk = {rel: '{"env": {}}'}
    assert run(root, rel, "{,", old="not in the file", disk=disk) == []
    findings = run(root, rel, '"DB_PASSWORD": "hunter2hunter2"', old="not there", disk=disk)
    assert summary(findings) == [
        ("config-secret", True, "the new text holds a literal value for `DB_PASSWORD`")
    ]


def test_delete_is_silent(root):
    rel = ".claude/settings.json"
    _disk(root, {rel: "{broken"})
    edits = (FileEdit(os.path.join(root, rel), "", DELETE),)
    assert run(root, rel, "", edits=edits) == []


# --- scopes ---------------------------------------------------------------------------


def test_extra_scope_from_the_environment(root, tmp_path_factory):
    extra = str(tmp_path_factory.mktemp("agentcfg"))
    other = str(tmp_path_factory.mktemp("other"))
    env = {"CAVEAT_CONFORMITY_SCOPE": os.pathsep.join(["", other, extra])}
    path = os.path.join(extra, "hooks", "hooks.json")
    edits = (FileEdit(path, '{"hooks": {"preToolUse": []}}'),)
    findings = run(root, "", "", edits=edits, env=env)
    assert summary(findings) == [
        (
            "hooks-shape-claude",
            True,
            '`hooks.preToolUse`: Claude Code has no event "preToolUse"'
            ' (did you mean "PreToolUse"?)',
        )
    ]
    broken = (FileEdit(os.path.join(extra, "agent.json"), "{,}"),)
    assert [f[0] for f in summary(run(root, "", "", edits=broken, env=env))] == [
        "settings-json-parses"
    ]
    assert run(root, "", "", edits=broken, env={}) == []


def test_home_paths_are_shown_with_a_tilde(tmp_path):
    home = str(tmp_path / "home")
    path = os.path.join(home, ".claude", "settings.json")
    edits = (FileEdit(path, "{,}"),)
    findings = run(str(tmp_path), "", "", edits=edits, env={"HOME": home})
    assert [f.value_map()["path"] for f in findings] == ["~/.claude/settings.json"]
    assert findings[0].key == "settings-json-parses:~/.claude/settings.json"


def test_custom_codex_home(tmp_path):
    codex = str(tmp_path / "opt" / "codex")
    env = {"CODEX_HOME": codex, "HOME": str(tmp_path / "home")}
    edits = (FileEdit(os.path.join(codex, "hooks.json"), '{"hooks": {"BeforeTool": []}}'),)
    findings = run(str(tmp_path), "", "", edits=edits, env=env)
    assert summary(findings) == [
        ("hooks-shape-codex", True, '`hooks.BeforeTool`: Codex has no event "BeforeTool"')
    ]
    edits = (FileEdit(os.path.join(codex, "config.toml"), "[hooks\n"),)
    assert [f[0] for f in summary(run(str(tmp_path), "", "", edits=edits, env=env))] == [
        "config-toml-parses"
    ]


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/home/u/.claude/settings.json", True),
        ("C:\\Users\\u\\.claude\\settings.json", True),
        ("/repo/.github/hooks/x.json", True),
        ("/repo/docs/AGENTS.md", True),
        ("/repo/skills/x/SKILL.md", True),
        ("relative/.kiro/hooks/a.json", True),
        (".claude/settings.json", True),
        ("/repo/src/app.py", False),
        ("/repo/notes.md", False),
        ("/repo/my.claude/settings.json", False),
        ("/repo/.github/workflows/ci.yml", False),
        ("/repo/AGENTS.md.bak", False),
    ],
)
def test_in_scope(path, expected):
    assert conformity.in_scope(path, {}) is expected


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("/r/.claude/settings.json", "claude-settings"),
        ("/r/.claude/settings.local.json", "claude-settings"),
        ("/h/.claude/plugins/p/hooks/hooks.json", "claude-settings"),
        ("/r/.codex/hooks.json", "codex-hooks"),
        ("/r/.codex/config.toml", "codex-config"),
        ("/r/.gemini/settings.json", "gemini-settings"),
        ("/r/.qwen/settings.json", "qwen-settings"),
        ("/r/.cursor/hooks.json", "cursor-hooks"),
        ("/r/.github/hooks/hooks.json", "copilot-hooks"),
        ("/r/.kiro/hooks/hooks.json", "kiro-hooks"),
        ("/r/.claude/agents/sub/x.md", "agent"),
        ("/r/.claude/commands/git/x.md", "command"),
        ("/r/.codex/prompts/x.md", "command"),
        ("/r/.gemini/commands/x.toml", "command-toml"),
        ("/r/.claude/skills/x/SKILL.md", "skill"),
        ("/r/GEMINI.md", "memory"),
        ("/r/.kiro/agents/x.json", "json"),
        ("/r/.claude/notes.txt", "other"),
    ],
)
def test_kind_of(path, kind):
    from caveat.guards.conformity.kinds import kind_of

    assert kind_of(path) == kind


# --- isolation of checks --------------------------------------------------------------


def test_raising_and_overrunning_checks_are_skipped(root, monkeypatch, capfd):
    def boom(doc):
        raise ValueError("boom")

    def slow(doc):
        time.sleep(0.05)
        return [("slow problem", "fix")]

    extra = (
        ("boom", frozenset({"claude-settings"}), 1.0, True, boom),
        ("slow", frozenset({"claude-settings"}), 0.01, True, slow),
    )
    monkeypatch.setattr(_conformity, "CHECKS", extra + _conformity.CHECKS)
    text = '{"hooks": {"PreToolUse": [{"type": "command", "command": "x"}]}}'
    findings = run(root, ".claude/settings.json", text)
    assert [f[0] for f in summary(findings)] == ["hooks-shape-claude"]
    err = capfd.readouterr().err
    assert "conformity check boom failed (ValueError: boom); skipped" in err
    assert "conformity check slow took" in err and "(budget 0.01 s); skipped" in err


# --- values ---------------------------------------------------------------------------


def test_secret_text_is_never_echoed(root):
    token = "ghp_" + "Z9y8X7w6V5" * 4
    for rel, text in (
        (".claude/settings.json", f'{{"env": {{"GH": "{token}"}}}}'),
        ("CLAUDE.md", f"token: {token}\n"),
        (".codex/config.toml", f'[x]\napi_key = "{token}"\n'),
    ):
        findings = run(root, rel, text)
        assert findings and all(f.deny for f in findings)
        for finding in findings:
            assert token not in " ".join(finding.value_map().values())
            assert finding.variant == "secret"


def test_variants_and_deny(root):
    findings = run(root, "CLAUDE.md", "x" * 40_001)
    assert [(f.variant, f.deny) for f in findings] == [("advisory", False)]
    findings = run(root, ".cursor/hooks.json", "{}")
    assert [(f.variant, f.deny) for f in findings] == [("", True)]


def test_odd_json_values_do_not_raise(root):
    for text in (
        "null",
        "1e999",
        '"x"',
        '{"hooks": null}',
        '{"hooks": {"Stop": "x"}}',
        '{"version": true, "hooks": {"stop": [1, null]}}',
        "[" * 5000 + "]" * 5000,
    ):
        for rel in (
            ".claude/settings.json",
            ".cursor/hooks.json",
            ".github/hooks/a.json",
            ".kiro/hooks/a.json",
            ".gemini/settings.json",
            ".codex/hooks.json",
        ):
            run(root, rel, text)


# --- the YAML subset ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("block", "expected"),
    [
        ("name: x", {"name": "x"}),
        ("name: 'it''s'", {"name": "it's"}),
        ('name: "a\\"b"', {"name": 'a"b'}),
        ("name: x # comment", {"name": "x"}),
        ("d: >\n  one\n  two", {"d": "one two"}),
        ("d: |\n  one\n  two", {"d": "one\ntwo"}),
        ("d: one\n  two", {"d": "one two"}),
        ("t: [a, 'b c']", {"t": ["a", "b c"]}),
        ("t:\n  - a\n  - b", {"t": ["a", "b"]}),
        ("m:\n  k: v\n  n: 1", {"m": {"k": "v", "n": "1"}}),
        ("e:", {"e": None}),
        ("u: https://example.com/x", {"u": "https://example.com/x"}),
        ("a: &x !!str value", {"a": "value"}),
    ],
)
def test_yaml_subset_reads(block, expected):
    assert yaml.read(block.splitlines()) == (expected, [])


@pytest.mark.parametrize(
    ("block", "error"),
    [
        ("name x", (2, "not a 'key: value' line")),
        ("  name: x", (2, "unexpected indentation")),
        ("a: b: c", (2, "a plain value may not contain ': ': quote the value")),
        ("a: @x", (2, "a plain value may not start with '@': quote it")),
        ("a: *ref", (2, "an alias ('*…') is not supported here: quote the value")),
        ('a: "x" y', (2, "text after the closing quote")),
        ("a: {b: c", (2, "unclosed flow mapping ('{' without '}')")),
        ("- a", (2, "a list item where a 'key: value' line was expected")),
    ],
)
def test_yaml_subset_errors(block, error):
    assert yaml.read(block.splitlines())[1][0] == error


# --- the silent path ------------------------------------------------------------------


def test_silent_path_imports_nothing(root):
    code = f"""
import sys
from caveat.event import Event, FileEdit
from caveat.guards import conformity
from caveat.guards.base import Context
root = {root!r}
for rel in ("src/app.py", "notes.md", "README.md", ".github/workflows/ci.yml"):
    event = Event("PreToolUse", tool="Write", edits=(FileEdit(root + "/" + rel, "{{,"),), cwd=root)
    assert conformity.check(event, Context(event, env={{"HOME": root}})) == []
loaded = [m for m in sys.modules
          if m in ("re", "json", "typing") or m.startswith("caveat.guards.conformity.")]
print(sorted(loaded))
"""
    out = subprocess.run(
        [sys.executable, "-I", "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"
