"""What plan-shaped text looks like, as data (the plan guard).

A text is plan-shaped when its signals add up to ``THRESHOLD`` with at least one
strong signal among them: a strong signal weighs ``STRONG``, a weak one ``WEAK``, so
two strong signals, or one strong and two weak ones, are needed (weak signals add
at most ``WEAK_CAP``). Each front-matter
key, heading, bold field, table and phrase is one signal; a marker counts once
however often and in whatever form it appears (``status:``, "## Status" and
``**Status:**`` are one signal). Weak signals are what ordinary documents have too
(a README's "Next steps", an ADR's ``status:`` and "## Status", a checklist); they
never fire on their own.

Markers are compared in lower case. Headings match at the start of the heading text
(after ``#`` marks and list numbering) up to a word boundary: "Next steps" matches
"## Next steps (week 2)" but "Done" does not match "## Donations".
"""

from __future__ import annotations

STRONG = 2
WEAK = 1
THRESHOLD = 4
# Weak signals add up to this much at most: a README with every weak marker is
# still a README.
WEAK_CAP = 2


# Keys of a YAML front-matter block (``---`` on the first line).
FRONT_MATTER_STRONG = frozenset(
    {
        "plan",
        "plan-id",
        "plan_id",
        "master-plan",
        "master_plan",
        "phase",
        "phases",
        "phase-id",
        "phase_id",
        "current-phase",
        "current_phase",
        "next-phase",
        "next_phase",
        "resumption",
        "resume-from",
        "resume_from",
    }
)
FRONT_MATTER_WEAK = frozenset(
    {
        "status",
        "task",
        "tasks",
        "task-id",
        "task_id",
        "milestone",
        "milestones",
        "progress",
        "step",
        "steps",
        "resume",
        "next-action",
        "next_action",
        "next-step",
        "next_step",
        "next-steps",
        "next_steps",
        "blockers",
        "depends-on",
        "depends_on",
        "objective",
        "goal",
    }
)

# Markdown headings (any level).
HEADINGS_STRONG = (
    "resumption",
    "resume from",
    "resume here",
    "resume point",
    "resuming",
    "how to resume",
    "where to resume",
    "phase output registry",
    "critical files for next phase",
    "phase in progress",
    "current phase",
    "phase status",
)
HEADINGS_WEAK = (
    "next steps",
    "next step",
    "progress",
    "status",
    "blockers",
    "remaining work",
    "todo",
    "to do",
    "completed",
    "done",
    "work log",
    "current state",
    "files to modify",
    "files to change",
    "critical files",
    "verification",
    "milestones",
    "deliverables",
    "steps",
    "open questions",
)
# Headings of other kinds of documents (ADRs, changelogs, READMEs): when one is
# present (as a second-level or deeper heading, matched whole), the threshold rises
# by COUNTER_RAISE, so a README's roadmap table with a "Next steps" section, or an
# ADR's phased rollout with a "Status" section, stays silent.
COUNTER_HEADINGS = frozenset(
    {
        "decision",
        "decision outcome",
        "consequences",
        "considered options",
        "decision drivers",
        "unreleased",
        "installation",
        "install",
        "usage",
        "contributing",
        "license",
        "getting started",
    }
)
COUNTER_RAISE = 2
DOCUMENT_RAISE = 4
# A first-level heading whose first or last word is one of these is a plan's title
# ("# Plan: add caching", "# Migration plan"): a strong signal. A roadmap title is a
# weak one: "# Roadmap" is how public projects title their product documentation.
TITLE_WORDS = frozenset({"plan"})
TITLE_WORDS_WEAK = frozenset({"roadmap"})
# Files named like a project's public documentation (stem, lower case): the threshold
# rises by DOCUMENT_RAISE, so a ROADMAP.md with phase headings and a status column is
# documentation, not an agent's plan.
DOCUMENT_STEMS = frozenset(
    {
        "readme", "roadmap", "changelog", "changes", "history", "news", "contributing",
        "security", "governance", "code_of_conduct", "faq", "install", "upgrading",
        "support", "authors", "maintainers", "releasing", "release-notes",
    }
)  # fmt: skip
# Prose files that are not Markdown: their headings are underlined (reStructuredText,
# plain text), starred (Org), "=" marked (AsciiDoc) or plain "Label:" lines.
PLAIN_SUFFIXES = (".txt", ".rst", ".org", ".adoc")
# Headings "Phase 1", "Phase B:", "Phase II — rollout": two or more distinct ones are
# one strong signal.
PHASE_HEADING = "phase "

# Bold field names at the start of a line or list item (``**Next action:** …``).
BOLD_STRONG = (
    "phase in progress",
    "task in progress",
    "next action",
    "current phase",
    "current task",
    "resume from",
    "resumption point",
)
BOLD_WEAK = ("blockers", "status", "last updated", "next step", "next steps", "progress")

# Phrases anywhere in the text.
PHRASES_STRONG = ("resumption contract", "phase output registry")

# A markdown table whose header row has a cell from each set.
TABLE_ITEMS = frozenset(
    {"phase", "phase id", "phase-id", "step", "stage", "milestone", "task", "task id", "task-id"}
)
TABLE_STATES = frozenset({"status", "state", "progress", "done", "complete", "completed"})

# Checklist items ("- [ ] write tests") are a weak signal.
CHECKBOXES = ("- [ ]", "- [x]", "* [ ]", "* [x]", "- [X]", "* [X]")
