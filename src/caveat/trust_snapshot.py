"""A project's policy files as they are now, as ``caveat trust`` records them: each
file's digest, size and ``stat`` stamp, the text of each small text file (kept for
the next diff), and one digest over them all."""

from __future__ import annotations

import os

from caveat.trust_files import overall
from caveat.trust_files import policy_files
from caveat.trust_files import read_policy
from caveat.trust_files import sha256
from caveat.trust_files import stamp

TEXT_LIMIT = 64 << 10  # text kept per file for the next diff


class Snapshot:
    """The policy files as they are now: digests, stats and (for text) content."""

    __slots__ = ("files", "root", "texts")

    def __init__(self, root: str) -> None:
        self.root = root
        self.files: dict[str, dict[str, object]] = {}
        self.texts: dict[str, str] = {}
        for rel, info in policy_files(root).items():
            data = read_policy(os.path.join(root, rel))
            if data is None:
                continue
            self.files[rel] = {"sha256": sha256(data), "size": len(data), "stat": stamp(info)}
            if len(data) <= TEXT_LIMIT:
                try:
                    self.texts[rel] = data.decode("utf-8")
                except UnicodeDecodeError:
                    pass

    def digest(self) -> str:
        return overall({rel: str(entry["sha256"]) for rel, entry in self.files.items()})
