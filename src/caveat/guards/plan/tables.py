"""What plan-shaped text looks like, where plans belong, and which shell commands
change files, as data (the plan guards).

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


# Where harnesses keep their own configuration (relative to the home folder; an
# environment variable that moves one comes first). Plan text written under any of
# them is "global".
HARNESS_DIRS = (
    ("CLAUDE_CONFIG_DIR", ".claude"),
    ("CODEX_HOME", ".codex"),
    ("GEMINI_CONFIG_DIR", ".gemini"),
    ("", ".qwen"),
    ("", ".cursor"),
    ("", ".copilot"),
    ("", ".kiro"),
    ("", ".codebuddy"),
    ("", ".codeium"),
    ("", ".windsurf"),
    ("", ".devin"),
    ("", ".apothem"),
    ("XDG_CONFIG_HOME", ".config"),
)
# Folders where harnesses write their own plan files (plan mode may write there).
HARNESS_PLAN_DIRS = (
    ("CLAUDE_CONFIG_DIR", ".claude", "plans"),
    ("", ".cursor", "plans"),
)
TEMP_DIRS = ("/tmp", "/var/tmp", "/private/tmp", "/dev/shm")
TEMP_ENV = ("TMPDIR", "TEMP", "TMP")


# Shell commands that change files, by command word (lower case, ``.exe`` removed):
# the action they perform on their path arguments. ``DEST`` commands change only
# their last path argument (the destination); ``mv`` changes its sources too.
DELETES = frozenset({"rm", "unlink", "shred", "rmdir", "srm", "trash", "trash-put"})
MOVES = frozenset({"mv"})
COPIES = frozenset({"cp", "install", "rsync", "scp", "ln"})
CREATES = frozenset({"touch", "mkdir"})
TRUNCATES = frozenset({"truncate"})
IN_PLACE = frozenset({"sed", "gsed", "perl"})
TEES = frozenset({"tee"})
# Options of these commands that take the next word as their value.
VALUE_OPTIONS = {
    "cp": frozenset({"-t", "--target-directory", "-S", "--suffix"}),
    "mv": frozenset({"-t", "--target-directory", "-S", "--suffix"}),
    "install": frozenset({"-m", "--mode", "-o", "--owner", "-g", "--group", "-t", "-S"}),
    "ln": frozenset({"-t", "--target-directory", "-S", "--suffix"}),
    "truncate": frozenset({"-s", "--size", "-r", "--reference"}),
    "rsync": frozenset({"-e", "--rsh", "--exclude", "--include", "--filter", "-f"}),
    "scp": frozenset({"-P", "-i", "-o", "-F", "-c", "-l", "-S", "-J"}),
    "sed": frozenset({"-e", "--expression", "-f", "--file", "-l", "--line-length"}),
    "perl": frozenset({"-e", "-E", "-M", "-I", "-m"}),
    "mkdir": frozenset({"-m", "--mode"}),
    "touch": frozenset({"-d", "--date", "-r", "--reference", "-t"}),
    "tee": frozenset(),
}

# git sub-commands and what they do to their path arguments ("" : to the working
# tree or repository as a whole, which plan mode reports but the plans-folder check,
# needing a path, does not).
GIT_PATH_ACTIONS = {
    "rm": "deletes",
    "mv": "moves",
    "checkout": "overwrites",
    "restore": "overwrites",
}
GIT_MUTATIONS = frozenset(
    {
        "add",
        "am",
        "apply",
        "checkout",
        "cherry-pick",
        "clean",
        "commit",
        "merge",
        "mv",
        "pull",
        "rebase",
        "reset",
        "restore",
        "revert",
        "rm",
        "stash",
        "switch",
    }
)
GIT_GLOBAL_VALUES = frozenset({"-C", "-c", "--git-dir", "--work-tree", "--namespace"})

# PowerShell cmdlets and aliases (lower case): the action, and the parameters that
# name the changed path.
POWERSHELL = {
    "remove-item": "deletes",
    "ri": "deletes",
    "del": "deletes",
    "erase": "deletes",
    "rd": "deletes",
    "move-item": "moves",
    "mi": "moves",
    "move": "moves",
    "rename-item": "moves",
    "ren": "moves",
    "rni": "moves",
    "copy-item": "overwrites",
    "cpi": "overwrites",
    "copy": "overwrites",
    "set-content": "overwrites",
    "sc": "overwrites",
    "out-file": "overwrites",
    "add-content": "appends to",
    "ac": "appends to",
    "new-item": "creates",
    "ni": "creates",
    "clear-content": "truncates",
    "clc": "truncates",
    "rm": "deletes",
    "rmdir": "deletes",
    "mv": "moves",
    "cp": "overwrites",
}
POWERSHELL_PATHS = frozenset({"-path", "-literalpath", "-filepath", "-destination", "-lp"})

# Redirection targets that are not files.
DISCARD_TARGETS = frozenset({"/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty", "nul", "$null"})

# PowerShell parameters that take the next word as their value.
POWERSHELL_VALUES = frozenset(
    {
        "-value",
        "-encoding",
        "-itemtype",
        "-name",
        "-newname",
        "-filter",
        "-include",
        "-exclude",
        "-credential",
        "-stream",
        "-inputobject",
        "-width",
        "-type",
    }
)
POWERSHELL_CWD = frozenset({"cd", "chdir", "set-location", "sl", "pushd", "push-location"})

# What a shell change does to a file in the plans folder that the bash plan guard
# reports; creating folders or touching timestamps there is left alone.
FOLDER_ACTIONS = frozenset(
    {
        "deletes",
        "moves",
        "overwrites",
        "copies into",
        "appends to",
        "edits in place",
        "truncates",
        "removes from git",
    }
)
