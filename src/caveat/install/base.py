"""What every harness installer shares: the harness table's records, ownership of
handlers, load and dump in the file's own style, verify, atomic writes, and the
record of what caveat created.

Caveat's handlers are recognised by their invocation (``_launch.py`` or ``caveat
hook``, plus ``--contract ID``; for an HTTP hook, a loopback URL under
``/hook/ID/``), wherever the file lives; everything else in the file is the
operator's and is kept, in order. How handlers sit in a file is the harness's
layout (:mod:`caveat.install.layout`).
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
    from caveat.install.endpoint import Endpoint
    from caveat.install.layout import Layout

Json = dict[str, Any]
# A registration as verify compares it: (vendor event, matcher or None, handler).
Found = tuple[str, Any, Json]


class InstallError(Exception):
    """A file or path caveat will not touch; the text names it and the fix."""


# ---------------------------------------------------------------- the harness table


# For a harness that hands pre-tool context to the model: the guards that speak only
# after a tool ran (the context-size advisory; operators' PostToolUse rules). The file
# and shell guards handle PostToolUse too, for the harnesses that drop pre-tool
# context, and must not speak twice where both reach the model.
AFTER_THE_TOOL = frozenset({"compaction", "custom"})


class Entry:
    """One registration: a vendor event and matcher, and the tools it covers
    (caveat's canonical names; empty: any tool or no tool). ``guards`` narrows it to
    those guard ids (empty: every guard that handles the event and tools)."""

    __slots__ = ("event", "guards", "matcher", "tools", "vendor_event")

    def __init__(
        self,
        vendor_event: str,
        event: str,
        matcher: str | None = None,
        tools: frozenset[str] = frozenset(),
        guards: frozenset[str] = frozenset(),
    ) -> None:
        self.vendor_event = vendor_event
        self.event = event
        self.matcher = matcher
        self.tools = tools
        self.guards = guards

    def messages(self) -> tuple[str, ...]:
        """Every message a guard evaluates for this event and these tools, in chain
        order (``custom`` included wherever the custom guard handles the event)."""
        names: list[str] = []
        for spec in REGISTRY:
            if self.event not in spec.events:
                continue
            if self.guards and spec.id not in self.guards:
                continue
            if spec.tools and self.tools and spec.tools.isdisjoint(self.tools):
                continue
            names.extend(m for m in spec.messages if m not in names)
        return tuple(names)


class Harness:
    """How caveat registers with one harness."""

    __slots__ = (
        "command_events", "contract", "entries", "handler", "http_handler", "layout",
        "local_file", "name", "notes", "private", "project_file", "reads_claude",
        "user_file", "why",
    )  # fmt: skip

    def __init__(
        self,
        name: str,
        contract: str,
        user_file: Callable[[Mapping[str, str]], str],
        project_file: str,  # relative to the project folder
        entries: tuple[Entry, ...],
        handler: Callable[[Runtime, Entry], Json],
        notes: tuple[str, ...] = (),
        *,
        why: str = "",
        layout: Layout | None = None,
        reads_claude: str = "",
        private: bool = False,
        http_handler: Callable[[Endpoint, Entry], Json] | None = None,
        local_file: str | None = None,
        command_events: frozenset[str] = frozenset(),
    ) -> None:
        if layout is None:
            from caveat.install.layout import GROUPED

            layout = GROUPED
        self.name = name
        self.contract = contract
        self.user_file = user_file
        self.project_file = project_file
        self.entries = entries
        self.handler = handler
        self.notes = notes
        self.why = why  # one line: why these events (``caveat harnesses``)
        self.layout = layout
        # The vendor's switch that stops it running Claude Code's hooks too (SPEC §8).
        self.reads_claude = reads_claude
        # The project file is the operator's local configuration: keep it out of git.
        self.private = private
        # HTTP registrations (``caveat serve``): the handler, and the project file for
        # them, uncommitted because the settings then hold the server's token.
        self.http_handler = http_handler
        self.local_file = local_file
        # Events the harness runs no HTTP hook for: these stay in command form even in
        # an HTTP install.
        self.command_events = command_events

    def path(self, env: Mapping[str, str], project: str | None, http: bool = False) -> str:
        if project is None:
            return self.user_file(env)
        relative = self.local_file if http and self.local_file else self.project_file
        return os.path.join(os.path.abspath(project), relative)

    def paths(self, env: Mapping[str, str], project: str | None) -> list[str]:
        """Every file of this scope that may hold caveat's registrations, main one first."""
        found = [self.path(env, project)]
        if project is not None and self.local_file:
            found.append(self.path(env, project, http=True))
        return found

    def project_of(self, path: str) -> str | None:
        """The project folder a project file of this harness sits in, else None."""
        for relative in (self.project_file, self.local_file):
            suffix = os.sep + relative if relative else ""
            if suffix and path.endswith(suffix):
                return path[: -len(suffix)] or os.sep
        return None

    def units(self, target: Runtime | Endpoint) -> list[tuple[str, Json]]:
        """(vendor event, what the file stores) for every entry, in table order; an
        :class:`Endpoint` target makes HTTP registrations."""
        from caveat.install.endpoint import Endpoint

        out = []
        for entry in self.entries:
            if isinstance(target, Endpoint) and entry.vendor_event in self.command_events:
                handler = self.handler(target.runtime(), entry)
            elif isinstance(target, Endpoint):
                if self.http_handler is None:
                    raise InstallError(f"{self.name} takes no HTTP hooks")
                handler = self.http_handler(target, entry)
            else:
                handler = self.handler(target, entry)
            out.append(
                (entry.vendor_event, self.layout.wrap(entry.vendor_event, entry.matcher, handler))
            )
        return out

    def wanted(self, target: Runtime | Endpoint) -> list[Found]:
        """(event, matcher, handler) for every entry, as :func:`status` compares them."""
        return [self.layout.where(event, unit) for event, unit in self.units(target)]


def home(env: Mapping[str, str]) -> str:
    return str(env.get("HOME") or os.path.expanduser("~"))


# ---------------------------------------------------------------- ownership


_INVOCATION = re.compile(r'(?:_launch\.py|\bcaveat(?:\.exe)?"?\s+hook)(?:\W|$)')
_LOOPBACK = re.compile(r"https?://(?:127\.0\.0\.1|localhost)(?::\d+)?/hook/([\w.-]+)/")


def invocation(handler: object) -> str:
    """What a handler runs: its command line (``command`` + ``args``, Copilot's
    ``bash``, Kiro's ``action.command``) or, for an HTTP hook, its URL."""
    if not isinstance(handler, dict):
        return ""
    url = handler.get("url")
    if isinstance(url, str) and handler.get("type") == "http":
        return url
    action = handler.get("action")
    if isinstance(action, dict):
        handler = action
    command = handler.get("command")
    if not isinstance(command, str):
        command = handler.get("bash")
    parts = [command, *(handler.get("args") or [])]
    return " ".join(p for p in parts if isinstance(p, str))


def owned(handler: object, contract: str) -> bool:
    """Is this handler caveat's registration for ``contract``?"""
    text = invocation(handler)
    loopback = _LOOPBACK.match(text)
    if loopback is not None:
        return loopback.group(1) == contract
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
    return Document(path, text, data, _indent(text), text.endswith("\n"))


# ---------------------------------------------------------------- verify


def status(
    found: list[tuple[str, Any, Json]], wanted: list[tuple[str, Any, Json]]
) -> tuple[str, list[str]]:
    """``installed``, ``missing`` or ``drifted``, with what differs: caveat's handlers
    ``found`` in a file against those ``wanted``, each as (event, matcher, handler)."""
    if not found:
        return "missing", []
    found = list(found)
    problems: list[str] = []
    for want in wanted:
        event, matcher, handler = want
        label = f"{event} {matcher or '(all)'}"
        if want in found:
            found.remove(want)
            continue
        near = [f for f in found if f[0] == event and f[1] == matcher]
        if near:
            found.remove(near[0])
            problems.append(f"{label}: differs ({_difference(near[0][2], handler)})")
        else:
            problems.append(f"{label}: not registered")
    for event, matcher, handler in found:
        problems.append(f"{event} {matcher or '(all)'}: unexpected entry {invocation(handler)}")
    return ("drifted" if problems else "installed"), problems


def _difference(have: Json, want: Json) -> str:
    have_cmd, want_cmd = invocation(have), invocation(want)
    if have.get("type") == "http" or want.get("type") == "http":
        python = ""
    elif "args" in have:
        python = have.get("command", "")
    else:
        python = _first_word(have_cmd)
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


def write_atomic(path: str, text: str, new_mode: int = 0o644) -> None:
    """Temp file in the same folder, then rename; an existing file's mode is kept
    (a new one gets ``new_mode``). A symlinked file is written through to its target."""
    target = os.path.realpath(path)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = new_mode
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
