"""The context a guard runs in, and the helpers every guard shares.

Reading files safely lives in ``caveat.common.files``, finding the git root in
``caveat.common.gitctx``; ``Context`` caches both per invocation. What a guard needs
from the stages around it (whether the contract delivers an event's output, the
user's config folder, the project's trust, a message's text) it asks ``Context``,
which the dispatcher builds: a guard package imports no pipeline module (the rule is
``tests/test_layers.py``), and each answer is computed, its module imported, only
when a guard asks.

A guard is a package with the attributes of ``caveat.guards.Guard``; its ``check``
must be cheap until its own pre-filter says it may fire: heavy imports (``re``,
pathspec, the analysis modules) happen inside it, after that test.
"""

from __future__ import annotations

import os

from caveat.common.gitctx import git_root
from caveat.event import DELETE
from caveat.event import POST_TOOL
from caveat.event import WHOLE

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.event import Event
    from caveat.event import FileEdit
    from caveat.harnesses.contract import Contract
    from caveat.settings import Config
    from caveat.trust import Verdict

# Where Codex keeps its home when not in ``~/.codex``: its configuration files there
# are harness configuration too (the conformity guard).
CODEX_HOME_ENV = "CODEX_HOME"

# Files larger than this are not read from disk for diffing; the guard then judges
# the edit on its own text.
READ_LIMIT = 8 * 1024 * 1024


class Context:
    """Per-invocation facts that guards share and that are costly enough to compute
    once: the git root of each folder, and files read from disk (as data only)."""

    __slots__ = (
        "_config", "_contract", "_files", "_roots", "env", "event", "explaining", "notes",
    )  # fmt: skip

    def __init__(
        self,
        event: Event,
        env: Mapping[str, str],
        config: Config | None = None,
        explaining: bool = False,
        contract: Contract | None = None,
    ) -> None:
        self.event = event
        self.env = env
        self._config = config
        # The contract the dispatcher decoded the event with (else the event's own).
        self._contract = contract
        # ``caveat explain`` is asking: a silent guard may say why (``note``), which
        # costs work a plain call does not do.
        self.explaining = explaining
        self.notes: list[str] = []
        self._roots: dict[str, str | None] = {}
        self._files: dict[str, str | None] = {}

    @property
    def config(self) -> Config:
        """The project's configuration (defaults when none was loaded)."""
        if self._config is None:
            from caveat.settings import Config

            self._config = Config()
        return self._config

    def delivers(self, event: Event) -> bool:
        """Whether the contract hands text on ``event`` to the model (some vendors
        drop the output of some events)."""
        contract = self._contract
        if contract is None:
            from caveat import harnesses

            contract = self._contract = harnesses.load(event.contract)
        return contract is not None and bool(contract.envelope(event, "-", False))

    @property
    def config_dir(self) -> str:
        """The user's caveat folder (its ``config.toml`` and ``rules/``)."""
        from caveat.settings import config_dir

        return config_dir(self.env)

    def trust(self, root: str | None) -> Verdict:
        """Whether the user trusts the policy (``.caveat/``) of the project at
        ``root`` (SPEC §7); a fault or no root reads as untrusted."""
        from caveat import trust

        return trust.verdict_safe(self.env, root)

    def message_path(self, name: str, root: str | None) -> str:
        """The file message ``name`` is read from: the project's trusted override,
        the plugin's copy or the bundled one."""
        from caveat.messages import locate

        return locate(name, root, self.env)

    def bundled(self, path: str) -> bool:
        """Whether ``path`` is a message caveat ships (not a project's or a plugin's)."""
        from caveat.messages import bundled_dir

        return os.path.dirname(path) == bundled_dir()

    def message_text(self, name: str, variant: str, root: str | None) -> str:
        """The advisory section ``variant`` of the file ``message_path`` names, ""
        when that file is missing, unreadable or has no such text."""
        from caveat import messages

        store = messages.MessageStore(self.env)
        sections = store.sections(self.message_path(name, root))
        store.save()
        return messages.advisory(sections, variant).strip() if sections else ""

    def git_root(self, path: str | None = None) -> str | None:
        """Git root above ``path`` (default: the event's target)."""
        path = path or self.event.target
        # The walk starts at the path itself when it is a folder, else at its parent.
        folder = path if path and os.path.isdir(path) else os.path.dirname(path or "")
        if folder not in self._roots:
            self._roots[folder] = git_root(path)
        return self._roots[folder]

    def relative(self, path: str) -> str:
        """``path`` relative to its git root, with forward slashes; else as given."""
        root = self.git_root(path)
        if root and path.startswith(root.rstrip("/\\") + os.sep):
            path = path[len(root.rstrip("/\\")) + 1 :]
        return path.replace("\\", "/")

    def read_text(self, path: str) -> str | None:
        """The file's current text, or None when absent, unreadable, too large or not
        a regular file. Never follows into devices or FIFOs."""
        if path in self._files:
            return self._files[path]
        from caveat.common.files import read_text  # only when a guard reads a file

        text = read_text(path, READ_LIMIT)
        self._files[path] = text
        return text


def versions(ctx: Context, edits: list[FileEdit]) -> tuple[str, str, bool]:
    """The file's text before and after the edits to one path.

    Returns ``(before, after, exact)``. ``exact`` is True when both are whole files.
    Before the tool runs, the file on disk is the "before" and the edits are applied
    to it; after it ran (a post-tool event), the disk holds the "after" and the edits
    are undone to recover the "before" (a whole-file write is compared with the
    committed version). When that fails, ``before``/``after`` are the joined old and
    new fragments, and ``exact`` is False.
    """
    if not edits:
        return "", "", False
    path = edits[0].path
    disk = ctx.read_text(path)
    if ctx.event.name in POST_TOOL:
        undone = _undo(ctx, path, disk, edits)
        if undone is not None:
            return undone
    else:
        done = _apply(disk, edits)
        if done is not None:
            return disk or "", done, True
    olds = "\n".join(e.old for e in edits if e.kind != WHOLE)
    news = "\n".join(e.text for e in edits if e.kind != WHOLE)
    return olds, news, False


def _apply(disk: str | None, edits: list[FileEdit]) -> str | None:
    current = disk
    for edit in edits:
        if edit.kind == WHOLE:
            current = edit.text
        elif edit.kind == DELETE:
            current = ""
        elif current is not None and edit.old and edit.old in current:
            current = current.replace(edit.old, edit.text, 1)
        elif current is not None and not edit.old and not current:
            current = edit.text
        else:
            return None
    return current


def _undo(
    ctx: Context, path: str, disk: str | None, edits: list[FileEdit]
) -> tuple[str, str, bool] | None:
    if any(e.kind in (WHOLE, DELETE) for e in edits):
        # What was written is in the payload; what was there, in the last commit.
        after = _apply("", edits)
        return committed_text(ctx, path), after if after is not None else disk or "", True
    current = disk
    for edit in reversed(edits):
        if current is None or not edit.text or edit.text not in current:
            return None
        current = current.replace(edit.text, edit.old, 1)
    return current or "", disk or "", True


def committed_text(ctx: Context, path: str) -> str:
    """The file as committed at HEAD, or "" when it is not tracked (or git cannot
    tell in time). Runs ``git`` through ``caveat.common.gitrun`` — only on a post-tool write
    that a guard's pre-filter kept."""
    root = ctx.git_root(path)
    if not root or not path.startswith(root.rstrip(os.sep) + os.sep):
        return ""
    rel = path[len(root.rstrip(os.sep)) + 1 :].replace(os.sep, "/")
    from caveat.common import gitrun

    # Plumbing on purpose: ``cat-file blob`` runs no textconv, filters or fsmonitor;
    # gitrun forbids the lazy fetch a partial clone would do for a missing blob.
    data = gitrun.run(root, "cat-file", "blob", f"HEAD:{rel}", limit=READ_LIMIT)
    return "" if data is None else data.decode("utf-8", "replace")


def edits_by_path(event: Event) -> dict[str, list[FileEdit]]:
    """The event's edits grouped by file, in first-seen order."""
    grouped: dict[str, list[FileEdit]] = {}
    for edit in event.edits:
        grouped.setdefault(edit.path, []).append(edit)
    return grouped
