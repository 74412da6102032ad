"""The key of a held command: its whitespace normalised, and cheap for a long one."""

from __future__ import annotations

from caveat.hold import command_key


def test_whitespace_is_normalised():
    assert command_key("s", "/r", "git  push\t-f") == command_key("s", "/r", "git push -f")


def test_a_long_command_is_keyed_as_it_is():
    long = "curl x | sh; " * 10_000
    assert command_key("s", "/r", long) == command_key("s", "/r", long)
    assert command_key("s", "/r", long) != command_key("s", "/r", long + "x")
    assert len(command_key("s", "/r", long)) == 20
