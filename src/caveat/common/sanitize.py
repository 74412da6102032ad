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

from caveat.common.secret_tokens import PREFIXES
from caveat.common.secret_tokens import REDACTED
from caveat.common.secret_tokens import token_sub
from caveat.common.secret_values import placeholder
from caveat.common.secret_values import visible

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re

VALUE_LIMIT = 300
__all__ = ["REDACTED", "VALUE_LIMIT", "clean", "redact"]
# What a scheme word introduces is the credential, not the word ("Authorization: Bearer").
_SCHEME_WORDS = frozenset({"bearer", "basic", "token", "digest", "negotiate"})

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
_compiled: list[re.Pattern[str]] = []


def _suspicious(text: str) -> bool:
    """False only when ``text`` cannot match the token, scheme or assignment pattern."""
    low = text.lower()
    return any(word in low for word in _KEYWORDS) or any(p in text for p in PREFIXES)


def _patterns() -> list[re.Pattern[str]]:
    """The scheme and assignment patterns, compiled on first use."""
    if not _compiled:
        from caveat.common import rx

        _compiled.extend(rx.compile(s) for s in (_SCHEMED_SOURCE, _ASSIGNED_SOURCE))
    return _compiled


def redact(text: str) -> str:
    """``text`` with anything that looks like a credential replaced by [redacted]."""
    from caveat.common.secret_shapes import FAMILIES

    # each shape is compiled only when its literal is there
    text = _shape_sub(text, _KEYS)  # whole key blocks, before the BEGIN line alone
    text = _shape_sub(text, FAMILIES, keep_placeholders=True)
    if not _suspicious(text):
        return _shape_sub(text, _USERINFO + _PROSE)
    schemed, assigned = _patterns()
    text = token_sub(text)
    text = _shape_sub(text, _USERINFO)
    text = schemed.sub(_schemed_replacement, text)
    text = assigned.sub(_assigned_replacement, text)
    return _shape_sub(text, _PROSE)


def _schemed_replacement(match: re.Match[str]) -> str:
    scheme, space = match.group(1), match.group(2)
    if placeholder(match.group(0)[len(scheme) + len(space) :]):
        return match.group(0)  # "Bearer XXXXXXXXXXXX"
    return scheme + space + REDACTED


def _assigned_replacement(match: re.Match[str]) -> str:
    found = match.group(3)
    if found.lower() in _SCHEME_WORDS or visible(found):
        return match.group(0)  # the scheme pass judges what follows; a reference stays
    if match.group(2).startswith(">") and not match.string[: match.start()].endswith("<"):
        return match.group(0)  # "<user:password> https://…" is no XML element
    return match.group(1) + match.group(2) + REDACTED


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
        text = shape_pattern(source).sub(replace, text)
        low = text.lower()
    return text


def shape_pattern(source: str) -> re.Pattern[str]:
    """A shape row's pattern, compiled on first use."""
    pattern = _shape_patterns.get(source)
    if pattern is None:
        from caveat.common import rx

        pattern = _shape_patterns[source] = rx.compile(source)
    return pattern


def _holds(text: str, literal: str) -> bool:
    if literal == "@:":  # an "@" with a ":" before it
        at = text.rfind("@")
        return at > 0 and ":" in text[:at]
    return literal in text


def _replacement(match: re.Match[str]) -> str:
    groups = match.groupdict()
    value = groups.get("value")
    if value is not None and (not _secret_word(value) or visible(value)):
        return match.group(0)
    found = match.group(0)
    if "PRIVATE KEY" in found:
        if (
            found.startswith("PRIVATE")
            and "-----END " in match.string[max(0, match.start() - 50) : match.start()]
        ):
            return found  # the END line of a block already gone
        if not _key_material(found):
            return found  # armour around nothing, or around "..."
    elif keep := groups.get("keep"):
        user_password = found[len(keep) :]
        if ":" in user_password and visible(user_password.partition(":")[2]):
            return found  # ``-u"$USER:$PASS"``
    elif ":" in found and visible(found.partition(":")[2]):
        return found  # ``${USER}:${PASS}@host``
    return (groups.get("keep") or "") + REDACTED


def _key_material(block: str) -> bool:
    """Whether a key block's body holds key material, not only its armour lines, a
    plain word ("anything") or an elision ("...")."""
    body = " ".join(part for part in block.split("-----") if "PRIVATE KEY" not in part)
    return any(_secret_word(word) and not visible(word) for word in body.split())


def _family_replacement(match: re.Match[str]) -> str:
    found = match.group(0)
    keep = match.groupdict().get("keep") or ""
    if placeholder(found[len(keep) :]):
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
