"""The plan-write guard on document shapes: agents' plans in Markdown and in plain
text, reStructuredText, Org and AsciiDoc (fire), and the documents of real projects
that share some of their words — roadmaps, READMEs, ADRs, changelogs, guides (silent).

Each case is one whole file written at the project root or below; only whether the
guard speaks is checked here (the exact advisory values are in ``test_plan``)."""

from __future__ import annotations

import pytest

from tests.guards.plan.test_plan import write

PLAN_TXT = """Billing migration
=================

Phase 1: export the invoices
Phase 2: import into the new ledger

Resumption:
  Continue with phase 2; the export finished on Monday.

Next action: run scripts/import.py against staging
"""

PLAN_TXT_CAPS = """PLAN: SEARCH REVAMP

PHASE 1 - INDEX SCHEMA
PHASE 2 - QUERY PARSER

RESUMPTION
Start at the parser; the schema is merged.
"""

PLAN_TXT_FIELDS = """Current phase: 2 (API)
Next action: wire the refund handler
Blockers: none
Status: in progress
"""

PLAN_TXT_SECTIONS = """Refactor of the session store

Phase A: dual write
Phase B: cut over

Next steps:
- [ ] backfill
- [x] dual write

Resume from: the backfill script in tools/backfill.py
"""

PLAN_RST = """Cache layer plan
================

Phase 1
-------
Read-through cache.

Phase 2
-------
Invalidation.

Resumption
----------
Start at phase 2.
"""

PLAN_ORG = """* Worker pool plan
** Phase 1: pool
** Phase 2: back-pressure
** Resumption
Start with back-pressure.
"""

PLAN_ADOC = """= Rollout plan

== Phase 1: dark launch
== Phase 2: ramp

== Next action
Ramp to 50%.
"""

PLAN_MD_RESUME = """# Payment retries

## Phase 1: idempotency keys
## Phase 2: retry worker

## Resumption
Phase 1 is merged; continue with the worker.
"""

PLAN_MD_FIELDS = """# Working notes

- **Current phase:** 2
- **Next action:** write the migration
- **Blockers:** waiting for review
"""

PLAN_MD_TABLE = """# Import tool

| Task | Status |
|------|--------|
| parser | done |
| writer | todo |

## Resume here
The writer is next.
"""

PLAN_FRONT = """---
plan: import-tool
current_phase: 2
---
Notes for the import tool.
"""

PLAN_CLAUDE = """# Plan: speed up the test suite

## Context
The suite takes 12 minutes.

## Files to modify
- conftest.py

## Verification
Time the suite.
"""

PLAN_CODEX = """# Implementation plan

1. Add the flag.
2. Wire it in the CLI.

## Next steps
Ship it.

## Status
In progress.
"""

ROADMAP = """# Roadmap

What we are working on, and what comes next. Dates are targets, not promises.

## Status
Version 2.3 is the current stable release.

## Next steps
- [x] Windows support
- [ ] Plugin API
- [ ] Streaming responses

## Later
Ideas we have not scheduled yet.
"""

ROADMAP_PHASES = """# Project roadmap

## Phase 1: stable core (done)
## Phase 2: plugins (in progress)
## Phase 3: hosted service

| Milestone | Status |
|---|---|
| 2.0 | released |
| 3.0 | planned |

## Next steps
See the issue tracker.
"""

README = """# fastcsv

Fast CSV parsing for Python.

## Installation
pip install fastcsv

## Status
Beta: the API may change.

## Roadmap
- [x] reader
- [ ] writer

## Next steps
Read the tutorial.
"""

CONTRIBUTING = """# Contributing

## Getting started
Fork the repository.

## Status of the project
We review pull requests weekly.

## Next steps
- [ ] sign the CLA
- [ ] open a draft PR
"""

ADR = """---
status: accepted
---
# 12. Use Postgres for sessions

## Status
Accepted

## Context
Redis is memory-bound.

## Decision
Move sessions to Postgres.

## Consequences
Phase 1 dual-writes, phase 2 cuts over.
"""

CHANGELOG = """# Changelog

## [Unreleased]
### Added
- Progress bars show the current phase.

## [1.2.0] - 2024-04-01
### Fixed
- Resume from interrupted downloads.
"""

NEWS_TXT = """What's new in 3.1
=================

Status of the port: complete.

Next steps for users:
  upgrade with pip install -U tool
"""

RST_GUIDE = """Upgrading
=========

Step 1: back up
---------------
Copy the database.

Step 2: upgrade
---------------
Run the installer.

Next steps
----------
Read the release notes.
"""

MEETING_NOTES = """Weekly sync, 4 March

Status: the release slipped a week.
Attendees: Ana, Bo.
Action items are in the tracker.
"""

TUTORIAL = """# Build a todo app

In this tutorial you plan the data model, then write the API.

## Step 1: the model
## Step 2: the API

## Next steps
Deploy it.
"""

GAME_DESIGN = """# Boss fight design

The boss has three phases: in phase 1 it summons adds, in phase 2 it
charges, and phase 3 is the enrage.

## Status effects
Burn, freeze, stun.
"""

PROJECT_PLAN_DOC = """# Manufacturing process

Each batch goes through quality control. The status of a batch is shown on the
dashboard; operators resume a stopped line from the console.
"""

STATUS_PAGE = """# Service status

All systems operational.

## Progress on the incident
Resolved at 14:02 UTC.
"""

REQUIREMENTS_TXT = """# pinned for the plan-b deployment
flask==3.0.0
gunicorn==22.0.0
"""

LICENSE_TXT = """MIT License

Copyright (c) 2024 The Project Authors

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software, to deal in the Software without restriction, including
without limitation the rights to use, copy, modify, merge, publish, distribute,
subject to the following conditions: phase-out of this notice is not permitted.
"""

HANDOFF = """# Handoff

**Current task:** port the exporter
**Next action:** run the exporter on the staging dump
"""

SESSION_TXT = """Current task: migrate the cron jobs
Next action: delete the old crontab after the dry run
"""

TODO_TXT = """TODO
====

Phase 1: inventory
Phase 2: migrate

Status: in progress
"""

PROGRESS_TABLE = """# Progress

| Phase | Status |
|---|---|
| 1 | done |
| 2 | doing |

## Resumption
Continue with phase 2.
"""

FRONT_RESUME = """---
phase: 2
resume_from: the backfill
---
Backfill notes.
"""

SECURITY = """# Security policy

## Supported versions

| Version | Supported |
|---|---|
| 2.x | yes |

## Status of reports
We answer within a week.
"""

MIGRATION_GUIDE = """# Migrating to 4.0

## Step 1: update imports
## Step 2: rename settings

## Next steps
- [ ] read the changelog
"""

API_RST = """API
===

Status: stable.

Next steps:
    Read the tutorial.
"""

RETRO_TXT = """Retrospective, sprint 14

Status: delivered.
Next steps: keep the daily sync short.
"""

RELEASE_PROCESS = """# Releasing

- [ ] bump the version
- [ ] tag
- [ ] publish

## Status
Automated since 2023.
"""

INDEX_RST = """Roadmap
=======

Status
------
2.0 is stable.

Next steps
----------
Plugins.
"""

PLAN_TXT_SECTIONS_ONLY = """Phase:
  2 - API

Resumption:
  Continue with the refund handler.

Next action:
  Write the migration.
"""

PLAN_FIRING = [
    pytest.param("plan.txt", PLAN_TXT_SECTIONS_ONLY, id="plain-text-phase-resumption-next-action"),
    pytest.param("PLAN.TXT", PLAN_TXT_SECTIONS_ONLY.upper(), id="plain-text-upper-case-only"),
    pytest.param("HANDOFF.md", HANDOFF, id="handoff-bold-fields"),
    pytest.param("session.txt", SESSION_TXT, id="plain-text-current-task-next-action"),
    pytest.param("TODO.txt", TODO_TXT, id="todo-text-phases-status"),
    pytest.param("progress.md", PROGRESS_TABLE, id="phase-table-resumption"),
    pytest.param("backfill.md", FRONT_RESUME, id="front-matter-phase-resume-from"),
    pytest.param("ops/PLAN.md", PLAN_MD_FIELDS, id="fields-in-ops-folder"),
    pytest.param("docs/plans-archive/q3.md", PLAN_MD_RESUME, id="folder-named-like-plans"),
    pytest.param("crlf.txt", PLAN_TXT.replace("\n", "\r\n"), id="plain-text-crlf"),
    pytest.param("bom.txt", "\ufeff" + PLAN_TXT, id="plain-text-bom"),
    pytest.param("plan.org", PLAN_ORG.replace("Worker pool plan", "Plan"), id="org-plan-title"),
    pytest.param("work.rst", PLAN_RST.replace("Cache layer plan", "Work log"), id="rst-phases"),
    pytest.param("next.md", PLAN_TXT_FIELDS, id="fields-in-markdown"),
    pytest.param("caps.md", PLAN_TXT_CAPS, id="upper-case-sections-in-markdown"),
    pytest.param("plan.txt", PLAN_TXT, id="plain-text-phases-resumption-next-action"),
    pytest.param("notes/plan.txt", PLAN_TXT_CAPS, id="plain-text-upper-case-sections"),
    pytest.param("STATUS.txt", PLAN_TXT_FIELDS, id="plain-text-fields"),
    pytest.param("work/session.txt", PLAN_TXT_SECTIONS, id="plain-text-phase-letters"),
    pytest.param("docs/cache.rst", PLAN_RST, id="restructuredtext-underlined"),
    pytest.param("pool.org", PLAN_ORG, id="org-headings"),
    pytest.param("rollout.adoc", PLAN_ADOC, id="asciidoc-headings"),
    pytest.param("retries.md", PLAN_MD_RESUME, id="markdown-phases-resumption"),
    pytest.param("NOTES.md", PLAN_MD_FIELDS, id="markdown-bold-fields"),
    pytest.param("docs/import.md", PLAN_MD_TABLE, id="markdown-task-table-resume"),
    pytest.param("import.md", PLAN_FRONT, id="front-matter"),
    pytest.param("docs/speed.md", PLAN_CLAUDE, id="harness-plan-title"),
    pytest.param("IMPLEMENTATION.md", PLAN_CODEX, id="implementation-plan-title"),
    pytest.param("plan.md", PLAN_TXT, id="plain-text-plan-in-a-markdown-file"),
    pytest.param("tmp/plan.txt", PLAN_MD_RESUME, id="markdown-plan-in-a-text-file"),
    pytest.param("docs/roadmap-plan.md", PLAN_MD_RESUME, id="plan-named-like-a-roadmap"),
]


@pytest.mark.parametrize(("name", "text"), PLAN_FIRING)
def test_plan_shapes_fire(dirs, name, text):
    findings = write(dirs, "{project}/" + name, text)
    assert [f.variant for f in findings] == [""], findings


DOCUMENT_SILENT = [
    pytest.param("SECURITY.md", SECURITY, id="security-policy"),
    pytest.param("docs/migrating.md", MIGRATION_GUIDE, id="migration-guide"),
    pytest.param("docs/api.rst", API_RST, id="rst-status-next-steps"),
    pytest.param("notes/retro.txt", RETRO_TXT, id="retrospective"),
    pytest.param("docs/releasing.md", RELEASE_PROCESS, id="release-checklist"),
    pytest.param("docs/index.rst", INDEX_RST, id="rst-roadmap-title"),
    pytest.param("HISTORY.rst", RST_GUIDE, id="history-rst"),
    pytest.param(
        "docs/faq.md", "# FAQ\n\n## What is the status of Windows support?\nBeta.\n", id="faq"
    ),
    pytest.param("docs/roadmap.md", ROADMAP, id="public-roadmap"),
    pytest.param("ROADMAP.md", ROADMAP, id="roadmap-at-root"),
    pytest.param("ROADMAP.md", ROADMAP_PHASES, id="roadmap-with-phases-and-status"),
    pytest.param("docs/ROADMAP.rst", ROADMAP_PHASES, id="roadmap-rst-name"),
    pytest.param("README.md", README, id="readme"),
    pytest.param("CONTRIBUTING.md", CONTRIBUTING, id="contributing"),
    pytest.param("docs/adr/0012-sessions.md", ADR, id="adr"),
    pytest.param("CHANGELOG.md", CHANGELOG, id="changelog"),
    pytest.param("NEWS.txt", NEWS_TXT, id="news-text"),
    pytest.param("docs/upgrading.rst", RST_GUIDE, id="rst-upgrade-guide"),
    pytest.param("notes/sync.txt", MEETING_NOTES, id="meeting-notes"),
    pytest.param("docs/tutorial.md", TUTORIAL, id="tutorial"),
    pytest.param("design/boss.md", GAME_DESIGN, id="game-design-phases"),
    pytest.param("docs/process.md", PROJECT_PLAN_DOC, id="prose-with-plan-words"),
    pytest.param("STATUS.md", STATUS_PAGE, id="status-page"),
    pytest.param("requirements.txt", REQUIREMENTS_TXT, id="requirements-txt"),
    pytest.param("LICENSE.txt", LICENSE_TXT, id="license-text"),
    pytest.param("src/plan.py", PLAN_TXT, id="code-file"),
    pytest.param("config/plan.yaml", PLAN_TXT, id="yaml-file"),
    pytest.param(".caveat/plans/billing.txt", PLAN_TXT, id="plain-text-plan-in-plans-folder"),
]


@pytest.mark.parametrize(("name", "text"), DOCUMENT_SILENT)
def test_document_shapes_are_silent(dirs, name, text):
    assert write(dirs, "{project}/" + name, text) == []
