"""The requirement strings of a ``setup.py``, read from its syntax tree.

The file is parsed with ``ast`` and never run. The values of the setuptools keywords
(``install_requires=…`` in any call, ``"install_requires": …`` in any dict literal)
are followed through the names they use, and a name through everything that binds
or extends it at module level — also inside ``if``, ``try``, ``with`` and ``for``
blocks there: ``REQUIRES = [...]``, ``REQUIRES += [...]``, ``extras["x"] = [...]``,
``REQUIRES.append("x")``, ``.extend``, ``.insert``, ``.update`` and ``.setdefault``.
What code computes (a file read, a function's result) is not followed.
"""

from __future__ import annotations

import ast

KEYS = frozenset({"install_requires", "setup_requires", "tests_require", "extras_require"})
_GROWERS = frozenset({"append", "extend", "insert", "update", "setdefault", "add"})
_WRAPPERS = frozenset({"list", "tuple", "set", "sorted", "frozenset", "dict"})
_BLOCKS = (ast.If, ast.Try, ast.With, ast.For, ast.While)
_MAX_DEPTH = 30
_MAX_STRINGS = 5_000


def requirements(text: str) -> list[str] | None:
    """The strings the setuptools keywords receive; None when ``text`` is not Python
    that ``ast`` can parse (the caller scans it as text instead)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    bindings: dict[str, list[ast.expr]] = {}
    _bind(tree.body, bindings)
    reader = _Reader(bindings)
    try:
        for node in ast.walk(tree):
            for value in _keyword_values(node):
                reader.read(value, 0)
    except RecursionError:
        return None
    return reader.found


def _keyword_values(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Call):
        return [k.value for k in node.keywords if k.arg in KEYS]
    if isinstance(node, ast.Dict):
        return [
            v
            for k, v in zip(node.keys, node.values, strict=True)
            if isinstance(k, ast.Constant) and k.value in KEYS
        ]
    return []


def _root(target: ast.expr) -> str:
    """The module-level name an assignment target binds or changes (``X``,
    ``X["k"]``, ``X.attr``), else ""."""
    while isinstance(target, (ast.Subscript, ast.Attribute)):
        target = target.value
    return target.id if isinstance(target, ast.Name) else ""


def _bind(body: list[ast.stmt], bindings: dict[str, list[ast.expr]]) -> None:
    for stmt in body:
        if isinstance(stmt, ast.Assign):
            for target in stmt.targets:
                if name := _root(target):
                    bindings.setdefault(name, []).append(stmt.value)
        elif isinstance(stmt, (ast.AugAssign, ast.AnnAssign)) and stmt.value is not None:
            if name := _root(stmt.target):
                bindings.setdefault(name, []).append(stmt.value)
        elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            func = stmt.value.func
            name = _root(func.value) if isinstance(func, ast.Attribute) else ""
            if name and isinstance(func, ast.Attribute) and func.attr in _GROWERS:
                bindings.setdefault(name, []).extend(stmt.value.args)
        if isinstance(stmt, _BLOCKS):
            for part in ("body", "orelse", "finalbody"):
                _bind(getattr(stmt, part, []), bindings)
            for handler in getattr(stmt, "handlers", []):
                _bind(handler.body, bindings)


class _Reader:
    """Collects the strings an expression can hold, following names once each."""

    def __init__(self, bindings: dict[str, list[ast.expr]]) -> None:
        self.bindings = bindings
        self.found: list[str] = []
        self.seen: set[str] = set()

    def read(self, node: ast.expr, depth: int) -> None:
        if depth > _MAX_DEPTH or len(self.found) >= _MAX_STRINGS:
            return
        depth += 1
        if isinstance(node, ast.Constant):
            if isinstance(node.value, str):
                self.found.append(node.value)
        elif isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            for item in node.elts:
                self.read(item, depth)
        elif isinstance(node, ast.Dict):
            for value in node.values:  # the keys of extras_require are extra names
                self.read(value, depth)
        elif isinstance(node, ast.Name):
            if node.id not in self.seen:
                self.seen.add(node.id)
                for bound in self.bindings.get(node.id, ()):
                    self.read(bound, depth)
        elif isinstance(node, ast.Starred):
            self.read(node.value, depth)
        elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.BitOr)):
            self.read(node.left, depth)
            self.read(node.right, depth)
        elif isinstance(node, ast.IfExp):
            self.read(node.body, depth)
            self.read(node.orelse, depth)
        elif isinstance(node, (ast.Subscript, ast.Attribute)):
            self.read(node.value, depth)  # extras["dev"], REQS.copy: the whole name
        elif isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp)):
            for generator in node.generators:  # [r for r in REQS if …]
                self.read(generator.iter, depth)
        elif isinstance(node, ast.Call):
            self._call(node, depth)

    def _call(self, node: ast.Call, depth: int) -> None:
        func = node.func
        if isinstance(func, ast.Name) and func.id in _WRAPPERS:
            for arg in node.args:
                self.read(arg, depth)
            for keyword in node.keywords:
                self.read(keyword.value, depth)
        elif isinstance(func, ast.Attribute) and func.attr in ("copy", "values"):
            self.read(func.value, depth)
