"""What a harness's contract module (``caveat.harnesses.<id>``) provides, and what its
``hookfile`` module (``caveat.harnesses.<id>.hookfile``) provides when it has one.

The payload readers contracts share are in :mod:`caveat.harnesses.shape`; what the
hook-file checks share is in :mod:`caveat.harnesses.hookshape`.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Protocol

    from caveat.event import Event

    class Contract(Protocol):
        ID: str
        # Event names this contract reads, in the vendor's own spelling.
        EVENTS: frozenset[str]
        # Every hook event name the vendor documents (a configuration file may name
        # any of them); a superset of EVENTS.
        HOOK_EVENTS: frozenset[str]
        # The handler types the vendor runs (``command``, ``http``, ``prompt`` …).
        HOOK_TYPES: frozenset[str]
        # Environment variables the vendor sets when it also runs the hooks in Claude
        # Code's settings; empty when it does not (then one event reaches caveat once).
        CLAUDE_HOST_ENV: tuple[str, ...]

        def normalize(
            self, payload: dict[str, object], event_name: str, env: Mapping[str, str]
        ) -> Event | None: ...

        def envelope(self, event: Event, text: str, deny: bool) -> str | None: ...

    # A contract whose harness reads no answer as a refusal (agy) also has ``SILENT:
    # str``: the exact stdout of a call caveat says nothing on, written by the hook on
    # every path (a fault included) and by the stable launcher when caveat is gone.
    # Elsewhere silence is empty stdout.

    # A contract whose harness honours an "ask the user" decision before a tool runs
    # also has ``ask(event, text) -> str | None``: a hold under ``[hold] mode = "ask"``
    # (docs/holds.md). Elsewhere such a hold falls back to a block, once.

    class HookFile(Protocol):
        # The harness's name in messages ("Claude Code").
        NAME: str
        # ``(kind, folder, file name)`` of each of its hook configuration files: the
        # folder ends the file's parent folder ("/.claude"), the name is exact or
        # "*.ext". A ``.toml`` name is read as TOML, any other as JSON.
        FILES: tuple[tuple[str, str, str], ...]
        # The unit its handler timeouts count, "s" or "ms"; "" when they are not judged.
        TIMEOUT_UNIT: str

        def shape(self, value: object) -> list[tuple[str, str]]:
            """``(problem, fix)`` of each place where the parsed file (None when it
            did not parse) has a shape the harness does not read."""
            ...
