"""What a vendor contract provides, and the payload readers contracts share."""

from __future__ import annotations

import os

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


def text(mapping: object, key: str) -> str:
    """``mapping[key]`` when it is a string, else "" (payload fields may have any type)."""
    if isinstance(mapping, dict):
        value = mapping.get(key)
        if isinstance(value, str):
            return value
    return ""


def resolve(path: str, cwd: str) -> str:
    """An absolute, normalized path; relative paths are taken against ``cwd``."""
    if not path or "\x00" in path:
        return ""
    if cwd and not os.path.isabs(path):
        path = os.path.join(cwd, path)
    return os.path.normpath(path)


def cwd_of(payload: dict[str, object], env: Mapping[str, str], *env_keys: str) -> str:
    """The payload's cwd, else the vendor's project-dir variables, else the process cwd."""
    cwd = text(payload, "cwd")
    if cwd and "\x00" not in cwd:
        return cwd
    for key in env_keys:
        value = env.get(key, "")
        if value:
            return value
    try:
        return os.getcwd()
    except OSError:
        return ""
