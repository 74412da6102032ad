"""The sessionstart guard's preview values and benchmark call (see ``caveat.guards``)."""

from __future__ import annotations

SAMPLES: dict[tuple[str, str], dict[str, str]] = {
    ("sessionstart", "policy-untrusted"): {
        "root": "/home/dev/shop",
        "files": "`.caveat/config.toml`, `.caveat/rules/no-print.md`",
    },
    ("sessionstart", "policy-lapsed"): {
        "root": "/home/dev/shop",
        "files": "`.caveat/config.toml`, `.caveat/rules/no-print.md`",
        "changed": "`.caveat/rules/no-print.md`",
    },
}

# A call that makes the guard fire in a fresh session; {project} is the project root.
BENCH: dict[str, object] = {"hook_event_name": "SessionStart", "source": "startup"}
