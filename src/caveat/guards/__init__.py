"""The guard chain: one line per guard, in the order guards run and their advisories
appear.

A line routes: the guard's id, the events and tools it handles and the messages it
speaks through. Those facts live here and nowhere else because a call imports only
the guards its event, tool and registration select; asking every guard package
instead would import all fourteen on every tool call (about 1 ms, a tenth of the
interpreter's own start-up). Everything else about a guard is declared once in its
package, ``caveat.guards.<id>`` with dashes as underscores: its ``check``, ``BUDGET_S``,
``STRICT``, the configuration tables it reads with their defaults (``SETTINGS``); and
in its ``samples`` module, ``SAMPLES`` ((message, variant) → placeholder values, which
``caveat messages`` previews and lints with) and ``BENCH``, the call the benchmark
times (``{project}`` stands for the project root; ``BENCH_CONFIG`` and ``BENCH_FILES``,
when present, are what that project needs for the guard to fire).

Security advice comes first, so that when the 10,000-character cap has to drop
advisories it drops the hygiene ones (git, tracking ids) first.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Protocol

    from caveat.event import Event
    from caveat.event import Finding
    from caveat.guards.base import Context

    class Guard(Protocol):
        """What a guard package provides."""

        ID: str
        BUDGET_S: float
        STRICT: bool  # whether its findings may deny under strict mode
        SETTINGS: dict[str, dict[str, object]]  # config tables it reads, with defaults

        def check(self, event: Event, ctx: Context) -> list[Finding]: ...


# A failing tool call is still a tool call: harnesses that fire PostToolUseFailure
# instead of PostToolUse (Qwen Code on a non-zero exit) forward its context too.
PRE_POST = frozenset({"PreToolUse", "PostToolUse", "PostToolUseFailure"})
FILES = frozenset({"Write", "Edit", "MultiEdit", "NotebookEdit"})
EDITS = frozenset({"Write", "Edit", "MultiEdit"})
SHELLS = frozenset({"Bash", "PowerShell"})
ANY: frozenset[str] = frozenset()  # any tool


class Spec:
    """Where a guard lives and what it is routed on."""

    __slots__ = ("events", "guard", "id", "messages", "tools")

    def __init__(
        self,
        guard_id: str,
        events: frozenset[str],
        tools: frozenset[str],
        *messages: str,
        guard: Guard | None = None,
    ) -> None:
        self.id = guard_id
        self.events = events
        self.tools = tools  # empty: any tool
        self.messages = messages
        self.guard = guard  # set once loaded (or given: tests, plug-ins)

    @property
    def module(self) -> str:
        return "caveat.guards." + self.id.replace("-", "_")

    def load(self) -> Guard:
        if self.guard is None:
            # ``__import__`` and ``sys.modules`` rather than importlib (not loaded on the
            # hook's path) or a ``fromlist`` (a package would look for that submodule).
            __import__(self.module)
            self.guard = sys.modules[self.module]
        return self.guard


REGISTRY: tuple[Spec, ...] = (
    Spec("dependency", PRE_POST, FILES | SHELLS, "pretooluse-dependency-guard"),
    Spec("eval", PRE_POST, FILES | SHELLS, "pretooluse-eval-guard"),
    # A config that would break the harness, or a secret in it, outranks hygiene advice.
    Spec("conformity", PRE_POST, EDITS, "pretooluse-conformity"),
    Spec("git", PRE_POST, SHELLS, "pretooluse-bash"),
    Spec("plan", PRE_POST, FILES, "pretooluse-write-plan-guard"),
    Spec("plan-bash", PRE_POST, SHELLS, "pretooluse-bash-plan-guard"),
    Spec(
        "tracking-ids",
        PRE_POST,
        FILES,
        "pretooluse-write",
        "pretooluse-edit",
        "pretooluse-notebookedit",
    ),
    Spec(
        "header", PRE_POST, EDITS, "pretooluse-write-header-guard", "pretooluse-edit-header-guard"
    ),
    Spec(
        "askuser",
        frozenset({"PreToolUse"}),
        frozenset({"AskUserQuestion"}),
        "pretooluse-askuserquestion-recommended",
    ),
    Spec("compaction", frozenset({"PostToolUse"}), ANY, "posttooluse-proactive-compaction"),
    # Session lifecycle context (SPEC §4), ahead of the operators' SessionStart rules.
    Spec("sessionstart", frozenset({"SessionStart"}), ANY, "sessionstart", "postcompact"),
    # Operators' own rules (.caveat/rules/*.md): any tool; "custom" stands for them.
    Spec(
        "custom",
        PRE_POST | {"UserPromptSubmit", "SessionStart"},
        ANY,
        "custom",
    ),
    Spec("stop", frozenset({"Stop"}), ANY, "stop"),
    Spec("precompact", frozenset({"PreCompact"}), ANY, "precompact"),
)


def spec(guard_id: str) -> Spec:
    """The registry line of ``guard_id`` (KeyError for an unknown id)."""
    for found in REGISTRY:
        if found.id == guard_id:
            return found
    raise KeyError(guard_id)


def all_guards() -> tuple[Guard, ...]:
    """Every registered guard, imported (for explain, doctor and the tests)."""
    return tuple(found.load() for found in REGISTRY)
