"""Trusting a project's policy and taking the trust back (``caveat trust`` and
``caveat untrust``): the record is written under its lock, and beside it
``<state>/trust/<key>.json`` keeps the text of the trusted files (up to
``trust_snapshot.TEXT_LIMIT`` each) so that the next ``caveat trust`` can show a
diff of what changed."""

from __future__ import annotations

import os

from caveat.trust_files import sha256
from caveat.trust_store import VERSION
from caveat.trust_store import key
from caveat.trust_store import projects
from caveat.trust_store import read_private
from caveat.trust_store import record_path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.trust_snapshot import Snapshot

SNAPSHOTS = "trust"


def _snapshot_path(env: Mapping[str, str], root: str, create: bool = False) -> str | None:
    """The file keeping the trusted texts, in ``<state>/trust`` when that is a folder
    of the user's alone (``state.folder``; with ``create``, made or replaced)."""
    from caveat.common import state

    sub = state.folder(env, SNAPSHOTS, create=create)
    if not sub:
        return None
    return os.path.join(sub, sha256(key(root).encode("utf-8", "surrogatepass"))[:32] + ".json")


def old_texts(env: Mapping[str, str], root: str) -> dict[str, str]:
    """The text of the files as last trusted, where it was kept."""
    path = _snapshot_path(env, root)
    raw = read_private(path, 64 << 20) if path else None
    from caveat.common.jsonio import load_object

    data = load_object(raw)
    if data is None or data.get("root") != key(root):
        return {}
    texts = data.get("texts")
    if not isinstance(texts, dict):
        return {}
    return {k: v for k, v in texts.items() if isinstance(k, str) and isinstance(v, str)}


def _update(env: Mapping[str, str], change: dict[str, object] | None, root: str) -> bool:
    """Set (``change``) or remove (None) the project's record, under the lock."""
    path = record_path(env)
    if not path:
        return False
    from caveat.common.state import LockedRecord

    with LockedRecord(path, limit=4 << 20) as rec:
        if not rec.locked:
            return False
        # Read again the way the hook does: a record others could have written is
        # dropped here, never carried over into the new one.
        table: dict[str, object] = dict(projects(env))
        if change is None:
            if key(root) not in table:
                return False
            del table[key(root)]
        else:
            table[key(root)] = change
        return rec.save({"version": VERSION, "projects": table})


def record(env: Mapping[str, str], snapshot: Snapshot) -> bool:
    """Trust the project's policy exactly as ``snapshot`` saw it."""
    import time

    from caveat.common import jsonio
    from caveat.common import state

    entry: dict[str, object] = {
        "digest": snapshot.digest(),
        "files": snapshot.files,
        "trusted_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    if not _update(env, entry, snapshot.root):
        return False
    texts = _snapshot_path(env, snapshot.root, create=True)
    if texts:
        body = {"root": key(snapshot.root), "texts": snapshot.texts}
        state.write_atomic(texts, jsonio.dumps(body).encode("utf-8", "surrogatepass"))
    return True


def forget(env: Mapping[str, str], root: str) -> bool:
    """Remove the project's trust; False when there was none."""
    removed = _update(env, None, root)
    texts = _snapshot_path(env, root)
    if texts:
        try:
            os.unlink(texts)
        except OSError:
            pass
    return removed
