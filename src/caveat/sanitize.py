"""Make a finding's value safe to show the model: one line, bounded, no secrets.

The credential patterns are compiled only for a value that could hold one (a cheap
keyword and token-length test decides): compiling them costs more than most firing
hooks spend on everything else.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re

VALUE_LIMIT = 300
REDACTED = "[redacted]"

# Shapes of credentials that must never reach the model's context. Each pattern is
# linear: literal prefixes and single bounded character classes, no nested repeats.
_SECRET_SOURCE = "|".join(
    (
        r"-----BEGIN [A-Z ]*PRIVATE KEY-----",
        r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b",  # AWS access key id
        r"\bgh[pousr]_[A-Za-z0-9]{20,}",  # GitHub tokens
        r"\bgithub_pat_[A-Za-z0-9_]{20,}",
        r"\bglpat-[A-Za-z0-9_-]{20,}",  # GitLab
        r"\bxox[abposr]-[A-Za-z0-9-]{10,}",  # Slack
        r"\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}",  # Anthropic / OpenAI
        r"\bAIza[0-9A-Za-z_-]{35}",  # Google API key
        r"\bnpm_[A-Za-z0-9]{36}",
        r"\bpypi-[A-Za-z0-9_-]{50,}",
        r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+",  # JWT
        r"(?<=://)[^/\s:@]{1,256}:[^/\s@]{1,256}(?=@)",  # user:password@ in a URL
        r"(?<=://)[^/\s:@]{16,256}(?=@)",  # token@ in a URL
        r"(?<=-u )[^\s:]{1,256}:[^\s]{1,256}",  # curl -u user:password
        r"(?<=--user )[^\s:]{1,256}:[^\s]{1,256}",
        r"(?<=--user=)[^\s:]{1,256}:[^\s]{1,256}",
    )
)
# key=value / key: value where the key names a secret; the value is replaced.
_ASSIGNED_SOURCE = (
    r"(?i)\b([A-Za-z0-9_.-]{0,40}(?:password|passwd|secret|token|api[_-]?key|auth)"
    r"[A-Za-z0-9_.-]{0,40})(\s{0,3}[:=]\s{0,3})(\"[^\"\n]{0,512}\"|'[^'\n]{0,512}'|[^\s\"',;]{1,512})"
)


# "Authorization: Bearer <token>", "token <value>": the scheme word stays.
_SCHEMED_SOURCE = r"(?i)\b(bearer|basic|token)(\s{1,3})[\w.~+/=-]{8,512}"

# Every pattern above needs one of these: a keyword (any case) or a token prefix.
_KEYWORDS = (
    "pass", "secret", "token", "key", "auth", "bearer", "basic", "://", "-----begin", "-u ",
    "--user",
)  # fmt: skip
_PREFIXES = (
    "AKIA", "ASIA", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-",
    "xox", "sk-", "AIza", "npm_", "pypi-", "eyJ",
)  # fmt: skip
_compiled: list[re.Pattern[str]] = []


def _suspicious(text: str) -> bool:
    """False only when ``text`` cannot match any credential pattern."""
    low = text.lower()
    return any(word in low for word in _KEYWORDS) or any(p in text for p in _PREFIXES)


def redact(text: str) -> str:
    """``text`` with anything that looks like a credential replaced by [redacted]."""
    if not _suspicious(text):
        return text
    if not _compiled:
        import re

        _compiled.extend(re.compile(s) for s in (_SECRET_SOURCE, _SCHEMED_SOURCE, _ASSIGNED_SOURCE))
    secrets, schemed, assigned = _compiled
    text = secrets.sub(REDACTED, text)
    text = schemed.sub(lambda m: m.group(1) + m.group(2) + REDACTED, text)
    return assigned.sub(lambda m: m.group(1) + m.group(2) + REDACTED, text)


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
