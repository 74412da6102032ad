"""The plan-bash guard's preview values and benchmark call (see ``caveat.guards``)."""

from __future__ import annotations

SAMPLES: dict[tuple[str, str], dict[str, str]] = {
    ("pretooluse-bash-plan-guard", "unread"): {
        "unread": "characters 2,097,153–16,777,216",
    },
    ("pretooluse-bash-plan-guard", ""): {
        "command": "cat > .caveat/plans/a.md",
        "action": "overwrites",
        "path": ".caveat/plans/a.md",
    },
    ("pretooluse-bash-plan-guard", "plan-mode"): {
        "command": "echo hi > out.txt",
        "action": "overwrites",
        "path": "out.txt",
    },
}

# In plan mode, a command that edits a file.
# A call that makes the guard fire in a fresh session; {project} is the project root.
BENCH: dict[str, object] = {
    "hook_event_name": "PreToolUse",
    "tool_name": "Bash",
    "tool_input": {"command": "sed -i 's/a/b/' src/main.py"},
    "permission_mode": "plan",
}
