"""The guard chain: one line per guard, in the order guards run and their advisories
appear. A line is the guard's whole declaration.

A line holds what routing, configuration and the renderer need before anything is
imported: the guard's id, the events and tools it handles, the messages it speaks
through (the first is its default), its time budget, whether strict mode may turn
its findings into a deny, whether it reports commands of the irreversible class that
caveat may hold once before they run (docs/holds.md), and the configuration tables
it reads with their defaults.
Asking every guard package instead would import all fourteen on every tool call
(about 1 ms, a tenth of the interpreter's own start-up). The package,
``caveat.guards.<id>`` with dashes as underscores, holds only the logic: ``check``
(and the cheap pre-filter in front of it); its ``samples`` module holds ``SAMPLES``
((message, variant) → placeholder values, which ``caveat messages`` previews and lints
with) and ``BENCH``, the call the benchmark times (``{project}`` stands for the
project root; ``BENCH_CONFIG`` and ``BENCH_FILES``, when present, are what that
project needs for the guard to fire).

Security advice comes first, so that when the 10,000-character cap has to drop
advisories it drops the hygiene ones (git, tracking ids) first.
"""

from __future__ import annotations

import sys

from caveat.event import EDIT_TOOLS
from caveat.event import FILE_TOOLS
from caveat.event import POST_TOOL
from caveat.event import PRE_POST
from caveat.event import SHELL_TOOLS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Protocol

    from caveat.event import Event
    from caveat.event import Finding
    from caveat.guards.base import Context

    class Guard(Protocol):
        """What a guard package provides: its logic, nothing else."""

        def check(self, event: Event, ctx: Context) -> list[Finding]: ...


ANY: frozenset[str] = frozenset()  # any tool
# For a harness that hands pre-tool context to the model: the guards that speak only
# after a tool ran (the context-size advisory; operators' PostToolUse rules). The file
# and shell guards handle PostToolUse too, for the harnesses that drop pre-tool
# context, and must not speak twice where both reach the model.
AFTER_THE_TOOL = frozenset({"compaction", "custom"})
# Configuration tables a guard reads, with their defaults: {table: {key: default}}.
Settings = dict[str, dict[str, object]]
NONE: Settings = {}


class Spec:
    """One guard's declaration."""

    __slots__ = (
        "budget_s", "events", "guard", "holds", "id", "messages", "settings", "strict", "tools",
        "unread",
    )  # fmt: skip

    def __init__(
        self,
        guard_id: str,
        events: frozenset[str],
        tools: frozenset[str],
        messages: tuple[str, ...],
        budget_s: float = 1.0,
        strict: bool = False,
        settings: Settings = NONE,
        guard: Guard | None = None,
        holds: bool = False,
        unread: str = "",
    ) -> None:
        self.id = guard_id
        self.events = events
        self.tools = tools  # empty: any tool
        self.messages = messages  # the first is the default of the guard's findings
        self.budget_s = budget_s
        self.strict = strict  # whether its findings may deny under strict mode
        self.settings = settings
        self.holds = holds  # whether its findings may mark a command to hold once
        # The variant of its default message that says a command was not read whole:
        # given by the chain when the guard runs out of time on one, never silence.
        self.unread = unread
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

    def handles(self, event: Event) -> bool:
        return event.name in self.events and (not self.tools or event.tool in self.tools)


REGISTRY: tuple[Spec, ...] = (
    Spec(
        "dependency",
        PRE_POST,
        FILE_TOOLS | SHELL_TOOLS,
        ("pretooluse-dependency-guard",),
        budget_s=2.0,
        settings={"dependency": {"extra_manifests": []}},
        holds=True,
        unread="unread",
    ),
    Spec(
        "eval",
        PRE_POST,
        FILE_TOOLS | SHELL_TOOLS,
        ("pretooluse-eval-guard",),
        budget_s=2.0,
        holds=True,
        unread="unread-command",
    ),
    # A config that would break the harness, or a secret in it, outranks hygiene advice.
    Spec("conformity", PRE_POST, EDIT_TOOLS, ("pretooluse-conformity",), budget_s=2.0, strict=True),
    Spec("git", PRE_POST, SHELL_TOOLS, ("pretooluse-bash",), holds=True, unread="unread"),
    Spec("plan", PRE_POST, FILE_TOOLS, ("pretooluse-write-plan-guard",), strict=True),
    Spec(
        "plan-bash",
        PRE_POST,
        SHELL_TOOLS,
        ("pretooluse-bash-plan-guard",),
        strict=True,
        unread="unread",
    ),
    Spec(
        "tracking-ids",
        PRE_POST,
        FILE_TOOLS,
        ("pretooluse-write", "pretooluse-edit", "pretooluse-notebookedit"),
        # The project's own planning ids, beyond what its plans folder defines (a
        # regular expression such as "PROJ-[0-9]+"; none by default).
        settings={"tracking": {"pattern": ""}},
    ),
    Spec(
        "header",
        PRE_POST,
        EDIT_TOOLS,
        ("pretooluse-write-header-guard", "pretooluse-edit-header-guard"),
        budget_s=2.0,
        settings={"header": {"license": "", "exclude": []}},
    ),
    Spec(
        "askuser",
        frozenset({"PreToolUse"}),
        frozenset({"AskUserQuestion"}),
        ("pretooluse-askuserquestion-recommended",),
        budget_s=0.5,
        strict=True,
    ),
    Spec(
        "compaction",
        POST_TOOL,  # a failed call's error text grows the context too
        ANY,
        ("posttooluse-proactive-compaction",),
        settings={
            "compaction": {
                "threshold_tokens": 150_000,
                "threshold_calls": 400,
                "threshold_bytes": 2_000_000,
            }
        },
    ),
    # Session lifecycle context (SPEC §4), ahead of the operators' SessionStart rules.
    # skill-index.md is optional (``caveat skill-index`` writes it), so it is not bound.
    # A subagent (Claude Code's SubagentStart) starts with the same essentials.
    Spec(
        "sessionstart",
        frozenset({"SessionStart", "SubagentStart"}),
        ANY,
        ("sessionstart", "postcompact"),
    ),
    # Operators' own rules (.caveat/rules/*.md), on any tool: each finding names its
    # rule file as its message, so "custom" is a stand-in.
    Spec(
        "custom",
        PRE_POST | {"UserPromptSubmit", "SessionStart"},
        ANY,
        ("custom",),
        budget_s=1.5,
        strict=True,
    ),
    # stop.md is opt-in.
    Spec("stop", frozenset({"Stop"}), ANY, ("stop",), settings={"stop": {"enabled": False}}),
    Spec("precompact", frozenset({"PreCompact"}), ANY, ("precompact",), budget_s=0.5),
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
