"""Findings of the plan guard for file writes, after its pre-filter kept the call.

Locates each written file (``caveat.guards.plans``), recovers the file's text after the
edit (a whole write is its own text; an edit is applied to the file on disk, or read
back after the tool ran) and asks ``scan`` whether that text is a plan.
"""

from __future__ import annotations

from caveat.event import POST_TOOL
from caveat.event import WHOLE
from caveat.event import Finding
from caveat.guards import plans
from caveat.guards.base import versions
from caveat.guards.plan import tables
from caveat.guards.plan.scan import describe
from caveat.guards.plan.scan import plan_signals

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

    from caveat.event import Event
    from caveat.event import FileEdit
    from caveat.guards.base import Context

MAX_TEXT = 16 * 1024 * 1024


def plan_mode_findings(event: Event, ctx: Context, written: list[str]) -> list[Finding]:
    """One finding per changed file that is not a plan file."""
    findings = []
    deny = event.name == "PreToolUse"
    for path in written:
        kind, root = plans.locate(ctx, path)
        if kind in (plans.PLANS, plans.HARNESS_PLANS):
            continue
        shown = plans.shown(path, root, ctx.env)
        findings.append(Finding({"path": shown}, variant="plan-mode", key="plan-mode", deny=deny))
    return findings


def after_text(event: Event, ctx: Context, edits: list[FileEdit]) -> str:
    """The file's text once the edits are made."""
    if all(e.kind == WHOLE for e in edits):
        return edits[-1].text
    if event.name in POST_TOOL:
        disk = ctx.read_text(edits[0].path)
        if disk is not None:
            return disk
        return "\n".join(e.text for e in edits)
    return versions(ctx, edits)[1]


def content_findings(
    event: Event, ctx: Context, candidates: dict[str, list[FileEdit]], extra: Sequence[str]
) -> list[Finding]:
    findings = []
    for path, edits in candidates.items():
        kind, root = plans.locate(ctx, path)
        if kind in (plans.PLANS, plans.ELSEWHERE):
            continue
        text = after_text(event, ctx, edits)
        if len(text) > MAX_TEXT:
            continue
        base = path.replace("\\", "/").rsplit("/", 1)[-1].lower()
        plain = base.endswith(tables.PLAIN_SUFFIXES)
        document = base.split(".", 1)[0] in tables.DOCUMENT_STEMS
        signals = plan_signals(text, extra, plain=plain, document=document)
        if not signals:
            continue
        if kind == plans.PROJECT:
            values = {
                "path": plans.shown(path, root, ctx.env),
                "plans_folder": plans.shown_folder(ctx, root),
                "signals": describe(signals),
            }
            findings.append(Finding(values, key="misplaced"))
            continue
        # A global location: point to the plans folder of the project being worked on.
        home_root = plans.cwd_root(ctx)
        values = {
            "path": plans.shown(path, None, ctx.env),
            "plans_folder": plans.shown_folder(ctx, home_root, absolute=True),
            "signals": describe(signals),
        }
        findings.append(Finding(values, variant="global", key="global"))
    return findings
