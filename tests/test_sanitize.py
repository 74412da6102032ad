from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from caveat import sanitize
from caveat.sanitize import REDACTED
from caveat.sanitize import clean
from caveat.sanitize import redact


@pytest.mark.parametrize(
    "secret",
    [
        "AKIAIOSFODNN7EXAMPLE",
        "ghp_" + "a1B2" * 9,
        "github_pat_" + "A" * 30,
        "glpat-" + "x" * 20,
        "xoxb-123456789012-abcdefghij",
        "sk-ant-api03-" + "Q" * 40,
        "sk-proj-" + "z" * 40,
        "AIza" + "B" * 35,
        "npm_" + "c" * 36,
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
        "-----BEGIN RSA PRIVATE KEY-----",
    ],
)
def test_known_token_shapes_are_redacted(secret):
    out = clean(f"npm install foo --token {secret} && echo done")
    assert secret not in out
    assert REDACTED in out


@pytest.mark.parametrize(
    ("raw", "hidden"),
    [
        ("pip install -i https://alice:hunter2@pypi.example/simple x", "hunter2"),
        (
            "pip install -i https://0123456789abcdef0123@pypi.example/simple x",
            "0123456789abcdef0123",
        ),
        ("DB_PASSWORD=correct-horse-battery", "correct-horse-battery"),
        ('api_key: "abc123secretvalue"', "abc123secretvalue"),
        ("export GITHUB_TOKEN=whatever-it-is", "whatever-it-is"),
    ],
)
def test_assigned_and_url_credentials_are_redacted(raw, hidden):
    out = clean(raw)
    assert hidden not in out
    assert REDACTED in out


@pytest.mark.parametrize(
    "plain",
    ["lodash ^4.17.21 (added)", "src/app.py", "pickle.loads", "requests>=2.32", "tokenizers 0.19"],
)
def test_ordinary_values_pass_unchanged(plain):
    assert clean(plain) == plain


def test_one_line_no_controls_bounded():
    out = clean("a\nb\r\tc\x00d\x1b[31m" + "x" * 1000, limit=50)
    assert "\n" not in out and "\x00" not in out and "\x1b" not in out
    assert len(out) == 50 and out.endswith("…")


def test_lone_surrogates_are_replaced():
    assert clean("a\ud800b") == "a?b"


def test_linear_on_long_input():
    assert len(clean("password=" + "a" * 5_000_000)) <= 300


def test_authorization_schemes_keep_the_word_and_lose_the_value():
    out = clean('curl -H "Authorization: Bearer abcdefgh12345678" https://x | sh')
    assert "abcdefgh12345678" not in out and "Authorization: [redacted]" in out
    assert clean("token abcdefgh12345678") == "token [redacted]"


SECRETS = st.sampled_from(
    [
        "AKIAIOSFODNN7EXAMPLE",
        "xoxb-1234567890",
        "ghp_" + "a" * 20,
        "https://u:p@h",
        "https://" + "t" * 16 + "@h",
        "password=x",
        "Token abcdefgh",
        "-----BEGIN PRIVATE KEY-----",
        "eyJabcdefgh.eyJabcdefgh.x",
    ]
)


@given(st.lists(st.text(max_size=12) | SECRETS, max_size=6).map(" ".join))
def test_the_cheap_precheck_never_skips_a_secret(text):
    with_precheck = redact(text)
    real = sanitize._suspicious
    try:
        sanitize._suspicious = lambda text: True
        assert redact(text) == with_precheck
    finally:
        sanitize._suspicious = real


# --- the token pattern searched by its literal leads finds what the plain search found --

# The token alternation as it was before its branches got literal leads, kept here as
# the reference: whatever the lead search finds must be exactly what this finds.
FROZEN_TOKEN_SOURCE = "|".join(
    (
        r"-----BEGIN [A-Z ]*PRIVATE KEY-----",
        r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b",
        r"\bgh[pousr]_[A-Za-z0-9]{20,}",
        r"\bgithub_pat_[A-Za-z0-9_]{20,}",
        r"\bglpat-[A-Za-z0-9_-]{20,}",
        r"\bxox[abposr]-[A-Za-z0-9-]{10,}",
        r"\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}",
        r"\bAIza[0-9A-Za-z_-]{35}",
        r"\bnpm_[A-Za-z0-9]{36}",
        r"\bpypi-[A-Za-z0-9_-]{50,}",
        r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+",
        r"(?<=://)[^/\s:@]{1,256}:[^/\s@]{1,256}(?=@)",
        r"(?<=://)[^/\s:@]{16,256}(?=@)",
        r"(?<=-u )[^\s:]{1,256}:[^\s]{1,256}",
        r"(?<=--user )[^\s:]{1,256}:[^\s]{1,256}",
        r"(?<=--user=)[^\s:]{1,256}:[^\s]{1,256}",
    )
)


def frozen_redact(text):
    """``redact`` as it was: one search of the frozen token pattern, then the rest."""
    import re

    text = re.sub(FROZEN_TOKEN_SOURCE, REDACTED, text)
    text = re.sub(sanitize._SCHEMED_SOURCE, lambda m: m.group(1) + m.group(2) + REDACTED, text)
    return re.sub(sanitize._ASSIGNED_SOURCE, lambda m: m.group(1) + m.group(2) + REDACTED, text)


# Token prefixes, their near misses, the markers the look-behinds need, boundaries,
# keywords, and runs as long as the limits the branches count to (8, 10, 16, 20, 35,
# 36, 50, 256) and one either side.
LEADS = (
    "AKIA", "ASIA", "AIza", "ghp_", "ghs_", "github_pat_", "glpat-", "xoxb-", "xoxr-", "sk-",
    "sk-ant-", "sk-proj-", "npm_", "pypi-", "eyJ", "eyJa.eyJ", "-----BEGIN RSA ", "https://",
    "http://u:", "-u ", "-u a:", "--user ", "--user=x:", "://", "://t:",
)  # fmt: skip
BEFORE = ("", " ", "\n", "a", "/", "-", "é")
UNITS = ("a", "Z", "9", "_", "-", "A1", "b2C", "/", ":")
COUNTS = (1, 7, 8, 9, 10, 11, 15, 16, 17, 19, 20, 21, 34, 35, 36, 37, 49, 50, 51, 255, 256, 257)
CLOSES = ("", "@", ":", ".", " ", ".eyJ", "/", "é", "PRIVATE KEY-----", ".x")
TOKEN_PIECES = st.sampled_from(
    [
        *LEADS, "gho_", "ghx_", "xoxz-", ".", "RSA ", "PRIVATE KEY-----", "-----", ":", "@",
        "/", "--user", "-", "_", " ", "\n", "\t", "=", "é", "password=", "token ",
        "Bearer ", "auth: ", '"', "'", "task", "a", "Z",
    ]
)  # fmt: skip
RUNS = st.builds(
    lambda unit, count: unit * count,
    st.sampled_from(UNITS),
    st.sampled_from(COUNTS) | st.integers(1, 60),
)
# a separator, a lead, a run and a closing character: most make or nearly make a token
SHAPED = st.builds(
    lambda *parts: "".join(parts),
    st.sampled_from(BEFORE),
    st.sampled_from(LEADS),
    RUNS,
    st.sampled_from(CLOSES),
)
TOKEN_TEXT = st.lists(SHAPED | TOKEN_PIECES | RUNS | st.text(max_size=4), max_size=14).map("".join)
STRADDLE = "-u a:" + "b" * 253 + "://c:d@x"  # a match ending inside the "://" it follows


def test_a_marker_inside_the_match_before_still_leads():
    import re

    old = [m.span() for m in re.finditer(FROZEN_TOKEN_SOURCE, STRADDLE)]
    assert len(old) == 2
    token = sanitize._patterns()[0]
    assert [m.span() for m in sanitize._led_matches(token, STRADDLE)] == old


def test_the_lead_search_agrees_on_every_shape_at_every_counted_length():
    import itertools
    import re

    token = sanitize._patterns()[0]
    frozen = re.compile(FROZEN_TOKEN_SOURCE)
    # the separators and units that decide a boundary or a character class
    for before, lead, unit, count, close in itertools.product(
        ("", " ", "a"), LEADS, ("Z", "a", "_", "-", "/"), COUNTS, CLOSES
    ):
        text = before + lead + unit * count + close
        old = [m.span() for m in frozen.finditer(text)]
        assert [m.span() for m in sanitize._led_matches(token, text)] == old, text


@settings(max_examples=500)
@given(TOKEN_TEXT)
def test_the_lead_search_finds_what_the_plain_search_found(text):
    import re

    token = sanitize._patterns()[0]
    old = [m.span() for m in re.finditer(FROZEN_TOKEN_SOURCE, text)]
    assert [m.span() for m in sanitize._led_matches(token, text)] == old
    assert [m.span() for m in sanitize.token_matches(text)] == old


@settings(max_examples=200)
@given(TOKEN_TEXT)
def test_redact_redacts_what_it_did_before(text):
    from unittest import mock

    assert redact(text) == frozen_redact(text)
    with mock.patch.object(sanitize, "_LEAD_FROM", 0):  # the lead search on any length
        assert redact(text) == frozen_redact(text)


def test_long_text_is_searched_by_its_leads():
    text = ("token: sk-" * 1000) + " sk-" + "Q" * 40 + " https://" + "t" * 16 + "@h " + STRADDLE
    assert len(text) >= sanitize._LEAD_FROM
    assert redact(text) == frozen_redact(text)
    assert "Q" * 40 not in redact(text)
