from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from caveat.common import sanitize
from caveat.common import secret_tokens
from caveat.common.sanitize import REDACTED
from caveat.common.sanitize import clean
from caveat.common.sanitize import redact


@pytest.mark.parametrize(
    "secret",
    [
        "AKIAZ7Q2M4N6P8R1T3V5",
        "ghp_" + "a1B2" * 9,
        "github_pat_" + "A7kQ" * 8,
        "glpat-" + "x9Lm2Qp7Rt" * 2,
        "xoxb-482910573621-Hk4Tq9Zw2Lp",
        "sk-ant-api03-" + "Q7wLp2Zx9K" * 4,
        "sk-proj-" + "z3Rk8Vq1" * 5,
        "AIza" + "B7xQ2mK9pL" * 3 + "B7xQ2",
        "npm_" + "c4Hq8Zt2" * 4 + "c4Hq",
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
    out = clean('curl -H "Authorization: Bearer Zq8Lm2Xp4Vn6Bt1R" https://x | sh')
    assert "Zq8Lm2Xp4Vn6Bt1R" not in out and "Authorization: Bearer [redacted]" in out
    assert clean("token Zq8Lm2Xp4Vn6Bt1R") == "token [redacted]"


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

# The token alternation as it was before its branches got literal leads (since then
# the URL user may be empty, a Slack token needs its digit group and a Google key
# its end), kept here as the reference: whatever the lead search
# finds must be exactly what this finds.
FROZEN_TOKEN_SOURCE = "|".join(
    (
        r"-----BEGIN [A-Z ]*PRIVATE KEY-----",
        r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b",
        r"\bgh[pousr]_[A-Za-z0-9]{20,}",
        r"\bgithub_pat_[A-Za-z0-9_]{20,}",
        r"\bglpat-[A-Za-z0-9_-]{20,}",
        r"\bxox(?:[bpos]-[0-9]{6,14}-[A-Za-z0-9-]{3,}|[ar]-(?:[0-9]-)?[A-Za-z0-9-]{8,})",
        r"\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}",
        r"\bAIza[0-9A-Za-z_-]{35}(?![\w-])",
        r"\bnpm_[A-Za-z0-9]{36}",
        r"\bpypi-[A-Za-z0-9_-]{50,}",
        r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+",
        r"(?<=://)[^/\s:@]{0,256}:[^/\s@]{1,256}(?=@)",  # the user may be empty
        r"(?<=://)[^/\s:@]{16,256}(?=@)",
        r"(?<=-u )[^\s:]{1,256}:[^\s]{1,256}",
        r"(?<=--user )[^\s:]{1,256}:[^\s]{1,256}",
        r"(?<=--user=)[^\s:]{1,256}:[^\s]{1,256}",
    )
)


def frozen_redact(text):
    """``redact`` with the token pattern searched the plain way, by the frozen source."""
    import re
    from unittest import mock

    def frozen_sub(text):
        return secret_tokens.token_sub(text, re.finditer(FROZEN_TOKEN_SOURCE, text))

    with mock.patch.object(sanitize, "token_sub", frozen_sub):
        return redact(text)


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
    token = secret_tokens.token_pattern()
    assert [m.span() for m in secret_tokens._led_matches(token, STRADDLE)] == old


def test_the_lead_search_agrees_on_every_shape_at_every_counted_length():
    import itertools
    import re

    token = secret_tokens.token_pattern()
    frozen = re.compile(FROZEN_TOKEN_SOURCE)
    # the separators and units that decide a boundary or a character class
    for before, lead, unit, count, close in itertools.product(
        ("", " ", "a"), LEADS, ("Z", "a", "_", "-", "/"), COUNTS, CLOSES
    ):
        text = before + lead + unit * count + close
        old = [m.span() for m in frozen.finditer(text)]
        assert [m.span() for m in secret_tokens._led_matches(token, text)] == old, text


@settings(max_examples=500)
@given(TOKEN_TEXT)
def test_the_lead_search_finds_what_the_plain_search_found(text):
    import re

    token = secret_tokens.token_pattern()
    old = [m.span() for m in re.finditer(FROZEN_TOKEN_SOURCE, text)]
    assert [m.span() for m in secret_tokens._led_matches(token, text)] == old
    assert [m.span() for m in secret_tokens.token_matches(text)] == old


@settings(max_examples=200)
@given(TOKEN_TEXT)
def test_redact_redacts_what_it_did_before(text):
    from unittest import mock

    assert redact(text) == frozen_redact(text)
    with mock.patch.object(secret_tokens, "_LEAD_FROM", 0):  # the lead search on any length
        assert redact(text) == frozen_redact(text)


def test_long_text_is_searched_by_its_leads():
    secret = "Q7wLp2Zx9K" * 4
    text = ("token: sk-" * 1000) + " sk-" + secret + " https://" + "t" * 16 + "@h " + STRADDLE
    assert len(text) >= secret_tokens._LEAD_FROM
    assert redact(text) == frozen_redact(text)
    assert secret not in redact(text)


# --- the shapes with a pass of their own ------------------------------------------------

KEY_BODY = "MIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM2" + "qL9x" * 7
PEM = (
    f"-----BEGIN RSA PRIVATE KEY----- {KEY_BODY} Zm9vYmFyYmF6cXV4cXV1eA== "
    "-----END RSA PRIVATE KEY-----"
)


@pytest.mark.parametrize(
    ("raw", "hidden", "kept"),
    [
        # curl's user flag, glued, spaced or long
        ("curl -uadmin:Pa55word https://x | sh", "Pa55word", "curl -u[redacted] https://x"),
        ("curl -u admin:Pa55word https://x", "Pa55word", "curl -u [redacted]"),
        ("curl --user=admin:Pa55word https://x", "Pa55word", "--user=[redacted]"),
        ("curl --user admin:Pa55word https://x", "Pa55word", "--user [redacted]"),
        ("curl -u'admin:Pa55word' https://x", "Pa55word", "curl -u[redacted]"),
        # a password in prose
        ("The db password Hunter2x is set", "Hunter2x", "password [redacted] is set"),
        ("the password is 'correct horse'", "correct horse", "password is [redacted]"),
        ("password: Tr0ub4dor&3", "Tr0ub4dor&3", "password: [redacted]"),
        ("use passwd s3cret", "s3cret", "passwd [redacted]"),
        ("passphrase hUnTeRtWo", "hUnTeRtWo", "passphrase [redacted]"),
        # credentials in URL userinfo, with or without a scheme
        ("FROM user:Pa55word@registry.example.com/img:1", "Pa55word", "[redacted]@registry"),
        ("image: bot:Pa55word@ghcr.io/a/b", "Pa55word", "image: [redacted]@ghcr.io"),
        ("https://user:Pa55word@host/x", "Pa55word", "https://[redacted]@host"),
        ("docker pull 'u:Pa55word@reg.local:5000/x'", "Pa55word", "'[redacted]@reg.local"),
        # a private key: armour and body, or the body alone
        (f"matched {PEM} in key.pem", KEY_BODY[:20], "matched [redacted] in key.pem"),
        (f"matched PRIVATE KEY----- {KEY_BODY} rest", KEY_BODY[:20], "matched [redacted]"),
        (f"key = {KEY_BODY}", KEY_BODY[:20], "[redacted]"),
        ("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtz", "b3BlbnNz", ""),
        (
            "-----BEGIN PGP PRIVATE KEY BLOCK----- lQOYBF0 -----END PGP PRIVATE KEY BLOCK-----",
            "lQOYBF0",
            "[redacted]",
        ),
    ],
)
def test_secret_shapes_are_redacted(raw, hidden, kept):
    out = clean(raw)
    assert hidden not in out
    assert kept in out


@pytest.mark.parametrize(
    "plain",
    [
        'curl -u "$USER" https://x',  # no password given: curl asks for it
        "curl -u admin https://x",
        "git add -u",
        "password reset flow",  # prose: the word after is a plain word
        "Password Manager settings",
        "keep the secret store instead",
        "passwd alice",
        "passwd -l alice",
        "python:3.12@sha256:0123456789abcdef0123456789abcdef",  # an image digest
        "lodash@4.17.21",
        "@types/node ^20",
        "git@github.com:org/repo.git",
        "actions/checkout@v4",
        "mailto:someone@example.com",
        "-----END RSA PRIVATE KEY----- done",
        "MIIT licensed",
    ],
)
def test_look_alikes_stay(plain):
    assert clean(plain) == plain


def test_a_value_cut_short_is_redacted_before_the_cut():
    """A token that straddles the cut would lose its shape and slip through halved."""
    from caveat.common.shellwrap import display

    token = "ghp_" + "Z9y8X7w6V5" * 4
    shown = display(["curl", "-H", "x" * 170, token, "https://x"])
    assert token[:12] not in shown and REDACTED in shown


def test_the_rare_shapes_compile_only_on_their_literal():
    sanitize._shape_patterns.clear()
    assert clean("lodash@4.17.21 react ^18") == "lodash@4.17.21 react ^18"
    assert sanitize._shape_patterns == {}
    clean("FROM u:Pa55word@reg.example/img")
    assert list(sanitize._shape_patterns) == [sanitize._BARE_USERINFO]


@given(st.text(alphabet="-uPRIVATE KEYBEGINMII@:/ 'ab1=+", max_size=400))
def test_the_rare_shapes_are_linear_and_total(text):
    out = redact(text * 20)
    assert isinstance(out, str)


# --- references and placeholders stay visible; real material beside them does not ----

VISIBLE = [
    "export API_KEY=$API_KEY",
    'password = "${DB_PASSWORD}"',
    "set TOKEN=%GITHUB_TOKEN%",
    "token=$(cat ~/.token)",
    'secret: "{{ .Values.secret }}"',
    "api_key: <your-api-key>",
    'curl -u "$USER:$PASS" https://api.x',
    "curl --user ${username}:${password} https://api.x",
    'curl -u "${{ secrets.USER }}:${{ secrets.PASS }}" https://api.x',
    "curl -u <user:password> https://api.x",
    'curl -H "Authorization: Bearer $API_KEY" https://api.x',
    'curl -H "Authorization: Bearer $(gcloud auth print-access-token)" https://api.x',
    'curl -H "Authorization: Token **********" https://api.x',
    "git clone https://${GH_USER}:${GH_TOKEN}@github.com/o/r",
    "password=changeme",
    "api_key=xxxxxxxxxxxxxxxxxxxx",
    "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "token: hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
    "slack: xoxp-572370529330-573807301142-572331691188-####################",
    "password = var.db_password",
    "access_token=ACCESS_TOKEN",
    "export OP_SERVICE_ACCOUNT_TOKEN=ops_eyJzaWduSW5BZGRyZXNz...",
    "-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----",
]


@pytest.mark.parametrize("text", VISIBLE)
def test_references_and_placeholders_stay_visible(text):
    assert redact(text) == text


BESIDE = [
    ("curl -u ${USER}:Tr0ub4dor3x https://api.x", "Tr0ub4dor3x"),
    ("git clone https://${GH_USER}:q8R9s0T1u2V3@github.com/o/r", "q8R9s0T1u2V3"),
    ("password=${PREFIX}Tr0ub4dor3x", "Tr0ub4dor3x"),
    ('Authorization: Bearer $API_KEY, Bearer Zq8Lm2Xp4Vn6Bt1R"', "Zq8Lm2Xp4Vn6Bt1R"),
    ("export API_KEY=$API_KEY GH=ghp_" + "Z9y8X7w6V5" * 4, "Z9y8X7w6V5" * 4),
    ("token: ${HF}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", "QmTzLpWkRvXnYsBdHgJfCaEuKoIqMwNbZe"),
    (
        "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkq\n-----END PRIVATE KEY-----",
        "MIIEvQIBADANBgkq",
    ),
]


@pytest.mark.parametrize(("text", "secret"), BESIDE)
def test_real_material_beside_a_reference_is_redacted(text, secret):
    assert secret not in redact(text)
