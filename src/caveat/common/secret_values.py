"""Whether a credential-shaped value is one, or a reference or placeholder standing in
for one (``$API_KEY``, ``${{ secrets.X }}``, ``<your-token>``, ``ghp_xxxx…``).

A reference or a placeholder reveals nothing, so the redactor leaves it visible and
the configuration check stays silent on it; real material beside a reference
(``${USER}:hunter2``) is still a value. Hand-typed examples are told by what random
material almost never holds: a run of one character or a short repeat, an ascending
run (``abcdef``, ``123456``), one distinct character after the prefix, a marker word
(``example``, ``your_…``, ``…here``), an ellipsis.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re

    pass

# ``$NAME``, ``$1``, ``${…}``, ``${{ … }}``, ``$(…)``, ``%NAME%``, ``{{ … }}``, ``{…}``,
# ``<…>``, ``[NAME]``: each a reference or a slot to fill, never the value itself.
_REFERENCE = (
    r"\$\{\{[^}]{0,200}\}\}|\$\{[^}]{0,200}\}|\$\([^)]{0,200}(?:\)|$)|\$[A-Za-z_]\w{0,100}"
    r"|\$[0-9@*#?]|%[A-Za-z_][A-Za-z0-9_]{0,100}%|\{\{[^}]{0,200}\}\}|\{[^{}]{0,200}\}"
    r"|<[^<>]{0,200}>|\[[A-Za-z_ -]{1,60}\]"
)
# A name rather than a value: ``ACCESS_TOKEN``, ``var.db_password``, ``os.environ``.
_NAME = r"[A-Z]+(?:_[A-Z]+)+|[A-Za-z_]+(?:\.[A-Za-z_]+)+"
# Eight of a masking character; with them, for a value typed by hand, a pair five
# times or a triple four times, not of one character (eight of another character,
# ``AGE-SECRET-KEY-1QQQ…``, can be a key's zero bytes).
_MASK = r"([xX*#.0-])\1{7}"
_REPEAT = r"(?=((.)(?!\2).)\1{4}|((.)(?!\4\4)..)\3{3})"
WORDS = frozenset(
    {
        "changeme", "change-me", "changeit", "redacted", "[redacted]", "placeholder",
        "example", "none", "null", "nil", "true", "false", "dummy", "test", "secret",
        "password", "passwd", "pass", "token", "user", "username", "xxx", "yyy", "foo",
        "bar", "your-token", "your-api-key", "your_api_key", "mypassword", "****",
    }
)  # fmt: skip
_MARKS = ("example", "changeme", "placeholder", "your_", "your-", "<your", "redacted", "dummy")
_compiled: list[re.Pattern[str]] = []


def _patterns() -> list[re.Pattern[str]]:
    if not _compiled:
        from caveat.common import rx

        _compiled.extend(rx.compile(s) for s in (_REFERENCE, _NAME, _MASK, _REPEAT))
    return _compiled


def visible(value: str, typed: bool = True) -> bool:
    """True when ``value`` is only references and placeholders: showing it reveals
    nothing. Cheap tests first: most values hold no ``$``, ``%``, brackets. Without
    ``typed`` only masking marks a placeholder (``ghp_xxxx…``, ``****``), and the
    hand-typed runs (``abcdefg``, ``Zq9Zq9Zq9Zq9``, ``ghp_aaaa…``) count as values: a
    token's own prefix, or the configuration check, would rather err that way."""
    value = value.strip().strip("\"'`")
    if not value:
        return True
    if any(mark in value for mark in "$%{<["):
        reference = _patterns()[0]
        rest = reference.sub(" ", value)
        parts = [p for p in rest.replace(":", " ").split() if p.strip("\"'`=,;")]
        return all(placeholder(p.strip("\"'`=,;"), typed) for p in parts)
    return placeholder(value, typed)


def placeholder(value: str, typed: bool = True) -> bool:
    """True when ``value`` (no references in it) is a placeholder or a name; with
    ``typed``, also when it holds a run typed by hand."""
    value = value.strip().strip("\"'`")
    low = value.lower()
    if not value or low in WORDS or any(mark in low for mark in _MARKS):
        return True
    if low.endswith("here") or _elided(value):
        return True
    # its longest part (after ``hf_``, ``sk_live_``, ``sha256~``): one letter or digit at most
    core = max(low.replace("-", "_").replace("~", "_").replace(".", "_").split("_"), key=len)
    fill = {ch for ch in core if ch.isalnum()}
    if not fill or (len(fill) == 1 and (typed or fill <= set("x0"))):
        return True
    _, name, mask, repeat = _patterns()
    if name.fullmatch(value) is not None or mask.search(value) is not None:
        return True
    return typed and (_ascending(low) or repeat.search(value) is not None)


def _elided(value: str) -> bool:
    """``ops_eyJzaW…``, ``abc123...``: an example cut short, under 40 characters."""
    for mark in ("...", "..", "…"):
        if value.endswith(mark):
            return len(value) - len(mark) < 40
    return False


def _ascending(low: str) -> bool:
    """A run of seven letters in order (``klmnopq``) or a count past ten (``12345678901``),
    as typed by hand: random material holds the one about once in 10⁸ places, and
    a count of eight or ten is too common in sample ids to tell (``12345678-ABCD-…``)."""
    letters = digits = 1
    for i in range(1, len(low)):
        prev, ch = low[i - 1], low[i]
        letters = letters + 1 if ch.isalpha() and ord(ch) - ord(prev) == 1 else 1
        step = ch.isdigit() and prev.isdigit() and (int(ch) - int(prev)) % 10 == 1
        digits = digits + 1 if step else 1
        if letters >= 7 or digits >= 11:
            return True
    return False
