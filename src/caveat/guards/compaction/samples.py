"""The compaction guard's preview values and benchmark call (see ``caveat.guards``)."""

from __future__ import annotations

SAMPLES: dict[tuple[str, str], dict[str, str]] = {
    ("posttooluse-proactive-compaction", ""): {
        "tokens": "152,340",
        "threshold": "150,000 tokens",
        "calls": "212",
        "bytes": "1.4 MB",
    },
    ("posttooluse-proactive-compaction", "counted"): {
        "threshold": "200 tool calls or 2.0 MB of tool output",
        "calls": "204",
        "bytes": "1.1 MB",
    },
}

# A call that makes the guard fire in a fresh session; {project} is the project root.
BENCH: dict[str, object] = {
    "hook_event_name": "PostToolUse",
    "tool_name": "Bash",
    "tool_input": {"command": "ls"},
    "tool_response": {"stdout": "x" * 1000},
}
# A threshold the first call reaches.
BENCH_CONFIG = "[compaction]\nthreshold_calls = 1\n"
