from __future__ import annotations

import gc
import json
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from caveat.common import jsonio

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(), children, max_size=4)
    ),
    max_leaves=20,
)


@given(json_values)
def test_loads_agrees_with_the_standard_library(value):
    text = json.dumps(value)
    assert jsonio.loads(text) == json.loads(text)


@given(
    st.dictionaries(st.text(), st.text() | st.booleans() | st.integers() | st.none(), max_size=5)
)
def test_dumps_round_trips(value):
    assert json.loads(jsonio.dumps(value)) == value


@pytest.mark.parametrize(
    "text", ["", "   ", "{", "[1] 2", "nul", '{"a":1,}', '"\\x"', "{'a': 1}", "\x00"]
)
def test_loads_rejects_what_is_not_one_json_value(text):
    with pytest.raises(jsonio.DecodeError):
        jsonio.loads(text)


def test_loads_reports_absurd_nesting_as_recursion_error():
    with pytest.raises(RecursionError):
        jsonio.loads("[" * 200_000)


def test_absurd_nesting_never_runs_a_gc_callback_on_the_exhausted_stack(monkeypatch):
    # A collection started at the recursion limit would run callbacks (hypothesis and
    # profilers register them) with no stack left, and their error is unraisable.
    unraisable: list[BaseException | None] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda u: unraisable.append(u.exc_value))

    def callback(phase: str, info: dict[str, int]) -> None:
        def down(n: int) -> int:
            return down(n - 1) if n else 0

        down(5)

    def at(depth: int, text: str) -> None:
        if depth:
            return at(depth - 1, text)
        with pytest.raises(RecursionError):
            jsonio.loads(text)
        return None

    threshold = gc.get_threshold()
    gc.callbacks.append(callback)
    gc.set_threshold(1)
    try:
        for depth in range(0, 300, 7):
            at(depth, "[" * 5000 + "]" * 5000)
            at(depth, '[{"a":' * 3000 + "1" + "}]" * 3000)
    finally:
        gc.callbacks.remove(callback)
        gc.set_threshold(*threshold)
    assert unraisable == []
    assert gc.isenabled()


def test_loads_accepts_the_constants_python_writes():
    assert jsonio.loads("[Infinity, -Infinity]") == [float("inf"), float("-inf")]


def test_dumps_refuses_unknown_types():
    with pytest.raises(TypeError):
        jsonio.dumps({"a": object()})


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (b'{"a": 1}', {"a": 1}),
        (b"  {}\n", {}),
        (None, None),
        (b"", None),
        (b"[1, 2]", None),  # another value
        (b'{"a": ', None),  # cut short
        (b"\xff\xfe{}", None),  # not UTF-8: replaced, then malformed
        (b"[" * 100_000, None),  # nested past the recursion limit
    ],
)
def test_load_object(raw, expected):
    assert jsonio.load_object(raw) == expected
