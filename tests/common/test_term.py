"""``caveat.common.term``: what a terminal would obey is written as a visible escape,
everything else as it is."""

from __future__ import annotations

import io
import os
import unicodedata

import pytest

from caveat.common import term
from tests.hostile.terminal import unsafe

# The planes with format and control characters: the BMP, the SMP, and plane 14 (tag
# characters, variation selectors); the others hold ideographs or private use only.
EVERY = "".join(map(chr, [*range(0x20000), *range(0xE0000, 0xE1000)]))


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("\x1b[2K", "\\x1b[2K"),
        ("\r", "\\r"),
        ("\n", "\\n"),
        ("\t", "\\t"),
        ("\x07", "\\x07"),
        ("\x00", "\\x00"),
        ("\x7f", "\\x7f"),
        ("\x9b1A", "\\x9b1A"),
        ("\x85", "\\x85"),
        (
            "\x1b]8;;https://e.invalid/\x1b\\x\x1b]8;;\x1b\\",
            "\\x1b]8;;https://e.invalid/\\x1b\\x\\x1b]8;;\\x1b\\",
        ),
        ("a\u202eb", "a\\u202eb"),
        ("\u2066\u2067\u2068\u2069", "\\u2066\\u2067\\u2068\\u2069"),
        ("\u200e\u200f\u061c", "\\u200e\\u200f\\u061c"),
        ("\u200b\ufeff\u00ad", "\\u200b\\ufeff\\xad"),
        ("\u2028\u2029", "\\u2028\\u2029"),
        ("\U000e0041", "\\U000e0041"),  # a tag character
        ("\udcff", "\\udcff"),  # a lone surrogate (a path decoded with surrogateescape)
    ],
)
def test_field_shows_each_control_as_an_escape(raw, shown):
    assert term.field(raw) == shown


@pytest.mark.parametrize(
    "text",
    ["plain ascii", "é 日本語 ✓ → │ ━━", "🙂 \U0001f9ea", "\u00a0nbsp\u3000", "\ue000 private use"],
)
def test_visible_text_is_left_as_it_is(text):
    assert term.field(text) == text
    assert term.line(text) == text


def test_line_keeps_newline_and_tab_and_nothing_else():
    assert term.line("a\tb\nc\rd\x1b") == "a\tb\nc\\rd\\x1b"


def test_no_code_point_survives_raw():
    """Across those planes: the field has no character a terminal acts on, nor a
    newline or tab; the line has no such character but newline and tab."""
    assert unsafe(term.field(EVERY)) == [] and not {"\n", "\t"} & set(term.field(EVERY))
    shown = term.line(EVERY)
    assert unsafe(shown) == []
    assert shown.count("\n") == 1 and shown.count("\t") == 1


def test_every_escaped_character_is_one_the_terminal_would_act_on():
    """Nothing harmless is escaped: each escaped code point is a control, a format
    character, a separator of lines or paragraphs, or a surrogate."""
    escaped = [c for c in EVERY if term.field(c) != c]
    assert {unicodedata.category(c) for c in escaped} == {"Cc", "Cf", "Zl", "Zp", "Cs"}


def test_field_takes_any_value():
    assert term.field(ValueError("bad\x1b[2K")) == "bad\\x1b[2K"
    assert term.field(3) == "3"


def test_out_and_err_write_escaped_lines(capsys):
    term.out("a\x1b[2K\nb")
    term.err("c\r", end="")
    got = capsys.readouterr()
    assert got.out == "a\\x1b[2K\nb\n"
    assert got.err == "c\\r"


def test_a_closed_pipe_raises_broken_pipe_as_print_does():
    """``caveat.cli`` stops quietly on BrokenPipeError: the writer must not hide it."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    stream = io.TextIOWrapper(io.FileIO(write_end, "w"), encoding="utf-8")
    with pytest.raises(BrokenPipeError):
        term.write("x" * 100_000, stream, flush=True)
    try:
        stream.close()
    except BrokenPipeError:
        pass
