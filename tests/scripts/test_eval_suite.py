"""scripts/eval_suite.py: the eval guard scored on a rule suite's annotated test files."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys

from tests.helpers import ROOT

_path = os.path.join(ROOT, "scripts", "eval_suite.py")
_spec = importlib.util.spec_from_file_location("eval_suite", _path)
assert _spec is not None and _spec.loader is not None
suite = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(suite)

TEST = (
    "import pickle\n"
    "# ruleid: avoid-pickle\n"
    "pickle.loads(data)\n"
    "# ok: avoid-pickle\n"
    "pickle.loads(b'constant')\n"
    "# ruleid: other-rule\n"
    "eval(x)\n"
    "# todoruleid: avoid-pickle\n"
    "thing(data)\n"
    "pickle.load(f)  # ruleid: avoid-pickle\n"
)


def test_annotations_apply_to_the_next_code_line_or_their_own():
    assert suite.marked_lines(TEST, {"avoid-pickle"}) == ({3, 10}, {5})


def test_a_marked_call_split_over_lines_counts_on_its_statement():
    rows = ["x = f(", "    pickle.loads(d),", ")", "", "y = 1"]
    assert list(suite._extent(rows, 1)) == [1, 2, 3]  # to the blank line
    assert list(suite._extent(rows, 1, block_only=True)) == [1]


def test_a_marked_method_covers_its_body():
    rows = ["void f(String s) {", "    a();", "    b();", "}", "void g() {", "}"]
    assert list(suite._extent(rows, 1, block_only=True)) == [1, 2, 3, 4]


def test_named_lines_are_the_guards_findings():
    assert suite.named_lines("/tmp/suite/a.py", TEST) == {3, 7, 10}


def test_a_checkout_is_scored(tmp_path):
    folder = tmp_path / "python" / "lang" / "security" / "deserialization"
    folder.mkdir(parents=True)
    (folder / "pickle.yaml").write_text("rules:\n  - id: avoid-pickle\n")
    (folder / "pickle.py").write_text(TEST)
    out = subprocess.run(
        [sys.executable, "-I", _path, str(tmp_path), "--rule", "deserialization/pickle"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "ruleid lines 2, found 2, false alarms 0" in out.stdout
