"""Matching custom rules against one event, cheapest test first.

For each rule in name order: its events, then its tools (set lookups), then its path
patterns (gitignore-style, through the pattern cache), and only then its content
regex — compiled here, on first use in the process — searched in the text the call
introduces, at most ``MAX_SEARCH`` characters of it:

- file writes: the lines of the file after the change that were not in it before
  (``_texts.texts``: the whole file when it can be reconstructed, else the new and
  old fragments; a notebook's code cells), joined by newlines;
- shell tools: the command;
- SessionStart: the source (``startup``, ``resume``, ``clear``, ``compact``);
- UserPromptSubmit: the prompt, when the Event carries it;
- any other tool: the string values of its input (a URL, a pattern, a path …).

One finding per (rule, file), naming the first matching line.
"""

from __future__ import annotations

import os

from caveat.event import DELETE
from caveat.event import Finding
from caveat.guards.base import edits_by_path
from caveat.guards.custom.load import rules

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re

    from caveat.common.patterns import PatternStore
    from caveat.event import Event
    from caveat.event import FileEdit
    from caveat.guards.base import Context
    from caveat.guards.custom.load import Rule

MAX_SEARCH = 4 * 1024 * 1024  # characters of text a content regex is searched in
MATCH_LIMIT = 120  # characters of the matched text shown
_PATH_KEYS = ("file_path", "notebook_path", "path", "filePath")
_compiled: dict[str, re.Pattern[str]] = {}


class Target:
    """One thing a rule can speak about: a file the call touches, or the call itself
    (no path). Its searchable text is worked out once, on first use."""

    __slots__ = ("_text", "ctx", "edits", "event", "path", "rel")

    def __init__(self, event: Event, ctx: Context, path: str, edits: list[FileEdit] | None) -> None:
        self.event = event
        self.ctx = ctx
        self.path = path
        self.edits = edits
        self.rel = relative(ctx, path) if path else None
        self._text: tuple[str, list[int], str, list[int]] | None = None

    def text(self) -> tuple[str, list[int], str, list[int]]:
        """(searchable text, its line numbers, line naming, part starts)."""
        if self._text is None:
            self._text = self._compute()
        return self._text

    def _compute(self) -> tuple[str, list[int], str, list[int]]:
        if self.edits is not None:
            return introduced(self.ctx, self.path, self.edits)
        event = self.event
        if event.command:
            subject = event.command
        elif event.name == "SessionStart":
            subject = event.source
        elif event.name == "UserPromptSubmit":
            prompt = getattr(event, "prompt", "")
            subject = prompt if isinstance(prompt, str) else ""
        else:
            subject = "\n".join(strings(event.tool_input))
        subject = subject[:MAX_SEARCH]
        return subject, list(range(1, subject.count("\n") + 2)), "", []

    def value(self) -> str:
        """The path as shown to the model: from the git root, else absolute."""
        return self.rel if self.rel is not None else self.path


def relative(ctx: Context, path: str) -> str | None:
    """``path`` from its git root with forward slashes; None outside any git root."""
    root = ctx.git_root(path)
    if not root:
        return None
    prefix = root.rstrip("/\\") + os.sep
    if not path.startswith(prefix):
        return None
    return path[len(prefix) :].replace(os.sep, "/")


def strings(value: object, depth: int = 0) -> list[str]:
    """The string values of a tool input, depth first, bounded."""
    if isinstance(value, str):
        return [value]
    if depth > 4:
        return []
    if isinstance(value, dict):
        return [s for item in value.values() for s in strings(item, depth + 1)]
    if isinstance(value, list):
        return [s for item in value[:256] for s in strings(item, depth + 1)]
    return []


def introduced(
    ctx: Context, path: str, edits: list[FileEdit]
) -> tuple[str, list[int], str, list[int]]:
    """The lines of the text after the change that the text before did not hold."""
    if all(e.kind == DELETE for e in edits):
        return "", [], "", []
    from caveat.guards.texts import FRAGMENTS
    from caveat.guards.texts import texts

    found = texts(ctx, path, edits)
    if found is None:  # a notebook edited as raw JSON text
        found = ("\n".join(e.old for e in edits), "\n".join(e.text for e in edits), FRAGMENTS, [1])
    before, after, naming, starts = found
    seen = set(before.splitlines()) if before else set()
    lines: list[str] = []
    numbers: list[int] = []
    size = 0
    for number, line in enumerate(after.splitlines(), 1):
        if line in seen:
            continue
        size += len(line) + 1
        if size > MAX_SEARCH:
            break
        lines.append(line)
        numbers.append(number)
    return "\n".join(lines), numbers, naming, starts


def targets(event: Event, ctx: Context) -> list[Target]:
    if event.edits:
        return [Target(event, ctx, p, e) for p, e in edits_by_path(event).items()]
    path = ""
    for key in _PATH_KEYS:
        value = event.tool_input.get(key)
        if isinstance(value, str) and value and "\x00" not in value:
            path = os.path.normpath(os.path.join(event.cwd, value)) if event.cwd else value
            break
    return [Target(event, ctx, path if os.path.isabs(path) else "", None)]


def regex(pattern: str) -> re.Pattern[str]:
    found = _compiled.get(pattern)
    if found is None:
        from caveat.common import rx

        found = _compiled[pattern] = rx.compile(pattern, rx.MULTILINE)
    return found


def search(rule: Rule, target: Target) -> tuple[str, str] | None:
    """(line, matched text) of the rule's first match in the target, else None."""
    text, numbers, naming, starts = target.text()
    if not text:
        return None
    found = regex(rule.content).search(text)
    if found is None:
        return None
    index = text.count("\n", 0, found.start())
    number = numbers[index] if index < len(numbers) else index + 1
    if target.edits is not None:
        from caveat.guards.texts import label

        line = label([number], naming, starts)
    else:
        line = str(number)
    shown = " ".join(found.group(0).split())
    if len(shown) > MATCH_LIMIT:
        from caveat.common.sanitize import redact  # before the cut, which could halve a secret

        shown = redact(shown)
        if len(shown) > MATCH_LIMIT:
            shown = shown[: MATCH_LIMIT - 1] + "…"
    return line, shown


def findings(event: Event, ctx: Context, found: list[tuple[str, str]]) -> list[Finding]:
    """What the rules of the folders ``found`` say about ``event``."""
    candidates = [
        rule
        for rule in rules(ctx, found)
        if event.name in rule.events and (not rule.tools or event.tool in rule.tools)
    ]
    if not candidates:
        return []
    out: list[Finding] = []
    store: PatternStore | None = None
    touched = targets(event, ctx)
    for rule in candidates:
        for target in touched:
            if rule.paths:
                if target.rel is None:
                    continue
                if store is None:
                    from caveat.common.patterns import PatternStore

                    store = PatternStore(ctx.env)
                if not store.match(rule.paths, target.rel):
                    continue
            line = shown = ""
            if rule.content:
                hit = search(rule, target)
                if hit is None:
                    continue
                line, shown = hit
            values = {
                "path": target.value(),
                "line": line,
                "match": shown,
                "tool": event.tool,
                "command": event.command,
                "rule": rule.name,
            }
            out.append(
                Finding(
                    values, key=f"{rule.name}:{target.value()}", deny=rule.strict, message=rule.path
                )
            )
    return out
