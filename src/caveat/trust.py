"""Trust in a project's caveat policy (SPEC §7).

What a project ships under ``.caveat/`` — ``config.toml``, ``rules/*.md``,
``messages/*.md`` — is policy written by whoever wrote the repository. It is honoured
only after the user has looked at it and run ``caveat trust``, which records a sha256
of each policy file (and one over them all) in ``<state>/trust.json``, keyed by the
project's real git root path. Any change to the files (one added, removed or edited)
lapses the trust until the user trusts again; ``caveat untrust`` removes the record.

The check runs on the hook path, and only for a project that has such a file (a
project without ``.caveat/`` never gets here). It reads the small record
(``trust_store``), lists the two policy folders (``trust_files``), and compares each
file's ``stat`` (size, mtime, ctime, inode) with the one recorded; a file whose
``stat`` differs is hashed, so a ``touch`` or a fresh checkout costs a hash, and a
real edit lapses the trust. The hook never writes the record (``trust_grant`` does,
and keeps the trusted texts for ``caveat trust``'s diff).
"""

from __future__ import annotations

import os

from caveat.trust_files import TooManyFilesError
from caveat.trust_files import has_policy
from caveat.trust_files import policy_files
from caveat.trust_files import read_policy
from caveat.trust_files import sha256
from caveat.trust_files import stamp
from caveat.trust_store import key
from caveat.trust_store import projects

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

NONE = "none"  # the project has no policy files
TRUSTED = "trusted"
UNTRUSTED = "untrusted"  # never trusted (or untrusted since)
LAPSED = "lapsed"  # trusted once, changed since


class Verdict:
    """Whether a project's policy is trusted; ``changed`` names the policy files
    (relative to the root) added, removed or edited since the trust was recorded."""

    __slots__ = ("changed", "files", "root", "status")

    def __init__(
        self, status: str, root: str, files: tuple[str, ...] = (), changed: tuple[str, ...] = ()
    ) -> None:
        self.status = status
        self.root = root
        self.files = files
        self.changed = changed

    @property
    def trusted(self) -> bool:
        return self.status in (TRUSTED, NONE)

    @property
    def lapsed(self) -> bool:
        """Trusted once, changed since."""
        return self.status == LAPSED

    def __repr__(self) -> str:
        return f"Verdict({self.status!r}, {self.root!r}, changed={self.changed!r})"


def verdict(env: Mapping[str, str], root: str) -> Verdict:
    """The project's trust, checked against its policy files as they are now (no
    ``.caveat`` folder costs one ``stat``)."""
    if not has_policy(root):
        return Verdict(NONE, root)
    current = policy_files(root)
    names = tuple(sorted(current))
    if not current:
        return Verdict(NONE, root)
    entry = projects(env).get(key(root))
    recorded = entry.get("files") if entry else None
    if not isinstance(recorded, dict):
        return Verdict(UNTRUSTED, root, names)
    changed = sorted(set(recorded) ^ set(current))
    for rel, info in current.items():
        known = recorded.get(rel)
        if not isinstance(known, dict) or rel in changed:
            continue
        if known.get("stat") == stamp(info):
            continue
        data = read_policy(os.path.join(root, rel))
        if data is None or sha256(data) != known.get("sha256"):
            changed.append(rel)
    if changed:
        return Verdict(LAPSED, root, names, tuple(sorted(changed)))
    return Verdict(TRUSTED, root, names)


def verdict_safe(env: Mapping[str, str], root: str | None) -> Verdict:
    """``verdict``, where a fault (or no root) reads as untrusted: it never turns
    trust on."""
    if not root:
        return Verdict(UNTRUSTED, "")
    try:
        return verdict(env, root)
    except TooManyFilesError as exc:
        return Verdict(UNTRUSTED, root, (str(exc),))
    except Exception as exc:
        from caveat.common.log import log

        log(f"trust check for {root!r} failed: {type(exc).__name__}: {exc}")
        return Verdict(UNTRUSTED, root)


def trusted(env: Mapping[str, str], root: str | None) -> bool:
    """Whether the policy under ``root`` may be loaded: the cheap gate the loaders
    call only once they have found a project policy file."""
    return verdict_safe(env, root).trusted
