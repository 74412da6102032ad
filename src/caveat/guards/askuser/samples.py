"""The askuser guard's preview values and benchmark call (see ``caveat.guards``)."""

from __future__ import annotations

SAMPLES: dict[tuple[str, str], dict[str, str]] = {
    ("pretooluse-askuserquestion-recommended", ""): {
        "question": "Which database should the service use?",
        "problem": "marks no option as recommended",
        "labels": '"PostgreSQL", "SQLite"',
        "fix": "",
    },
    ("pretooluse-askuserquestion-recommended", "destructive"): {
        "question": "Which database should the service use?",
        "problem": "recommends a destructive option (delete)",
        "labels": '"Delete the old branch (Recommended)"',
        "fix": "",
    },
    ("pretooluse-askuserquestion-recommended", "form"): {
        "question": "Which database should the service use?",
        "problem": "marks the recommended option in a non-canonical form",
        "labels": '"PostgreSQL (recommended)"',
        "fix": '"PostgreSQL (Recommended)"',
    },
    ("pretooluse-askuserquestion-recommended", "several"): {
        "question": "Which database should the service use?",
        "problem": "marks 2 options as recommended in a single-select question",
        "labels": '"PostgreSQL (Recommended)", "SQLite (Recommended)"',
        "fix": "",
    },
}

# A call that makes the guard fire in a fresh session; {project} is the project root.
BENCH: dict[str, object] = {
    "hook_event_name": "PreToolUse",
    "tool_name": "AskUserQuestion",
    "tool_input": {
        "questions": [
            {
                "question": "Which database?",
                "header": "DB",
                "options": [{"label": "Postgres (recommended)"}, {"label": "SQLite"}],
            }
        ]
    },
}
