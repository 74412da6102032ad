"""GitHub Actions workflows reduced to the scripts they run: ``run:`` values and
``actions/github-script`` ``script:`` values, everything else blanked (same length,
newlines kept, so offsets and lines carry over)."""

from __future__ import annotations

from caveat.common import rx
from caveat.guards.eval.mask import Pieces
from caveat.guards.eval.mask import blank

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

_WORKFLOW_KEY = r"(\s*(?:-\s+)?)(run|script)\s*:(?=\s|$)"
_USES = r"\s*(?:-\s+)?uses\s*:\s*['\"]?([^\s'\"#]+)"
_GITHUB_SCRIPT = "actions/github-script"


def _lines(text: str) -> Iterator[str]:
    """The lines of ``text``, one at a time (no list of millions of strings)."""
    pos, size = 0, len(text)
    while pos <= size:
        stop = text.find("\n", pos)
        if stop < 0:
            stop = size
        yield text[pos:stop]
        pos = stop + 1


def workflow_scripts(text: str) -> str:
    """The text with everything but ``run:`` values and ``actions/github-script``
    ``script:`` values blanked (GitHub Actions): expressions under ``env:`` or
    ``with:`` never reach a shell, and other actions' ``script`` inputs are data."""
    out = Pieces()
    indent = -1  # indentation of the key whose block we are in; -1 outside
    uses = ""  # the ``uses:`` of the current step
    for count, line in enumerate(_lines(text)):
        if count:
            out.add("\n")
        stripped = line.lstrip()
        depth = len(line) - len(stripped)
        if indent >= 0 and (not stripped or depth > indent):
            out.add(line)
            continue
        indent = -1
        if stripped.startswith("- "):
            uses = ""
        step = rx.compile(_USES).match(line)
        if step is not None:
            uses = step.group(1)
        key = rx.compile(_WORKFLOW_KEY).match(line)
        if key is None or (key.group(2) == "script" and not uses.startswith(_GITHUB_SCRIPT)):
            out.add(blank(line))
            continue
        indent = len(key.group(1))
        value = line[key.end() :]
        inner = value.strip()
        if len(inner) > 1 and inner[0] in "\"'" and inner[-1] == inner[0]:
            # YAML quotes around a one-line script are not shell quotes.
            first, last = value.index(inner[0]), value.rindex(inner[0])
            value = value[:first] + " " + value[first + 1 : last] + " " + value[last + 1 :]
        out.add(blank(line[: key.end()]), value)
    return out.text()
