"""The conformity check registry and its runner.

Imported only when ``caveat.guards.conformity`` has found a write inside an agent
configuration scope. Each check is a row ``(id, kinds, budget_s, blocking, function)``:
it runs on files of those kinds (``caveat.guards.conformity.kinds``), on the text the file
will have after the write, and returns ``(problem, fix)`` pairs. A check that raises,
or that runs past its own budget, is skipped and logged; the others still report.
The budget is enforced with a ``caveat.common.budget.Timer`` where the platform has one,
nested inside the one the chain puts around the whole guard, so a check stuck on a huge
file is stopped at its budget rather than measured after the fact. Ids are stable:
they appear in findings and in the repetition keys.
"""

from __future__ import annotations

import time

from caveat.common.budget import Overrun
from caveat.common.budget import Timer
from caveat.common.log import log
from caveat.event import DELETE
from caveat.event import Finding
from caveat.guards.base import versions
from caveat.guards.conformity import docs
from caveat.guards.conformity import hookfiles
from caveat.guards.conformity import secret
from caveat.guards.conformity import timeouts
from caveat.guards.conformity.doc import Doc
from caveat.guards.conformity.kinds import display
from caveat.guards.conformity.kinds import kind_of
from caveat.guards.conformity.kinds import virtual_path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from caveat.event import FileEdit
    from caveat.guards.base import Context

    Check = tuple[str, frozenset[str], float, bool, Callable[[Doc], list[tuple[str, str]]]]

_JSON = hookfiles.JSON_KINDS | {"json"}
_TOML = hookfiles.TOML_KINDS | {"command-toml", "toml"}
_ALL = _JSON | _TOML | frozenset({"skill", "agent", "command", "memory", "other"})

CHECKS: tuple[Check, ...] = (
    ("settings-json-parses", _JSON, 0.25, True, hookfiles.json_parses),
    ("config-toml-parses", _TOML, 0.25, True, hookfiles.toml_parses),
    # One shape check per harness with hook files, ``hooks-shape-<id>``.
    *(
        (f"hooks-shape-{hid}", hookfiles.KINDS_OF[hid], 0.1, True, hookfiles.shape_check(m))
        for hid, m in hookfiles.HOOKFILES.items()
    ),
    ("hooks-timeout-units", hookfiles.TIMED_KINDS, 0.1, False, timeouts.timeout_units),
    ("skill-front-matter", frozenset({"skill"}), 0.1, True, docs.skill_front_matter),
    ("skill-name-matches-folder", frozenset({"skill"}), 0.1, True, docs.skill_name_matches_folder),
    (
        "skill-description-near-limit",
        frozenset({"skill"}),
        0.1,
        False,
        docs.skill_description_near_limit,
    ),
    ("agent-front-matter", frozenset({"agent"}), 0.1, True, docs.agent_front_matter),
    (
        "command-front-matter",
        frozenset({"command", "command-toml"}),
        0.1,
        False,
        docs.command_front_matter,
    ),
    ("memory-size", frozenset({"memory"}), 0.05, False, docs.memory_size),
    ("config-secret", _ALL, 0.5, True, secret.config_secret),
)
# Checks that can judge the new text alone, when the edit could not be applied to the
# file on disk (the whole-file checks would judge a fragment).
FRAGMENT_CHECKS = frozenset({"config-secret"})


# Benchmarks turn this off to time what a check costs, not where its budget cuts it.
ENFORCE_BUDGETS = True


def run_checks(doc: Doc) -> list[tuple[str, bool, str, str]]:
    """``(check id, blocking, problem, fix)`` of each check that applies and speaks."""
    out = []
    for check_id, kinds, budget, blocking, function in CHECKS:
        if doc.kind not in kinds or (not doc.exact and check_id not in FRAGMENT_CHECKS):
            continue
        started = time.perf_counter()
        timer = Timer(budget, enforce=ENFORCE_BUDGETS)
        try:
            with timer:
                issues = function(doc)
        except Overrun as exc:
            if exc.timer is not timer:
                raise  # the guard's own budget ran out: the chain skips the whole guard
            issues = None
        except Exception as exc:
            log(f"conformity check {check_id} failed ({type(exc).__name__}: {exc}); skipped")
            continue
        elapsed = time.perf_counter() - started
        if issues is None or (ENFORCE_BUDGETS and elapsed > budget):
            log(f"conformity check {check_id} took {elapsed:.3f} s (budget {budget:g} s); skipped")
            continue
        if issues:
            problem, fix = issues[0]
            if len(issues) > 1:
                problem += f" (+{len(issues) - 1} more)"
            out.append((check_id, blocking, problem, fix))
    return out


def file_findings(ctx: Context, path: str, edits: list[FileEdit]) -> list[Finding]:
    if all(edit.kind == DELETE for edit in edits):
        return []
    before, after, exact = versions(ctx, edits)
    if not after.strip():
        return []
    kind = kind_of(virtual_path(path, ctx.env))
    doc = Doc(path, kind, after, before, exact, ctx.git_root(path) or "")
    shown = display(ctx, path)
    findings = []
    for check_id, blocking, problem, fix in run_checks(doc):
        variant = "secret" if check_id == "config-secret" else ("" if blocking else "advisory")
        values = {"path": shown, "check": check_id, "problem": problem, "fix": fix}
        key = f"{check_id}:{shown}"
        findings.append(Finding(values, variant=variant, key=key, deny=blocking))
    return findings
