"""The JSON merge shared by every harness: load, find caveat's entries, insert,
replace or remove them, dump in the file's own style, write atomically.

A harness file is ``{"hooks": {EVENT: [GROUP, ...]}}`` with ``GROUP`` =
``{"matcher": ..., "hooks": [HANDLER, ...]}``. Caveat's handlers are recognised by
their invocation (``_launch.py`` or ``caveat hook``, plus ``--contract ID``), wherever
the file lives; everything else in the file is the operator's and is kept, in order.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import stat
import tempfile
from typing import Any

from caveat.guards import REGISTRY

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from collections.abc import Mapping

    from caveat.install.command import Runtime

Json = dict[str, Any]


class InstallError(Exception):
    """A file or path caveat will not touch; the text names it and the fix."""


# ---------------------------------------------------------------- the harness table


class Entry:
    """One registration: a vendor event and matcher, and the tools it covers
    (caveat's canonical names; empty: any tool or no tool)."""

    __slots__ = ("event", "matcher", "tools", "vendor_event")

    def __init__(
        self,
        vendor_event: str,
        event: str,
        matcher: str | None = None,
        tools: frozenset[str] = frozenset(),
    ) -> None:
        self.vendor_event = vendor_event
        self.event = event
        self.matcher = matcher
        self.tools = tools

    def messages(self) -> tuple[str, ...]:
        """Every message a guard evaluates for this event and these tools, in chain
        order (``custom`` included wherever the custom guard handles the event)."""
        names: list[str] = []
        for spec in REGISTRY:
            if self.event not in spec.events:
                continue
            if spec.tools and self.tools and spec.tools.isdisjoint(self.tools):
                continue
            names.extend(m for m in spec.messages if m not in names)
        return tuple(names)


class Harness:
    """How caveat registers with one harness."""

    __slots__ = ("contract", "entries", "handler", "name", "notes", "project_file", "user_file")

    def __init__(
        self,
        name: str,
        contract: str,
        user_file: Callable[[Mapping[str, str]], str],
        project_file: str,  # relative to the project folder
        entries: tuple[Entry, ...],
        handler: Callable[[Runtime, Entry], Json],
        notes: tuple[str, ...] = (),
    ) -> None:
        self.name = name
        self.contract = contract
        self.user_file = user_file
        self.project_file = project_file
        self.entries = entries
        self.handler = handler
        self.notes = notes

    def path(self, env: Mapping[str, str], project: str | None) -> str:
        if project is not None:
            return os.path.join(os.path.abspath(project), self.project_file)
        return self.user_file(env)

    def groups(self, runtime: Runtime) -> list[tuple[str, Json]]:
        """(vendor event, matcher group) for every entry, in table order."""
        out = []
        for entry in self.entries:
            group: Json = {}
            if entry.matcher is not None:
                group["matcher"] = entry.matcher
            group["hooks"] = [self.handler(runtime, entry)]
            out.append((entry.vendor_event, group))
        return out


def home(env: Mapping[str, str]) -> str:
    return str(env.get("HOME") or os.path.expanduser("~"))


# ---------------------------------------------------------------- ownership


_INVOCATION = re.compile(r'(?:_launch\.py|\bcaveat(?:\.exe)?"?\s+hook)(?:\W|$)')


def invocation(handler: object) -> str:
    if not isinstance(handler, dict):
        return ""
    parts = [handler.get("command"), *(handler.get("args") or [])]
    return " ".join(p for p in parts if isinstance(p, str))


def owned(handler: object, contract: str) -> bool:
    """Is this handler caveat's registration for ``contract``?"""
    text = invocation(handler)
    if not _INVOCATION.search(text):
        return False
    return re.search(rf"--contract[ =]{re.escape(contract)}(?![\w.-])", text) is not None


# ---------------------------------------------------------------- load and dump


class Document:
    """A harness file as read: its data and the style to write it back in."""

    __slots__ = ("data", "indent", "newline", "path", "text")

    def __init__(self, path: str, text: str | None, data: Json, indent: str, newline: bool):
        self.path = path
        self.text = text  # None: no such file
        self.data = data
        self.indent = indent
        self.newline = newline

    def dump(self, data: Json | None = None) -> str:
        out = json.dumps(
            self.data if data is None else data, indent=self.indent, ensure_ascii=False
        )
        return out + "\n" if self.newline else out


def _no_duplicates(pairs: list[tuple[str, Any]]) -> Json:
    seen: Json = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f"duplicate key {key!r}")
        seen[key] = value
    return seen


_COMMENT = re.compile(r'^(?:[^"\n]|"(?:[^"\\\n]|\\.)*")*?(?://|/\*|#)', re.MULTILINE)
_TRAILING_COMMA = re.compile(r",\s*[}\]]")


def _indent(text: str) -> str:
    match = re.search(r"^[{\[]\s*\n([ \t]+)\S", text.lstrip())
    if match is None:
        return "  "
    found = match.group(1)
    return "\t" if found.startswith("\t") else " " * min(len(found), 8)


def load(path: str) -> Document:
    """Read ``path`` (a missing file is an empty document); refuse what json cannot
    round-trip. Raises OSError when the file cannot be read."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except FileNotFoundError:
        return Document(path, None, {}, "  ", True)
    except UnicodeDecodeError as exc:
        raise InstallError(f"{path} is not UTF-8 text ({exc}); fix or remove the file") from exc
    if not text.strip():
        return Document(path, text, {}, "  ", True)
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates)
    except ValueError as exc:
        if _COMMENT.search(text) or _TRAILING_COMMA.search(text):
            what = "has comments or trailing commas (JSONC/JSON5)"
        else:
            what = f"is not valid JSON ({exc})"
        raise InstallError(
            f"{path} {what}; caveat rewrites only plain JSON, so it would lose them. "
            "Fix: make the file plain JSON, or add the entries by hand "
            "(`caveat install --dry-run` prints them)."
        ) from exc
    if not isinstance(data, dict):
        raise InstallError(f"{path}: the top level is not a JSON object; fix the file first")
    _check_shape(path, data)
    return Document(path, text, data, _indent(text), text.endswith("\n"))


def _check_shape(path: str, data: Json) -> None:
    hooks = data.get("hooks")
    if hooks is None:
        return
    if not isinstance(hooks, dict):
        raise InstallError(f'{path}: "hooks" is not an object; fix the file first')
    for event, groups in hooks.items():
        if not isinstance(groups, list) or not all(
            isinstance(g, dict) and isinstance(g.get("hooks", []), list) for g in groups
        ):
            raise InstallError(
                f'{path}: "hooks.{event}" is not a list of {{"matcher", "hooks": [...]}} '
                "groups; fix the file first"
            )


# ---------------------------------------------------------------- merge


def _strip(groups: list[Json], contract: str) -> tuple[list[Json], int]:
    """Groups without caveat's handlers; a group left empty by that is dropped."""
    out: list[Json] = []
    removed = 0
    for group in groups:
        handlers = group.get("hooks", [])
        kept = [h for h in handlers if not owned(h, contract)]
        removed += len(handlers) - len(kept)
        if len(kept) == len(handlers):
            out.append(group)
        elif kept:
            out.append({**group, "hooks": kept})
    return out, removed


def merged(data: Json, harness: Harness, wanted: list[tuple[str, Json]]) -> Json:
    """``data`` with caveat's registrations for ``harness`` exactly ``wanted``: a group
    that holds only caveat's handlers is replaced in place, others are stripped of
    caveat's handlers, new groups go at the end of their event's list."""
    out = dict(data)
    hooks: Json = dict(out.get("hooks") or {})
    pending: dict[str, list[Json]] = {}
    for event, group in wanted:
        pending.setdefault(event, []).append(group)
    for event, groups in list(hooks.items()):
        new: list[Json] = []
        todo = pending.get(event, [])
        for group in groups:
            handlers = group.get("hooks", [])
            mine = [h for h in handlers if owned(h, harness.contract)]
            if not mine:
                new.append(group)
                continue
            if len(mine) == len(handlers):
                same = [g for g in todo if g.get("matcher") == group.get("matcher")]
                if same:
                    new.append(same[0])
                    todo.remove(same[0])
                continue
            new.append({**group, "hooks": [h for h in handlers if h not in mine]})
        new.extend(todo)
        pending.pop(event, None)
        if new or groups == []:
            hooks[event] = new
        else:
            del hooks[event]
    for event, groups in pending.items():
        hooks[event] = groups
    if hooks or "hooks" in out:
        out["hooks"] = hooks
    return out


def removed(data: Json, contract: str) -> tuple[Json, int]:
    """``data`` without caveat's handlers for ``contract``; containers emptied by the
    removal go too. Returns the count of handlers removed."""
    hooks = data.get("hooks")
    if not isinstance(hooks, dict):
        return data, 0
    total = 0
    new_hooks: Json = {}
    for event, groups in hooks.items():
        kept, count = _strip(groups, contract)
        total += count
        if kept or not count:
            new_hooks[event] = kept
    if not total:
        return data, 0
    out = dict(data)
    if new_hooks:
        out["hooks"] = new_hooks
    else:
        del out["hooks"]
    return out, total


def status(data: Json, harness: Harness, wanted: list[tuple[str, Json]]) -> tuple[str, list[str]]:
    """``installed``, ``missing`` or ``drifted``, with what differs."""
    hooks = data.get("hooks") if isinstance(data.get("hooks"), dict) else {}
    assert isinstance(hooks, dict)
    found: list[tuple[str, object, Json]] = []
    for event, groups in hooks.items():
        for group in groups if isinstance(groups, list) else []:
            for handler in group.get("hooks", []) if isinstance(group, dict) else []:
                if owned(handler, harness.contract):
                    found.append((event, group.get("matcher"), handler))
    if not found:
        return "missing", []
    problems: list[str] = []
    for event, group in wanted:
        want = (event, group.get("matcher"), group["hooks"][0])
        label = f"{event} {group.get('matcher') or '(all)'}"
        if want in found:
            found.remove(want)
            continue
        near = [f for f in found if f[0] == event and f[1] == group.get("matcher")]
        if near:
            found.remove(near[0])
            problems.append(f"{label}: differs ({_difference(near[0][2], want[2])})")
        else:
            problems.append(f"{label}: not registered")
    for event, matcher, handler in found:
        problems.append(f"{event} {matcher or '(all)'}: unexpected entry {invocation(handler)}")
    return ("drifted" if problems else "installed"), problems


def _difference(have: Json, want: Json) -> str:
    have_cmd, want_cmd = invocation(have), invocation(want)
    python = have.get("command", "") if "args" in have else _first_word(have_cmd)
    if isinstance(python, str) and python and not os.path.exists(python):
        return f"interpreter {python} not found; now {_first_word(want_cmd) or want_cmd}"
    if have_cmd != want_cmd:
        return f"runs {have_cmd}; expected {want_cmd}"
    keys = sorted(k for k in set(have) | set(want) if have.get(k) != want.get(k))
    return "fields " + ", ".join(keys)


def _first_word(command: str) -> str:
    if command.startswith('"'):
        return command[1:].partition('"')[0]
    return command.partition(" ")[0]


# ---------------------------------------------------------------- write


def diff(path: str, before: str | None, after: str | None) -> str:
    lines = difflib.unified_diff(
        (before or "").splitlines(keepends=True),
        (after or "").splitlines(keepends=True),
        fromfile=path if before is not None else "/dev/null",
        tofile=path if after is not None else "/dev/null",
    )
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def write_atomic(path: str, text: str) -> None:
    """Temp file in the same folder, then rename; an existing file's mode is kept
    (new files get 0644). A symlinked file is written through to its target."""
    target = os.path.realpath(path)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = 0o644
    folder = os.path.dirname(target)
    fd, tmp = tempfile.mkstemp(prefix=".caveat-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def make_parents(path: str) -> list[str]:
    """Create the folders ``path`` needs; returns those created, outermost first."""
    created: list[str] = []
    folder = os.path.dirname(os.path.abspath(path))
    while not os.path.isdir(folder):
        created.insert(0, folder)
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    for item in created:
        os.mkdir(item)
    return created


# ---------------------------------------------------------------- what caveat created


def record_path(env: Mapping[str, str]) -> str:
    base = env.get("XDG_DATA_HOME") or os.path.join(home(env), ".local", "share")
    return os.path.join(base, "caveat", "installs.json")


def read_records(env: Mapping[str, str]) -> Json:
    try:
        with open(record_path(env), encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def write_records(env: Mapping[str, str], records: Json) -> None:
    path = record_path(env)
    if not records:  # nothing left that caveat created: leave no trace
        try:
            os.unlink(path)
            os.rmdir(os.path.dirname(path))
        except OSError:
            pass
        return
    os.makedirs(os.path.dirname(path), exist_ok=True)
    write_atomic(path, json.dumps(records, indent=2, sort_keys=True) + "\n")
