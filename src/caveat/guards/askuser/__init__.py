"""The askuser guard: how AskUserQuestion options mark the recommended choice.

The canonical form is an option label ending in `` (Recommended)``. Per question with
two or more real options (an "Other"/free-text choice does not count), the guard
reports:

- ``form`` — a marker in another form: ``(recommended)``, ``[Recommended]``,
  ``Recommended: x``, ``x - recommended``, ``(Recommended option)``, ``(Rec)``, the
  canonical text not at the end of the label, or a marker in the description;
- ``several`` — more than one option marked in a single-select question;
- ``""`` (none) — no option marked in a single-select question;
- ``destructive`` — a marked option proposes to delete, drop, force-push, reset,
  overwrite, discard or wipe something; not when the text negates it ("nothing is
  deleted", "Delete nothing; archive instead") or the word names a thing rather than
  the act ("Reset-password email flow", "delete button", "soft delete"): see ``risk``.

``form`` and ``several`` are well-formedness findings (``deny=True``: a deny when the
user enables strict mode for this guard); ``none`` and ``destructive`` are nudges and
never deny. Multi-select questions may mark any number of options. The payload is
untrusted: any field may have any type, and the guard never raises on it.

The Event does not carry the tool input yet; ``check`` reads ``event.tool_input``
when a contract provides it, and ``input_findings`` takes the raw input directly.
The analysis lives beside this module, imported only inside ``input_findings``:
``questions`` (one question's findings), ``marks`` (the marker forms) and ``risk``
(destructive words).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.event import Event
    from caveat.event import Finding
    from caveat.guards.base import Context


MAX_QUESTIONS = 16


def input_findings(tool_input: object) -> list[Finding]:
    """Findings for an AskUserQuestion tool input (``{"questions": [...]}``)."""
    questions = tool_input.get("questions") if isinstance(tool_input, dict) else None
    findings: list[Finding] = []
    if not isinstance(questions, list):
        return findings
    from caveat.guards.askuser.questions import question_findings

    for question in questions[:MAX_QUESTIONS]:
        if isinstance(question, dict):
            findings.extend(question_findings(question))
    return findings


def check(event: Event, ctx: Context) -> list[Finding]:
    return input_findings(getattr(event, "tool_input", None))
