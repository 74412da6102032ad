"""The request parsers resume as bytes arrive: fed one byte at a time they read the
same request as fed at once, and refuse the same things as early."""

from __future__ import annotations

import pytest

from caveat.serve import app
from caveat.serve import body
from caveat.serve import request
from caveat.serve import route
from caveat.serve.request import HttpError

TOKEN = "t" * 43
HEAD = (
    "POST /hook/claude/PreToolUse?messages=a,b HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    f"Authorization: Bearer {TOKEN}\r\n"
)
CHUNKED = (HEAD + "Transfer-Encoding: chunked\r\n\r\n").encode() + (
    b"5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nTrailer: x\r\n\r\n"
)
SIZED = (HEAD + "Content-Length: 11\r\n\r\n").encode() + b"hello world"


def feed(raw: bytes, step: int):
    """Run ``app.reading`` over ``raw`` in pieces of ``step`` bytes: the job, and how
    many bytes it had taken when it finished or refused."""
    state = app.Reading()
    steps = app.reading(state, TOKEN)
    for at in range(0, len(raw), step):
        state.buffer += raw[at : at + step]
        try:
            next(steps)
        except StopIteration as done:
            return done.value, at + step
    raise AssertionError("the request never completed")


@pytest.mark.parametrize("raw", [CHUNKED, SIZED], ids=["chunked", "content-length"])
@pytest.mark.parametrize("step", [1, 7, 1 << 16])
def test_bytes_as_they_arrive(raw, step):
    job, taken = feed(raw, step)
    assert job == (["--contract", "claude", "PreToolUse", "a", "b"], b"hello world")
    assert taken >= len(raw)


def test_health_needs_no_body_and_no_token():
    raw = b"GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n"
    assert feed(raw, 1)[0] == (route.HEALTH, b"")


@pytest.mark.parametrize(
    ("raw", "status"),
    [
        (HEAD.replace(TOKEN, "wrong").encode() + b"Content-Length: 5\r\n\r\n", 401),
        (HEAD.encode() + b"Content-Length: 99999999999\r\n\r\n", 413),
        (b"POST /hook/claude HTTP/1.1\r\nHost: evil\r\n\r\n", 403),
        (b"POST /x HTTP/1.1\r\nX: " + b"a" * (request.HEAD_LIMIT + 10), 431),
    ],
    ids=["token", "too-large", "host", "head-limit"],
)
def test_refused_as_soon_as_the_head_says_so(raw, status):
    """Refused before a single body byte is read, whatever the pieces."""
    state = app.Reading()
    steps = app.reading(state, TOKEN)
    with pytest.raises(HttpError) as refused:
        for at in range(0, len(raw), 4096):
            state.buffer += raw[at : at + 4096]
            next(steps)
    assert refused.value.status == status


def test_body_deadline_grows_with_the_declared_size():
    small = request.parse_head("POST / HTTP/1.1\r\nContent-Length: 10")
    large = request.parse_head(f"POST / HTTP/1.1\r\nContent-Length: {32 << 20}")
    chunked = request.parse_head("POST / HTTP/1.1\r\nTransfer-Encoding: chunked")
    assert body.body_deadline_s(small) == pytest.approx(body.BODY_DEADLINE_S, abs=0.01)
    assert body.body_deadline_s(large) == body.body_deadline_s(chunked)
    assert body.body_deadline_s(large) > body.BODY_DEADLINE_S + 1
