"""The call ``scripts/bench.py`` times for this guard (its messages are injected
whole, so no placeholder values to preview).
"""

from __future__ import annotations

SAMPLES: dict[tuple[str, str], dict[str, str]] = {}

# A call that makes the guard fire in a fresh session; {project} is the project root.
BENCH: dict[str, object] = {"hook_event_name": "SessionStart", "source": "startup"}
