"""Whether a repository has a license-header policy, cheapest evidence first.

1. ``[header] license`` in the configuration names the SPDX id.
2. A REUSE layout (``REUSE.toml``, ``.reuse/dep5`` or a ``LICENSES/`` folder): a few
   ``stat`` calls. The id is the one license text in ``LICENSES/`` when there is one.
3. SPDX lines in most tracked source files: at least ``scan.MIN_TAGGED`` (5) of the
   sampled source files carry one, and they are more than half of those sampled.
   Listing the files runs ``git ls-files``, so the verdict is cached in the state
   folder per repository, keyed by HEAD's commit id (read from ``.git`` by hand by
   ``caveat.common.gitctx.head_id``). A repository without a commit, or whose HEAD cannot be
   read, has no evident policy.
4. Without SPDX lines, a long-form license block that the project's CI checks and
   most of its files carry (``boilerplate``; learned in the same cached scan).

Only a cache miss imports ``caveat.guards.header.scan`` and runs git.
``silence`` words why there is no policy, for ``caveat explain``.
"""

from __future__ import annotations

import os

from caveat.common import state
from caveat.common.gitctx import head_id

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.guards.base import Context

CACHE_FILE = "header.cache.json"
_CACHE_VERSION = 2
_REUSE_FILES = ("REUSE.toml", os.path.join(".reuse", "dep5"))


class Policy:
    """A header policy: where it comes from (``config``, ``reuse``, ``spdx``,
    ``boilerplate``), the license id for the expected line, a phrase saying how it is
    known, and for ``boilerplate`` the learned blocks."""

    __slots__ = ("boilerplate", "kind", "license", "markdown_verdict", "root", "source")

    def __init__(self, kind: str, license_id: str, source: str, root: str) -> None:
        self.kind = kind
        self.license = license_id
        self.source = source
        self.root = root
        self.markdown_verdict: bool | None = None
        self.boilerplate: dict[str, object] = {}

    def markdown(self, ctx: Context) -> bool:
        """Whether the project's own Markdown files carry headers (so new ones should)."""
        if self.markdown_verdict is None:
            head = head_id(self.root)
            verdict = cached_verdict(ctx, self.root, head) if head else {}
            self.markdown_verdict = verdict.get("markdown") is True
        return self.markdown_verdict


def _reuse_license(root: str) -> str:
    try:
        names = sorted(os.listdir(os.path.join(root, "LICENSES")))
    except OSError:
        names = []
    ids = list(dict.fromkeys(os.path.splitext(n)[0] for n in names if not n.startswith(".")))
    if len(ids) == 1:
        return ids[0]
    if 1 < len(ids) <= 4:
        return "<one of " + ", ".join(ids) + ">"
    return "<the project's license>"


def _reuse_marker(root: str) -> str:
    for name in _REUSE_FILES:
        if os.path.isfile(os.path.join(root, name)):
            return name.replace(os.sep, "/")
    if os.path.isdir(os.path.join(root, "LICENSES")):
        return "LICENSES/"
    return ""


def cached_verdict(ctx: Context, root: str, head: str) -> dict[str, object]:
    """The tracked-file verdict for ``root`` at ``head``: from the cache, else
    computed (``git ls-files`` and a sample of the files) and stored."""
    cache = state.JsonCache(ctx.env, CACHE_FILE, _CACHE_VERSION)
    entry = cache.get(root)
    if isinstance(entry, dict) and entry.get("head") == head:
        return entry
    # A placeholder first: should the scan overrun the guard's budget (a huge index),
    # later calls at this HEAD find "no policy" instead of scanning again.
    cache.put(root, {"head": head, "license": "", "pending": True})
    cache.save()
    from caveat.guards.header.scan import scan

    verdict: dict[str, object] = {"head": head, **scan(root)}
    cache.put(root, verdict)
    cache.save()
    return verdict


def policy(ctx: Context, root: str) -> Policy | None:
    """The header policy that applies under ``root``, or None."""
    configured = ctx.config.get("header", "license")
    if isinstance(configured, str) and configured.strip():
        where = "`[header] license` in the caveat configuration"
        return Policy("config", configured.strip(), where, root)
    marker = _reuse_marker(root)
    if marker:
        where = f"the project follows REUSE ({marker}), so `reuse lint` checks every file"
        return Policy("reuse", _reuse_license(root), where, root)
    head = head_id(root)
    if head is None:
        return None
    verdict = cached_verdict(ctx, root, head)
    license_id = verdict.get("license")
    if not isinstance(license_id, str) or not license_id:
        learned = verdict.get("boilerplate")
        if not isinstance(learned, dict) or not learned.get("blocks"):
            return None
        checked = Policy("boilerplate", "", f"{learned.get('checker')} checks it", root)
        checked.boilerplate = learned
        return checked
    tagged, sampled = verdict.get("tagged"), verdict.get("sampled")
    where = f"{tagged} of {sampled} sampled source files carry an SPDX line"
    found = Policy("spdx", license_id, where, root)
    found.markdown_verdict = verdict.get("markdown") is True
    return found


def silence(ctx: Context, root: str) -> str:
    """Why ``root`` has no header policy, in words; "" when it has one."""
    from caveat.guards.header.scan import MIN_TAGGED

    if policy(ctx, root) is not None:
        return ""
    head = head_id(root)
    if head is None:
        return (
            "no header policy: no license is configured, there is no REUSE layout, and "
            "the repository has no commit whose files could show one"
        )
    verdict = cached_verdict(ctx, root, head)
    if verdict.get("pending"):
        return "no header policy: the scan of the tracked files did not finish in time"
    tagged, sampled = verdict.get("tagged", 0), verdict.get("sampled", 0)
    return (
        f"no header policy: {tagged} of {sampled} sampled source files carry an SPDX "
        f"line; a policy is inferred from at least {MIN_TAGGED} tagged files that are "
        "also more than half of those sampled (or set `[header] license`, or add a "
        "REUSE layout)"
    )
