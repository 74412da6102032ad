"""Only the bottom layer opens a project or state file: an AST scan of ``src/caveat``
fails on ``open``, ``os.open`` or ``io.open`` anywhere else, unless the place is in
``ALLOWED`` with the reason it is not a project or state file, or is opened the one
safe way. Guards read through ``Context.read_text``; the installer writes through
``common.files.write_atomic``; the state folder through ``common.state``."""

from __future__ import annotations

import ast
import os

import caveat

ROOT = os.path.dirname(caveat.__file__)
OPENERS = frozenset({("", "open"), ("os", "open"), ("io", "open"), ("os", "fdopen")})

# (module path under src/caveat, function): why it may open a file itself.
ALLOWED = {
    ("cli.py", "main"): "os.devnull, so that a closed stdout cannot fail the exit",
    ("serve/worker.py", "_quiet_stdin"): "os.devnull as a worker's stdin",
    ("audit.py", "_open"): "the day file, O_APPEND|O_NOFOLLOW in a folder checked private,"
    " then fstat-checked: one append must stay one write",
    ("audit.py", "_create"): "the same day file, created O_EXCL|O_NOFOLLOW mode 0600",
    ("commands/demo.py", "run"): "caveat's own bundled example payloads",
    ("commands/explain.py", "run"): "the payload file the user names (a pipe is fine)",
    ("commands/message_render.py", "_load_sample"): "the sample file the user names",
    ("commands/skill_index.py", "run"): "the output file the maintainer names",
    ("commands/stats.py", "run"): "the --html file the user names",
    ("install/probe.py", "run"): "a probe file in a temporary folder of its own",
    (
        "install/launcher_check.py",
        "problem",
    ): "caveat's own launcher, lstat-checked as private first",
}


def _places(tree: ast.AST) -> list[tuple[str, int, str]]:
    """(function, line, call) of every file-opening call in ``tree``."""
    found: list[tuple[str, int, str]] = []

    def visit(node: ast.AST, where: str) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            where = node.name if where == "<module>" else where
        if isinstance(node, ast.Call):
            func = node.func
            key = None
            if isinstance(func, ast.Name):
                key = ("", func.id)
            elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
                key = (func.value.id, func.attr)
            if key in OPENERS:
                found.append((where, node.lineno, ".".join(filter(None, key))))
        for child in ast.iter_child_nodes(node):
            visit(child, where)

    visit(tree, "<module>")
    return found


def _scan() -> list[tuple[str, str, int, str]]:
    out: list[tuple[str, str, int, str]] = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if not name.endswith(".py"):
                continue
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
            if rel.startswith("common/"):
                continue
            with open(path, encoding="utf-8") as handle:
                tree = ast.parse(handle.read(), path)
            out.extend((rel, where, line, call) for where, line, call in _places(tree))
    return out


def test_only_the_bottom_layer_opens_files():
    around = [f"{rel}:{line} {where}() calls {call}" for rel, where, line, call in _scan()
              if (rel, where) not in ALLOWED]  # fmt: skip
    assert around == []


def test_every_allowed_place_still_opens_a_file():
    # A stale entry would let new code in the same function through unseen.
    used = {(rel, where) for rel, where, _, _ in _scan()}
    assert sorted(set(ALLOWED) - used) == []


def test_the_scan_finds_a_planted_open():
    source = "import os\ndef f(p):\n    with open(p) as h:\n        return os.open(p, 0)\n"
    assert _places(ast.parse(source)) == [("f", 3, "open"), ("f", 4, "os.open")]
