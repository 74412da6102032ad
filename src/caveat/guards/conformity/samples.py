"""The conformity guard's preview values and benchmark call (see ``caveat.guards``)."""

from __future__ import annotations

SAMPLES: dict[tuple[str, str], dict[str, str]] = {
    ("pretooluse-conformity", ""): {
        "path": ".claude/settings.json",
        "check": "settings-json-parses",
        "problem": (
            "the JSON does not parse: Expecting property name enclosed in double quotes at "
            "line 4, column 3"
        ),
        "fix": "fix the syntax (strict JSON: no comments, no trailing commas)",
    },
    ("pretooluse-conformity", "advisory"): {
        "path": ".claude/settings.json",
        "check": "hooks-timeout-units",
        "problem": (
            "`hooks.PreToolUse[0].hooks[0].timeout` is 30000, but Claude Code counts seconds "
            "(8.3 h)"
        ),
        "fix": 'give seconds: "timeout": 30',
    },
    ("pretooluse-conformity", "secret"): {
        "path": ".claude/settings.json",
        "check": "config-secret",
        "problem": "line 3 holds a credential-shaped token",
        "fix": "read it from an environment variable or a secret store instead, and rotate it",
    },
}

# A call that makes the guard fire in a fresh session; {project} is the project root.
BENCH: dict[str, object] = {
    "hook_event_name": "PreToolUse",
    "tool_name": "Write",
    "tool_input": {
        "file_path": "{project}/.claude/settings.json",
        "content": '{"hooks": {"PreToolUse": [{"x": 1}]}',
    },
}
