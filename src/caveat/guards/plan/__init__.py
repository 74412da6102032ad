"""The plan guard (file writes): plans written where they do not belong, and files
changed while the harness is in plan mode.

Variants of ``pretooluse-write-plan-guard``:

- ``""``: plan-shaped text (``tables``: plan front-matter keys, phase/status
  tables, resumption sections …, at least two signals, one of them strong) written
  inside a project but outside its plans folder (``[plans] folder``, default
  ``.caveat/plans`` under the git root of the written file);
- ``global``: plan-shaped text written outside every project, into a harness's
  configuration (``~/.claude/plans``, ``~/.codex`` …), the home folder or a temp
  folder;
- ``plan-mode``: the harness is in plan mode (``permission_mode == "plan"``) and the
  call changes a file other than a plan file (the project's plans folder, or a
  harness's own plan folder such as ``~/.claude/plans``). Under strict mode a
  pre-tool plan-mode finding denies the call.

Plans are recognised in Markdown and in plain text alike: underlined, upper-case,
"Label:" and "Phase N: …" lines are headings, ``Next action: …`` lines are fields
(``scan``). A file named like public documentation (``README``, ``ROADMAP``,
``CHANGELOG``, ``CONTRIBUTING`` …) needs more evidence, and a "# Roadmap" title is a
weak signal: a project's public roadmap with "Next steps", a checklist and a status
is product documentation, not an agent's plan.

Only prose files (Markdown, text, reStructuredText, Org, AsciiDoc) are read for plan
markers: a ``phases:`` key in a CI file or a "Phase" heading in a notebook is not a
plan (notebook markdown cells reach guards as empty text). A path outside every
project that is neither global nor in a harness folder stays silent: there is no
plans folder to point to. Extra strong markers come from ``[plans] markers`` when
the configuration provides it.

The silent path is a suffix test on the file name and a substring scan of the new
text for the cheapest marker words; only then is the file located and the text
scanned (``scan``, no regular expressions).
"""

from __future__ import annotations

from caveat.event import DELETE
from caveat.guards.base import edits_by_path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

    from caveat.event import Event
    from caveat.event import Finding
    from caveat.guards.base import Context

# Pre-filter data: loaded on every call that reaches this guard; the full
# tables live in the modules beside this one.
# Every strong marker below contains one of these (lower case): the pre-filter.
PREFILTER = ("phase", "resum", "plan", "status", "progress", "next action")

# Only prose files carry plans; code, data and configuration files are never read
# for plan markers (``phases:`` is a key of AWS buildspec files, ``steps:`` of CI
# workflows).
PROSE_SUFFIXES = (
    ".md",
    ".markdown",
    ".mdown",
    ".mkd",
    ".mdx",
    ".txt",
    ".rst",
    ".org",
    ".adoc",
)


PLAN_MODE = "plan"
# Larger texts are not analysed: the guard must stay within its budget.
MAX_TEXT = 16 * 1024 * 1024


def is_prose(path: str) -> bool:
    return path.lower().endswith(PROSE_SUFFIXES)


def markers(ctx: Context) -> tuple[str, ...]:
    """Extra strong markers from ``[plans] markers`` (none by default)."""
    return ctx.config.strings("plans", "markers")


def may_be_plan(text: str, extra: Sequence[str] = ()) -> bool:
    """False only when ``text`` can hold no strong plan marker."""
    if not text or len(text) > MAX_TEXT:
        return False
    low = text.lower()
    if any(token in low for token in PREFILTER):
        return True
    return any(m.strip().lstrip("#").strip().rstrip(":").lower() in low for m in extra if m.strip())


def check(event: Event, ctx: Context) -> list[Finding]:
    grouped = edits_by_path(event)
    if not grouped:
        return []
    if event.permission_mode == PLAN_MODE:
        from caveat.guards.plan.report import plan_mode_findings

        return plan_mode_findings(event, ctx, list(grouped))
    extra = markers(ctx)
    candidates = {
        path: edits
        for path, edits in grouped.items()
        if is_prose(path) and any(e.kind != DELETE and may_be_plan(e.text, extra) for e in edits)
    }
    if not candidates:
        return []
    from caveat.guards.plan.report import content_findings

    return content_findings(event, ctx, candidates, extra)
