"""Replay a real repository's own history and commands through the real hook
(``scripts/replay.py --history DIR``).

- **history**: the last ``--commits`` commits that are not merges. For each file a
  commit modified, an Edit whose ``old_string`` is the changed region of the file
  before the commit (grown by whole lines until it is unique) and whose
  ``new_string`` is that region after it; for each file it added, a Write of the
  whole file. Before and after come from ``git show <commit>^:<path>`` and
  ``git show <commit>:<path>``: git objects, read as data.
- **bash**: the shell commands the project itself runs or tells people to run:
  ``run:`` steps of ``.github/workflows/*.yml``, Makefile recipe lines, and fenced
  ``sh``/``bash``/``shell``/``console`` blocks of its Markdown files (a console block
  gives only its ``$ `` lines). Each is a Bash call with the work tree as its cwd.

The work tree is the repository checked out at its newest commit; for an edit the
file is put back to its state before the commit while the hook runs, for a write it
is removed (pre events), and it is restored afterwards. No project file is ever run
or imported: git runs with hooks, fsmonitor and user configuration off.
"""

from __future__ import annotations

import glob
import os
import re
import subprocess
from collections.abc import Iterator

MAX_BYTES = 256 * 1024
MAX_COMMANDS = 400
_TEXT_SUFFIXES = (
    ".py", ".rs", ".go", ".js", ".mjs", ".cjs", ".ts", ".tsx", ".jsx", ".rb", ".java",
    ".c", ".h", ".cc", ".cpp", ".sh", ".bash", ".zsh", ".fish", ".toml", ".yml", ".yaml",
    ".json", ".md", ".rst", ".txt", ".cfg", ".ini", ".lock", ".gemspec", ".ru", ".erb",
    ".html", ".css", ".mod", ".sum", ".ps1", ".vim", ".lua", ".mk",
)  # fmt: skip
_TEXT_NAMES = frozenset(
    {"Makefile", "Dockerfile", "Gemfile", "Rakefile", "Justfile", "Containerfile", ".gitignore"}
)
_FENCE = re.compile(r"^\s*(```|~~~)\s*(\w[\w+-]*)?")
_SHELLS = frozenset({"sh", "bash", "shell", "console", "zsh", "shell-session"})
# A shell prompt before a command in docs: ``$ git pull``, ``(main)$ git pull``.
_PROMPT = re.compile(r"^\s*(?:\([^)\s]{1,40}\)\s*)?\$ ")


def git(repo: str, *args: str) -> bytes | None:
    """``git`` output as bytes, None on failure: no hooks, no fsmonitor, no pager, no
    user or system configuration (the caller's environment points them away)."""
    cmd = ["git", "-c", "core.hooksPath=" + os.devnull, "-c", "core.fsmonitor=false",
           "-c", "protocol.allow=never", "-C", repo, *args]  # fmt: skip
    try:
        done = subprocess.run(cmd, capture_output=True, stdin=subprocess.DEVNULL, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None


def _texty(path: str) -> bool:
    base = path.rsplit("/", 1)[-1]
    return base in _TEXT_NAMES or base.endswith(_TEXT_SUFFIXES)


def _decode(data: bytes | None) -> str | None:
    if data is None or len(data) > MAX_BYTES or b"\0" in data[:8192]:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def region(before: str, after: str) -> tuple[str, str] | None:
    """The changed lines of ``before`` and what replaced them in ``after``, grown by
    neighbouring lines until the old region occurs once in ``before``; None when the
    change is not expressible as one Edit (nothing changed, or nothing to anchor)."""
    if before == after:
        return None
    old = before.splitlines(keepends=True)
    new = after.splitlines(keepends=True)
    head = 0
    while head < min(len(old), len(new)) and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < min(len(old), len(new)) - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    start, end_old, end_new = head, len(old) - tail, len(new) - tail
    while True:
        text = "".join(old[start:end_old])
        if text.strip() and before.count(text) == 1:
            break
        if start == 0 and end_old == len(old):
            return None
        if start > 0:
            start -= 1
        if end_old < len(old):
            end_old += 1
            end_new += 1
    return "".join(old[start:end_old]), "".join(new[start:end_new])


class Change:
    """One replayed file change: an edit (``old``/``new``) or a write (``text``)."""

    __slots__ = ("commit", "kind", "new", "old", "rel", "text")

    def __init__(
        self, commit: str, kind: str, rel: str, text: str, old: str = "", new: str = ""
    ) -> None:
        self.commit = commit
        self.kind = kind
        self.rel = rel
        self.text = text
        self.old = old
        self.new = new


def changes(repo: str, commits: int) -> Iterator[Change]:
    """Edits and writes from the last ``commits`` non-merge commits of ``repo``."""
    listed = git(repo, "log", "--no-merges", f"-n{commits}", "--format=%H")
    for commit in (listed or b"").decode().split():
        status = git(repo, "diff-tree", "--no-commit-id", "-r", "-z", "--name-status",
                     "--diff-filter=AM", commit + "^", commit)  # fmt: skip
        fields = (status or b"").decode("utf-8", "replace").split("\0")
        for flag, rel in zip(fields[0::2], fields[1::2], strict=False):
            if not rel or not _texty(rel):
                continue
            after = _decode(git(repo, "show", f"{commit}:{rel}"))
            if after is None:
                continue
            if flag == "A":
                yield Change(commit, "write", rel, after)
                continue
            before = _decode(git(repo, "show", f"{commit}^:{rel}"))
            found = region(before, after) if before is not None else None
            if before is not None and found is not None:
                yield Change(commit, "edit", rel, before, found[0], found[1])


def _workflow_runs(text: str) -> Iterator[str]:
    """The ``run:`` steps of a GitHub workflow: one-line values and block scalars."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        match = re.match(r"^(\s*)(?:-\s+)?run:\s*(.*)$", lines[i])
        i += 1
        if not match:
            continue
        value = match.group(2).strip()
        if value and value[0] not in "|>":
            yield value.strip("'\"") if value[:1] in "'\"" else value
            continue
        indent = None
        body: list[str] = []
        while i < len(lines):
            line = lines[i]
            if line.strip():
                width = len(line) - len(line.lstrip())
                if indent is None:
                    indent = width
                if width < indent or width <= len(match.group(1)):
                    break
                body.append(line[indent:])
            else:
                body.append("")
            i += 1
        if body:
            yield ("\n" if value.startswith("|") else " ").join(body).strip()


def _make_recipes(text: str) -> Iterator[str]:
    """Makefile recipe lines (tab-indented), joined over backslash continuations, with
    make's ``@``/``-``/``+`` prefixes removed."""
    pending = ""
    for line in text.splitlines():
        if pending:
            pending += "\n" + line
        elif line.startswith("\t"):
            pending = line[1:]
        else:
            continue
        if pending.endswith("\\"):
            continue
        command = pending.lstrip("@-+ \t")
        pending = ""
        if command.strip():
            yield command


def _doc_blocks(text: str) -> Iterator[str]:
    """Fenced shell blocks of a Markdown file; ``console`` blocks give their ``$`` lines."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        fence = _FENCE.match(lines[i])
        i += 1
        if not fence:
            continue
        lang = (fence.group(2) or "").lower()
        body: list[str] = []
        while i < len(lines) and not lines[i].strip().startswith(fence.group(1)):
            body.append(lines[i])
            i += 1
        i += 1
        if lang not in _SHELLS:
            continue
        prompts = [b[m.end() :] for b in body for m in [_PROMPT.match(b)] if m]
        if lang in ("console", "shell-session") or prompts:
            yield from prompts
        elif any(b.strip() for b in body):
            yield "\n".join(body).strip()


def _read(path: str) -> str | None:
    if os.path.islink(path) or not os.path.isfile(path):
        return None
    try:
        with open(path, "rb") as handle:
            return _decode(handle.read(MAX_BYTES + 1))
    except OSError:
        return None


def commands(tree: str) -> Iterator[tuple[str, str]]:
    """``(source file, command)`` for the shell commands the project writes down."""
    count = 0
    finds = [
        (".github/workflows/*.y*ml", _workflow_runs),
        ("**/Makefile", _make_recipes),
        ("**/*.mk", _make_recipes),
        ("**/*.md", _doc_blocks),
    ]
    for pattern, extract in finds:
        for path in sorted(glob.glob(os.path.join(tree, pattern), recursive=True)):
            rel = os.path.relpath(path, tree)
            if rel.startswith(("node_modules", "vendor")) or "/node_modules/" in rel:
                continue
            text = _read(path)
            for command in extract(text or ""):
                count += 1
                if count > MAX_COMMANDS:
                    return
                yield rel, command
