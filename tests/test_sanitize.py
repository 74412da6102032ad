from __future__ import annotations

import pytest
from hypothesis import given
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
        sanitize._suspicious = lambda _text: True
        assert redact(text) == with_precheck
    finally:
        sanitize._suspicious = real
