from __future__ import annotations

import pytest

from caveat.event import FRAGMENT
from caveat.event import Event
from caveat.event import FileEdit
from caveat.event import Finding


def test_records_are_immutable():
    edit = FileEdit("/p/a.py", "x")
    event = Event("PreToolUse", tool="Write", edits=(edit,))
    finding = Finding({"a": "b"}, message="m", guard="g")
    for record, field in ((edit, "path"), (event, "tool"), (finding, "values")):
        with pytest.raises(AttributeError):
            setattr(record, field, "changed")
        with pytest.raises(AttributeError):
            delattr(record, field)
    with pytest.raises(AttributeError):
        edit.extra = 1


def test_records_compare_and_hash_by_value():
    assert FileEdit("/a", "x", FRAGMENT, "y") == FileEdit("/a", "x", FRAGMENT, "y")
    assert FileEdit("/a", "x") != FileEdit("/a", "z")
    assert (
        len(
            {
                Finding({"k": "v"}, message="m", guard="g"),
                Finding({"k": "v"}, message="m", guard="g"),
            }
        )
        == 1
    )
    shown = repr(FileEdit("/a", "x"))
    assert shown.startswith("FileEdit(") and "path='/a'" in shown


def test_target_is_first_edit_else_cwd():
    assert Event("PreToolUse", edits=(FileEdit("/p/x", ""),), cwd="/p").target == "/p/x"
    assert Event("PreToolUse", cwd="/p").target == "/p"


def test_finding_values_keep_order():
    finding = Finding({"b": "1", "a": "2"}, message="m", guard="g")
    assert list(finding.value_map()) == ["b", "a"]
