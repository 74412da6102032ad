"""The askuser guard: how AskUserQuestion options mark the recommended choice.

The canonical form is an option label ending in `` (Recommended)``. Per question with
two or more real options (an "Other"/free-text choice does not count), the guard
reports:

- ``form`` — a marker in another form: ``(recommended)``, ``[Recommended]``,
  ``Recommended: x``, ``x - recommended``, ``(Recommended option)``, ``(Rec)``, the
  canonical text not at the end of the label, or a marker in the description;
- ``several`` — more than one option marked in a single-select question;
- ``""`` (none) — no option marked in a single-select question;
- ``destructive`` — a marked option deletes, drops, force-pushes, resets, overwrites,
  discards or wipes something (unless the text negates it: "nothing is deleted").

``form`` and ``several`` are well-formedness findings (``deny=True``: a deny when the
user enables strict mode for this guard); ``none`` and ``destructive`` are nudges and
never deny. Multi-select questions may mark any number of options. The payload is
untrusted: any field may have any type, and the guard never raises on it.

The Event does not carry the tool input yet; ``check`` reads ``event.tool_input``
when a contract provides it, and ``input_findings`` takes the raw input directly.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.event import Event
    from caveat.event import Finding
    from caveat.guards.base import Context

ID = "askuser"
MESSAGE = "pretooluse-askuserquestion-recommended"
BUDGET_S = 0.5
STRICT = True
SETTINGS: dict[str, dict[str, object]] = {}

CANONICAL = " (Recommended)"
MAX_QUESTIONS = 16
MAX_OPTIONS = 32
MAX_TEXT = 2000
_OTHER = frozenset({"other", "something else", "none of the above", "custom", "type my own"})
_BRACKETS = {"(": ")", "[": "]", "{": "}", "<": ">", "【": "】", "（": "）"}
_SEPARATORS = "-–—:|,*/"
_DESTRUCTIVE = frozenset(
    {
        "delete", "deletes", "deleting", "deleted", "drop", "drops", "dropping", "dropped",
        "reset", "resets", "resetting", "overwrite", "overwrites", "overwriting",
        "overwritten", "discard", "discards", "discarding", "discarded", "wipe", "wipes",
        "wiping", "wiped", "purge", "purges", "purging", "purged", "erase", "erases",
        "erasing", "erased", "destroy", "destroys", "destroying", "destroyed", "truncate",
        "truncates", "truncating", "truncated", "nuke", "clobber", "rm",
    }
)  # fmt: skip
# "force" is destructive only before one of these ("force-push", not "force HTTPS").
_FORCED = frozenset(
    {"push", "pushes", "pushing", "pushed", "delete", "remove", "overwrite", "reset"}
    | {"checkout", "clean"}
)
_NOT_DROP = frozenset({"down", "in", "shadow", "shadows", "zone", "support"})
# Words that negate a destructive word up to four words after them.
_NEGATIONS = frozenset(
    {"no", "not", "nothing", "never", "without", "don", "doesn", "won", "avoid", "avoids"}
    | {"avoiding", "instead"}
)
_RAW = ("rm -rf", "rm -fr", "--force", "--hard", "force-push", "git clean")


def _text(value: object) -> str:
    return value[:MAX_TEXT] if isinstance(value, str) else ""


def _trim(text: str, limit: int = 120) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _bracket_marker(content: str) -> bool:
    words = content.strip(" *_!.").lower()
    if "not" in words.split():
        return False
    return words in ("rec", "recommend") or words.startswith("recommended")


def _marker(text: str) -> bool:
    """Some form of "recommended" marker anywhere in ``text``."""
    plain = text.replace("*", "").replace("_", " ").strip()
    low = plain.lower()
    i = 0
    while i < len(plain):
        close = _BRACKETS.get(plain[i])
        end = plain.find(close, i + 1) if close else -1
        if end > 0 and _bracket_marker(plain[i + 1 : end]):
            return True
        i += 1
    if "recommend" not in low:
        return False
    if low.startswith("recommended"):
        rest = low[len("recommended") :].lstrip()
        if not rest or rest[0] in _SEPARATORS + ".!)":
            return True
    stem = low.rstrip(" .!")
    if stem.endswith("recommended"):
        head = stem[: -len("recommended")].rstrip()
        return bool(head) and head[-1] in _SEPARATORS and not head.endswith("not")
    return False


def _canonical(label: str) -> bool:
    label = label.rstrip()
    return label.endswith(CANONICAL) and not _marker(label[: -len(CANONICAL)])


def _destructive(text: str) -> str:
    """The destructive word ``text`` uses (not negated), or ""."""
    low = text.lower()
    for raw in _RAW:
        if raw in low:
            return raw
    words = "".join(c if c.isalnum() else " " for c in low).split()
    for i, word in enumerate(words):
        after = words[i + 1] if i + 1 < len(words) else ""
        if word == "force" and after in _FORCED:
            pass
        elif word not in _DESTRUCTIVE or (word.startswith("drop") and after in _NOT_DROP):
            continue
        if not _NEGATIONS.intersection(words[max(0, i - 4) : i]):
            return word
    return ""


def _unmarked(label: str) -> str:
    """``label`` with its marker removed and the canonical one appended."""
    out = label.rstrip()
    if out.endswith(CANONICAL):
        out = out[: -len(CANONICAL)]
    for open_, close in _BRACKETS.items():
        start = out.find(open_)
        end = out.find(close, start + 1) if start >= 0 else -1
        if end > 0 and _bracket_marker(out[start + 1 : end]):
            out = out[:start] + out[end + 1 :]
    low = out.lower()
    if low.lstrip(" *").startswith("recommended"):
        out = out.lstrip(" *")[len("recommended") :]
    elif low.rstrip(" .!*").endswith("recommended"):
        out = out.rstrip(" .!*")[: -len("recommended")]
    out = " ".join(out.replace("*", "").split()).strip(_SEPARATORS + " ")
    return (out or label.strip()) + CANONICAL


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
    from caveat.event import Finding

    values = {
        "question": question,
        "problem": problem,
        "labels": _trim(", ".join(f'"{label}"' for label in labels), 300),
        "fix": _trim(fix, 300),
    }
    variant = "" if kind == "none" else kind
    deny = kind in ("form", "several")
    return Finding(ID, MESSAGE, values, variant=variant, key=f"{kind}:{question}", deny=deny)


def question_findings(question: dict[str, object]) -> list[Finding]:
    options = _options(question)
    if len(options) < 2:
        return []
    text = _trim(_text(question.get("question")) or _text(question.get("header")))
    single = question.get("multiSelect") is not True
    canonical = [label for label, _ in options if _canonical(label)]
    malformed = [
        (label, "label" if _marker(label) else "description")
        for label, description in options
        if not _canonical(label) and (_marker(label) or _marker(description))
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
        fix = "; ".join(f'"{_unmarked(label)}"' for label, _ in malformed)
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
        word = _destructive(label) or _destructive(labels[label])
        if word:
            risky.append((label, word))
    if risky:
        words = ", ".join(dict.fromkeys(w for _, w in risky))
        problem = f"recommends a destructive option ({words})"
        findings.append(_finding("destructive", text, problem, [r[0] for r in risky], ""))
    return findings


def input_findings(tool_input: object) -> list[Finding]:
    """Findings for an AskUserQuestion tool input (``{"questions": [...]}``)."""
    questions = tool_input.get("questions") if isinstance(tool_input, dict) else None
    findings: list[Finding] = []
    for question in questions[:MAX_QUESTIONS] if isinstance(questions, list) else ():
        if isinstance(question, dict):
            findings.extend(question_findings(question))
    return findings


def check(event: Event, ctx: Context) -> list[Finding]:
    return input_findings(getattr(event, "tool_input", None))
