"""The spelling the language runs is the spelling matched (Python NFKC identifiers,
JavaScript identifier escapes), and a name the file binds itself is that binding, not
the global (ESLint's no-eval, no-implied-eval and no-new-func valid cases)."""

from __future__ import annotations

import os

import pytest

from caveat.event import Event
from caveat.event import FileEdit
from caveat.guards.base import Context
from caveat.guards.eval.spelling import canonical
from tests.helpers import check


@pytest.fixture
def root(tmp_path):
    folder = tmp_path / "proj"
    os.mkdir(folder)
    os.mkdir(folder / ".git")
    return str(folder)


def write(root, name, text):
    event = Event("PreToolUse", tool="Write", edits=(FileEdit(os.path.join(root, name), text),))
    return [
        (f.value_map()["primitive"], f.value_map()["lines"])
        for f in check("eval", event, Context(event, env={}))
    ]


FIRING = [
    # (file, text, primitive, lines)
    ("a.py", "ｅｖａｌ(user_input)\n", "eval", "1"),
    ("a.py", "x = 1\n𝐞𝐱𝐞𝐜(code)\n", "exec", "2"),
    ("a.py", "import pickle\nobj = pickle.ｌｏａｄｓ(blob)\n", "pickle.loads", "2"),
    ("a.py", "import os\nos.ｓｙｓｔｅｍ(cmd)\n", "os.system", "2"),
    ("a.py", "# café\nｅval(s)\n", "eval", "2"),
    ("a.js", "\\u0065val(input);\n", "eval", "1"),
    ("a.js", "\\u{65}val(input);\n", "eval", "1"),
    ("a.js", "ev\\u0061l(input);\n", "eval", "1"),
    ("a.js", "new \\u0046unction(body);\n", "new Function", "1"),
    ("a.js", "setTim\\u0065out('code', 1);\n", "setTimeout", "1"),
    # A shadowing name elsewhere does not make every global the file's own.
    ("a.js", "function setTimeout(s) {}\nsetInterval('code');\n", "setInterval", "2"),
    ("a.js", "var window = {};\nself.setTimeout('code');\n", "self.setTimeout", "2"),
    # eval bound as a parameter is still eval (ESLint reports it).
    ("a.js", "function foo(eval) { eval(input) }\n", "eval", "1"),
    ("a.js", "foo.setTimeout(x);\nsetTimeout('code');\n", "setTimeout", "2"),
]

SILENT = [
    ("a.py", "ｅｖａｌｕａｔｅ(x)\n"),
    ("a.py", 'msg = "ｅｖａｌ(x) is a string"\n'),
    ("a.py", "# ｅｖａｌ(x) in a comment\n"),
    ("a.py", "café = 1\n"),
    ("a.js", '"\\u0065val(x)";\n'),
    ("a.js", "const s = '\\u0022'; // \\u0065val(x)\n"),
    ("a.js", "function execScript(string) { console.log(string); }\nexecScript('wibble');\n"),
    ("a.js", "function setTimeout(string) {}\nsetTimeout('wibble');\n"),
    ("a.js", "function outer() {\n  function setInterval(s) {}\n  setInterval('code');\n}\n"),
    ("a.js", "{\n  const setTimeout = function (s) {};\n  setTimeout('code');\n}\n"),
    ("a.js", "class Function {}; new Function()\n"),
    ("a.js", "const fn = () => { class Function {}; new Function() }\n"),
    ("a.js", "function Function() {}; Function()\n"),
    ("a.js", "var x = function Function() { Function(); }\n"),
    ("a.js", "var window; window.setTimeout('foo', 100);\n"),
    ("a.js", "var global; global.setTimeout('foo', 100);\n"),
    ("a.js", "function foo(window) { window.setTimeout('foo', 100); }\n"),
    ("a.js", "function foo(self) { self.setTimeout('foo', 100); }\n"),
    ("a.js", "const run = (a, self) => self.setTimeout('foo', 100);\n"),
    ("a.js", "function outer() {\n  function self() {}\n  self.setTimeout('code');\n}\n"),
    ("a.js", "let eval = (s) => s;\neval(input);\n"),
    ("a.js", "var _function = 1; var a = new _function('b', 'return b');\n"),
]


@pytest.mark.parametrize(("name", "text", "primitive", "lines"), FIRING)
def test_firing(root, name, text, primitive, lines):
    assert write(root, name, text) == [(primitive, lines)]


@pytest.mark.parametrize(("name", "text"), SILENT)
def test_silent(root, name, text):
    assert write(root, name, text) == []


def test_canonical_keeps_lines_and_punctuation():
    text = "ｅｖａｌ(x)\n（y）\n"
    assert canonical(text, "python") == "eval(x)\n（y）\n"
    assert canonical("a = '\\u0027'", "js") == "a = '\\u0027'"
    assert canonical("\\u{110000}x", "js") == "\\u{110000}x"
    assert canonical("x\\u0031 = 1", "js") == "x1 = 1"
    assert canonical("ｅｖａｌ", "ruby") == "ｅｖａｌ"


def test_an_edit_that_only_respells_an_old_call_is_silent(root):
    path = os.path.join(root, "a.py")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("eval(s)\n")
    event = Event("PreToolUse", tool="Write", edits=(FileEdit(path, "ｅｖａｌ(s)\n"),))
    assert check("eval", event, Context(event, env={})) == []
