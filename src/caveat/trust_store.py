"""The trust record in the state folder, ``<state>/trust.json``: every trusted
project's real root → its digests and stats, as the hook reads it (it never writes
the record: ``caveat.trust_grant`` does)."""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

RECORD = "trust.json"
VERSION = 1


def key(root: str) -> str:
    """The project's real path: the record's key (a symlinked path trusts the same)."""
    return os.path.realpath(root)


def record_path(env: Mapping[str, str]) -> str | None:
    """The record in the state folder (which ``state.ensure`` checks is the user's
    own and no one else's), or None when the folder cannot be used."""
    from caveat.common import state

    folder = state.ensure(env)
    return os.path.join(folder, RECORD) if folder else None


def read_private(path: str, limit: int) -> bytes | None:
    """A state file's bytes, only when it is a regular file (not a link) owned by
    this user that no one else can write: trust planted by another user is none. The
    file is left where it is (only ``caveat trust`` changes the record)."""
    from caveat.common import private

    return private.read_private(path, limit, drop=False)


def projects(env: Mapping[str, str]) -> dict[str, dict[str, object]]:
    """Every trust record: real root → ``{"digest", "files", "trusted_at"}``."""
    path = record_path(env)
    raw = read_private(path, 4 << 20) if path else None
    from caveat.common.jsonio import load_object

    data = load_object(raw)
    if data is None or data.get("version") != VERSION:
        return {}
    found = data.get("projects")
    if not isinstance(found, dict):
        return {}
    return {k: v for k, v in found.items() if isinstance(k, str) and isinstance(v, dict)}
