"""The shape of the package: no reaching into another package's private modules, no
import cycles between modules, no package name shadowed by its own submodule."""

from __future__ import annotations

import ast
import os

import pytest

import caveat

ROOT = os.path.dirname(caveat.__file__)


def _modules():
    """``{module name: (path, is a package __init__)}`` of every module under caveat."""
    found = {}
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if not name.endswith(".py"):
                continue
            path = os.path.join(folder, name)
            parts = os.path.relpath(path, os.path.dirname(ROOT))[:-3].split(os.sep)
            package = parts[-1] == "__init__"
            if package:
                parts.pop()
            found[".".join(parts)] = (path, package)
    return found


MODULES = _modules()


def _is_type_checking(test):
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(module):
    """Names of the modules that ``module`` imports at run time (anywhere in it, but
    not under ``if TYPE_CHECKING:``), resolved against the known modules."""
    path, package = MODULES[module]
    with open(path, encoding="utf-8") as handle:
        tree = ast.parse(handle.read(), path)
    here = module if package else module.rpartition(".")[0]
    names: list[str] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for branch in node.orelse:
                visit(branch)
            return
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = here.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                # ``from pkg import mod`` imports the submodule when there is one.
                sub = f"{base}.{alias.name}"
                names.append(sub if sub in MODULES else base)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    out = set()
    for name in names:
        # ``import a.b.c`` is a use of the deepest known module it names.
        while name and name not in MODULES:
            name = name.rpartition(".")[0]
        if name:
            out.add(name)
    return out


GRAPH = {module: _imports(module) for module in MODULES}


def test_no_private_module_of_another_package_is_imported():
    wrong = []
    for module, targets in GRAPH.items():
        for target in targets:
            parent, _, leaf = target.rpartition(".")
            if leaf.startswith("_") and not leaf.startswith("__"):
                inside = module == parent or module.startswith(parent + ".")
                if not inside:
                    wrong.append(f"{module} imports {target}")
    assert wrong == []


def _components(graph):
    """Strongly connected components (Tarjan), iteratively."""
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            advanced = False
            for target in edges:
                if target not in index:
                    index[target] = low[target] = counter
                    counter += 1
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    advanced = True
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                out.append(frozenset(component))
    return out


def test_no_import_cycles():
    # Every import is an edge, an ancestor package's included: an analysis module that
    # imports its own package's ``__init__``, which imports it back inside a function,
    # is a cycle even though Python loads the package first.
    graph = {module: {t for t in targets if t != module} for module, targets in GRAPH.items()}
    cycles = [c for c in _components(graph) if len(c) > 1]
    assert [sorted(c) for c in cycles] == []


def test_the_cycle_finder_finds_cycles():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert sorted(len(c) for c in _components(graph)) == [1, 1, 3]


GUARD_PACKAGES = sorted(
    m for m, (_, package) in MODULES.items() if package and m.startswith("caveat.guards.")
)


@pytest.mark.parametrize("package", GUARD_PACKAGES)
def test_no_guard_package_name_is_shadowed_by_a_submodule(package):
    path, _ = MODULES[package]
    with open(path, encoding="utf-8") as handle:
        tree = ast.parse(handle.read(), path)
    defined = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, ast.Assign):
            defined.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            defined.add(node.target.id)
    submodules = {m.rpartition(".")[2] for m in MODULES if m.rpartition(".")[0] == package}
    assert defined & submodules == set()


def test_no_module_over_400_lines_but_data_tables():
    # A module that grows past a few hundred lines is two things; a table of data
    # (no function or class in it) may be as long as the data is.
    long = []
    for module, (path, _) in MODULES.items():
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        if text.count("\n") <= 400:
            continue
        tree = ast.parse(text, path)
        code = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
        if any(isinstance(node, code) for node in ast.walk(tree)):
            long.append(module)
    assert long == []
