"""The credential families of ``caveat.common.secret_shapes``: each shape redacted, its
look-alikes kept, and each compiled only on a literal it cannot match without."""

from __future__ import annotations

import re
from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

from caveat.common import sanitize
from caveat.common.sanitize import REDACTED
from caveat.common.sanitize import clean
from caveat.common.sanitize import redact
from caveat.common.secret_shapes import FAMILIES

HEX64 = "3f9c0e7a" * 8
B64_88 = "Zk9xN2RhR3VtY2Q0YnJ5c2VxZ2x0d3pvc2V2bWFyY2h5ZXJ2aGxtb3BhZ2VmcnF0eXNvbmN1cmF2ZWxhYg=="

# (text, the secret in it that must not be shown)
POSITIVES = [
    # the twelve shapes that went through before
    ("STRIPE=sk_live_4eC39HqLyjWDarjtT1zdp7dc", "4eC39HqLyjWDarjtT1zdp7dc"),
    ("use rk_live_51Hx2GqLyjWDarjtT1zdp7dcQ9 here", "51Hx2GqLyjWDarjtT1zdp7dcQ9"),
    (f"DefaultEndpointsProtocol=https;AccountName=acme;AccountKey={B64_88};", B64_88[:40]),
    (
        "https://acme.blob.core.windows.net/c?sv=2022-11-02&sp=r&sig=Qm9vbXRvd24lMkJ0ZXN0a2V5cw%3D%3D",
        "Qm9vbXRvd24lMkJ0ZXN0a2V5cw",
    ),
    (
        "curl -X POST https://hooks.slack.com/services/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",
        "q7Wm2Zp9Lr4Xt8Kv1Ns6Yb3J",
    ),
    (
        "https://discord.com/api/webhooks/112233445566778899/Zx9_Yw8-Vu7Ts6Rq5Po4Nm3Lk2Ji1HgFe",
        "Zx9_Yw8-Vu7Ts6Rq5Po4Nm3Lk2Ji1HgFe",
    ),
    (
        "https://discordapp.com/api/webhooks/112233445566778899/Zx9_Yw8-Vu7Ts6Rq5Po4Nm3Lk2Ji1HgFe",
        "Zx9_Yw8-Vu7Ts6Rq5Po4Nm3Lk2Ji1HgFe",
    ),
    ("redis-cli -u https://:Hunter2Pass@cache.example:6380", "Hunter2Pass"),
    ("huggingface-cli login --hf 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", "QwErTyUiOpAsDfGhJkLz"),
    ("Authorization ya29.a0AfH6SMBx3kR9pQ7vLm2Nz8Yt4Wc1Ej5Hg6Df", "a0AfH6SMBx3kR9pQ7vLm2N"),
    (
        "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",
        "aB3dE5fG7hJ9kL1mN3pQ5r",
    ),
    (f"doctl auth init -t dop_v1_{HEX64}", HEX64),
    (f"DO=doo_v1_{HEX64}", HEX64),
    (f"refresh dor_v1_{HEX64}", HEX64),
    (
        "-----BEGIN EC PRIVATE KEY----- MHcCAQEEIBkg4LVWM9nuwNSk3yByxZpYRTBnVJk5oRuAAKHU"
        "yOMjoAoGCCqGSM49 AwEHoUQDQgAEgtcUcKHmvN5KwQ8x -----END EC PRIVATE KEY-----",
        "MHcCAQEEIBkg4LVWM9nu",
    ),
    (
        "key MHcCAQEEIBkg4LVWM9nuwNSk3yByxZpYRTBnVJk5oRuAAKHUyOMjoAoGCCqGSM49"
        " AwEHoUQDQgAEgtcUcKHmvN5K",
        "AwEHoUQDQgAEgtcUcKHmvN5K",
    ),
    (
        "body MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgW3m9Zp2Lr4Xt8Kv1Ns6Yb3JqPzQ",
        "MIGHAgEAMBMGByqGSM49",
    ),
    ("MC4CAQAwBQYDK2VwBCIEIJ3kR9pQ7vLm2Nz8Yt4Wc1Ej5Hg6DfSaPo0IuYtReWq", "BCIEIJ3kR9pQ7vLm2Nz8"),
    # more families of the ruleset
    ("rk_test_51Hx2GqLyjWDarjtT1zdp7dcQ9", "51Hx2GqLyjWDarjtT1zdp7dcQ9"),
    ("AccessKey ABIAQ3EGRQ7KX5HM2ZPT", "ABIAQ3EGRQ7KX5HM2ZPT"),
    ("client_id x  secret=.IQ8Q~79R7TOWOspFnWcEG-dYt4KXqFqxK16cxr", "79R7TOWOspFnWcEG-dYt4K"),
    ("glrt-Zq8Lm2Xp4Vn6Bt1Rw3Ys", "Zq8Lm2Xp4Vn6Bt1Rw3Ys"),
    ("grafana glsa_Q3Lm9Zp2Xr4Vt8Kn1Bs6Yw3Jc5Ha7Ge0_a1b2c3d4", "Q3Lm9Zp2Xr4Vt8Kn1Bs6Yw3"),
    ("xapp-1-A0B1C2D3E4F-1234567890-abcdef0123456789", "A0B1C2D3E4F-1234567890"),
    ("shopify shpat_0123456789abcdef0123456789abcdef", "0123456789abcdef0123456789abcdef"),
    ("sntryu_" + HEX64, HEX64),
    ("pplx-" + "Qm9vbXRvd24lMkJ0ZXN0a2V5cwQm9vbXRvd24lMkJ0ZXN0a2V5", "Qm9vbXRvd24lMkJ0ZXN0"),
    (
        "webhook https://acme.webhook.office.com/webhookb2/0f9a-1b2c@77aa-88bb/IncomingWebhook/9d8c7b6a5f4e",
        "IncomingWebhook/9d8c",
    ),
    ("FLWSECK_TEST-0123456789abcdef0123456789abcdef-X", "0123456789abcdef0123456789abcdef"),
    ("npm config set shippo_live_" + "a1b2c3d4e5" * 4, "a1b2c3d4e5" * 4),
    (
        "AGE-SECRET-KEY-1" + "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L" + "QPZRY9X8GF2TVDW0S3JN54KHCE6M",
        "QPZRY9X8GF2TVDW0S3JN",
    ),
    ("SKab12cd34ef56ab12cd34ef56ab12cd34", "ab12cd34ef56ab12cd34ef56ab12cd34"),
    ("mailgun key-0123456789abcdef0123456789abcdef", "0123456789abcdef0123456789abcdef"),
    ("4829105736218470|Zq8Lm2Xp4Vn6Bt1Rw3YsQ5Hk7Jf9Ga", "Zq8Lm2Xp4Vn6Bt1Rw3YsQ5Hk7Jf9Ga"),
    # assignments in a language's forms
    ('stripeToken := "zq8lm2xp4vn6bt1rw3ysq5hk7jf9ga"', "zq8lm2xp4vn6bt1rw3ysq5hk7jf9ga"),
    ('var asanaToken string = "zq8lm2xp4vn6bt1rw3ysq5hk7jf9ga"', "zq8lm2xp4vn6bt1rw3ysq5hk7jf9ga"),
    ('  "adobeToken" => "zq8lm2xp4vn6bt1rw3ysq5hk7jf9ga"', "zq8lm2xp4vn6bt1rw3ysq5hk7jf9ga"),
    ('{"config_token": "zq8lm2xp4vn6bt1rw3ysq5hk7jf9ga"}', "zq8lm2xp4vn6bt1rw3ysq5hk7jf9ga"),
    (
        'System.setProperty("ETSY_TOKEN", "zq8lm2xp4vn6bt1rw3ysq5hk7jf9ga")',
        "zq8lm2xp4vn6bt1rw3ysq5hk7jf9ga",
    ),
    (
        "<lookerToken>\n    zq8lm2xp4vn6bt1rw3ysq5hk7jf9ga\n</lookerToken>",
        "zq8lm2xp4vn6bt1rw3ysq5hk7jf9ga",
    ),
    ("make TOKEN ?= zq8lm2xp4vn6bt1rw3ysq5hk7jf9ga", "zq8lm2xp4vn6bt1rw3ysq5hk7jf9ga"),
]

# Test-mode keys (``sk_test_``) are redacted too: they still authenticate to the
# account's API (its customers, webhooks, test charges). Publishable keys (``pk_…``)
# are meant to be public, and stay.
LOOK_ALIKES = [
    "pk_live_51Hx2GqLyjWDarjtT1zdp7dcQ9",
    "pk_test_51Hx2GqLyjWDarjtT1zdp7dcQ9",
    "nonMatchingToken_name task_test_zq8lm2xp4vn6bt1rw3ysq5hk7jf9ga",
    "request 3f2504e0-4f89-11d3-9a0c-0305e82c3301 done",
    "commit 9fceb02d0ae598e95dc970b74767f19372d61af8 on main",
    "git show 9fceb02d0ae598e95dc970b74767f19372d61af8:src/app.py",
    "echo SGVsbG8sIHRoaXMgaXMgYW4gb3JkaW5hcnkgc2VudGVuY2Ugb2YgdGV4dC4= | base64 -d",
    "https://user@host.example/repo.git",
    "git clone https://alice@github.com/acme/repo",
    "passwordless login via magic link",
    "- (id)hf_requiredCharacteristicTypesForDisplayMetadata;",
    "hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "glsa_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX_AAAAAAAA",
    "see https://hooks.slack.com/services for the docs",
    "https://discord.com/api/webhooks is the endpoint",
    "sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
    "http://assets.example.com/media/video_box.ico-7a388b69018576d24b59331fd60aab0c.png",
    "-----BEGIN EC PUBLIC KEY----- MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE -----END",
    "curl https://:8080/health",
    "ls | grep src | wc -l",
    "SKIP_TESTS=1 make",
]


@pytest.mark.parametrize(("text", "secret"), POSITIVES)
def test_family_shapes_are_redacted(text, secret):
    out = redact(text)
    assert secret not in out, out
    assert REDACTED in out
    assert secret not in clean(text)


@pytest.mark.parametrize("text", LOOK_ALIKES)
def test_family_look_alikes_stay(text):
    assert redact(text) == text


def test_webhook_and_storage_keys_keep_their_name():
    assert "hooks.slack.com/services/[redacted]" in redact(POSITIVES[4][0])
    assert "AccountKey=[redacted];" in redact(POSITIVES[2][0])
    assert "&sig=[redacted]" in redact(POSITIVES[3][0])
    assert redact("https://:Hunter2Pass@h") == "https://[redacted]@h"


# --- one literal test before each pattern -----------------------------------------------


def _swapped(text):
    return text.swapcase()


@pytest.mark.parametrize(("text", "_secret"), POSITIVES)
def test_a_family_pattern_never_matches_without_a_literal_of_its_own(text, _secret):
    """Whatever a pattern matches holds one of the literals it is filed under (in the
    case its row says), so the literal test before compiling skips nothing."""
    for variant in (text, _swapped(text)):
        for match_source in {s for _, _, s in FAMILIES}:
            for match in re.finditer(match_source, variant):
                found = match.group(0)
                literals = [(lit, case) for lit, case, s in FAMILIES if s == match_source]
                assert any(lit in (found if case else found.lower()) for lit, case in literals), (
                    match_source,
                    found,
                )


def test_every_pattern_is_filed_under_a_literal_it_holds():
    """A row whose literal is not in what its pattern can match would hide it: each
    fixture positive a pattern matches holds that row's literal."""
    for text, _ in POSITIVES:
        for literal, _case, source in FAMILIES:
            match = re.search(source, text)
            if match is None:
                continue
            siblings = [(lit, c) for lit, c, s in FAMILIES if s == source]
            assert any(lit in (text if c else text.lower()) for lit, c in siblings), literal


PIECES = st.sampled_from(
    [text for text, _ in POSITIVES]
    + [literal for literal, _, _ in FAMILIES]
    + [literal.upper() for literal, _, _ in FAMILIES]
    + LOOK_ALIKES
    + [" ", "=", ":", "/", "a" * 40, "Z9" * 20, HEX64]
)


@given(st.lists(PIECES | st.text(max_size=6), max_size=5).map("".join))
def test_the_literal_tests_never_skip_a_match(text):
    gated = redact(text)
    with mock.patch.object(sanitize, "_holds", lambda text, literal: True):
        assert redact(text) == gated


# --- a value over the limit is redacted before it is cut --------------------------------


@pytest.mark.parametrize(("text", "secret"), POSITIVES[:14])
def test_a_family_secret_across_the_cut_is_redacted_first(text, secret):
    pad = "x " * 140
    out = clean(pad + text, limit=300)
    assert len(out) <= 300
    assert secret[:12] not in out
