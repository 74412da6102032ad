"""The tracking-ids guard's preview values and benchmark call (see ``caveat.guards``)."""

from __future__ import annotations

SAMPLES: dict[tuple[str, str], dict[str, str]] = {
    ("pretooluse-edit", ""): {
        "path": "src/app.py",
        "ids": "Phase-B",
        "lines": "3",
    },
    ("pretooluse-notebookedit", ""): {
        "path": "nb.ipynb",
        "ids": "Phase-B",
        "lines": "2 (of the edited text)",
    },
    ("pretooluse-write", ""): {
        "path": "src/app.py",
        "ids": "TM-10",
        "lines": "1",
    },
}

# A call that makes the guard fire in a fresh session; {project} is the project root.
BENCH: dict[str, object] = {
    "hook_event_name": "PreToolUse",
    "tool_name": "Write",
    "tool_input": {
        "file_path": "{project}/src/app.py",
        "content": "# ABC-123: Phase-A of the plan\nx = 1\n",
    },
}
# The plans folder that defines those ids (the guard learns its vocabulary there).
BENCH_FILES = {".caveat/plans/bench.md": "# Bench plan\n\n## Phase A\n\n- [ ] ABC-123 first step\n"}
