"""The guard chain, in the order guards run and their advisories appear.

Security advice comes first, so that when the 10,000-character cap has to drop
advisories it drops the hygiene ones (git, tracking ids) first.

The registry is an index: each entry repeats the guard module's own ``ID``,
``MESSAGES``, ``EVENTS`` and ``TOOLS`` so that a call imports only the guards that
handle its event and tool (``tests/guards/test_registry.py`` keeps the two in step
and checks every module against the ``Guard`` protocol).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.guards import askuser
    from caveat.guards import compaction
    from caveat.guards import conformity
    from caveat.guards import custom
    from caveat.guards import dependency
    from caveat.guards import eval as dynamic_eval
    from caveat.guards import git
    from caveat.guards import header
    from caveat.guards import plan as plan_write
    from caveat.guards import precompact
    from caveat.guards import session_start
    from caveat.guards import stop
    from caveat.guards import tracking_ids
    from caveat.guards.base import Guard
    from caveat.guards.plan import bash as plan_bash

    # mypy checks every registered module against the Guard protocol here.
    _CHECKED: tuple[Guard, ...] = (
        dependency,
        dynamic_eval,
        conformity,
        git,
        plan_write,
        plan_bash,
        tracking_ids,
        header,
        askuser,
        compaction,
        session_start,
        custom,
        stop,
        precompact,
    )

_PRE_POST = frozenset({"PreToolUse", "PostToolUse"})
_FILES = frozenset({"Write", "Edit", "MultiEdit", "NotebookEdit"})
_SHELLS = frozenset({"Bash", "PowerShell"})


class Spec:
    """Where a guard lives and what it handles."""

    __slots__ = ("events", "guard", "id", "messages", "module", "tools")

    def __init__(
        self,
        guard_id: str,
        module: str,
        messages: tuple[str, ...],
        events: frozenset[str],
        tools: frozenset[str],
        guard: Guard | None = None,
    ) -> None:
        self.id = guard_id
        self.module = module
        self.messages = messages
        self.events = events
        self.tools = tools  # empty: any tool
        self.guard = guard

    @classmethod
    def of(cls, guard: Guard) -> Spec:
        """An entry for a guard object already at hand (tests, plug-ins)."""
        return cls(guard.ID, "", guard.MESSAGES, guard.EVENTS, guard.TOOLS, guard)

    def load(self) -> Guard:
        if self.guard is None:
            self.guard = __import__(self.module, fromlist=["_"])
        return self.guard


REGISTRY: tuple[Spec, ...] = (
    Spec(
        "dependency",
        "caveat.guards.dependency",
        ("pretooluse-dependency-guard",),
        _PRE_POST,
        _FILES | _SHELLS,
    ),
    Spec(
        "eval",
        "caveat.guards.eval",
        ("pretooluse-eval-guard",),
        _PRE_POST,
        _FILES | _SHELLS,
    ),
    # A config that would break the harness, or a secret in it, outranks hygiene advice.
    Spec(
        "conformity",
        "caveat.guards.conformity",
        ("pretooluse-conformity",),
        _PRE_POST,
        frozenset({"Write", "Edit", "MultiEdit"}),
    ),
    Spec("git", "caveat.guards.git", ("pretooluse-bash",), _PRE_POST, _SHELLS),
    Spec("plan", "caveat.guards.plan", ("pretooluse-write-plan-guard",), _PRE_POST, _FILES),
    Spec(
        "plan-bash", "caveat.guards.plan.bash", ("pretooluse-bash-plan-guard",), _PRE_POST, _SHELLS
    ),
    Spec(
        "tracking-ids",
        "caveat.guards.tracking_ids",
        ("pretooluse-write", "pretooluse-edit", "pretooluse-notebookedit"),
        _PRE_POST,
        _FILES,
    ),
    Spec(
        "header",
        "caveat.guards.header",
        ("pretooluse-write-header-guard", "pretooluse-edit-header-guard"),
        _PRE_POST,
        frozenset({"Write", "Edit", "MultiEdit"}),
    ),
    Spec(
        "askuser",
        "caveat.guards.askuser",
        ("pretooluse-askuserquestion-recommended",),
        frozenset({"PreToolUse"}),
        frozenset({"AskUserQuestion"}),
    ),
    Spec(
        "compaction",
        "caveat.guards.compaction",
        ("posttooluse-proactive-compaction",),
        frozenset({"PostToolUse"}),
        frozenset(),
    ),
    # Session lifecycle context (SPEC §4), ahead of the operators' SessionStart rules.
    Spec(
        "sessionstart",
        "caveat.guards.session_start",
        ("sessionstart", "postcompact"),
        frozenset({"SessionStart"}),
        frozenset(),
    ),
    # Operators' own rules (.caveat/rules/*.md): any tool; "custom" stands for them.
    Spec(
        "custom",
        "caveat.guards.custom",
        ("custom",),
        frozenset(
            {"PreToolUse", "PostToolUse", "PostToolUseFailure", "UserPromptSubmit", "SessionStart"}
        ),
        frozenset(),
    ),
    Spec("stop", "caveat.guards.stop", ("stop",), frozenset({"Stop"}), frozenset()),
    Spec(
        "precompact",
        "caveat.guards.precompact",
        ("precompact",),
        frozenset({"PreCompact"}),
        frozenset(),
    ),
)


def all_guards() -> tuple[Guard, ...]:
    """Every registered guard, imported (for explain, doctor and the tests)."""
    return tuple(spec.load() for spec in REGISTRY)
