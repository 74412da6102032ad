"""The tracking-ids guard: the project's own planning ids (learned from its plans
folder, or named by a configured pattern) written into product code."""

from __future__ import annotations

import json
import os

import pytest

from caveat.config import Config
from caveat.config import defaults
from caveat.event import CELL
from caveat.event import DELETE
from caveat.event import FRAGMENT
from caveat.event import Event
from caveat.event import FileEdit
from caveat.guards.base import Context
from caveat.guards.tracking_ids import learn
from caveat.guards.tracking_ids import scan as _tracking_scan
from tests.helpers import check
from tests.helpers import isolated_words

# A plans folder as a project keeps one: front matter, phases as headings, a task
# table, a checklist, a numbered list, a line-start id, and public references that a
# plan mentions but that are not its ids.
PLAN = """\
---
id: PLAN-0042
status: in progress
---
# Billing rewrite (PLAN-0042)

Background: upstream GH-47701 and CVE-2024-1234 forced this; OPS-17 is another
team's ticket, mentioned here only. We benchmark on GPT-4 and an RTX-4090.

## Phase A: groundwork
## Phase B — refunds
### Phase 3

| id | task | status |
|----|------|--------|
| TM-10 | retry on 503 | done |
| **PLAT-1234** | migrate invoices | todo |
| GH-123 | upstream bug | watch |
| exports | **EXP-7** | todo |
| Phase-A1 | spike the ledger | done |
| `phase-b2` | backfill | todo |
| x86-64 | supported | yes |

- [ ] TM-11 partial refunds
- [x] `WEB-42` pay button
- [ ] dunning emails (DUN-4)
- [ ] see (GH-99) upstream
- See ORA-00942 in the logs
1. **M2-3** reconcile ledgers
INFRA-9: new queue

## Resumption
Next action: TM-12.
"""

TASKS_YAML = """\
tasks:
  - id: T-7
    title: webhooks
  - task: AB-12
  - id: plan7
  - id: SOC-2
phase: D
"""

NOTES_TXT = """\
Phase IV: launch
Phase 9 was dropped
"""


def make_project(tmp_path, plans=True):
    folder = tmp_path / ("proj" if plans else "bare")
    (folder / ".git").mkdir(parents=True)
    if plans:
        plan_dir = folder / ".caveat" / "plans"
        (plan_dir / "later").mkdir(parents=True)
        (plan_dir / "billing.md").write_text(PLAN)
        (plan_dir / "later" / "tasks.yaml").write_text(TASKS_YAML)
        (plan_dir / "notes.txt").write_text(NOTES_TXT)
        (plan_dir / "diagram.png").write_bytes(b"\x89PNG ZZ-77")
        (plan_dir / "SHIP-3-launch.md").write_text("Launch checklist.\n")
    return str(folder)


@pytest.fixture
def root(tmp_path):
    return make_project(tmp_path)


@pytest.fixture
def bare(tmp_path):
    """A project without a plans folder."""
    return make_project(tmp_path, plans=False)


def run(event, **settings):
    values = defaults()
    for dotted, value in settings.items():
        table, key = dotted.split("__")
        values[table][key] = value
    ctx = Context(event, env=dict(os.environ), config=Config(values))
    return check("tracking-ids", event, ctx)


def write(root, name, text, name_event="PreToolUse", **settings):
    path = os.path.join(root, name)
    event = Event(name_event, tool="Write", edits=(FileEdit(path, text),), cwd=root)
    return run(event, **settings)


def summary(findings):
    out = []
    for f in findings:
        values = f.value_map()
        assert f.guard == "tracking-ids" and f.variant == "" and f.deny is False
        assert set(values) == {"path", "ids", "lines"}
        out.append((values["path"], values["ids"], values["lines"]))
    return out


# (file, text, ids reported, lines) — every id here is one the plans folder defines,
# or carries a key prefix it defines.
FIRING = [
    pytest.param("src/app.py", "# TM-10: retry\nx = 1\n", "TM-10", "1", id="py-table-id"),
    pytest.param("src/app.py", "x = 1  # TM-11\n", "TM-11", "1", id="py-checklist-id"),
    pytest.param("src/app.py", "# TM-99 later\n", "TM-99", "1", id="py-prefix-new-number"),
    pytest.param("src/app.py", "# TM-10.2 sub-step\n", "TM-10.2", "1", id="py-dotted"),
    pytest.param("src/app.py", "# see PLAT-1234\n", "PLAT-1234", "1", id="py-bold-cell"),
    pytest.param("src/app.py", "# PLAT-7\n", "PLAT-7", "1", id="py-prefix-from-cell"),
    pytest.param("src/app.py", 'LOG = "done with WEB-42"\n', "WEB-42", "1", id="py-string"),
    pytest.param("src/app.py", "# M2-3 ledgers\n", "M2-3", "1", id="py-numbered-list"),
    pytest.param("src/app.py", "# INFRA-9 queue\n", "INFRA-9", "1", id="py-line-start"),
    pytest.param("src/app.py", "# TM-12 next\n", "TM-12", "1", id="py-prefix-from-prose-of-plan"),
    pytest.param("src/app.py", "# PLAN-0042\n", "PLAN-0042", "1", id="py-front-matter-id"),
    pytest.param("src/app.py", "# PLAN-0043\n", "PLAN-0043", "1", id="py-plan-prefix"),
    pytest.param("src/app.py", "# T-7 webhooks\n", "T-7", "1", id="py-yaml-id"),
    pytest.param("src/app.py", "# DUN-4 dunning\n", "DUN-4", "1", id="py-bracketed-in-list"),
    pytest.param("src/app.py", "# EXP-7 exports\n", "EXP-7", "1", id="py-id-cell-in-table"),
    pytest.param("src/app.py", "# SHIP-3 launch\n", "SHIP-3", "1", id="py-plan-file-name"),
    pytest.param("src/app.py", "# AB-12\n", "AB-12", "1", id="py-yaml-task"),
    pytest.param("src/app.py", "# plan7 only\n", "plan7", "1", id="py-yaml-free-id"),
    pytest.param("src/app.py", "x = 1\ny = 2  # Phase-B\n", "Phase-B", "2", id="phase-hyphen"),
    pytest.param("src/app.py", "# Phase B: refunds\n", "Phase B", "1", id="phase-space"),
    pytest.param("src/app.py", "PHASE_B = True\n", "PHASE_B", "1", id="phase-constant"),
    pytest.param("src/app.py", "# Phase A\n", "Phase A", "1", id="phase-a"),
    # "### Phase 3" is a heading alone: the number counts as a name or a whole string
    pytest.param("src/app.py", "PHASE_3 = True\n", "PHASE_3", "1", id="phase-digit-name"),
    pytest.param(
        "src/app.py", "def run_phase():\n    phase_3 = 1\n", "phase_3", "2", id="phase-digit-var"
    ),
    pytest.param("src/app.py", 'STAGE = "Phase 3"\n', "Phase 3", "1", id="phase-digit-string"),
    pytest.param("web/a.ts", "const s = 'phase-3';\n", "phase-3", "1", id="phase-digit-ts-string"),
    # a table's first cell defines an id in any case form
    pytest.param("src/app.py", "# Phase-A1 spike\n", "Phase-A1", "1", id="any-case-cell"),
    pytest.param("src/app.py", "x = 'phase-b2'\n", "phase-b2", "1", id="lower-case-cell"),
    pytest.param("src/app.py", "# Phase IV\n", "Phase IV", "1", id="phase-roman-txt"),
    pytest.param("src/app.py", "# Phase 9 leftovers\n", "Phase 9", "1", id="phase-txt-line"),
    pytest.param("src/app.py", "# Phase-D\n", "Phase-D", "1", id="phase-yaml-key"),
    pytest.param("app.py", "# TM-10\n", "TM-10", "1", id="at-git-root"),
    pytest.param("src/a.ts", "// TODO(PLAT-1234) remove\n", "PLAT-1234", "1", id="ts-todo"),
    pytest.param("src/a.js", "/* see WEB-42 */\n", "WEB-42", "1", id="js-block-comment"),
    pytest.param("src/a.mjs", "export const x = 1; // TM-11\n", "TM-11", "1", id="mjs"),
    pytest.param("web/A.tsx", "<p>Done in Phase-B</p>\n", "Phase-B", "1", id="tsx-markup"),
    pytest.param("web/A.jsx", "{/* TM-10 */}\n", "TM-10", "1", id="jsx"),
    pytest.param("web/C.vue", "<!-- TM-10 -->\n<template/>\n", "TM-10", "1", id="vue"),
    pytest.param("web/C.svelte", "<!-- Phase A -->\n", "Phase A", "1", id="svelte"),
    pytest.param("cmd/main.go", "// INFRA-9 workaround\n", "INFRA-9", "1", id="go"),
    pytest.param("src/lib.rs", "// TM-3\nfn a() {}\n", "TM-3", "1", id="rust"),
    pytest.param("src/Main.java", "// PLAT-99\n", "PLAT-99", "1", id="java"),
    pytest.param("src/x.kt", "// AB-12\n", "AB-12", "1", id="kotlin"),
    pytest.param("src/x.scala", "// TM-1\n", "TM-1", "1", id="scala"),
    pytest.param("src/x.c", "/* TM-1 */\n", "TM-1", "1", id="c"),
    pytest.param("src/x.h", "/* Phase 9 */\n", "Phase 9", "1", id="c-header"),
    pytest.param("src/x.cpp", "// WEB-1\n", "WEB-1", "1", id="cpp"),
    pytest.param("src/x.cs", "// T-8\n", "T-8", "1", id="csharp"),
    pytest.param("src/x.swift", "// TM-10\n", "TM-10", "1", id="swift"),
    pytest.param("lib/x.rb", "# TM-10\n", "TM-10", "1", id="ruby"),
    pytest.param("src/x.php", "<?php // TM-10\n", "TM-10", "1", id="php"),
    pytest.param("lib/x.ex", "# M2-4\n", "M2-4", "1", id="elixir"),
    pytest.param("src/x.dart", "// TM-10\n", "TM-10", "1", id="dart"),
    pytest.param("src/x.lua", "-- TM-10\n", "TM-10", "1", id="lua"),
    pytest.param("bin/run.sh", "#!/bin/sh\n# INFRA-9 step\n", "INFRA-9", "2", id="shell"),
    pytest.param("bin/run.ps1", "# TM-10\n", "TM-10", "1", id="powershell"),
    pytest.param("db/m.sql", "-- PLAT-4 backfill\n", "PLAT-4", "1", id="sql"),
    pytest.param("api/s.graphql", "# TM-10\ntype A { a: Int }\n", "TM-10", "1", id="graphql"),
    pytest.param("api/s.proto", "// TM-10\n", "TM-10", "1", id="proto"),
    pytest.param("web/s.css", "/* WEB-3 */\n", "WEB-3", "1", id="css"),
    pytest.param("web/s.scss", "// Phase A\n", "Phase A", "1", id="scss"),
    pytest.param("web/i.html", "<!-- Phase-A -->\n", "Phase-A", "1", id="html"),
    pytest.param("web/i.jinja", "{# TM-10 #}\n", "TM-10", "1", id="jinja"),
    pytest.param("Makefile", "# TM-10\nall:\n", "TM-10", "1", id="makefile"),
    pytest.param("Dockerfile.dev", "# TM-10\n", "TM-10", "1", id="dockerfile-variant"),
    pytest.param("build.gradle", "// TM-10\n", "TM-10", "1", id="gradle"),
    pytest.param("src/plans/pricing.py", "# TM-10\n", "TM-10", "1", id="code-folder-named-plans"),
    pytest.param("src/latest.py", "# TM-10\n", "TM-10", "1", id="latest-is-not-a-test"),
    pytest.param(
        "src/app.py",
        "# TM-10\n# UTF-8 and TM-11 and GH-47701\nx = 'TM-10'\n",
        "TM-10, TM-11",
        "1, 2, 3",
        id="several-ids-mixed-with-public-refs",
    ),
    pytest.param(
        "src/app.py",
        "".join(f"# TM-{i}\n" for i in range(12)),
        "TM-0, TM-1, TM-2, TM-3, TM-4, TM-5, TM-6, TM-7 and 4 more",
        "1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and more",
        id="capped",
    ),
]


@pytest.mark.parametrize(("name", "text", "ids", "lines"), FIRING)
def test_firing(root, name, text, ids, lines):
    findings = write(root, name, text)
    assert summary(findings) == [(name, ids, lines)]
    assert findings[0].message == "pretooluse-write"


# Written into the project whose plans are above: nothing here is one of its ids.
SILENT = [
    pytest.param("src/app.py", "x = 1\n", id="no-ids"),
    pytest.param("src/app.py", "", id="empty"),
    # public references, including those the plan mentions
    pytest.param("src/app.py", "# Work around GH-47701 (upstream)\n", id="gh-issue"),
    pytest.param("src/app.py", "# gh-99949, bpo-12345\n", id="lower-case-trackers"),
    pytest.param("src/app.py", "# see #123 and PR-456\n", id="issue-and-pr"),
    pytest.param("src/app.py", "# fixes CVE-2024-1234 (CWE-79)\n", id="cve-cwe"),
    pytest.param("src/app.py", "# per RFC-7231 and PEP-8\n", id="rfc-pep"),
    pytest.param("src/app.py", "# ISO-8601 and IEC-62304\n", id="iso-iec"),
    pytest.param("src/app.py", "# SOC-2 and PCI-DSS\n", id="soc-pci"),
    pytest.param("src/app.py", "MODEL = 'GPT-4'\n", id="gpt-4"),
    pytest.param("src/app.py", "# ISBN-13 check digit\n", id="isbn"),
    pytest.param("src/app.py", "# RS-232 serial\n", id="rs-232"),
    pytest.param("src/app.py", "CODES = ['ICD-10']\n", id="icd-10"),
    pytest.param("src/app.py", "if 'ORA-00942' in err:\n    pass\n", id="oracle-error"),
    pytest.param("src/app.py", "GPU = 'RTX-4090'\n", id="rtx"),
    pytest.param("src/app.py", 'open(p, encoding="UTF-8")\n', id="utf-8"),
    pytest.param("src/app.py", "h = hashlib.new('SHA-256')\n", id="sha-256"),
    pytest.param("src/app.py", "# X-11 forwarding\n", id="x-11"),
    # look-alikes of the project's ids that are not them
    pytest.param(
        "src/app.py", "# OPS-17 is only mentioned in the plan\n", id="mentioned-not-defined"
    ),
    pytest.param("src/app.py", "# Phase C\n", id="undefined-phase"),
    pytest.param("src/app.py", "# phase b, lower case\n", id="phase-lower"),
    pytest.param("src/app.py", "two_phase_b = 1\n", id="phase-inside-word"),
    # a number only a heading makes a phase ("### Phase 3") is English in a sentence
    pytest.param("src/app.py", "# Phase 3 of the algorithm\n", id="heading-number-comment"),
    pytest.param("src/app.py", "def f():  # Phase-3\n    pass\n", id="heading-number-label"),
    pytest.param("src/app.py", 'log("entering Phase 3 now")\n', id="heading-number-sentence"),
    pytest.param("src/x.h", "/* Phase 3 */\n", id="heading-number-c-comment"),
    pytest.param("src/app.py", "two_phase_3 = 1\n", id="heading-number-inside-word"),
    # an any-case id from a table cell is exact: no prefix, no other case
    pytest.param("src/app.py", "# Phase-A2\n", id="any-case-cell-other-number"),
    pytest.param("src/app.py", "# phase-a1\n", id="any-case-cell-other-case"),
    pytest.param("src/app.py", "ARCH = 'x86-64'\n", id="platform-in-a-first-cell"),
    pytest.param("src/app.py", "TM10 = 1\nTM_10 = 2\n", id="no-dash"),
    pytest.param("src/app.py", "XTM-10 = 1\n", id="longer-prefix"),
    pytest.param("src/app.py", "# TM-10x\n", id="suffix"),
    pytest.param("src/app.py", "# tm-10\n", id="lower-case-key"),
    pytest.param("src/app.py", "# T-7b\n", id="id-with-letter-suffix"),
    pytest.param("src/app.py", "# TM-\n", id="prefix-without-number"),
    pytest.param("src/app.py", "# diagram ZZ-77\n", id="id-only-in-a-binary-file"),
    pytest.param("src/app.py", "# plan77\n", id="free-id-is-exact"),
    # files that are not product code
    pytest.param("notes.md", "# TM-10\n", id="markdown"),
    pytest.param("README.rst", "TM-10\n", id="rst"),
    pytest.param("config/app.yaml", "# TM-10\n", id="yaml-config"),
    pytest.param("package.json", '{"x": "TM-10"}\n', id="json"),
    pytest.param("CHANGELOG.py", "# TM-10\n", id="changelog-name"),
    pytest.param("docs/conf.py", "# TM-10\n", id="docs-folder"),
    pytest.param("tests/test_app.py", "# TM-10\n", id="tests-folder"),
    pytest.param("src/test_app.py", "# TM-10\n", id="test-prefix"),
    pytest.param("src/app_test.go", "// TM-10\n", id="go-test"),
    pytest.param("src/app.test.ts", "// TM-10\n", id="ts-test"),
    pytest.param("src/app.spec.js", "// TM-10\n", id="js-spec"),
    pytest.param("src/UserServiceTest.java", "// TM-10\n", id="java-test"),
    pytest.param("src/conftest.py", "# TM-10\n", id="conftest"),
    pytest.param("src/__tests__/a.js", "// TM-10\n", id="jest-folder"),
    pytest.param(".caveat/plans/tool.py", "# TM-10\n", id="plans-folder"),
    pytest.param("node_modules/x/index.js", "// TM-10\n", id="vendored"),
    # ordinary code of real projects: standards, encodings, headers, versions
    pytest.param(
        "src/events.py",
        "    # gh-99949: the policy is deprecated (GH-99949)\n    import warnings\n",
        id="cpython-asyncio",
    ),
    pytest.param(
        "src/cp1250.py",
        "    '\\u201a'   #  0x82 -> SINGLE LOW-9 QUOTATION MARK\n",
        id="cpython-codec-table",
    ),
    pytest.param(
        "src/tis.py", '""" Python Character Mapping Codec tis_620 TIS-620 """\n', id="tis-620"
    ),
    pytest.param("src/uuid.py", "# (EUI-48) MAC address\n", id="eui-48"),
    pytest.param(
        "src/locale.py", "    'fa_ir.isiri3342': 'fa_IR.ISIRI-3342',\n", id="locale-alias"
    ),
    pytest.param("src/np.py", "# as of NEP-7, datetime64 is supported\n", id="nep"),
    pytest.param(
        "src/_spdx.py",
        "    'afl-1.1': {'id': 'AFL-1.1', 'deprecated': False},\n"
        "    'apsl-2.0': {'id': 'APSL-2.0', 'deprecated': False},\n",
        id="spdx-table",
    ),
    pytest.param("src/h.py", "headers['X-Forwarded-For'] = ip\n", id="http-header"),
    pytest.param("src/w.py", "ENC = 'ISO-8859-1'\nCP = 'CP-1252'\n", id="encodings"),
    pytest.param("src/k.go", 'const alg = "ES-256" // JWS\n', id="jws"),
    pytest.param("src/c.ts", "const id = uuid(); // 3F2504E0-4F89-11D3\n", id="uuid"),
    pytest.param("src/r.py", "r = re.compile('[A-Z]-[0-9]')\n", id="regex-class"),
    pytest.param("src/v.py", "__version__ = '2.0.0-rc-1'\n", id="version"),
    pytest.param("src/d.sql", "-- date 2024-01-01\n", id="date"),
    pytest.param("src/m.rs", "// implements PKCS-7 padding\n", id="pkcs"),
    pytest.param("src/s.java", "// compliant with WCAG-2 AA\n", id="wcag"),
    pytest.param("src/z.c", "/* MIL-STD-1553 bus */\n", id="mil-std"),
    pytest.param("src/t.py", "# ticket JIRA-99 of another team\n", id="other-trackers-key"),
    pytest.param("src/u.py", "# upstream GH-99\n", id="bracketed-public-ref-in-plan"),
    pytest.param("web/api.html", "<p>conforms to XSLT-1.0</p>\n", id="libxslt-docs"),
    pytest.param("web/news.html", "<li>DWARF-1 support dropped</li>\n", id="valgrind-news"),
]


@pytest.mark.parametrize(("name", "text"), SILENT)
def test_silent(root, name, text):
    assert write(root, name, text) == []


# Without a plans folder and without a pattern there is nothing to look for.
NOTHING_TO_LEARN = [
    "# TM-10: retry\n",
    "# Phase-B\n",
    "# ABC-123: Phase-A1 of the plan\n",
    "# JIRA-99\n",
    "# GH-47701\n",
    "MODEL = 'GPT-4'\n",
]


@pytest.mark.parametrize("text", NOTHING_TO_LEARN)
def test_no_plans_folder_and_no_pattern_is_silent(bare, text):
    assert write(bare, "src/app.py", text) == []


def test_configured_pattern_without_plans(bare):
    found = write(bare, "src/a.py", "# PROJ-12 and PROJ-3\n", tracking__pattern="PROJ-[0-9]+")
    assert summary(found) == [("src/a.py", "PROJ-12, PROJ-3", "1")]
    # a broad pattern still never reports public references
    broad = r"\b[A-Z]+-[0-9]+\b"
    text = "# GH-47701 GPT-4 ORA-00942 SOC-2 RTX-4090 ISBN-13 CVE-2024 RS-232 ICD-10 KEY-9\n"
    assert summary(write(bare, "src/b.py", text, tracking__pattern=broad)) == [
        ("src/b.py", "KEY-9", "1")
    ]


def test_configured_pattern_adds_to_the_learned_ids(root):
    found = write(root, "src/a.py", "# TM-10 and PROJ-1\n", tracking__pattern="PROJ-[0-9]+")
    assert summary(found) == [("src/a.py", "PROJ-1, TM-10", "1")]  # pattern's first


def test_invalid_pattern_is_logged_once_and_the_plans_still_count(root, bare, capfd):
    _tracking_scan._compiled.clear()
    assert write(bare, "a.py", "# TM-10\n", tracking__pattern="(unclosed") == []
    assert write(bare, "b.py", "# TM-10\n", tracking__pattern="(unclosed") == []
    assert capfd.readouterr().err.count("not a valid regular expression") == 1
    assert summary(write(root, "a.py", "# TM-10\n", tracking__pattern="(unclosed"))
    assert write(bare, "a.py", "x = 1\n", tracking__pattern="x*") == []  # empty matches


def test_configured_plans_folder(tmp_path):
    folder = make_project(tmp_path, plans=False)
    (tmp_path / "bare" / "planning").mkdir()
    (tmp_path / "bare" / "planning" / "p.md").write_text("## KX-1: start\n")
    assert write(folder, "src/x.py", "# KX-1\n") == []  # the default folder is absent
    found = write(folder, "src/x.py", "# KX-2\n", plans__folder="planning")
    assert summary(found) == [("src/x.py", "KX-2", "1")]
    assert write(folder, "planning/x.py", "# KX-1\n", plans__folder="./planning/") == []
    absolute = str(tmp_path / "bare" / "planning")
    assert summary(write(folder, "src/x.py", "# KX-3\n", plans__folder=absolute))
    assert write(folder, "src/x.py", "# KX-3\n", plans__folder="") == []


def test_numbered_phase_defined_outside_a_heading_counts_everywhere(tmp_path):
    folder = make_project(tmp_path)
    extra = os.path.join(folder, ".caveat", "plans", "more.md")
    with open(extra, "w") as handle:
        handle.write("- Phase 3: the rollout\n")
    assert summary(write(folder, "src/a.py", "# Phase 3 of the rollout\n")) == [
        ("src/a.py", "Phase 3", "1")
    ]


def test_what_is_learned_is_cached_by_the_folders_stamp(root):
    plan = os.path.join(root, ".caveat", "plans", "billing.md")
    folder = os.path.dirname(plan)
    env = dict(os.environ)
    first = learn.vocabulary(env, folder)
    assert "TM" in first.prefixes and "B" in first.phases and "plan7" in first.ids
    cache = os.path.join(os.environ["CAVEAT_STATE_DIR"], learn.CACHE_FILE)
    with open(cache) as handle:
        stored = json.load(handle)["entries"][folder]
    assert "TM" in stored["prefixes"]
    assert stored["numbered"] == ["3"] and "3" not in stored["phases"]
    assert "Phase-A1" in stored["ids"] and "phase-b2" in stored["ids"]
    assert "9" in stored["phases"]  # a line-start "Phase 9 was dropped" defines it
    # same size and modification time: the cache answers, the file is not read again
    info = os.stat(plan)
    with open(plan, "r+") as handle:
        text = handle.read()
        handle.seek(0)
        handle.write(text.replace("TM-10", "QQ-10"))
    os.utime(plan, ns=(info.st_atime_ns, info.st_mtime_ns))
    os.utime(folder, ns=(os.stat(folder).st_atime_ns, os.stat(folder).st_mtime_ns))
    assert "QQ" not in learn.vocabulary(env, folder).prefixes
    # a changed stamp reads the folder again
    os.utime(plan, ns=(info.st_atime_ns, info.st_mtime_ns + 10_000_000))
    assert "QQ" in learn.vocabulary(env, folder).prefixes


def test_a_new_plan_file_is_learned(root):
    assert write(root, "src/a.py", "# ZED-1\n") == []
    with open(os.path.join(root, ".caveat", "plans", "zed.md"), "w") as handle:
        handle.write("- [ ] ZED-1 first\n")
    assert summary(write(root, "src/a.py", "# ZED-1\n")) == [("src/a.py", "ZED-1", "1")]


def test_a_corrupt_cache_is_rebuilt(root):
    state = os.environ["CAVEAT_STATE_DIR"]
    os.makedirs(state, exist_ok=True)
    with open(os.path.join(state, learn.CACHE_FILE), "w") as handle:
        handle.write("{not json")
    assert summary(write(root, "src/a.py", "# TM-10\n"))


def test_ids_already_in_the_file_are_not_reported(root):
    path = os.path.join(root, "src", "app.py")
    os.makedirs(os.path.dirname(path))
    with open(path, "w") as f:
        f.write("# TM-10: legacy\nx = 1\n")
    assert write(root, "src/app.py", "# TM-10: legacy\nx = 2\n") == []
    findings = write(root, "src/app.py", "# TM-10: legacy\nx = 2  # TM-11\n")
    assert summary(findings) == [("src/app.py", "TM-11", "2")]
    assert findings[0].key == "TM-11"


def test_edit_names_lines_of_the_file_and_uses_the_edit_message(root):
    path = os.path.join(root, "src", "app.py")
    os.makedirs(os.path.dirname(path))
    with open(path, "w") as f:
        f.write("a = 1\nb = 2\nc = 3\n")
    edit = FileEdit(path, "c = 4  # Phase-B\n", FRAGMENT, old="c = 3\n")
    findings = run(Event("PreToolUse", tool="Edit", edits=(edit,), cwd=root))
    assert summary(findings) == [("src/app.py", "Phase-B", "3")]
    assert findings[0].message == "pretooluse-edit"
    multi = run(Event("PreToolUse", tool="MultiEdit", edits=(edit,), cwd=root))
    assert multi[0].message == "pretooluse-edit"


def test_edit_whose_old_fragment_had_the_id_is_silent(root):
    path = os.path.join(root, "src", "gone.py")  # not on disk: fragments compared
    edit = FileEdit(path, "x = 2  # TM-10\n", FRAGMENT, old="x = 1  # TM-10\n")
    assert run(Event("PreToolUse", tool="Edit", edits=(edit,), cwd=root)) == []
    edit = FileEdit(path, "x = 1\ny = 2  # TM-12\n", FRAGMENT, old="x = 1\n")
    findings = run(Event("PreToolUse", tool="Edit", edits=(edit,), cwd=root))
    assert summary(findings) == [("src/gone.py", "TM-12", "2 (of the edited text)")]


def test_post_tool_use_write_reports_the_written_file(root):
    path = os.path.join(root, "app.py")
    with open(path, "w") as f:
        f.write("# TM-10\n")  # already written
    assert summary(write(root, "app.py", "# TM-10\n", "PostToolUse")) == [("app.py", "TM-10", "1")]


def test_notebook_cell_edit_and_notebook_write(root):
    path = os.path.join(root, "nb.ipynb")
    cell = FileEdit(path, "x = 1\n# Phase-B\n", CELL)
    findings = run(Event("PreToolUse", tool="NotebookEdit", edits=(cell,), cwd=root))
    assert summary(findings) == [("nb.ipynb", "Phase-B", "2 (of the edited text)")]
    assert findings[0].message == "pretooluse-notebookedit"
    notebook = {
        "cells": [
            {"cell_type": "markdown", "source": ["Plan: TM-10\n"]},
            {"cell_type": "code", "source": ["import os\n", "# TM-11\n"]},
        ]
    }
    assert summary(write(root, "nb.ipynb", json.dumps(notebook))) == [
        ("nb.ipynb", "TM-11", "cell 2 line 2")
    ]


def test_deleted_file_is_silent(root):
    path = os.path.join(root, "app.py")
    event = Event("PreToolUse", tool="Edit", edits=(FileEdit(path, "", DELETE),), cwd=root)
    assert run(event) == []


def test_path_outside_git_root_uses_an_absolute_plans_folder(tmp_path, root):
    path = str(tmp_path / "loose.py")
    event = Event("PreToolUse", tool="Write", edits=(FileEdit(path, "# TM-10\n"),))
    assert run(event) == []  # no git root: the relative plans folder is nowhere
    plans = os.path.join(root, ".caveat", "plans")
    assert summary(run(event, plans__folder=plans)) == [(path, "TM-10", "1")]


def test_big_text_is_linear(root):
    text = "TM-" * 2_000_000 + "\n# TM-10\n"
    assert summary(write(root, "big.py", text)) == [("big.py", "TM-10", "2")]


def test_pattern_compiled_once():
    _tracking_scan._compiled.clear()
    assert _tracking_scan.compiled("TM-1") is _tracking_scan.compiled("TM-1")


def test_silent_path_imports_neither_re_nor_the_analysis(tmp_path):
    bare = make_project(tmp_path, plans=False)
    code = (
        "import sys\n"
        "from caveat.event import Event, FileEdit\n"
        "from caveat.guards.base import Context\n"
        "from caveat.guards import tracking_ids\n"
        f"root = {bare!r}\n"
        "def w(name, text):\n"
        "    return Event('PreToolUse', tool='Write', edits=(FileEdit(root + name, text),))\n"
        "events = [w('/notes.md', '# TM-10'), w('/src/app.py', 'x = 1'), w('/a.py', '# TM-10')]\n"
        "for e in events:\n"
        "    assert tracking_ids.check(e, Context(e, env={})) == []\n"
        "print('re' in sys.modules, 'caveat.guards.tracking_ids.learn' in sys.modules)\n"
    )
    assert isolated_words(code) == ["False", "False"]


def test_cache_hit_imports_no_regular_expressions(root):
    learn.vocabulary(dict(os.environ), os.path.join(root, ".caveat", "plans"))  # warm
    code = (
        "import sys\n"
        "from caveat.event import Event, FileEdit\n"
        "from caveat.guards.base import Context\n"
        "from caveat.guards import tracking_ids\n"
        f"edit = FileEdit({root!r} + '/a.py', 'x = 1')\n"
        "e = Event('PreToolUse', tool='Write', edits=(edit,))\n"
        "assert tracking_ids.check(e, Context(e, env=dict(__import__('os').environ))) == []\n"
        "print('re' in sys.modules, 'caveat.guards.tracking_ids.defs' in sys.modules)\n"
    )
    assert isolated_words(code) == ["False", "False"]
