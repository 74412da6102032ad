"""What every guard module provides, and the context it runs in.

A guard is a plain module with the attributes of ``Guard`` below; the registry in
``caveat.guards`` lists them in chain order and mypy checks each against the
Protocol. ``check`` must be cheap until its own pre-filter says it may fire: heavy
imports (``re``, pathspec, the analysis modules) happen inside it, after that test.
"""

from __future__ import annotations

import os

from caveat.event import DELETE
from caveat.event import WHOLE
from caveat.gitctx import git_root

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Protocol

    from caveat.config import Config
    from caveat.event import Event
    from caveat.event import FileEdit
    from caveat.event import Finding

    class Guard(Protocol):
        ID: str
        MESSAGES: tuple[str, ...]
        EVENTS: frozenset[str]
        TOOLS: frozenset[str]
        BUDGET_S: float

        def check(self, event: Event, ctx: Context) -> list[Finding]: ...


# Files larger than this are not read from disk for diffing; the guard then judges
# the edit on its own text.
READ_LIMIT = 8 * 1024 * 1024


class Context:
    """Per-invocation facts that guards share and that are costly enough to compute
    once: the git root of each folder, and files read from disk (as data only)."""

    __slots__ = ("_config", "_files", "_roots", "env", "event")

    def __init__(self, event: Event, env: Mapping[str, str], config: Config | None = None) -> None:
        self.event = event
        self.env = env
        self._config = config
        self._roots: dict[str, str | None] = {}
        self._files: dict[str, str | None] = {}

    @property
    def config(self) -> Config:
        """The project's configuration (defaults when none was loaded)."""
        if self._config is None:
            from caveat.config import Config
            from caveat.config import defaults

            self._config = Config(defaults())
        return self._config

    def git_root(self, path: str | None = None) -> str | None:
        """Git root above ``path`` (default: the event's target)."""
        path = path or self.event.target
        folder = os.path.dirname(path) if path else ""
        if folder not in self._roots:
            self._roots[folder] = git_root(path)
        return self._roots[folder]

    def read_text(self, path: str) -> str | None:
        """The file's current text, or None when absent, unreadable, too large or not
        a regular file. Never follows into devices or FIFOs."""
        if path in self._files:
            return self._files[path]
        text: str | None = None
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
            try:
                info = os.fstat(fd)
                if (info.st_mode & 0o170000) == 0o100000 and info.st_size <= READ_LIMIT:
                    chunks = []
                    while True:
                        chunk = os.read(fd, 1 << 20)
                        if not chunk:
                            break
                        chunks.append(chunk)
                    text = b"".join(chunks).decode("utf-8", "replace")
            finally:
                os.close(fd)
        except (OSError, ValueError):
            text = None
        self._files[path] = text
        return text


def versions(ctx: Context, edits: list[FileEdit]) -> tuple[str, str, bool]:
    """The file's text before and after the edits to one path.

    Returns ``(before, after, exact)``. ``exact`` is True when ``after`` is the whole
    new file (a Write, or fragments that applied cleanly to the file on disk). When the
    fragments cannot be applied, ``before``/``after`` are the joined old and new
    fragments, and ``exact`` is False.
    """
    if not edits:
        return "", "", False
    path = edits[0].path
    disk = ctx.read_text(path)
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
            current = None
            break
    if current is not None:
        return disk or "", current, True
    olds = "\n".join(e.old for e in edits if e.kind != WHOLE)
    news = "\n".join(e.text for e in edits if e.kind != WHOLE)
    return olds, news, False


def edits_by_path(event: Event) -> dict[str, list[FileEdit]]:
    """The event's edits grouped by file, in first-seen order."""
    grouped: dict[str, list[FileEdit]] = {}
    for edit in event.edits:
        grouped.setdefault(edit.path, []).append(edit)
    return grouped
