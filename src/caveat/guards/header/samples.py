"""The header guard's preview values and benchmark call (see ``caveat.guards``)."""

from __future__ import annotations

SAMPLES: dict[tuple[str, str], dict[str, str]] = {
    ("pretooluse-edit-header-guard", ""): {
        "path": "new.py",
        "problem": "has no SPDX-License-Identifier line",
        "expected": "# SPDX-License-Identifier: MIT",
        "position": "as the first line",
        "source": "the project follows REUSE (LICENSES/), so `reuse lint` checks every file",
    },
    ("pretooluse-edit-header-guard", "removed"): {
        "path": "a.py",
        "problem": "loses its header in this edit",
        "expected": "# SPDX-License-Identifier: MIT",
        "position": "as the first line",
        "source": "the project follows REUSE (LICENSES/), so `reuse lint` checks every file",
    },
    ("pretooluse-write-header-guard", ""): {
        "path": "src/app.py",
        "problem": "has no SPDX-License-Identifier line",
        "expected": "# SPDX-License-Identifier: MIT",
        "position": "as the first line",
        "source": "the project follows REUSE (LICENSES/), so `reuse lint` checks every file",
    },
    ("pretooluse-write-header-guard", "boilerplate"): {
        "path": "pkg/api/types.go",
        "problem": "does not start with the license block the project's files carry",
        "expected": "hack/boilerplate/boilerplate.go.txt",
        "position": "at the top of the file",
        "source": (
            "hack/verify-boilerplate.sh checks it; 38 of 40 sampled files of this type carry it"
        ),
    },
}

# A call that makes the guard fire in a fresh session; {project} is the project root.
BENCH: dict[str, object] = {
    "hook_event_name": "PreToolUse",
    "tool_name": "Write",
    "tool_input": {"file_path": "{project}/src/new.py", "content": "def new():\n    return 1\n"},
}
# The benchmark project names a license, so the guard has a policy.
BENCH_CONFIG = '[header]\nlicense = "MIT"\n'
