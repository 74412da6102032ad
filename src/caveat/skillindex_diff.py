"""What differs between the committed skill index and the one the catalog gives now,
as lines a maintainer reads (``caveat skill-index --check``)."""

from __future__ import annotations


def differences(committed: str, current: str) -> list[str]:
    """Human lines naming what differs between the committed and the current index."""
    old = committed.splitlines()
    new = current.splitlines()
    out: list[str] = []
    for number in range(max(len(old), len(new))):
        a = old[number] if number < len(old) else None
        b = new[number] if number < len(new) else None
        if a == b:
            continue
        if a is None:
            out.append(f"line {number + 1}: missing from the committed index: {b}")
        elif b is None:
            out.append(f"line {number + 1}: no longer in the catalog: {a}")
        else:
            out.append(f"line {number + 1}: committed: {a}")
            out.append(f"line {number + 1}: catalog:   {b}")
    if not out and committed != current:
        out.append("only whitespace at the end of the file differs")
    return out
