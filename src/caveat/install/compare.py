"""``verify``'s comparison: caveat's handlers found in a file against those wanted."""

from __future__ import annotations

import os

from caveat.install.owner import invocation
from caveat.install.owner import legacy

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.install.core import Found
    from caveat.install.core import Json


def status(found: list[Found], wanted: list[Found]) -> tuple[str, list[str]]:
    """``installed``, ``missing`` or ``drifted``, with what differs: caveat's handlers
    ``found`` in a file against those ``wanted``, each as (event, matcher, handler)."""
    if not found:
        return "missing", []
    old = _old_form(found)
    if old:
        return "drifted", [old]
    moved = _moved(found, wanted)
    if moved:
        return "drifted", [moved]
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


def runtime(handler: Json) -> tuple[str, str]:
    """The interpreter and the launcher a command handler runs (``python -I
    launcher …``, exec or shell form), or ``("", "")``."""
    if handler.get("type") == "http":
        return "", ""
    args = handler.get("args")
    if isinstance(args, list):
        python = handler.get("command")
        words = [python, *args[:2]]
    else:
        command = invocation(handler)
        python = _first_word(command)
        rest = command[len(python) + 2 if command.startswith('"') else len(python) :].lstrip()
        words = [python, *rest.split(" ", 1)]
        if len(words) > 2:
            words[2] = _first_word(words[2])
    if len(words) < 3 or words[1] != "-I" or not all(isinstance(w, str) for w in words):
        return "", ""
    return str(words[0]), str(words[2])


def _old_form(found: list[Found]) -> str:
    """One line when caveat's registrations are in the form of earlier versions,
    which names the launcher inside caveat's package folder (``""`` otherwise)."""
    old = [handler for _, _, handler in found if legacy(handler)]
    if not old:
        return ""
    pairs = sorted({runtime(handler) for handler in old})
    runs = "; ".join(f"{python} -I {launch}" for python, launch in pairs)
    gone = [p for pair in pairs for p in pair if p and not os.path.exists(p)]
    effect = (
        f"{', '.join(gone)} no longer exist{'s' if len(gone) == 1 else ''}, so these hooks "
        "exit with an error status (Claude Code takes 2 as a block, Copilot any)"
        if gone
        else "they break when caveat's package moves (pipx reinstall --python, a new venv)"
    )
    return (
        f"{len(old)} of {len(found)} registrations are of the old, fragile form that "
        f"names caveat's package folder ({runs}): {effect}; caveat install rewrites them "
        "to run caveat's stable launcher, which exits 0 whatever moved"
    )


def _moved(found: list[Found], wanted: list[Found]) -> str:
    """One line for the common drift after caveat was reinstalled elsewhere (another
    Python, another venv): every registration is as wanted but for the interpreter
    and launcher it names. ``""`` for any other difference."""
    if len(found) != len(wanted):
        return ""
    old = {runtime(handler) for _, _, handler in found}
    new = {runtime(handler) for _, _, handler in wanted}
    if len(old) != 1 or len(new) != 1 or old == new or ("", "") in old | new:
        return ""
    (old_python, old_launcher), (new_python, new_launcher) = old.pop(), new.pop()
    pairs = zip(sorted(found, key=_key), sorted(wanted, key=_key), strict=True)
    for (event, matcher, have), want in pairs:
        swapped = invocation(have).replace(old_python, new_python, 1)
        swapped = swapped.replace(old_launcher, new_launcher, 1)
        if (event, matcher) != want[:2] or swapped != invocation(want[2]):
            return ""
    gone = [p for p in (old_python, old_launcher) if not os.path.exists(p)]
    effect = (
        f"{' and '.join(gone)} no longer exist{'s' if len(gone) == 1 else ''}, so these "
        "hooks start nothing and give no advice"
        if gone
        else "another caveat than this one answers them"
    )
    return (
        f"all {len(found)} registrations run {old_python} -I {old_launcher}: {effect}; "
        f"this caveat is {new_python} -I {new_launcher}"
    )


def _key(item: Found) -> tuple[str, str]:
    return item[0], item[1] or ""


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
