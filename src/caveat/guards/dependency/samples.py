"""The dependency guard's preview values and benchmark call (see ``caveat.guards``)."""

from __future__ import annotations

SAMPLES: dict[tuple[str, str], dict[str, str]] = {
    ("pretooluse-dependency-guard", "unread"): {
        "unread": "characters 2,097,153–16,777,216",
    },
    ("pretooluse-dependency-guard", ""): {
        "path": "package.json",
        "ecosystem": "npm",
        "kind": "manifest",
        "packages": "lodash ^4.17.21 (added)",
        "action": "adds",
        "regenerate": "npm install",
        "local": "",
    },
    ("pretooluse-dependency-guard", "command"): {
        "command": "pip install pandas==2.2",
        "manager": "pip",
        "ecosystem": "PyPI",
        "action": "installs packages into the environment without recording them in the project",
        "packages": "pandas==2.2",
    },
    ("pretooluse-dependency-guard", "installed"): {
        "path": "node_modules/lodash/index.js",
        "ecosystem": "npm",
        "kind": "installed package tree",
        "regenerate": "npm install",
    },
    ("pretooluse-dependency-guard", "lockfile"): {
        "path": "package-lock.json",
        "ecosystem": "npm",
        "kind": "lockfile",
        "regenerate": "npm install",
        "action": "edit",
    },
    ("pretooluse-dependency-guard", "unparseable"): {
        "path": "package.json",
        "ecosystem": "npm",
        "kind": "manifest",
        "problem": "invalid JSON (malformed JSON)",
        "packages": "react ^18.2.0→^18.3.0 (re-versioned)",
        "regenerate": "npm install",
    },
    ("pretooluse-dependency-guard", "reference"): {
        "path": "Dockerfile",
        "ecosystem": "Docker",
        "kind": "infrastructure reference",
        "packages": "python 3.11-slim→3.12-slim (re-versioned)",
        "action": "re-versions",
        "regenerate": "",
        "local": "",
    },
}

# The project's package.json holds react; the call adds lodash.
# A call that makes the guard fire in a fresh session; {project} is the project root.
BENCH: dict[str, object] = {
    "hook_event_name": "PreToolUse",
    "tool_name": "Write",
    "tool_input": {
        "file_path": "{project}/package.json",
        "content": (
            '{\n  "name": "demo",\n  "dependencies": {\n'
            '    "react": "^18.2.0",\n    "lodash": "^4.17.21"\n  }\n}\n'
        ),
    },
}
