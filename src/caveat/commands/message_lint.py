"""The lint of one message file (bundled or override). It reports:

- a message without an ``## Advisory`` (or ``## After``) section or ``## Procedure``,
  or whose Bindings name no guard, an unknown guard, or a guard that does not bind it;
- a placeholder an Advisory/After section uses that Bindings do not declare;
- a placeholder not provided by the guard: absent from the guard's built-in sample
  finding (``caveat.commands.samples``) for the variant that section serves — each
  sample is run through the same section choice the hook makes, before and after the
  tool, so a generic ``## Advisory`` is checked against every variant that falls back
  to it; a variant section with no sample at all is reported too
  (``message_placeholders``);
- an Advisory/After section over ``ADVISORY_BUDGET`` characters, a context file over
  its budget, an unexpanded ``${`` anywhere in the text the model can read.

Context files (injected whole: ``sessionstart``, ``postcompact``, ``stop``,
``precompact``, ``skill-index``, or any message whose Bindings say ``- inject: whole``)
need no Advisory or Procedure.
"""

from __future__ import annotations

from caveat.commands.message_placeholders import provided
from caveat.commands.message_sections import ADVISORY_BUDGET
from caveat.commands.message_sections import CONTEXT_BUDGET
from caveat.commands.message_sections import PLACEHOLDER
from caveat.commands.message_sections import SKILL_INDEX
from caveat.commands.message_sections import SKILL_INDEX_BUDGET
from caveat.commands.message_sections import Problem
from caveat.commands.message_sections import advisories
from caveat.commands.message_sections import is_context
from caveat.common.msgparse import BINDINGS
from caveat.common.msgparse import BODY
from caveat.common.msgparse import bindings
from caveat.guards import REGISTRY

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping


def lint(path: str, name: str, sections: Mapping[str, str]) -> list[Problem]:
    """The problems of one message file (bundled or override) named ``name``."""
    out: list[Problem] = []

    def add(section: str, problem: str, fix: str = "") -> None:
        out.append(Problem(path, section, problem, fix))

    body = sections.get(BODY, "")
    if "${" in body:
        add("", "unexpanded '${' in the text the model reads", "write the value out, or drop it")
    declared = bindings(sections.get(BINDINGS, ""))
    placeholders = set(declared.get("placeholders", []))
    if is_context(name, sections):
        budget = SKILL_INDEX_BUDGET if name == SKILL_INDEX else CONTEXT_BUDGET
        if len(body) > budget:
            add("", f"injected text is {len(body):,} characters, over {budget:,}", "shorten it")
        if BINDINGS in sections:
            for used in sorted(set(PLACEHOLDER.findall(body)) - placeholders):
                add("", f"placeholder {{{used}}} is not declared in Bindings", "declare it")
        return out
    found = advisories(sections)
    if not found:
        add("", "no ## Advisory section", "add '## Advisory' with the text the model reads")
    if "Procedure" not in sections:
        add("", "no ## Procedure section", "add '## Procedure' with the full procedure")
    guards = {spec.id: spec for spec in REGISTRY}
    bound = declared.get("guard", [])
    if not bound:
        add(BINDINGS, "no '- guard: ID' line", "name the guard that fills this message")
    for guard_id in bound:
        spec = guards.get(guard_id)
        if spec is None:
            add(BINDINGS, f"unknown guard {guard_id!r}", f"use one of {', '.join(sorted(guards))}")
        elif name not in spec.messages:
            add(BINDINGS, f"guard {guard_id} does not bind {name}", "name the guard that does")
    for heading, text in sorted(found.items()):
        if len(text) > ADVISORY_BUDGET:
            add(heading, f"is {len(text):,} characters, over {ADVISORY_BUDGET:,}", "shorten it")
        for used in sorted(set(PLACEHOLDER.findall(text)) - placeholders):
            add(
                heading,
                f"placeholder {{{used}}} is not declared in Bindings",
                f"add {used} to '- placeholders:', or write {{{{{used}}}}} for literal braces",
            )
    out.extend(provided(path, name, sections, found, bound))
    return out
