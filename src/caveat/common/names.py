"""Unknown names get a suggestion: the closest known name, for an error message."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable


def suggest(name: str, known: Iterable[str]) -> str:
    """``" (did you mean X?)"`` for the closest known name, else ``""``."""
    import difflib  # only on a mistake

    close = difflib.get_close_matches(name, sorted(set(known)), n=1, cutoff=0.6)
    return f" (did you mean {close[0]}?)" if close else ""
