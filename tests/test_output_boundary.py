"""The output boundary: text reaches the terminal only through ``caveat.common.term``,
which escapes what a terminal would obey (hook payloads, audit records, project files
and request lines are hostile). An AST scan of ``src/caveat`` finds every direct
write to standard output or error; each one outside ``common/term.py`` must be on the
allow-list below, with its reason."""

from __future__ import annotations

import ast
import os
from typing import NamedTuple

import caveat

ROOT = os.path.dirname(caveat.__file__)
BOUNDARY = "common/term.py"
STREAMS = ("stdout", "stderr", "__stdout__", "__stderr__")


class Write(NamedTuple):
    module: str  # relative to src/caveat, with "/"
    function: str  # the enclosing function ("" at module level)
    kind: str  # "print", "stream.write" or "os.write"
    line: int


# (module, function, kind) → why it may bypass the boundary.
ALLOWED = {
    ("hook.py", "write_output", "os.write"): (
        "the hook's JSON envelope on fd 1, byte-exact for the harness; JSON escapes "
        "every control character"
    ),
    ("hook.py", "usage", "os.write"): (
        "`caveat hook --help` on fd 2: caveat's own constant text, without loading "
        "the CLI on the hook path"
    ),
    ("_launch.py", "", "stream.write"): (
        "caveat could not be imported, so neither can its boundary: one constant line "
        "on stderr naming only the exception's type"
    ),
    ("_launch.py", "", "os.write"): (
        "caveat could not be imported: the silent answer of a harness that refuses a "
        "tool on no answer, a constant of this file"
    ),
    ("common/log.py", "log", "os.write"): (
        "the fault line on fd 2, escaped by term.field in the same function; os.write "
        "keeps sys.stderr's buffering off the hook path"
    ),
}


def _dotted(node: ast.expr) -> list[str]:
    """``sys.stdout.buffer`` → ["sys", "stdout", "buffer"]; [] for anything else."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return parts[::-1]
    return []


def _standard_fds(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """Parameters whose default is 1 or 2: a descriptor that is stdout or stderr
    unless told otherwise (``write_output(text, fd=1)``)."""
    args = function.args
    positional = [*args.posonlyargs, *args.args]
    pairs = list(
        zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True)
    )
    pairs += [
        (a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None
    ]
    return {
        a.arg
        for a, d in pairs
        if isinstance(d, ast.Constant) and type(d.value) is int and d.value in (1, 2)
    }


class _Scanner(ast.NodeVisitor):
    def __init__(self, module: str) -> None:
        self.module = module
        self.function = ""
        self.fds: set[str] = set()
        self.found: list[Write] = []

    def _add(self, kind: str, node: ast.AST) -> None:
        self.found.append(Write(self.module, self.function, kind, getattr(node, "lineno", 0)))

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        outer = self.function, self.fds
        self.function, self.fds = node.name, _standard_fds(node)
        self.generic_visit(node)
        self.function, self.fds = outer

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self.visit_FunctionDef(node)

    def visit_Name(self, node: ast.Name) -> None:
        # Any use of the builtin, called or passed on (``emit = print``).
        if node.id == "print" and isinstance(node.ctx, ast.Load):
            self._add("print", node)

    def visit_Call(self, node: ast.Call) -> None:
        chain = _dotted(node.func)
        if chain[-1:] in (["write"], ["writelines"]) and any(p in STREAMS for p in chain):
            self._add("stream.write", node)  # sys.stdout.write, sys.stderr.buffer.write …
        if chain == ["os", "write"] and node.args:
            fd = node.args[0]
            if (isinstance(fd, ast.Constant) and fd.value in (1, 2)) or (
                isinstance(fd, ast.Name) and fd.id in self.fds
            ):
                self._add("os.write", node)
        self.generic_visit(node)


def scan(source: str, module: str = "<source>") -> list[Write]:
    """Every direct write to standard output or error in ``source``."""
    scanner = _Scanner(module)
    scanner.visit(ast.parse(source))
    return scanner.found


def _package_writes() -> list[Write]:
    found: list[Write] = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(n for n in files if n.endswith(".py")):
            path = os.path.join(folder, name)
            module = os.path.relpath(path, ROOT).replace(os.sep, "/")
            if module == BOUNDARY:
                continue
            with open(path, encoding="utf-8") as handle:
                found += scan(handle.read(), module)
    return found


def test_nothing_writes_to_the_terminal_past_the_boundary():
    stray = [w for w in _package_writes() if (w.module, w.function, w.kind) not in ALLOWED]
    assert stray == [], "write through caveat.common.term (out, err, field) instead"


def test_every_allowed_write_is_still_there():
    """An entry whose write went away is dropped, so the list never outlives its code."""
    used = {(w.module, w.function, w.kind) for w in _package_writes()}
    assert set(ALLOWED) - used == set()


def test_the_boundary_module_itself_has_no_other_kind_of_write():
    """term.py writes through a stream it is handed, never by print or os.write."""
    with open(os.path.join(ROOT, BOUNDARY), encoding="utf-8") as handle:
        assert scan(handle.read(), BOUNDARY) == []


PLANTED = """
import os
import sys
from sys import stdout

def report(text, fd=2, other=7):
    print(text)
    print(text, file=sys.stderr)
    emit = print
    sys.stdout.write(text)
    sys.stderr.write(text)
    sys.stdout.buffer.write(text.encode())
    sys.__stderr__.writelines([text])
    stdout.write(text)
    os.write(1, text.encode())
    os.write(2, text.encode())
    os.write(fd, text.encode())

def fine(handle, path, fd=5):
    handle.write("x")
    with open(path, "w") as out:
        out.write("x")
    os.write(fd, b"x")
    os.write(9, b"x")
    sys.stdout.flush()
    obj.print("x")
"""


def test_the_scanner_finds_each_planted_write_and_nothing_else():
    found = scan(PLANTED, "planted.py")
    assert [(w.function, w.kind, w.line) for w in found] == [
        ("report", "print", 7),
        ("report", "print", 8),
        ("report", "print", 9),
        ("report", "stream.write", 10),
        ("report", "stream.write", 11),
        ("report", "stream.write", 12),
        ("report", "stream.write", 13),
        ("report", "stream.write", 14),
        ("report", "os.write", 15),
        ("report", "os.write", 16),
        ("report", "os.write", 17),
    ]


def test_a_planted_print_in_a_command_fails_the_boundary():
    """The check as the package test runs it, on a copy of a real command module with
    one print added: it is reported, with its module and function."""
    with open(os.path.join(ROOT, "commands", "log.py"), encoding="utf-8") as handle:
        source = handle.read()
    planted = source.replace(
        "    chosen = selection(opts)\n", "    chosen = selection(opts)\n    print(opts)\n", 1
    )
    assert planted != source
    assert scan(source, "commands/log.py") == []
    stray = [w for w in scan(planted, "commands/log.py") if w[:3] not in ALLOWED]
    assert [(w.module, w.function, w.kind) for w in stray] == [("commands/log.py", "run", "print")]
