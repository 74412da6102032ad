"""The normalized facts a guard sees, and what a guard reports.

Records are slotted, immutable classes written by hand: the hook path cannot afford
``dataclasses``, ``typing`` or ``collections`` at start-up (SPEC §12).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from collections.abc import Mapping

    from typing_extensions import Self

_set = object.__setattr__

# How the text of a FileEdit relates to the file.
WHOLE = "whole"  # text is the entire new file (Write, patch Add File)
FRAGMENT = "fragment"  # text replaces ``old`` somewhere in the file (Edit, MultiEdit)
HUNK = "hunk"  # text is the added lines of a patch hunk, ``old`` the removed ones
CELL = "cell"  # text is one notebook cell's new source
DELETE = "delete"  # the file is removed; text is empty

# The vocabulary every layer shares: declared once, here.
VERBATIM = "*"  # a Finding variant: the message file is context, injected whole
POST_TOOL = frozenset({"PostToolUse", "PostToolUseFailure"})
# A failing tool call is still a tool call: harnesses that fire PostToolUseFailure
# instead of PostToolUse (Qwen Code on a non-zero exit) forward its context too.
PRE_POST = POST_TOOL | {"PreToolUse"}
FILE_TOOLS = frozenset({"Write", "Edit", "MultiEdit", "NotebookEdit"})
EDIT_TOOLS = frozenset({"Write", "Edit", "MultiEdit"})
SHELL_TOOLS = frozenset({"Bash", "PowerShell"})


class Record:
    """Base for immutable records: attributes are set once, in ``__init__``."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def _fields(self) -> Iterator[tuple[str, object]]:
        names: tuple[str, ...] = self.__slots__
        for name in names:
            yield name, getattr(self, name)

    def replace(self, **changes: object) -> Self:
        """A copy with some fields changed."""
        copy = object.__new__(type(self))
        for name, value in self._fields():
            _set(copy, name, changes.pop(name, value))
        if changes:
            raise TypeError(f"unknown fields {sorted(changes)}")
        return copy

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return tuple(self._fields()) == tuple(other._fields())

    def __hash__(self) -> int:
        return hash(tuple(self._fields()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self._fields())
        return f"{type(self).__name__}({inner})"


class FileEdit(Record):
    """One file a tool call writes: its absolute path and the text it puts there."""

    __slots__ = ("kind", "moved_from", "old", "path", "text")

    path: str
    text: str
    kind: str
    old: str
    moved_from: str

    def __init__(
        self, path: str, text: str, kind: str = WHOLE, old: str = "", moved_from: str = ""
    ) -> None:
        _set(self, "path", path)
        _set(self, "text", text)
        _set(self, "kind", kind)
        _set(self, "old", old)
        _set(self, "moved_from", moved_from)


class Event(Record):
    """One hook invocation, in Claude Code's vocabulary whatever the vendor."""

    __slots__ = (
        "agent_id",
        "agent_type",
        "command",
        "contract",
        "cwd",
        "edits",
        "name",
        "output_size",
        "permission_mode",
        "session_id",
        "shell",
        "source",
        "stop_hook_active",
        "tool",
        "tool_input",
        "transcript_path",
        "turn_id",
        "vendor_event",
    )

    name: str
    tool: str
    tool_input: Mapping[str, object]
    edits: tuple[FileEdit, ...]
    command: str
    shell: str
    cwd: str
    session_id: str
    turn_id: str
    transcript_path: str
    source: str
    permission_mode: str
    stop_hook_active: bool
    contract: str
    vendor_event: str
    output_size: int
    agent_id: str
    agent_type: str

    def __init__(
        self,
        name: str,
        tool: str = "",
        edits: tuple[FileEdit, ...] = (),
        command: str = "",
        shell: str = "",
        cwd: str = "",
        session_id: str = "",
        turn_id: str = "",
        transcript_path: str = "",
        source: str = "",
        permission_mode: str = "",
        stop_hook_active: bool = False,
        contract: str = "claude",
        vendor_event: str = "",
        tool_input: Mapping[str, object] | None = None,
        output_size: int = 0,
        agent_id: str = "",
        agent_type: str = "",
    ) -> None:
        _set(self, "name", name)
        _set(self, "tool", tool)
        _set(self, "edits", edits)
        _set(self, "command", command)
        _set(self, "shell", shell)
        _set(self, "cwd", cwd)
        _set(self, "session_id", session_id)
        _set(self, "turn_id", turn_id)
        _set(self, "transcript_path", transcript_path)
        _set(self, "source", source)
        _set(self, "permission_mode", permission_mode)
        _set(self, "stop_hook_active", stop_hook_active)
        _set(self, "contract", contract)
        _set(self, "vendor_event", vendor_event or name)
        # The tool's raw input, for guards that read more than edits and commands
        # (AskUserQuestion's questions). Not to be mutated.
        _set(self, "tool_input", tool_input if tool_input is not None else {})
        # Characters of the tool's output (post-tool events): a stand-in for context
        # growth when no transcript can be read.
        _set(self, "output_size", output_size)
        # Inside a subagent (Claude Code): which one, and its kind; empty otherwise.
        _set(self, "agent_id", agent_id)
        _set(self, "agent_type", agent_type)

    @property
    def target(self) -> str:
        """The path the call acts on: its first edited file, else its cwd."""
        return self.edits[0].path if self.edits else self.cwd


class Finding(Record):
    """What one guard found: the values to fill its message with.

    ``variant`` selects an ``## Advisory: <variant>`` section of the message (the plain
    ``## Advisory`` when empty); ``key`` identifies the finding within its guard and
    file (a package name, a primitive) so repeated advice can be recognised. A guard
    names ``message`` only when it speaks through more than one; ``guard`` and an
    empty ``message`` are stamped by the chain from the guard's registry line, so
    analysis code never needs to know which guard it serves. ``hold`` marks a finding
    of the irreversible class (docs/holds.md): a command that, once run, cannot be
    taken back, which caveat may hold once before it runs.
    """

    __slots__ = ("deny", "guard", "hold", "key", "message", "values", "variant")

    guard: str
    message: str
    values: tuple[tuple[str, str], ...]
    variant: str
    key: str
    deny: bool
    hold: bool

    def __init__(
        self,
        values: dict[str, str],
        variant: str = "",
        key: str = "",
        deny: bool = False,
        message: str = "",
        guard: str = "",
        hold: bool = False,
    ) -> None:
        _set(self, "guard", guard)
        _set(self, "message", message)
        _set(self, "values", tuple(values.items()))
        _set(self, "variant", variant)
        _set(self, "key", key)
        _set(self, "deny", deny)
        _set(self, "hold", hold)

    def value_map(self) -> dict[str, str]:
        return dict(self.values)
