"""The ``config-secret`` check: a credential written into agent configuration.

The credential shapes are the engine's own: token formats (``caveat.common.secret_tokens``:
``ghp_…``, ``sk-…``, ``AKIA…``, private-key blocks, ``user:password@`` in URLs), the
credential families (``caveat.common.secret_shapes``: ``hf_…``, ``sk_live_…``, webhooks),
``Bearer <token>`` and ``<secret-named key> = <value>`` (``caveat.common.sanitize``).
Quoted keys (``"API_KEY":``) are unquoted before matching so JSON and YAML settings are
covered. References are not secrets: a value that is only ``$VAR``, ``${…}``, ``{{…}}``,
``%VAR%``, ``<…>``, a path, a placeholder word or an example
(``caveat.common.secret_values``) stays silent, and so does a value that was already
in the file before this write. Findings name the line and the key (never the value).
"""

from __future__ import annotations

from caveat.common.sanitize import _ASSIGNED_SOURCE
from caveat.common.sanitize import _SCHEMED_SOURCE
from caveat.common.sanitize import _suspicious
from caveat.common.sanitize import shape_pattern
from caveat.common.secret_shapes import FAMILIES
from caveat.common.secret_tokens import PREFIXES
from caveat.common.secret_tokens import token_matches
from caveat.common.secret_values import visible
from caveat.guards.conformity import rules

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re

    from caveat.guards.conformity.doc import Doc

_compiled: list[re.Pattern[str]] = []
_SECRET_WORDS = ("password", "passwd", "secret", "token", "apikey", "api_key", "api-key")

# What each pattern cannot match without, so that a line is scanned only by the
# patterns that could match it. Its markers are the token prefixes and the literal
# text the token pattern's look-behinds need (``tests/test_scaling.py`` checks the
# filter never hides a match).
_TOKEN_MARKS = (*PREFIXES, "-----BEGIN", "://", "-u ", "--user")
_SCHEMES = ("bearer", "basic", "token")
_KEY_WORDS = ("password", "passwd", "secret", "token", "auth", "key")


def _patterns() -> list[re.Pattern[str]]:
    if not _compiled:
        from caveat.common import rx

        _compiled.extend(rx.compile(s) for s in (_SCHEMED_SOURCE, _ASSIGNED_SOURCE))
    return _compiled


def placeholder(value: str) -> bool:
    """True when ``value`` is a reference or an example, not a credential: the
    redactor's test (``caveat.common.secret_values``), and what only configuration
    holds (a path, ``op://``, ``env:``, a lone word)."""
    value = value.strip().strip("\"'")
    low = value.lower()
    if not value or low in rules.PLACEHOLDER_WORDS or visible(value, typed=False):
        return True
    if value.startswith(rules.PLACEHOLDER_STARTS):
        return True
    if any(mark in low for mark in rules.PLACEHOLDER_MARKS):
        return True
    core = value.split("_", 1)[-1].split("-", 1)[-1]
    return len(set(core)) <= 2  # "ghp_aaaaaaaa…", "sk-00000…"


def _holds(line: str, low: str) -> list[str]:
    """The credential families (``caveat.common.secret_shapes``) whose literal is on
    ``line``: a few ``in`` tests, no pattern, on a line that holds none."""
    found = []
    for literal, case, source in FAMILIES:
        if literal in (line if case else low) and source not in found:
            found.append(source)
    return found


def _secret_key(key: str) -> bool:
    low = key.lower()
    if any(word in low for word in _SECRET_WORDS):
        return True
    return "auth" in low and "author" not in low


def _literal(value: str) -> bool:
    """An assigned value that could be a credential: no spaces, letters and digits."""
    value = value.strip().strip("\"'")
    return (
        len(value) >= rules.SECRET_VALUE_MIN
        and not any(c.isspace() for c in value)
        and any(c.isdigit() for c in value)
        and any(c.isalpha() for c in value)
    )


def line_secrets(line: str) -> list[tuple[str, str]]:
    """``(what, matched text)`` for each credential on ``line``."""
    low = line.lower()
    schemed, assigned = _patterns()
    found = []
    if any(mark in line for mark in _TOKEN_MARKS):
        # the token pattern searches long lines by their literal leads (caveat.common.sanitize)
        for match in token_matches(line):
            if not placeholder(match.group(0)):
                found.append(("a credential-shaped token", match.group(0)))
    for source in _holds(line, low):
        for match in shape_pattern(source).finditer(line):
            keep = match.groupdict().get("keep") or ""
            if not placeholder(match.group(0)[len(keep) :]):
                found.append(("a credential-shaped token", match.group(0)))
    if any(word in low for word in _SCHEMES):
        for match in schemed.finditer(line):
            value = match.group(0)[len(match.group(1)) + len(match.group(2)) :]
            if _literal(value) and not placeholder(value):
                found.append((f"a literal {match.group(1)} credential", value))
    if any(word in low for word in _KEY_WORDS):
        probe = line.replace('":', ":").replace("':", ":")
        for match in assigned.finditer(probe):
            key, value = match.group(1), match.group(3)
            # _literal first: the cheapest test, and the one most matches fail
            if _literal(value) and _secret_key(key) and not placeholder(value):
                found.append((f"a literal value for `{key[:40]}`", value.strip("\"'")))
    return found


def config_secret(doc: Doc) -> list[tuple[str, str]]:
    if not _suspicious(doc.text) and not _holds(doc.text, doc.text.lower()):
        return []
    hits = []
    for number, line in enumerate(doc.text.splitlines(), 1):
        for what, value in line_secrets(line):
            if doc.before and value in doc.before:
                continue  # already there before this write
            hits.append((number, what))
            break
    if not hits:
        return []
    number, what = hits[0]
    more = f" (+{len(hits) - 1} more line{'s' if len(hits) > 2 else ''})" if len(hits) > 1 else ""
    where = f"line {number}" if doc.exact else "the new text"
    return [
        (
            f"{where} holds {what}{more}",
            "read it from an environment variable or a secret store instead, and rotate it",
        )
    ]
