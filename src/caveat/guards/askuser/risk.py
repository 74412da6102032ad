"""Whether an option proposes a destructive action (the askuser guard).

An option is destructive when carrying it out deletes, drops, resets, overwrites,
discards, wipes, purges, erases, destroys or truncates something that exists, or
force-pushes over it: the action takes away data, history or work. A destructive word
in the text is not enough; it must be the action proposed:

- **Negated** — a negation up to four words before it in the same clause ("don't
  delete", "without resetting", "archive instead of deleting", "rather than drop") or
  a nothing-word right after it ("Delete nothing; archive instead") — it is not.
- **A name, not an act** — the word is part of a compound that names a thing: joined
  by a hyphen to the next word ("Reset-password email flow", "drop-down"), followed
  by a feature noun ("reset link", "delete button", "delete protection"), or after a
  word that makes it a noun ("password reset", "soft delete") — it is not. An
  identifier (``deleted_at``) is never a verb. One exception: an imperative at the
  start of the clause followed by a noun for data ("Reset passwords for all users",
  "Delete events older than a year") is the act itself, unless another feature noun
  follows ("Reset password email flow").
- Command forms (``rm -rf``, ``--force``, ``--hard``, ``git clean``, ``DROP TABLE``)
  are destructive wherever they appear, unless negated the same way.

Clauses end at ``. ; : , ! ? ( )`` and at "but", so "No rush, delete the branch" is
destructive and "Nothing is deleted" is not.
"""

from __future__ import annotations

_DESTRUCTIVE = frozenset(
    {
        "delete", "deletes", "deleting", "deleted", "drop", "drops", "dropping", "dropped",
        "reset", "resets", "resetting", "overwrite", "overwrites", "overwriting",
        "overwritten", "discard", "discards", "discarding", "discarded", "wipe", "wipes",
        "wiping", "wiped", "purge", "purges", "purging", "purged", "erase", "erases",
        "erasing", "erased", "destroy", "destroys", "destroying", "destroyed", "truncate",
        "truncates", "truncating", "truncated", "nuke", "nukes", "nuking", "clobber",
        "clobbers", "rm",
    }
)  # fmt: skip
# "force" is destructive only before one of these ("force-push", not "force HTTPS").
_FORCED = frozenset(
    {"push", "pushes", "pushing", "pushed", "delete", "remove", "overwrite", "reset"}
    | {"checkout", "clean"}
)
_NOT_DROP = frozenset({"down", "in", "shadow", "shadows", "zone", "support", "off", "by"})
# Words that negate a destructive word up to four words after them, in one clause.
_NEGATIONS = frozenset(
    {"no", "not", "nothing", "never", "without", "don", "doesn", "won", "avoid", "avoids"}
    | {"avoiding", "instead", "rather", "skip", "skips", "skipping", "nor", "neither"}
    | {"dont", "doesnt", "wont", "cannot", "cant", "shouldnt", "mustnt", "prevent", "prevents"}
    | {"protect", "protects", "protection", "undo", "undoes", "restore", "recover"}
)
# Right after the destructive word: nothing is destroyed ("Delete nothing").
_NOTHING = frozenset({"nothing", "none", "no", "never", "anything"})
# After the destructive word, nouns that make it the name of a feature or control.
_FEATURE_NOUNS = frozenset(
    {
        "password", "passwords", "button", "buttons", "link", "links", "email", "emails",
        "flow", "flows", "form", "forms", "page", "pages", "dialog", "dialogs", "modal",
        "endpoint", "endpoints", "route", "routes", "handler", "handlers", "api", "feature",
        "key", "keys", "icon", "menu", "option", "options", "token", "tokens",
        "confirmation", "prompt", "permission", "permissions", "policy", "policies",
        "protection", "lock", "logic", "screen", "view", "event", "events", "hook",
        "hooks", "callback", "method", "function", "command", "mutation", "request",
        "requests", "template", "mode", "shortcut", "target", "zone", "list", "area",
        "behavior", "behaviour", "semantics", "operation", "support", "test", "tests",
        "script", "job", "step", "timer", "interval", "window", "code", "codes", "pin",
        "helper", "helpers", "util", "utils", "utility", "component", "widget",
    }
)  # fmt: skip
# Feature nouns that are also data: after an imperative at the start of a clause the
# verb acts on them ("Reset passwords for all users"), unless a name follows.
_DATA_NOUNS = frozenset(
    {
        "password", "passwords", "tokens", "keys", "permissions", "policies", "hooks",
        "tests", "events", "requests", "emails", "codes", "pages", "list", "jobs",
        "script", "email",
    }
)  # fmt: skip
# Before the destructive word, words that make it a noun or a safe variant.
_NOUN_BEFORE = frozenset({"password", "passcode", "pin", "soft", "lazy"})
_CLAUSE_ENDS = ".;:,!?()[]\n"
_RAW = (
    "rm -rf", "rm -fr", "--force", "--hard", "force-push", "git clean", "drop table",
    "drop database", "truncate table", "delete from", "push -f",
)  # fmt: skip


def destructive(text: str) -> str:
    """The destructive word or command form ``text`` proposes (not negated, not part
    of a name), or ""."""
    low = text.lower().replace("’", "'").replace("n't", "nt")
    for clause in _clauses(low):
        found = _in_clause(clause)
        if found:
            return found
    return ""


def _clauses(low: str) -> list[str]:
    out: list[str] = []
    current: list[str] = []
    for c in low:
        if c in _CLAUSE_ENDS:
            out.append("".join(current))
            current = []
        else:
            current.append(c)
    out.append("".join(current))
    return [part for clause in out for part in clause.split(" but ")]


def _tokens(clause: str) -> list[tuple[str, bool]]:
    """``(word, joined to the next)`` for each word: the parts of a hyphenated
    compound are joined; an identifier (``deleted_at``) stays one word."""
    out: list[tuple[str, bool]] = []
    for raw in clause.split():
        kept = "".join(c if c.isalnum() or c in "-_" else " " for c in raw)
        for chunk in kept.split():
            pieces = [p for p in chunk.split("-") if p]
            out.extend((piece, i + 1 < len(pieces)) for i, piece in enumerate(pieces))
    return out


def _negated(words: list[str], i: int) -> bool:
    return bool(_NEGATIONS.intersection(words[max(0, i - 4) : i]))


def _acts_on_data(tokens: list[tuple[str, bool]], i: int) -> bool:
    """An imperative opening the clause, then a data noun not followed by a name."""
    if i != 0 or tokens[1][0] not in _DATA_NOUNS or tokens[1][1]:
        return False
    return len(tokens) == 2 or tokens[2][0] not in _FEATURE_NOUNS


def _in_clause(clause: str) -> str:
    stripped = " ".join(clause.split())
    for raw in _RAW:
        at = stripped.find(raw)
        if at >= 0:
            lead = stripped[:at].split()
            if not _NEGATIONS.intersection(w.strip("'\"`") for w in lead[-4:]):
                return raw
    tokens = _tokens(clause)
    words = [t[0] for t in tokens]
    for i, (word, joined_next) in enumerate(tokens):
        after = words[i + 1] if i + 1 < len(words) else ""
        before = words[i - 1] if i > 0 else ""
        if word == "force" and after in _FORCED:
            return "force " + after if not _negated(words, i) else ""
        if word not in _DESTRUCTIVE:
            continue
        if word.startswith("drop") and after in _NOT_DROP:
            continue
        if _negated(words, i) or after in _NOTHING:
            continue
        if joined_next:
            continue  # "reset-password", "drop-down": a name, not an act
        if after in _FEATURE_NOUNS and not _acts_on_data(tokens, i):
            continue  # "delete button", "reset link": a name, not an act
        if before in _NOUN_BEFORE:
            continue  # "password reset", "soft-delete"
        return word
    return ""
