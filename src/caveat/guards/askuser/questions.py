"""The findings on one AskUserQuestion question: its real options, how they mark the
recommended one, and whether the recommended one is destructive (the askuser guard;
the variants are described in its package docstring).
"""

from __future__ import annotations

from caveat.event import Finding
from caveat.guards.askuser import marks
from caveat.guards.askuser import risk

MAX_OPTIONS = 32
MAX_TEXT = 2000

_OTHER = frozenset({"other", "something else", "none of the above", "custom", "type my own"})


def _text(value: object) -> str:
    return value[:MAX_TEXT] if isinstance(value, str) else ""


def _trim(text: str, limit: int = 120) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    from caveat.common.sanitize import redact  # before the cut, which could halve a secret

    text = redact(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _options(question: dict[str, object]) -> list[tuple[str, str]]:
    """(label, description) of each real option, "Other" choices left out."""
    raw = question.get("options")
    out = []
    for item in raw[:MAX_OPTIONS] if isinstance(raw, list) else ():
        if isinstance(item, dict):
            label, description = _text(item.get("label")), _text(item.get("description"))
        else:
            label, description = _text(item), ""
        name = " ".join(label.replace("(", " ").split()).lower().rstrip(" .:…)")
        if not label.strip() or name in _OTHER or name.startswith("other "):
            continue
        out.append((label, description))
    return out


def _finding(kind: str, question: str, problem: str, labels: list[str], fix: str) -> Finding:
    values = {
        "question": question,
        "problem": problem,
        "labels": _trim(", ".join(f'"{label}"' for label in labels), 300),
        "fix": _trim(fix, 300),
    }
    variant = "" if kind == "none" else kind
    deny = kind in ("form", "several")
    return Finding(values, variant=variant, key=f"{kind}:{question}", deny=deny)


def question_findings(question: dict[str, object]) -> list[Finding]:
    options = _options(question)
    if len(options) < 2:
        return []
    text = _trim(_text(question.get("question")) or _text(question.get("header")))
    single = question.get("multiSelect") is not True
    canonical = [label for label, _ in options if marks.canonical(label)]
    malformed = [
        (label, "label" if marks.marker(label) else "description")
        for label, description in options
        if not marks.canonical(label) and (marks.marker(label) or marks.marker(description))
    ]
    marked = len(canonical) + len(malformed)
    labels = dict(options)
    findings = []
    if malformed:
        where = {w for _, w in malformed}
        problem = (
            "puts the recommendation in the description instead of the label"
            if where == {"description"}
            else "marks the recommended option in a non-canonical form"
        )
        fix = "; ".join(f'"{marks.unmarked(label)}"' for label, _ in malformed)
        findings.append(_finding("form", text, problem, [m[0] for m in malformed], fix))
    if single and marked > 1:
        chosen = canonical + [m[0] for m in malformed]
        problem = f"marks {marked} options as recommended in a single-select question"
        findings.append(_finding("several", text, problem, chosen, ""))
    if single and marked == 0:
        problem = "marks no option as recommended"
        findings.append(_finding("none", text, problem, list(labels), ""))
    risky = []
    for label in canonical + [m[0] for m in malformed]:
        word = risk.destructive(label) or risk.destructive(labels[label])
        if word:
            risky.append((label, word))
    if risky:
        words = ", ".join(dict.fromkeys(w for _, w in risky))
        problem = f"recommends a destructive option ({words})"
        findings.append(_finding("destructive", text, problem, [r[0] for r in risky], ""))
    return findings
