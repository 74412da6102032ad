"""What a harness's contract module (``caveat.harnesses.<id>``) provides.

The payload readers contracts share are in :mod:`caveat.harnesses.shape`.
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

        def normalize(
            self, payload: dict[str, object], event_name: str, env: Mapping[str, str]
        ) -> Event | None: ...

        def envelope(self, event: Event, text: str, deny: bool) -> str | None: ...
