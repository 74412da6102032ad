"""Size and count never turn a finding into silence: windows around triggers, the hit
cap counted after judging, and the notice of what a cut scan did not read."""

from __future__ import annotations

import os

import pytest

from caveat.event import Event
from caveat.event import FileEdit
from caveat.guards.base import Context
from caveat.guards.eval import records
from caveat.guards.eval import windows
from tests.helpers import check

MB = 1 << 20
ORDINARY_PY = "x = compute(a, b)  # plain code\n"
ORDINARY_JS = "const x = compute(a, 'b'); // plain\n"


@pytest.fixture
def root(tmp_path):
    folder = tmp_path / "proj"
    os.mkdir(folder)
    os.mkdir(folder / ".git")
    return str(folder)


def write(root, name, text):
    event = Event("PreToolUse", tool="Write", edits=(FileEdit(os.path.join(root, name), text),))
    return check("eval", event, Context(event, env={}))


def primitives(findings):
    return [
        (f.variant, f.value_map().get("primitive"), f.value_map().get("lines")) for f in findings
    ]


@pytest.mark.parametrize(
    ("name", "unit", "line"),
    [
        ("mid.py", ORDINARY_PY, "y = eval(s)\n"),
        ("mid.js", ORDINARY_JS, "run(eval(input));\n"),
        ("mid.py", ORDINARY_PY, "data = pickle.loads(blob)\n"),
    ],
)
def test_a_primitive_in_the_middle_of_8_mb_is_reported(root, name, unit, line):
    half = unit * (4 * MB // len(unit))
    findings = write(root, name, half + line + half)
    at = str(half.count("\n") + 1)
    assert [(v, lines) for v, _, lines in primitives(findings)] == [("", at)]


def test_a_primitive_in_a_docstring_of_a_large_file_stays_silent(root):
    half = ORDINARY_PY * (2 * MB // len(ORDINARY_PY))
    text = half + '"""\n' + "Use eval(s) with care.\n" * 3 + '"""\n' + half
    assert write(root, "doc.py", text) == []


def test_an_alias_imported_at_the_top_of_a_large_file_is_seen(root):
    half = ORDINARY_PY * (2 * MB // len(ORDINARY_PY))
    findings = write(root, "alias.py", "from pickle import loads as l\n" + half + "l(blob)\n")
    assert [p for _, p, _ in primitives(findings)] == ["pickle.loads"]


def test_harmless_matches_do_not_use_up_the_cap(root):
    text = "eval('1')\n" * 600 + "eval(user_input)\n"
    assert primitives(write(root, "many.py", text)) == [("", "eval", "601")]


def test_large_file_without_triggers_is_silent(root):
    assert write(root, "plain.py", ORDINARY_PY * (2 * MB // len(ORDINARY_PY))) == []


def test_a_cut_scan_says_what_it_did_not_read(root, monkeypatch):
    import caveat.guards.eval as guard

    monkeypatch.setattr(guard, "SCAN_S", -1.0)  # the deadline has passed before the scan
    half = ORDINARY_PY * (MB // len(ORDINARY_PY))
    findings = write(root, "cut.py", half + "y = eval(s)\n" + half)
    assert [f.variant for f in findings] == ["unread"]
    # Chunks with no trigger were read (nothing can match there); the notice starts
    # where the scan stopped, at the latest at the chunk holding the eval line.
    at, lines = half.count("\n") + 1, half.count("\n") * 2 + 2
    values = findings[0].value_map()
    first, last = values["unread"].removeprefix("lines ").split("–")
    assert values["path"] == "cut.py"
    assert 1 <= int(first.replace(",", "")) <= at
    assert last == f"{lines:,}"


def test_unread_words():
    assert records.Unread(0, 1201, 10, 80000).words() == "lines 1,201–80,000"
    assert records.Unread(1 << 20, 1, 1 << 24, 1).words() == "characters 1,048,577–16,777,216"


def test_a_window_does_not_start_inside_a_triple_quoted_string():
    text = 'x = 1\n"""\n' + "doc\n" * 10 + '"""\neval(s)\n'
    # A window opening in the docstring starts in code, just past its end.
    assert windows.Spanning(text, "python").code_from(text.index("doc")) == text.index("\neval")
    assert windows.Spanning(text, "python").code_from(text.index("eval")) == text.index("eval")
    assert windows.Spanning("a\n/* x\n y */\neval(s)\n", "c").code_from(14) == 14
    assert windows.Spanning("a\n/* x\n y */\neval(s)\n", "c").code_from(7) == 12
    # Never closed: nothing after the opener is code.
    assert windows.Spanning("a\n/* x\n eval(s)\n", "c").code_from(7) == 16
    # Asked in order, each part of the text is counted once.
    spans = windows.Spanning('"""a\n"""\nb\n"""\nc\n', "python")
    assert [spans.code_from(i) for i in (5, 9, 11, 15)] == [8, 9, 11, 17]


@pytest.mark.parametrize(
    ("name", "opened", "closed", "fires"),
    [
        ("far.py", '"""\n', '"""\n', True),
        ("far.py", '"""\n', "", False),
        ("far.js", "/*\n", "*/\n", True),
        ("far.js", "`\n", "`;\n", True),
        ("far.js", "/*\n", "", False),
    ],
)
def test_a_construct_opened_megabytes_back_is_closed_or_not(root, name, opened, closed, fires):
    """A docstring or comment of 16 MB: the call after it is code, the call in it is not
    (a look back of a fixed reach took the closer for an opener and went silent)."""
    body = "doc line\n" * (16 * MB // 9)
    call = "run(eval(input));\n" if name.endswith(".js") else "y = eval(s)\n"
    findings = write(root, name, opened + body + closed + call)
    expected = [("", str((opened + body + closed).count("\n") + 1))] if fires else []
    assert [(v, lines) for v, _, lines in primitives(findings)] == expected
