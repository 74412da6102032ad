"""What a vendor contract provides, and the payload readers contracts share."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Protocol

    from caveat.event import Event

    class Contract(Protocol):
        ID: str
        # Event names this vendor sends, in its own spelling.
        EVENTS: frozenset[str]

        def normalize(
            self, payload: dict[str, object], event_name: str, env: Mapping[str, str]
        ) -> Event | None: ...

        def envelope(self, event: Event, text: str, deny: bool) -> str | None: ...


# The payload readers live in ``shape`` (the Claude contract's path then loads one
# module fewer); named here for the contracts that read payloads of other shapes.
from caveat.contracts.shape import cwd_of as cwd_of  # noqa: E402
from caveat.contracts.shape import resolve as resolve  # noqa: E402
from caveat.contracts.shape import text as text  # noqa: E402
