"""Whether an option's text deletes, drops, force-pushes, resets, overwrites, discards
or wipes something, unless the text negates it ("nothing is deleted") (the askuser
guard).
"""

from __future__ import annotations

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


def destructive(text: str) -> str:
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
