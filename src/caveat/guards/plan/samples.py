"""The plan guard's preview values and benchmark call (see ``caveat.guards``)."""

from __future__ import annotations

SAMPLES: dict[tuple[str, str], dict[str, str]] = {
    ("pretooluse-write-plan-guard", ""): {
        "path": "docs/plan.md",
        "plans_folder": ".caveat/plans/",
        "signals": (
            "front-matter key plan:, front-matter key phases:, phase/status table, heading "
            '"Resumption", front-matter key status:'
        ),
    },
    ("pretooluse-write-plan-guard", "global"): {
        "path": "~/.claude/plans/auth.md",
        "plans_folder": "/home/dev/shop/.caveat/plans/",
        "signals": (
            "front-matter key plan:, front-matter key phases:, phase/status table, heading "
            '"Resumption", front-matter key status:'
        ),
    },
    ("pretooluse-write-plan-guard", "plan-mode"): {
        "path": "src/app.py",
    },
}

# A call that makes the guard fire in a fresh session; {project} is the project root.
BENCH: dict[str, object] = {
    "hook_event_name": "PreToolUse",
    "tool_name": "Write",
    "tool_input": {
        "file_path": "{project}/docs/cache.md",
        "content": "---\nplan: cache-layer\nphases: 2\n---\nAdd a read-through cache.\n",
    },
}
