"""The forms of a "recommended" marker in an option's label or description, and the
canonical label that replaces a marker in another form (the askuser guard).
"""

from __future__ import annotations

CANONICAL = " (Recommended)"

_BRACKETS = {"(": ")", "[": "]", "{": "}", "<": ">", "【": "】", "（": "）"}
_SEPARATORS = "-–—:|,*/"


def _bracket_marker(content: str) -> bool:
    words = content.strip(" *_!.").lower()
    if "not" in words.split():
        return False
    return words in ("rec", "recommend") or words.startswith("recommended")


def marker(text: str) -> bool:
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


def canonical(label: str) -> bool:
    label = label.rstrip()
    return label.endswith(CANONICAL) and not marker(label[: -len(CANONICAL)])


def unmarked(label: str) -> str:
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
