"""Whether a content regex risks catastrophic backtracking: a structural check.

Used by ``caveat.guards.custom.rules.check_content`` when a rule file is validated.
"""

from __future__ import annotations


def nested_quantifier(pattern: str) -> str:
    """The group that makes ``pattern`` risk catastrophic backtracking, or "".

    A structural check, linear in the pattern: a group that is repeated (``*``, ``+``,
    ``{m,}``, ``{m,n}`` with n > 1) and contains, at any depth, a quantifier whose
    count varies (``*``, ``+``, ``?``, ``{m,n}`` with m < n) is refused — ``(a+)+``,
    ``(.*)*``, ``(\\w+\\s?)*``, ``(?:x?y)+``. It also refuses some safe patterns
    (``(\\d+\\.)+``), which a character class expresses (``[\\d.]+``). Not detected:
    overlapping alternatives under a repeat (``(a|a)*``) and adjacent quantifiers over
    the same characters (``.*.*=``); the guard's time budget stops those.
    """
    # Per open group: whether it holds a variable repeat, and where it starts.
    holds: list[bool] = [False]
    starts: list[int] = [0]
    last_group: tuple[bool, int] | None = None  # the atom just closed, when it is a group
    i, n = 0, len(pattern)
    while i < n:
        ch = pattern[i]
        if ch == "\\":
            i += 2
            last_group = None
            continue
        if ch == "[":
            i = _class_end(pattern, i)
            last_group = None
            continue
        if ch == "(":
            holds.append(False)
            starts.append(i)
            i += 1
            if pattern.startswith("?#", i):
                close = pattern.find(")", i)
                i = n if close < 0 else close
                continue
            if pattern.startswith("?", i):
                i += 1
            last_group = None
            continue
        if ch == ")":
            if len(holds) > 1:
                inner = holds.pop()
                last_group = (inner, starts.pop())
                holds[-1] = holds[-1] or inner
            i += 1
            continue
        quantifier = _quantifier(pattern, i)
        if quantifier is not None:
            end, low, high = quantifier
            variable = high is None or high != low
            repeating = high is None or high > 1
            if repeating and last_group is not None and last_group[0]:
                start = last_group[1]
                return pattern[start:end]
            if variable:
                holds[-1] = True
            i = end
            if i < n and pattern[i] in "?+":  # lazy or possessive
                i += 1
            last_group = None
            continue
        last_group = None
        i += 1
    return ""


def _class_end(pattern: str, i: int) -> int:
    """Index after the character class starting at ``i``."""
    j = i + 1
    if j < len(pattern) and pattern[j] == "^":
        j += 1
    if j < len(pattern) and pattern[j] == "]":
        j += 1
    while j < len(pattern) and pattern[j] != "]":
        j += 2 if pattern[j] == "\\" else 1
    return j + 1


def _quantifier(pattern: str, i: int) -> tuple[int, int, int | None] | None:
    """(end, min, max or None for unbounded) of a quantifier at ``i``, else None."""
    ch = pattern[i]
    if ch == "*":
        return i + 1, 0, None
    if ch == "+":
        return i + 1, 1, None
    if ch == "?":
        return i + 1, 0, 1
    if ch != "{":
        return None
    close = pattern.find("}", i)
    if close < 0:
        return None
    body = pattern[i + 1 : close]
    low, comma, high = body.partition(",")
    if not (low.isdigit() or (comma and not low)) or (high and not high.isdigit()):
        return None
    if not low and not high:
        return None
    lo = int(low) if low else 0
    if not comma:
        return close + 1, lo, lo
    return close + 1, lo, int(high) if high else None
