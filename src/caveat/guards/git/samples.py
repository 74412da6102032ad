"""The git guard's preview values and benchmark call (see ``caveat.guards``)."""

from __future__ import annotations

SAMPLES: dict[tuple[str, str], dict[str, str]] = {
    ("pretooluse-bash", "unread"): {
        "unread": "characters 2,097,153–16,777,216",
    },
    ("pretooluse-bash", ""): {
        "command": "git commit --amend --no-edit",
        "action": "rewrites the last commit (commit --amend)",
        "risk": (
            "Rewritten commits get new ids; if the old ones were pushed, the branch diverges "
            "from the remote and can only be published again with a force-push."
        ),
    },
    ("pretooluse-bash", "commit"): {
        "command": "git commit -m fix",
        "action": "creates a commit",
        "risk": "A commit records whatever is staged, under the user's name, in shared history.",
    },
    ("pretooluse-bash", "discard"): {
        "command": "git reset --hard HEAD~2",
        "action": "discards uncommitted work (reset --hard)",
        "risk": "Uncommitted changes have no copy in git: once discarded they are lost for good.",
    },
    ("pretooluse-bash", "force-push"): {
        "command": "/usr/bin/git push --force origin main",
        "action": "force-pushes, replacing the remote branch's history",
        "risk": (
            "Commits on the remote that your local branch lacks are dropped for everyone who "
            "shares the branch."
        ),
    },
}

# A call that makes the guard fire in a fresh session; {project} is the project root.
BENCH: dict[str, object] = {
    "hook_event_name": "PreToolUse",
    "tool_name": "Bash",
    "tool_input": {"command": "git push --force origin main"},
}
