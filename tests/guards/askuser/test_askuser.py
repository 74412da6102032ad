"""The askuser guard: how AskUserQuestion options mark the recommended choice."""

from __future__ import annotations

import pytest

from caveat.event import Event
from caveat.guards import askuser
from caveat.guards import spec
from caveat.guards.base import Context
from tests.helpers import check
from tests.helpers import isolated_words

QUESTION = "Which database should the service use?"


def ask(*options, multi=False, question=QUESTION):
    """A tool input with one question; options are labels or (label, description)."""
    opts = [
        {"label": o[0], "description": o[1]}
        if isinstance(o, tuple)
        else {"label": o, "description": ""}
        for o in options
    ]
    return {
        "questions": [{"question": question, "header": "DB", "multiSelect": multi, "options": opts}]
    }


def summary(tool_input):
    """(variant, deny, labels, fix) of each finding, after the shared checks."""
    out = []
    for f in askuser.input_findings(tool_input):
        values = f.value_map()
        assert set(values) == {"question", "problem", "labels", "fix"}
        assert f.key.endswith(":" + values["question"])
        out.append((f.variant, f.deny, values["labels"], values["fix"]))
    return out


FIRING = [
    # -- none marked (nudge)
    pytest.param(
        ask("PostgreSQL", "SQLite"), [("", False, '"PostgreSQL", "SQLite"', "")], id="none"
    ),
    pytest.param(
        ask("A", "B", "C", "Other"), [("", False, '"A", "B", "C"', "")], id="none-other-not-listed"
    ),
    pytest.param(
        ask(("PostgreSQL", "Recommended for most projects"), "SQLite"),
        [("", False, '"PostgreSQL", "SQLite"', "")],
        id="none-prose-recommended-in-description",
    ),
    pytest.param(
        ask("Use the recommended defaults", "Tune by hand"),
        [("", False, '"Use the recommended defaults", "Tune by hand"', "")],
        id="none-recommended-as-a-word",
    ),
    pytest.param(
        ask("PostgreSQL (Not recommended)", "SQLite"),
        [("", False, '"PostgreSQL (Not recommended)", "SQLite"', "")],
        id="none-not-recommended",
    ),
    # -- non-canonical forms (deny)
    pytest.param(
        ask("PostgreSQL (recommended)", "SQLite"),
        [("form", True, '"PostgreSQL (recommended)"', '"PostgreSQL (Recommended)"')],
        id="form-lowercase",
    ),
    pytest.param(
        ask("PostgreSQL (RECOMMENDED)", "SQLite"),
        [("form", True, '"PostgreSQL (RECOMMENDED)"', '"PostgreSQL (Recommended)"')],
        id="form-uppercase",
    ),
    pytest.param(
        ask("PostgreSQL [Recommended]", "SQLite"),
        [("form", True, '"PostgreSQL [Recommended]"', '"PostgreSQL (Recommended)"')],
        id="form-square-brackets",
    ),
    pytest.param(
        ask("[Recommended] PostgreSQL", "SQLite"),
        [("form", True, '"[Recommended] PostgreSQL"', '"PostgreSQL (Recommended)"')],
        id="form-prefix-brackets",
    ),
    pytest.param(
        ask("Recommended: PostgreSQL", "SQLite"),
        [("form", True, '"Recommended: PostgreSQL"', '"PostgreSQL (Recommended)"')],
        id="form-prefix-colon",
    ),
    pytest.param(
        ask("PostgreSQL - recommended", "SQLite"),
        [("form", True, '"PostgreSQL - recommended"', '"PostgreSQL (Recommended)"')],
        id="form-dash-suffix",
    ),
    pytest.param(
        ask("PostgreSQL — Recommended", "SQLite"),
        [("form", True, '"PostgreSQL — Recommended"', '"PostgreSQL (Recommended)"')],
        id="form-em-dash-suffix",
    ),
    pytest.param(
        ask("PostgreSQL (Recommended option)", "SQLite"),
        [("form", True, '"PostgreSQL (Recommended option)"', '"PostgreSQL (Recommended)"')],
        id="form-recommended-option",
    ),
    pytest.param(
        ask("PostgreSQL (Rec)", "SQLite"),
        [("form", True, '"PostgreSQL (Rec)"', '"PostgreSQL (Recommended)"')],
        id="form-rec",
    ),
    pytest.param(
        ask("PostgreSQL ( Recommended )", "SQLite"),
        [("form", True, '"PostgreSQL ( Recommended )"', '"PostgreSQL (Recommended)"')],
        id="form-inner-spaces",
    ),
    pytest.param(
        ask("PostgreSQL(Recommended)", "SQLite"),
        [("form", True, '"PostgreSQL(Recommended)"', '"PostgreSQL (Recommended)"')],
        id="form-no-space",
    ),
    pytest.param(
        ask("PostgreSQL (Recommended) for now", "SQLite"),
        [
            (
                "form",
                True,
                '"PostgreSQL (Recommended) for now"',
                '"PostgreSQL for now (Recommended)"',
            )
        ],
        id="form-not-at-end",
    ),
    pytest.param(
        ask("**Recommended**: PostgreSQL", "SQLite"),
        [("form", True, '"**Recommended**: PostgreSQL"', '"PostgreSQL (Recommended)"')],
        id="form-markdown-bold",
    ),
    pytest.param(
        ask(("PostgreSQL", "(Recommended) Already used by billing."), "SQLite"),
        [("form", True, '"PostgreSQL"', '"PostgreSQL (Recommended)"')],
        id="form-in-description",
    ),
    pytest.param(
        ask(("PostgreSQL", "Recommended."), "SQLite"),
        [("form", True, '"PostgreSQL"', '"PostgreSQL (Recommended)"')],
        id="form-description-is-the-marker",
    ),
    # -- several in single-select (deny)
    pytest.param(
        ask("PostgreSQL (Recommended)", "SQLite (Recommended)"),
        [("several", True, '"PostgreSQL (Recommended)", "SQLite (Recommended)"', "")],
        id="several",
    ),
    pytest.param(
        ask("PostgreSQL (Recommended)", "SQLite [recommended]", "MySQL"),
        [
            ("form", True, '"SQLite [recommended]"', '"SQLite (Recommended)"'),
            ("several", True, '"PostgreSQL (Recommended)", "SQLite [recommended]"', ""),
        ],
        id="several-and-form",
    ),
    # -- destructive recommended (nudge)
    pytest.param(
        ask("Delete the old branch (Recommended)", "Keep it"),
        [("destructive", False, '"Delete the old branch (Recommended)"', "")],
        id="destructive-delete",
    ),
    pytest.param(
        ask("Force-push the rebased branch (Recommended)", "Open a new PR"),
        [("destructive", False, '"Force-push the rebased branch (Recommended)"', "")],
        id="destructive-force-push",
    ),
    pytest.param(
        ask(("Start fresh (Recommended)", "Runs rm -rf build/ and re-clones"), "Keep"),
        [("destructive", False, '"Start fresh (Recommended)"', "")],
        id="destructive-in-description",
    ),
    pytest.param(
        ask("Drop the users table (Recommended)", "Migrate it"),
        [("destructive", False, '"Drop the users table (Recommended)"', "")],
        id="destructive-drop",
    ),
    pytest.param(
        ask("Overwrite config.yml (Recommended)", "Merge by hand"),
        [("destructive", False, '"Overwrite config.yml (Recommended)"', "")],
        id="destructive-overwrite",
    ),
    pytest.param(
        ask("Discard local changes (Recommended)", "Stash them", multi=True),
        [("destructive", False, '"Discard local changes (Recommended)"', "")],
        id="destructive-multi-select",
    ),
    pytest.param(
        ask("git reset --hard (recommended)", "git stash"),
        [
            ("form", True, '"git reset --hard (recommended)"', '"git reset --hard (Recommended)"'),
            ("destructive", False, '"git reset --hard (recommended)"', ""),
        ],
        id="destructive-and-form",
    ),
]


# A recommended option that proposes to delete, drop, reset, overwrite, discard, wipe,
# purge, erase, destroy, truncate or force-push something: (label, description, word).
DESTRUCTIVE = [
    pytest.param("Delete the old branch", "", "delete", id="delete-branch"),
    pytest.param("Delete all build artifacts", "", "delete", id="delete-artifacts"),
    pytest.param("Drop the legacy table", "", "drop", id="drop-table-words"),
    pytest.param("Run DROP TABLE users", "", "drop table", id="drop-table-sql"),
    pytest.param("Truncate the events table", "", "truncate", id="truncate"),
    pytest.param("DELETE FROM sessions", "", "delete from", id="delete-from-sql"),
    pytest.param("Reset the database", "", "reset", id="reset-database"),
    pytest.param("Reset to origin/main", "", "reset", id="reset-to-remote"),
    pytest.param("Hard-reset the repo", "", "reset", id="hard-reset-compound"),
    pytest.param("Factory reset the device", "", "reset", id="factory-reset"),
    pytest.param("Overwrite the existing file", "", "overwrite", id="overwrite-file"),
    pytest.param("Overwrite config.yml", "", "overwrite", id="overwrite-dotted-name"),
    pytest.param("Discard local changes", "", "discard", id="discard"),
    pytest.param("Wipe the cache folder", "", "wipe", id="wipe"),
    pytest.param("Purge old logs", "", "purge", id="purge"),
    pytest.param("Erase the SD card", "", "erase", id="erase"),
    pytest.param("Destroy the staging stack", "", "destroy", id="destroy"),
    pytest.param("Nuke node_modules", "", "nuke", id="nuke"),
    pytest.param("Clobber the output dir", "", "clobber", id="clobber"),
    pytest.param("Force-push the rebased branch", "", "force-push", id="force-push-hyphen"),
    pytest.param("Force push to main", "", "force push", id="force-push-words"),
    pytest.param("git push -f origin main", "", "push -f", id="push-f"),
    pytest.param("git reset --hard", "", "--hard", id="reset-hard-command"),
    pytest.param("Start fresh", "Runs rm -rf build/ and re-clones", "rm -rf", id="rm-rf-desc"),
    pytest.param(
        "Clean the tree", "git clean -fdx removes untracked files", "git clean", id="git-clean"
    ),
    pytest.param("Replace it", "Deletes the current version first", "deletes", id="verb-in-desc"),
    pytest.param("No rush, delete the branch", "", "delete", id="negation-in-other-clause"),
    pytest.param("Keep the tests but drop the fixtures", "", "drop", id="but-clause"),
    pytest.param("Delete the fork (no backup needed)", "", "delete", id="negation-after-parens"),
    pytest.param("Recreate the index", "Dropping the old one first", "dropping", id="gerund"),
    pytest.param("Update in place", "The old rows are overwritten", "overwritten", id="passive"),
    pytest.param("Reset password for all users now", "", "reset", id="reset-password-as-verb"),
    pytest.param("Delete user accounts older than a year", "", "delete", id="delete-accounts"),
    pytest.param("Erase and reinstall", "", "erase", id="erase-and"),
    pytest.param("Wipe and re-seed the DB", "", "wipe", id="wipe-and-reseed"),
    pytest.param("Purge the CDN cache", "", "purge", id="purge-cdn"),
]

# Recommended options whose labels use those words but propose nothing destructive:
# negated, a nothing-object, compound nouns, feature names, safe variants.
NOT_DESTRUCTIVE = [
    pytest.param("Delete nothing; archive instead", "", id="delete-nothing"),
    pytest.param("Reset-password email flow", "", id="reset-password-compound"),
    pytest.param("Password reset via email link", "", id="password-reset"),
    pytest.param("Add a reset link to the login page", "", id="reset-link"),
    pytest.param("Add a delete button with confirmation", "", id="delete-button"),
    pytest.param("Enable delete protection on the bucket", "", id="delete-protection"),
    pytest.param("Soft delete (set deleted_at)", "", id="soft-delete"),
    pytest.param("Soft-delete the rows", "", id="soft-delete-hyphen"),
    pytest.param("Use a drop-down", "", id="drop-down"),
    pytest.param("Drop-in replacement for requests", "", id="drop-in"),
    pytest.param("Add a drop shadow", "", id="drop-shadow"),
    pytest.param("Force HTTPS redirects", "", id="force-https"),
    pytest.param("Archive instead of deleting", "", id="instead-of"),
    pytest.param("Keep the data; do not reset anything", "", id="do-not-reset"),
    pytest.param("Don't delete, rename it", "", id="dont-delete"),
    pytest.param("Don’t overwrite; write a new file", "", id="curly-apostrophe"),
    pytest.param("Merge without overwriting local edits", "", id="without-overwriting"),
    pytest.param("Never discard uncommitted work", "", id="never-discard"),
    pytest.param("Rather than dropping the column, deprecate it", "", id="rather-than"),
    pytest.param("Skip the reset and rebuild incrementally", "", id="skip-the-reset"),
    pytest.param("Restore the deleted files from backup", "", id="restore-deleted"),
    pytest.param("Undo the reset", "", id="undo-reset"),
    pytest.param("Prevent accidental deletes with a lock", "", id="prevent-deletes"),
    pytest.param("Stash them", "Nothing is deleted or overwritten.", id="nothing-is-deleted"),
    pytest.param("Keep changes", "No files are discarded.", id="no-files-discarded"),
    pytest.param("Implement the DELETE endpoint", "", id="delete-endpoint"),
    pytest.param("Handle the delete event in the reducer", "", id="delete-event"),
    pytest.param("Map the Delete key to remove a row", "", id="delete-key"),
    pytest.param("Add a reset timer", "", id="reset-timer"),
    pytest.param("Reset-token expiry of 15 minutes", "", id="reset-token-compound"),
    pytest.param("Send a password-reset email", "", id="password-reset-hyphen"),
    pytest.param("Write a truncate helper test", "", id="truncate-helper-test"),
    pytest.param("Drop support for Python 3.8", "", id="drop-support"),
    pytest.param("Keep the branch", "", id="keep"),
    pytest.param("Archive the old records", "", id="archive"),
    pytest.param("Rename the file", "", id="rename"),
    pytest.param("Move the logs to cold storage", "", id="move"),
    pytest.param("Rebuild the cache in the background", "", id="rebuild"),
    pytest.param("Create a backup first", "", id="backup"),
    pytest.param("Deprecate the endpoint", "", id="deprecate"),
    pytest.param("Resettable counters (opt-in)", "", id="resettable-is-another-word"),
]


@pytest.mark.parametrize(("label", "description", "word"), DESTRUCTIVE)
def test_destructive_recommended(label, description, word):
    expected = [("destructive", False, f'"{label} (Recommended)"', "")]
    assert summary(ask((label + " (Recommended)", description), "Leave it for later")) == expected
    assert summary_values(ask((label + " (Recommended)", description), "Leave it for later"))[
        "problem"
    ] == (f"recommends a destructive option ({word})")


@pytest.mark.parametrize(("label", "description"), NOT_DESTRUCTIVE)
def test_not_destructive_recommended(label, description):
    assert summary(ask((label + " (Recommended)", description), "Leave it for later")) == []


@pytest.mark.parametrize(("tool_input", "expected"), FIRING)
def test_firing(tool_input, expected):
    assert summary(tool_input) == expected


SILENT = [
    pytest.param(ask("PostgreSQL (Recommended)", "SQLite"), id="canonical"),
    pytest.param(ask("PostgreSQL", "SQLite (Recommended)", "MySQL"), id="canonical-not-first"),
    pytest.param(ask("PostgreSQL (Recommended)  ", "SQLite"), id="canonical-trailing-space"),
    pytest.param(ask("PostgreSQL (Recommended)", "Other"), id="one-real-option-plus-other"),
    pytest.param(ask("PostgreSQL"), id="one-option"),
    pytest.param(ask("PostgreSQL", "Other (please specify)"), id="one-option-plus-other"),
    pytest.param(ask("A", "B", multi=True), id="multi-select-none"),
    pytest.param(ask("A (Recommended)", "B (Recommended)", multi=True), id="multi-select-several"),
    pytest.param(
        ask(("Keep changes (Recommended)", "Nothing is deleted or overwritten."), "Discard"),
        id="negated-destructive-words",
    ),
    pytest.param(ask("Use a drop-down (Recommended)", "Radio buttons"), id="drop-down"),
    pytest.param(ask("Force HTTPS redirects (Recommended)", "Allow HTTP"), id="force-https"),
    pytest.param(
        ask("Delete the branch", "Keep it (Recommended)"), id="destructive-not-recommended"
    ),
    pytest.param(
        ask(("PostgreSQL (Recommended)", "Recommended by the team lead"), "SQLite"),
        id="canonical-with-prose-description",
    ),
    pytest.param(
        ask(("PostgreSQL (Recommended)", "Not recommended for embedded use"), "SQLite"),
        id="canonical-description-mentions-recommended",
    ),
    pytest.param({}, id="empty-input"),
    pytest.param({"questions": []}, id="no-questions"),
    pytest.param({"questions": "Which?"}, id="questions-is-a-string"),
    pytest.param({"questions": [None, 3, "x", []]}, id="questions-of-wrong-types"),
    pytest.param({"questions": [{"question": "Q", "options": "A, B"}]}, id="options-a-string"),
    pytest.param(
        {"questions": [{"question": 1, "options": [{"label": 2}, {"label": None}, {}]}]},
        id="labels-of-wrong-types",
    ),
    pytest.param(
        {"questions": [{"question": "Q", "options": [{"label": "A"}, {"label": "  "}]}]},
        id="blank-label-is-not-an-option",
    ),
    pytest.param(
        {
            "questions": [
                {"question": "Q", "options": ["A (Recommended)", "B"]},
            ]
        },
        id="options-as-plain-strings",
    ),
    pytest.param(None, id="none-input"),
    pytest.param([], id="list-input"),
    pytest.param("AskUserQuestion", id="string-input"),
    pytest.param(
        {
            "questions": [
                {"question": "Q", "multiSelect": "yes", "options": ["A (Recommended)", "B"]}
            ]
        },
        id="multiselect-of-wrong-type-is-single",
    ),
]


@pytest.mark.parametrize("tool_input", SILENT)
def test_silent(tool_input):
    assert askuser.input_findings(tool_input) == []


def test_one_finding_per_question_and_problem():
    tool_input = {
        "questions": [
            ask("A", "B", question="First?")["questions"][0],
            ask("A (Recommended)", "B")["questions"][0],
            ask("C [Recommended]", "D", question="Third?")["questions"][0],
        ]
    }
    findings = askuser.input_findings(tool_input)
    assert [(f.variant, f.value_map()["question"]) for f in findings] == [
        ("", "First?"),
        ("form", "Third?"),
    ]
    assert findings[0].key == "none:First?" and findings[1].key == "form:Third?"


def test_question_is_trimmed_and_falls_back_to_header():
    long = "Why " + "very " * 60 + "long?"
    value = summary_values(ask("A", "B", question=long))["question"]
    assert len(value) == 120 and value.endswith("…")
    tool_input = {"questions": [{"header": "Storage", "options": ["A", "B"]}]}
    assert summary_values(tool_input)["question"] == "Storage"


def summary_values(tool_input):
    (finding,) = askuser.input_findings(tool_input)
    return finding.value_map()


def test_problem_wording():
    assert summary_values(ask("A", "B"))["problem"] == "marks no option as recommended"
    assert summary_values(ask("A (Recommended)", "B (Recommended)"))["problem"] == (
        "marks 2 options as recommended in a single-select question"
    )
    assert summary_values(ask(("A", "(Recommended)"), "B"))["problem"] == (
        "puts the recommendation in the description instead of the label"
    )
    assert summary_values(ask("Wipe the cache (Recommended)", "Keep"))["problem"] == (
        "recommends a destructive option (wipe)"
    )


def test_check_reads_the_events_tool_input():
    empty = Event("PreToolUse", tool="AskUserQuestion")
    assert check("askuser", empty, Context(empty, env={})) == []
    questions = {
        "questions": [
            {
                "question": "Which database?",
                "multiSelect": False,
                "options": [{"label": "Postgres"}, {"label": "SQLite"}],
            }
        ]
    }
    event = Event("PreToolUse", tool="AskUserQuestion", tool_input=questions)
    (finding,) = check("askuser", event, Context(event, env={}))
    assert finding.variant == "" and not finding.deny  # none marked: a nudge
    assert finding.guard == "askuser"
    assert finding.message == "pretooluse-askuserquestion-recommended"
    assert spec("askuser").strict is True


def test_huge_input_is_bounded():
    options = [{"label": f"Option {i}", "description": "x" * 100_000} for i in range(1000)]
    tool_input = {"questions": [{"question": "Q", "options": options}] * 1000}
    findings = askuser.input_findings(tool_input)
    assert len(findings) == askuser.MAX_QUESTIONS
    assert findings[0].value_map()["labels"].endswith("…")


def test_import_stays_light():
    code = (
        "import sys\n"
        "from caveat.guards import askuser\n"
        "askuser.input_findings({'questions': [{'question': 'Q', 'options': ['A', 'B']}]})\n"
        "print('re' in sys.modules, 'caveat.common.shell' in sys.modules)\n"
    )
    assert isolated_words(code) == ["False", "False"]
