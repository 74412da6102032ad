"""Make a finding's value safe to show the model: one line, bounded, no secrets.

The credential patterns are compiled only for a value that could hold one (a cheap
keyword and token-length test decides), and each of the rarer shapes (key blocks,
``user:password@`` without a scheme, ``-uuser:password``, a password in prose) only
when its own literal is there: compiling them costs more than most firing hooks
spend on everything else.

Whatever cuts a value short must redact it first (``redact``), or a secret cut in
the middle no longer has its shape.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from collections.abc import Iterator

VALUE_LIMIT = 300
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
    (r"\bxox[abposr]-[A-Za-z0-9-]{10,}", r"x(?<!\wx)ox[abposr]-[A-Za-z0-9-]{10,}"),
    # Anthropic / OpenAI
    (
        r"\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}",
        r"s(?<!\ws)k-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}",
    ),
    # Google API key
    (r"\bAIza[0-9A-Za-z_-]{35}", r"A(?<!\wA)Iza[0-9A-Za-z_-]{35}"),
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
# key=value / key: value where the key names a secret; the value is replaced. The key
# may be quoted ("api_key": …, a call's ("API_TOKEN", …)), typed (Go's ``x string =``)
# or an XML element (<apiToken>…), the operator one of a language's (:=, ?=, .=, =>).
_ASSIGNED_SOURCE = (
    r"(?i)\b([A-Za-z0-9_.-]{0,40}(?:password|passwd|secret|token|api[_-]?key|auth)"
    r"[A-Za-z0-9_.-]{0,40})([\"']\s{0,3}(?:=>|[:=,])\s{0,3}|>\s{0,5}"
    r"|(?:\s{1,3}string)?\s{0,3}(?:[:?.+]{0,3}=>?|:)\s{0,3})(\"[^\"\n]{0,512}\"|'[^'\n]{0,512}'|[^\s\"',;]{1,512})"
)


# "Authorization: Bearer <token>", "token <value>": the scheme word stays.
_SCHEMED_SOURCE = r"(?i)\b(bearer|basic|token)(\s{1,3})[\w.~+/=-]{8,512}"

# Shapes with a pass of their own (the conformity guard's token scan does not look for
# them), each with the literal it cannot match without (in the lower-cased text, or
# for ``case`` ones the text itself; "@:" is an "@" after a ":") and what the
# replacement keeps (group ``keep``).
# A private key, from its armour (or the "PRIVATE KEY-----" of it) to the END line or
# the end of the value: its body is the secret, not the BEGIN line.
_KEY_BLOCK = (
    r"(?:-----BEGIN [A-Z0-9 ]{0,40}|\b)PRIVATE KEY(?: BLOCK)?-----"
    r"(?:[^-]|-(?!----(?:END|BEGIN) ))*"
    r"(?:-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----)?"
)
# Key material without its armour, and the base64 words that follow it (the body's
# next lines, joined by spaces): DER of an RSA key (``MII…``), of an EC key (SEC 1
# ``MHcCAQEE…`` for P-256; PKCS #8 ``MIG…AgEA`` / ``MIH…AgEA``, SEC 1 ``MIG…AgEB`` for
# P-384 and P-521) or of an Ed25519 key (``MC4CAQAw…``), or OpenSSH base64.
_KEY_BODY = (
    r"\b(?:MII|MHcCAQEE|MI[GH][A-Za-z0-9+/]AgE[AB]|MC4CAQAwBQYDK2Vw|b3BlbnNzaC1rZXktdjE)"
    r"[A-Za-z0-9+/]{40,}={0,2}(?:\s[A-Za-z0-9+/]{16,}={0,2})*"
)
# ``curl -uuser:password``: the flag stays.
_GLUED_USER = r"(?<![\w-])(?P<keep>-u)(?=[^\s:-])[^\s:]{1,256}:\S{1,256}"
# ``user:password@host`` without a scheme (``FROM user:pw@registry/img``); an image
# digest (``python:3.12@sha256:…``) is not one.
_BARE_USERINFO = (
    r"(?<![^\s'\"=(<,;\[])(?!mailto:)[^\s/:@'\"]{1,256}:[^\s/@'\"]{1,256}"
    r"(?=@(?![A-Za-z0-9]{1,16}:[0-9a-fA-F]{16})[A-Za-z0-9\[])"
)
# "password hunter2", "the passwd is 'x y'": the word stays; the value goes when it
# looks like one (see ``_secret_word``), so that "password reset flow" stays prose.
_PROSE_PASSWORD = (
    r"(?i)\b(?P<keep>(?:password|passwd|passphrase|secret)\s{1,3}(?:is\s{1,3})?)"
    r"(?P<value>\"[^\"\n]{1,512}\"|'[^'\n]{1,512}'|[^\s\"',;]{1,512})"
)
_KEYS = (
    ("private key", False, _KEY_BLOCK),
    ("MI", True, _KEY_BODY),
    ("MHcCAQEE", True, _KEY_BODY),
    ("MC4CAQAwBQYDK2Vw", True, _KEY_BODY),
    ("b3BlbnNzaC1rZXktdjE", True, _KEY_BODY),
)
_USERINFO = (("-u", True, _GLUED_USER), ("@:", True, _BARE_USERINFO))
_PROSE = (("pass", False, _PROSE_PASSWORD), ("secret", False, _PROSE_PASSWORD))
# The credential families with a marked shape (``hf_…``, ``sk_live_…``, webhook URLs)
# are in ``caveat.common.secret_shapes``, rows of the same form, imported on first use.
_shape_patterns: dict[str, re.Pattern[str]] = {}

# The token, scheme and assignment patterns need one of these: a keyword (any case)
# or a token prefix (the shapes above have their own literals).
_KEYWORDS = (
    "pass", "secret", "token", "key", "auth", "bearer", "basic", "://", "-----begin", "-u ",
    "--user",
)  # fmt: skip
_PREFIXES = (
    "AKIA", "ASIA", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-",
    "xox", "sk-", "AIza", "npm_", "pypi-", "eyJ",
)  # fmt: skip
_compiled: list[re.Pattern[str]] = []
_lead: list[re.Pattern[str]] = []


def _suspicious(text: str) -> bool:
    """False only when ``text`` cannot match the token, scheme or assignment pattern."""
    low = text.lower()
    return any(word in low for word in _KEYWORDS) or any(p in text for p in _PREFIXES)


def _patterns() -> list[re.Pattern[str]]:
    """The token, scheme and assignment patterns, compiled on first use."""
    if not _compiled:
        import re

        _compiled.extend(re.compile(s) for s in (_SECRET_SOURCE, _SCHEMED_SOURCE, _ASSIGNED_SOURCE))
    return _compiled


def token_matches(text: str) -> Iterator[re.Match[str]]:
    """The token pattern's matches in ``text``: what its ``finditer`` gives, found by
    the lead pattern on long text."""
    token = _patterns()[0]
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
        import re

        _lead.append(re.compile(_LEAD_SOURCE))
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


def _token_sub(text: str) -> str:
    """``text`` with each token pattern match replaced by ``REDACTED``."""
    parts = []
    end = 0
    for match in token_matches(text):
        parts.append(text[end : match.start()])
        parts.append(REDACTED)
        end = match.end()
    parts.append(text[end:])
    return "".join(parts)


def redact(text: str) -> str:
    """``text`` with anything that looks like a credential replaced by [redacted]."""
    from caveat.common.secret_shapes import FAMILIES

    # each shape is compiled only when its literal is there
    text = _shape_sub(text, _KEYS)  # whole key blocks, before the BEGIN line alone
    text = _shape_sub(text, FAMILIES, keep_placeholders=True)
    if not _suspicious(text):
        return _shape_sub(text, _USERINFO + _PROSE)
    _, schemed, assigned = _patterns()
    text = _token_sub(text)
    text = _shape_sub(text, _USERINFO)
    text = schemed.sub(lambda m: m.group(1) + m.group(2) + REDACTED, text)
    text = assigned.sub(lambda m: m.group(1) + m.group(2) + REDACTED, text)
    return _shape_sub(text, _PROSE)


def _shape_sub(
    text: str, shapes: tuple[tuple[str, bool, str], ...], keep_placeholders: bool = False
) -> str:
    """``text`` with the matches of each of ``shapes`` whose literal it holds replaced."""
    replace = _family_replacement if keep_placeholders else _replacement
    low = text.lower()
    done = set()
    for literal, case, source in shapes:
        if source in done or not _holds(text if case else low, literal):
            continue
        done.add(source)
        pattern = _shape_patterns.get(source)
        if pattern is None:
            import re

            pattern = _shape_patterns[source] = re.compile(source)
        text = pattern.sub(replace, text)
        low = text.lower()
    return text


def _holds(text: str, literal: str) -> bool:
    if literal == "@:":  # an "@" with a ":" before it
        at = text.rfind("@")
        return at > 0 and ":" in text[:at]
    return literal in text


def _replacement(match: re.Match[str]) -> str:
    groups = match.groupdict()
    value = groups.get("value")
    if value is not None and not _secret_word(value):
        return match.group(0)
    found = match.group(0)
    if (
        found.startswith("PRIVATE")
        and "-----END " in match.string[max(0, match.start() - 50) : match.start()]
    ):
        return found  # the END line of a block already gone
    return (groups.get("keep") or "") + REDACTED


def _family_replacement(match: re.Match[str]) -> str:
    found = match.group(0)
    low = found.lower()
    if "example" in low or any(ch * 8 in found for ch in set(found)):
        return found  # a placeholder: ``hf_xxxx…``, ``…EXAMPLEEXAMPLE…``
    return _replacement(match)


def _secret_word(value: str) -> bool:
    """Whether the word after "password" reads as a value rather than prose: quoted,
    or holding a digit, a symbol or mixed case ("hunter2", "Tr0ub4dor&3", "hUnTeR"),
    not a plain word ("reset", "Manager") or an option (``-l``)."""
    if value[0] in "\"'":
        return True
    if value.startswith("-") or value == REDACTED:
        return False
    if not value.isalpha():
        return True
    return not (value.islower() or value.isupper() or value[1:].islower())


def clean(value: str, limit: int = VALUE_LIMIT) -> str:
    """One line, control characters and lone surrogates removed, secrets redacted,
    at most ``limit`` characters."""
    if len(value) > limit * 8:
        value = value[: limit * 8]
    value = value.encode("utf-8", "replace").decode("utf-8")
    value = "".join(ch if ch >= " " and ch != "\x7f" else " " for ch in value)
    value = " ".join(value.split())
    value = redact(value)
    if len(value) > limit:
        value = value[: limit - 1].rstrip() + "…"
    return value
