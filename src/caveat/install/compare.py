"""``verify``'s comparison: caveat's handlers found in a file against those wanted."""

from __future__ import annotations

import os

from caveat.install.owner import invocation

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.install.core import Found
    from caveat.install.core import Json


def status(found: list[Found], wanted: list[Found]) -> tuple[str, list[str]]:
    """``installed``, ``missing`` or ``drifted``, with what differs: caveat's handlers
    ``found`` in a file against those ``wanted``, each as (event, matcher, handler)."""
    if not found:
        return "missing", []
    found = list(found)
    problems: list[str] = []
    for want in wanted:
        event, matcher, handler = want
        label = f"{event} {matcher or '(all)'}"
        if want in found:
            found.remove(want)
            continue
        near = [f for f in found if f[0] == event and f[1] == matcher]
        if near:
            found.remove(near[0])
            problems.append(f"{label}: differs ({_difference(near[0][2], handler)})")
        else:
            problems.append(f"{label}: not registered")
    for event, matcher, handler in found:
        problems.append(f"{event} {matcher or '(all)'}: unexpected entry {invocation(handler)}")
    return ("drifted" if problems else "installed"), problems


def _difference(have: Json, want: Json) -> str:
    have_cmd, want_cmd = invocation(have), invocation(want)
    if have.get("type") == "http" or want.get("type") == "http":
        python = ""
    elif "args" in have:
        python = have.get("command", "")
    else:
        python = _first_word(have_cmd)
    if isinstance(python, str) and python and not os.path.exists(python):
        return f"interpreter {python} not found; now {_first_word(want_cmd) or want_cmd}"
    if have_cmd != want_cmd:
        return f"runs {have_cmd}; expected {want_cmd}"
    keys = sorted(k for k in set(have) | set(want) if have.get(k) != want.get(k))
    return "fields " + ", ".join(keys)


def _first_word(command: str) -> str:
    if command.startswith('"'):
        return command[1:].partition('"')[0]
    return command.partition(" ")[0]
