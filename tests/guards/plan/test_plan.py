"""The plan-write guard: plan-shaped text written outside the plans folder or into a
global location, and changes made in plan mode."""

from __future__ import annotations

import os

import pytest

from caveat.event import CELL
from caveat.event import DELETE
from caveat.event import FRAGMENT
from caveat.event import WHOLE
from caveat.event import Event
from caveat.event import FileEdit
from caveat.guards.base import Context
from caveat.guards.plan import scan as _plan_scan
from tests.guards.plan.common import PLAN_MODE
from tests.guards.plan.common import configured
from tests.guards.plan.common import environment
from tests.guards.plan.common import expand
from tests.helpers import check
from tests.helpers import isolated_words

PLAN_FULL = """---
plan: auth-rewrite
phases: 3
status: in-progress
---
# Auth rewrite

| Phase | Goal | Status |
|---|---|---|
| 1 | Sessions table | done |
| 2 | Token refresh | in progress |

## Resumption
Start at phase 2: finish the refresh endpoint.
"""

PLAN_FRONT = """---
plan: cache-layer
phases: 2
---
Add a read-through cache in front of the catalog service.
"""

PLAN_MASTER = """---
master-plan: billing
phase-id: B
---
Billing migration, phase B.
"""

PLAN_TABLE_RESUME = """# Search revamp

| Step | Owner | Status |
|------|-------|--------|
| Index schema | me | done |
| Query parser | me | todo |

## Resume from here
The parser is half done.
"""

PLAN_PROGRESS = """# PROGRESS

## Status: phase 2 in progress

- **Phase in progress:** 2 (API)
- **Next action:** wire the handler
- **Blockers:** none

### Critical Files for Next Phase
1. src/api.py
"""

PLAN_CLAUDE = """# Plan: add response caching

## Context
Responses are slow.

## Files to modify
- src/cache.py

## Verification
Run the tests.
"""

PLAN_PHASES = """# Rollout

## Phase 1: dark launch
## Phase 2: ramp to 50%

## Progress
Phase 1 done.

## Next steps
Ramp.
"""

PLAN_CHECKLIST = """# Migration plan

- [x] export data
- [ ] import data

## Next steps
Verify counts.
"""

PLAN_PHRASE = """# Worker pool

This file is the resumption contract for the worker-pool work.

| Task | Status |
|---|---|
| pool | done |
"""

README = """# widget

A small widget library.

## Installation
pip install widget

## Status
Beta.

## Progress
Most of the API is stable.

## Next steps
- [ ] docs site
- [x] CI

| Milestone | Status |
|---|---|
| 1.0 | planned |
"""

README_PLAIN = """# widget

## Next steps
Read the tutorial. The explanation of the plan format is in docs/.

## Progress bars
Use widget.progress().
"""

CHANGELOG = """# Changelog

## [Unreleased]

| Version | Status |
|---|---|
| 2.0 | planned |

## [1.4.0] - 2024-05-01
### Added
- Phase-aware progress bars.
"""

ADR = """---
status: accepted
date: 2024-03-01
---
# ADR 0007: Move sessions to Postgres

## Status
Accepted

## Context
Sessions live in Redis.

## Decision
Move them.

### Phase 1
Dual write.

### Phase 2
Cut over.

## Next steps
Schedule the cut-over.

## Consequences
One store fewer.
"""

FENCED = """# Plan files

caveat recognises plans such as:

```markdown
---
plan: x
phases: 2
---
## Resumption
```

## Next steps
Write your own.
"""

GOV_PAGE = """---
title: Date input
phase: beta
status: published
---
# Date input
Use this component to ask for dates.
"""

GUIDE = """# Upgrading to 3.0

## Step 1: back up
## Step 2: upgrade
## Next steps
See the release notes.
"""

BUILDSPEC = """version: 0.2
phases:
  install:
    commands:
      - pip install .
  build:
    commands:
      - pytest
"""

TITLE_ONLY = """# Plan

## Status
Draft.
"""

TABLE_ONLY = """| Phase | Status |
|---|---|
| 1 | done |
"""

BOUNDARY = """# Fundraiser plan

## Donations
## Statistics
## Doneness
"""


def write(dirs, path, text, opts=None):
    """Run the write guard on one file change described by ``opts``."""
    opts = opts or {}
    path = expand(path, dirs)
    for disk_path, disk_text in opts.get("disk", {}).items():
        full = expand(disk_path, dirs)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as handle:
            handle.write(disk_text)
    kind = opts.get("kind", WHOLE)
    if "edits" in opts:
        edits = tuple(FileEdit(path, new, FRAGMENT, old) for old, new in opts["edits"])
    else:
        edits = (FileEdit(path, text, kind, opts.get("old", "")),)
    event = Event(
        opts.get("event", "PreToolUse"),
        tool=opts.get("tool", "Write"),
        edits=edits,
        cwd=expand(opts.get("cwd", "{project}"), dirs),
        permission_mode=opts.get("mode", ""),
    )
    env = environment(dirs, opts.get("env"))
    return check("plan", event, Context(event, env, configured(opts.get("plans"))))


FULL_SIGNALS = (
    "front-matter key plan:, front-matter key phases:, phase/status table, "
    'heading "Resumption", front-matter key status:'
)
PLANS = ".caveat/plans/"


WRITE_FIRING = [
    # (path, text, options, variant, values)
    pytest.param(
        "{project}/docs/plan.md",
        PLAN_FULL,
        {},
        "",
        {"path": "docs/plan.md", "plans_folder": PLANS, "signals": FULL_SIGNALS},
        id="full-plan-in-docs",
    ),
    pytest.param(
        "{project}/PLAN.md",
        PLAN_FRONT,
        {},
        "",
        {
            "path": "PLAN.md",
            "plans_folder": PLANS,
            "signals": "front-matter key plan:, front-matter key phases:",
        },
        id="front-matter-at-root",
    ),
    pytest.param(
        "{project}/notes/billing.md",
        PLAN_MASTER,
        {},
        "",
        {
            "path": "notes/billing.md",
            "plans_folder": PLANS,
            "signals": "front-matter key master-plan:, front-matter key phase-id:",
        },
        id="master-plan-and-phase-id",
    ),
    pytest.param(
        "{project}/docs/search.md",
        PLAN_TABLE_RESUME,
        {},
        "",
        {
            "path": "docs/search.md",
            "plans_folder": PLANS,
            "signals": 'phase/status table, heading "Resume from here"',
        },
        id="step-status-table-and-resume-heading",
    ),
    pytest.param(
        "{project}/PROGRESS.md",
        PLAN_PROGRESS,
        {},
        "",
        {
            "path": "PROGRESS.md",
            "plans_folder": PLANS,
            "signals": 'bold field "Phase in progress", bold field "Next action", '
            'heading "Critical Files for Next Phase", heading "PROGRESS", '
            'heading "Status: phase 2 in progress", bold field "Blockers"',
        },
        id="progress-file-bold-fields",
    ),
    pytest.param(
        "{project}/docs/design/caching.md",
        PLAN_CLAUDE,
        {},
        "",
        {
            "path": "docs/design/caching.md",
            "plans_folder": PLANS,
            "signals": 'title "Plan: add response caching", heading "Files to modify", '
            'heading "Verification"',
        },
        id="harness-style-plan-title",
    ),
    pytest.param(
        "{project}/rollout.md",
        PLAN_PHASES,
        {},
        "",
        {
            "path": "rollout.md",
            "plans_folder": PLANS,
            "signals": 'phase headings, heading "Progress", heading "Next steps"',
        },
        id="phase-headings-progress-next-steps",
    ),
    pytest.param(
        "{project}/MIGRATION.md",
        PLAN_CHECKLIST,
        {},
        "",
        {
            "path": "MIGRATION.md",
            "plans_folder": PLANS,
            "signals": 'title "Migration plan", task checklist, heading "Next steps"',
        },
        id="plan-title-with-checklist",
    ),
    pytest.param(
        "{project}/docs/pool.md",
        PLAN_PHRASE,
        {},
        "",
        {
            "path": "docs/pool.md",
            "plans_folder": PLANS,
            "signals": 'phase/status table, "resumption contract"',
        },
        id="resumption-contract-phrase",
    ),
    pytest.param(
        "{project}/plan.txt",
        PLAN_FULL,
        {},
        "",
        {"path": "plan.txt", "plans_folder": PLANS, "signals": FULL_SIGNALS},
        id="text-file",
    ),
    pytest.param(
        "{project}/docs/work.md",
        "",
        {
            "tool": "Edit",
            "disk": {"{project}/docs/work.md": PLAN_FRONT},
            "edits": [("Add a read-through cache", "## Resumption\nAdd a read-through cache")],
        },
        "",
        {
            "path": "docs/work.md",
            "plans_folder": PLANS,
            "signals": 'front-matter key plan:, front-matter key phases:, heading "Resumption"',
        },
        id="edit-judges-the-whole-file",
    ),
    pytest.param(
        "{project}/docs/work.md",
        "",
        {
            "tool": "MultiEdit",
            "disk": {"{project}/docs/work.md": "# Work\n\nnothing yet\n"},
            "edits": [
                ("# Work", "# Work plan"),
                ("nothing yet", "## Resumption\nstart here"),
            ],
        },
        "",
        {
            "path": "docs/work.md",
            "plans_folder": PLANS,
            "signals": 'title "Work plan", heading "Resumption"',
        },
        id="multiedit",
    ),
    pytest.param(
        "{project}/docs/work.md",
        "",
        {
            "tool": "Edit",
            "event": "PostToolUse",
            "disk": {"{project}/docs/work.md": PLAN_FULL},
            "edits": [("Start at phase 1.", "Start at phase 2: finish the refresh endpoint.")],
        },
        "",
        {"path": "docs/work.md", "plans_folder": PLANS, "signals": FULL_SIGNALS},
        id="post-tool-edit-reads-the-disk",
    ),
    pytest.param(
        "{project}/.caveat/plans/auth.md",
        PLAN_FULL,
        {"plans": {"folder": "docs/plans"}},
        "",
        {"path": ".caveat/plans/auth.md", "plans_folder": "docs/plans/", "signals": FULL_SIGNALS},
        id="configured-folder-default-location-is-outside",
    ),
    pytest.param(
        "{project}/docs/auth.md",
        PLAN_FULL,
        {"plans": {"folder": "./planning/"}},
        "",
        {"path": "docs/auth.md", "plans_folder": "planning/", "signals": FULL_SIGNALS},
        id="configured-folder-dot-slash",
    ),
    pytest.param(
        "{project}/docs/auth.md",
        PLAN_FULL,
        {"plans": {"folder": "~/plans"}},
        "",
        {"path": "docs/auth.md", "plans_folder": "~/plans/", "signals": FULL_SIGNALS},
        id="configured-absolute-folder-in-home",
    ),
    pytest.param(
        "{home}/.claude/plans/auth.md",
        PLAN_FULL,
        {},
        "global",
        {
            "path": "~/.claude/plans/auth.md",
            "plans_folder": "{project}/.caveat/plans/",
            "signals": FULL_SIGNALS,
        },
        id="global-claude-plans",
    ),
    pytest.param(
        "{home}/.codex/PLAN.md",
        PLAN_FRONT,
        {},
        "global",
        {
            "path": "~/.codex/PLAN.md",
            "plans_folder": "{project}/.caveat/plans/",
            "signals": "front-matter key plan:, front-matter key phases:",
        },
        id="global-codex-home",
    ),
    pytest.param(
        "{home}/plan.md",
        PLAN_CLAUDE,
        {},
        "global",
        {
            "path": "~/plan.md",
            "plans_folder": "{project}/.caveat/plans/",
            "signals": 'title "Plan: add response caching", heading "Files to modify", '
            'heading "Verification"',
        },
        id="global-home-folder",
    ),
    pytest.param(
        "{scratch}/plan.md",
        PLAN_FULL,
        {},
        "global",
        {
            "path": "{scratch}/plan.md",
            "plans_folder": "{project}/.caveat/plans/",
            "signals": FULL_SIGNALS,
        },
        id="global-temp-folder",
    ),
    pytest.param(
        "{scratch}/claude-config/plans/x.md",
        PLAN_FULL,
        {"env": {"CLAUDE_CONFIG_DIR": "{scratch}/claude-config"}},
        "global",
        {
            "path": "{scratch}/claude-config/plans/x.md",
            "plans_folder": "{project}/.caveat/plans/",
            "signals": FULL_SIGNALS,
        },
        id="global-moved-claude-config-dir",
    ),
    pytest.param(
        "{home}/.gemini/plan.md",
        PLAN_FULL,
        {"cwd": "{scratch}"},
        "global",
        {
            "path": "~/.gemini/plan.md",
            "plans_folder": ".caveat/plans/ under the project's git root",
            "signals": FULL_SIGNALS,
        },
        id="global-without-a-project-in-cwd",
    ),
    pytest.param(
        "{home}/.claude/plans/x.md",
        PLAN_FULL,
        {"disk": {"{home}/.git/HEAD": "ref: refs/heads/main\n"}},
        "global",
        {
            "path": "~/.claude/plans/x.md",
            "plans_folder": "{project}/.caveat/plans/",
            "signals": FULL_SIGNALS,
        },
        id="global-even-when-home-is-a-dotfiles-repo",
    ),
    pytest.param(
        "{project}/docs/sprint.md",
        "# Sprint 12\n\nSprint goal: ship search.\n\n## Handoff\nAll yours.\n",
        {"plans": {"markers": ["sprint:", "## Handoff", "sprint goal"]}},
        "",
        {
            "path": "docs/sprint.md",
            "plans_folder": PLANS,
            "signals": 'heading "Handoff", "sprint goal"',
        },
        id="configured-markers",
    ),
    pytest.param(
        "{project}/src/app.py",
        "print('ok')\n",
        PLAN_MODE,
        "plan-mode",
        {"path": "src/app.py"},
        id="plan-mode-code-write",
    ),
    pytest.param(
        "{project}/README.md",
        "fixed typo",
        {**PLAN_MODE, "tool": "Edit", "kind": FRAGMENT, "old": "fixd typo"},
        "plan-mode",
        {"path": "README.md"},
        id="plan-mode-edit",
    ),
    pytest.param(
        "{project}/analysis.ipynb",
        "import pandas",
        {**PLAN_MODE, "tool": "NotebookEdit", "kind": CELL},
        "plan-mode",
        {"path": "analysis.ipynb"},
        id="plan-mode-notebook",
    ),
    pytest.param(
        "{project}/docs/plan.md",
        PLAN_FULL,
        PLAN_MODE,
        "plan-mode",
        {"path": "docs/plan.md"},
        id="plan-mode-plan-outside-plans-folder",
    ),
    pytest.param(
        "{project}/old.md",
        "",
        {**PLAN_MODE, "kind": DELETE},
        "plan-mode",
        {"path": "old.md"},
        id="plan-mode-delete",
    ),
    pytest.param(
        "{home}/.codex/notes.md",
        "notes",
        PLAN_MODE,
        "plan-mode",
        {"path": "~/.codex/notes.md"},
        id="plan-mode-harness-config-is-not-a-plan-folder",
    ),
    pytest.param(
        "{scratch}/out.txt",
        "x",
        PLAN_MODE,
        "plan-mode",
        {"path": "{scratch}/out.txt"},
        id="plan-mode-temp-file",
    ),
]


@pytest.mark.parametrize(("path", "text", "opts", "variant", "values"), WRITE_FIRING)
def test_write_fires(dirs, path, text, opts, variant, values):
    findings = write(dirs, path, text, opts)
    assert len(findings) == 1, findings
    finding = findings[0]
    assert finding.guard == "plan" and finding.message == "pretooluse-write-plan-guard"
    assert finding.variant == variant
    assert finding.value_map() == {k: expand(v, dirs) for k, v in values.items()}
    plan_mode = variant == "plan-mode"
    assert finding.deny is (plan_mode and opts.get("event", "PreToolUse") == "PreToolUse")
    assert finding.key == {"": "misplaced", "global": "global", "plan-mode": "plan-mode"}[variant]


WRITE_SILENT = [
    # (path, text, options)
    pytest.param("{project}/notes.md", "Buy milk. Call Sam.\n", {}, id="plain-notes"),
    pytest.param("{project}/src/app.py", PLAN_FULL, {}, id="code-file-with-plan-text"),
    pytest.param("{project}/.github/workflows/ci.yml", BUILDSPEC, {}, id="yaml-phases-key"),
    pytest.param("{project}/buildspec.yml", BUILDSPEC, {}, id="aws-buildspec"),
    pytest.param("{project}/.caveat/plans/auth.md", PLAN_FULL, {}, id="in-plans-folder"),
    pytest.param(
        "{project}/.caveat/plans/auth/PROGRESS.md", PLAN_PROGRESS, {}, id="in-plans-subfolder"
    ),
    pytest.param(
        "{project}/docs/plans/auth.md",
        PLAN_FULL,
        {"plans": {"folder": "docs/plans"}},
        id="in-configured-folder",
    ),
    pytest.param(
        "{project}/docs/plans/auth.md",
        PLAN_FULL,
        {"plans": {"folder": "docs/plans/"}},
        id="in-configured-folder-trailing-slash",
    ),
    pytest.param(
        "{home}/plans/auth.md", PLAN_FULL, {"plans": {"folder": "~/plans"}}, id="in-absolute-folder"
    ),
    pytest.param("{project}/README.md", README, {}, id="readme-with-roadmap-and-next-steps"),
    pytest.param("{project}/README.md", README_PLAIN, {}, id="readme-next-steps"),
    pytest.param("{project}/CHANGELOG.md", CHANGELOG, {}, id="changelog-table"),
    pytest.param("{project}/docs/adr/0007-sessions.md", ADR, {}, id="adr-with-phased-rollout"),
    pytest.param("{project}/docs/plan-format.md", FENCED, {}, id="plan-shown-in-code-fence"),
    pytest.param("{project}/docs/date-input.md", GOV_PAGE, {}, id="docs-page-phase-status-keys"),
    pytest.param("{project}/docs/upgrade.md", GUIDE, {}, id="upgrade-guide-steps"),
    pytest.param("{project}/docs/plan.md", TITLE_ONLY, {}, id="one-strong-one-weak"),
    pytest.param("{project}/docs/t.md", TABLE_ONLY, {}, id="table-alone"),
    pytest.param("{project}/docs/f.md", "---\nplan: x\n---\nbody\n", {}, id="one-front-matter-key"),
    pytest.param("{project}/docs/fund.md", BOUNDARY, {}, id="word-boundaries"),
    pytest.param("{project}/docs/empty.md", "", {}, id="empty"),
    pytest.param("/nonexistent-caveat-dir/plan.md", PLAN_FULL, {}, id="outside-every-known-place"),
    pytest.param("{project}/docs/plan.md", "", {"kind": DELETE}, id="deleting-a-misplaced-plan"),
    pytest.param(
        "{project}/docs/work.md",
        "",
        {
            "tool": "Edit",
            "disk": {"{project}/docs/work.md": PLAN_FULL},
            "edits": [("Sessions table", "Session table")],
        },
        id="edit-without-plan-words",
    ),
    pytest.param(
        "{project}/analysis.ipynb", "", {"tool": "NotebookEdit", "kind": CELL}, id="notebook-cell"
    ),
    pytest.param("{home}/.claude/plans/x.md", PLAN_FULL, PLAN_MODE, id="plan-mode-harness-plan"),
    pytest.param(
        "{scratch}/cc/plans/x.md",
        PLAN_FULL,
        {**PLAN_MODE, "env": {"CLAUDE_CONFIG_DIR": "{scratch}/cc"}},
        id="plan-mode-moved-harness-plan",
    ),
    pytest.param("{home}/.cursor/plans/x.md", "plan", PLAN_MODE, id="plan-mode-cursor-plan"),
    pytest.param("{project}/.caveat/plans/p.md", PLAN_FULL, PLAN_MODE, id="plan-mode-plans-folder"),
    pytest.param(
        "{project}/docs/plans/p.md",
        "x",
        {**PLAN_MODE, "plans": {"folder": "docs/plans"}},
        id="plan-mode-configured-folder",
    ),
    pytest.param("{project}/notes.md", "explanation of plan " * 50, {}, id="plan-word-only"),
    pytest.param(
        "{project}/docs/sprint.md",
        "# Sprint 12\n\nSprint goal: ship search.\n\n## Handoff\nAll yours.\n",
        {},
        id="custom-markers-not-configured",
    ),
]


@pytest.mark.parametrize(("path", "text", "opts"), WRITE_SILENT)
def test_write_silent(dirs, path, text, opts):
    assert write(dirs, path, text, opts) == []


def test_write_one_finding_per_file_in_plan_mode(dirs):
    edits = (
        FileEdit(dirs["project"] + "/a.py", "x"),
        FileEdit(dirs["project"] + "/.caveat/plans/p.md", "x"),
        FileEdit(dirs["project"] + "/b.md", "y"),
    )
    event = Event(
        "PreToolUse", tool="Write", edits=edits, cwd=dirs["project"], permission_mode="plan"
    )
    found = check("plan", event, Context(event, environment(dirs), configured()))
    assert [f.value_map()["path"] for f in found] == ["a.py", "b.md"]


def test_write_big_text_is_linear(dirs):
    filler = "Some prose about the widget and its phases of life.\n" * 100_000  # ~5 MB
    findings = write(dirs, "{project}/docs/big.md", PLAN_FULL + filler)
    assert [f.value_map()["signals"] for f in findings] == [FULL_SIGNALS]
    assert write(dirs, "{project}/docs/big2.md", "word " * 2_000_000) == []


def test_scan_reads_structure_from_the_head_and_phrases_everywhere():
    filler = "filler line\n" * 400_000  # ~5 MB
    head = "## Resumption\n| Phase | Status |\n|---|---|\n"
    assert _plan_scan.plan_signals(head + filler) == ['heading "Resumption"', "phase/status table"]
    assert _plan_scan.plan_signals(filler + head) == []  # past SCAN_LIMIT
    tail = "## Resumption\n" + filler + "This is the resumption contract.\n"
    assert _plan_scan.plan_signals(tail) == ['heading "Resumption"', '"resumption contract"']


def test_repeated_and_unique_headings_stay_fast():
    repeated = "## Status\n" * 1_500_000
    unique = "".join(f"## Heading {i}\n" for i in range(500_000))
    assert _plan_scan.plan_signals(repeated) == []
    assert _plan_scan.plan_signals(unique) == []


def test_silent_path_imports_neither_re_nor_shell(tmp_path):
    code = (
        "import sys\n"
        "from caveat.event import Event, FileEdit\n"
        "from caveat.guards.base import Context\n"
        "from caveat.guards import plan as plan_write\n"
        "from caveat.guards import plan_bash\n"
        f"root = {str(tmp_path)!r}\n"
        "env = {'HOME': root + '/home'}\n"
        "for path, text in (('notes.md', 'Buy milk.'), ('src/app.py', 'print(1)\\n')):\n"
        "    e = Event('PreToolUse', tool='Write', edits=(FileEdit(root + '/' + path, text),),\n"
        "              cwd=root)\n"
        "    assert plan_write.check(e, Context(e, env)) == []\n"
        "for c in ('ls -la', 'pytest -q', 'git status'):\n"
        "  for cwd in (root, root + '/floorplans'):\n"
        "    e = Event('PreToolUse', tool='Bash', command=c, shell='bash', cwd=cwd)\n"
        "    assert plan_bash.check(e, Context(e, env)) == []\n"
        "print('re' in sys.modules, 'caveat.common.shell' in sys.modules,\n"
        "      any(m.startswith('caveat.guards.plan.') and m != 'caveat.guards.plan_bash'\n"
        "          for m in sys.modules))\n"
    )
    assert isolated_words(code) == ["False", "False", "False"]
