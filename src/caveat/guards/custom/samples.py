"""The custom guard's benchmark call and the rule it matches (see ``caveat.guards``)."""

from __future__ import annotations

SAMPLES: dict[tuple[str, str], dict[str, str]] = {}

# A call that makes the guard fire in a fresh session; {project} is the project root.
BENCH: dict[str, object] = {
    "hook_event_name": "PreToolUse",
    "tool_name": "Write",
    "tool_input": {"file_path": "{project}/src/todo.py", "content": "# TODO(bench) tidy this\n"},
}
# A project rule the call matches.
BENCH_FILES = {
    ".caveat/rules/bench.md": (
        "---\ntools: [Write, Bash]\ncontent: 'TODO\\(bench\\)'\n---\n# bench\n\n"
        "## Advisory\nmatch={match} in {path}\n\n## Procedure\nx\n"
    )
}
