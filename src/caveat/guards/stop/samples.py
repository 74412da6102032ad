"""The stop guard's preview values and benchmark call (see ``caveat.guards``)."""

from __future__ import annotations

SAMPLES: dict[tuple[str, str], dict[str, str]] = {}

# A call that makes the guard fire in a fresh session; {project} is the project root.
BENCH: dict[str, object] = {"hook_event_name": "Stop", "stop_hook_active": False}
# The checklist is opt-in.
BENCH_CONFIG = "[stop]\nenabled = true\n"
