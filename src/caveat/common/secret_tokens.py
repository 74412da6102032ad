"""The token search: credential formats with a literal prefix (``ghp_…``, ``sk-…``,
``AKIA…``, JWTs, ``user:password@`` in URLs, ``curl -u user:password``), found fast on
long text by their literal leads. ``caveat.common.sanitize`` redacts what it finds;
the configuration check reports it.
"""

from __future__ import annotations

from caveat.common.secret_values import visible

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from collections.abc import Iterable
    from collections.abc import Iterator

REDACTED = "[redacted]"

# Shapes of credentials that must never reach the model's context, each beside a form
# of it that opens with a literal. Each pattern is linear: literal prefixes and single
# bounded character classes, no nested repeats.
#
# The first form is what is matched. Its branches open with ``\b`` or a look-behind,
# so a search tries all of them at every position (about half a microsecond per
# character). The second form ("lead") puts the literal first and the boundary test
# after it (``s(?<!\ws)k-`` is ``\bsk-``: nothing word-like before the ``s``), so the
# engine can skip to the few characters that open a branch; a look-behind branch
# becomes its marker (``://``) with the rest as a look-ahead, and the match it stands
# for starts where the marker ends. ``token_matches`` uses the lead form to find where
# to try the first; the lead form matches at a place whenever the first matches where
# that place's candidate starts, so nothing is skipped.
_TOKEN_SHAPES = (
    (r"-----BEGIN [A-Z ]*PRIVATE KEY-----", r"-----BEGIN [A-Z ]*PRIVATE KEY-----"),
    # AWS access key id
    (r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b", r"A(?<!\wA)(?:KIA|SIA)[0-9A-Z]{16}\b"),
    # GitHub tokens
    (r"\bgh[pousr]_[A-Za-z0-9]{20,}", r"g(?<!\wg)h[pousr]_[A-Za-z0-9]{20,}"),
    (r"\bgithub_pat_[A-Za-z0-9_]{20,}", r"g(?<!\wg)ithub_pat_[A-Za-z0-9_]{20,}"),
    # GitLab
    (r"\bglpat-[A-Za-z0-9_-]{20,}", r"g(?<!\wg)lpat-[A-Za-z0-9_-]{20,}"),
    # Slack
    (
        r"\bxox(?:[bpos]-[0-9]{6,14}-[A-Za-z0-9-]{3,}|[ar]-(?:[0-9]-)?[A-Za-z0-9-]{8,})",
        r"x(?<!\wx)ox(?:[bpos]-[0-9]{6,14}-[A-Za-z0-9-]{3,}|[ar]-(?:[0-9]-)?[A-Za-z0-9-]{8,})",
    ),
    # Anthropic / OpenAI
    (
        r"\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}",
        r"s(?<!\ws)k-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}",
    ),
    # Google API key
    (r"\bAIza[0-9A-Za-z_-]{35}(?![\w-])", r"A(?<!\wA)Iza[0-9A-Za-z_-]{35}(?![\w-])"),
    (r"\bnpm_[A-Za-z0-9]{36}", r"n(?<!\wn)pm_[A-Za-z0-9]{36}"),
    (r"\bpypi-[A-Za-z0-9_-]{50,}", r"p(?<!\wp)ypi-[A-Za-z0-9_-]{50,}"),
    # JWT
    (
        r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+",
        r"e(?<!\we)yJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+",
    ),
    # user:password@ in a URL, the user possibly empty
    (
        r"(?<=://)[^/\s:@]{0,256}:[^/\s@]{1,256}(?=@)",
        r"://(?=[^/\s:@]{0,256}:[^/\s@]{1,256}@)",
    ),
    # token@ in a URL
    (r"(?<=://)[^/\s:@]{16,256}(?=@)", r"://(?=[^/\s:@]{16,256}@)"),
    # curl -u user:password
    (r"(?<=-u )[^\s:]{1,256}:[^\s]{1,256}", r"-u (?=[^\s:]{1,256}:[^\s])"),
    (r"(?<=--user )[^\s:]{1,256}:[^\s]{1,256}", r"--user (?=[^\s:]{1,256}:[^\s])"),
    (r"(?<=--user=)[^\s:]{1,256}:[^\s]{1,256}", r"--user=(?=[^\s:]{1,256}:[^\s])"),
)
_SECRET_SOURCE = "|".join(shape for shape, _ in _TOKEN_SHAPES)
_LEAD_SOURCE = "|".join(lead for _, lead in _TOKEN_SHAPES)
# What a look-behind branch's lead matches: its match starts where the marker ends.
# No lead can open inside one of these, so candidates come in order of their start.
_MARKERS = ("://", "-u ", "--user ", "--user=")
_MARKER_WIDTH = max(len(marker) for marker in _MARKERS)
# Below this length the lead pattern costs more to compile (about 2 ms) than it saves
# (about half a microsecond per character), so the token pattern searches alone.
_LEAD_FROM = 4096
# The token prefixes (the look-behind branches need their markers instead).
PREFIXES = (
    "AKIA", "ASIA", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-",
    "xox", "sk-", "AIza", "npm_", "pypi-", "eyJ",
)  # fmt: skip
_compiled: list[re.Pattern[str]] = []
_lead: list[re.Pattern[str]] = []


def token_pattern() -> re.Pattern[str]:
    """The token pattern, compiled on first use."""
    if not _compiled:
        from caveat.common import rx

        _compiled.append(rx.compile(_SECRET_SOURCE))
    return _compiled[0]


def token_matches(text: str) -> Iterator[re.Match[str]]:
    """The token pattern's matches in ``text``: what its ``finditer`` gives, found by
    the lead pattern on long text."""
    token = token_pattern()
    if len(text) < _LEAD_FROM:
        return token.finditer(text)
    return _led_matches(token, text)


def _led_matches(token: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
    """``token.finditer(text)``, trying ``token`` only where a lead matches.

    Each lead stands for one place the token pattern could start: where it starts, or
    for a marker where the marker ends. Leads are visited in order (the search moves
    one character past each), so those places come in order too, and the token
    pattern, tried there with the whole text in view (its look-behinds may see into
    the match before), decides exactly as its own search would.
    """
    if not _lead:
        from caveat.common import rx

        _lead.append(rx.compile(_LEAD_SOURCE))
    lead_search = _lead[0].search
    done = 0  # where the last match ended: no match starts before it
    look = 0  # where the next lead may start
    while (lead := lead_search(text, look)) is not None:
        start = lead.end() if lead.group() in _MARKERS else lead.start()
        look = lead.start() + 1
        if start < done:
            continue
        match = token.match(text, start)
        if match is None:
            continue
        yield match
        done = match.end()
        # a marker that ends at or after the match's end may start inside it
        look = max(look, done - _MARKER_WIDTH)


def token_sub(text: str, matches: Iterable[re.Match[str]] | None = None) -> str:
    """``text`` with each token pattern match (or each of ``matches``) that is a value
    replaced by ``REDACTED`` (a private key's BEGIN line is left to the key block
    pass, which sees its body)."""
    parts = []
    end = 0
    for match in token_matches(text) if matches is None else matches:
        found = match.group()
        if found.startswith("-----") or not value(found) or _masked(text, match.end()):
            continue
        parts.append(text[end : match.start()])
        parts.append(REDACTED)
        end = match.end()
    parts.append(text[end:])
    return "".join(parts)


def _masked(text: str, end: int) -> bool:
    """Whether masking runs on from a match (``xoxp-1-2-3-####…``): the shape stops at
    the first ``#`` or ``*``, the token is a placeholder."""
    tail = text[end : end + 8]
    return len(tail) == 8 and all(ch in "#*" for ch in tail)


def value(found: str) -> bool:
    """Whether a token match is a credential: not masked (``ghp_xxxx…``; its prefix
    outweighs a run typed by hand) and, for a ``user:password`` one, a password that
    is not a reference or a word."""
    _, colon, password = found.partition(":")
    if colon and not found.startswith(("eyJ", "-----")):
        if any(mark in found for mark in "$%{<[") and visible(found):
            return False  # "<user:password>", "${{ a:b }}"
        # judged up to an "@": ``-u`` may have taken a URL's ``user:password@host``
        return not visible(password.partition("@")[0])
    return not visible(found, typed=False)
