"""The shape of the package: no reaching into another package's private modules, no
import cycles between modules, no package name shadowed by its own submodule, no
import up the layers (L1), and guard packages that import only what sits below them
(L2)."""

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


# L1, the layer order: a module imports only from its own layer or the layers below
# it. One row per layer, lowest first. ``*`` in a name stands for any dotted part
# (``.*`` at the end: every module below); the most specific name places a module.
# Every module must have a row.
LAYERS: tuple[tuple[str, ...], ...] = (
    # 0. The bottom layer: stdlib only (and the root package, which holds the version).
    ("caveat", "caveat.common", "caveat.common.*"),
    # 1. The records every stage passes along, and their vocabulary.
    ("caveat.event",),
    # 2. The registries: what routing needs before anything is imported (data only).
    ("caveat.guards", "caveat.harnesses", "caveat.harnesses.contract"),
    # 3. The services the pipeline and the guards' Context rely on.
    (
        "caveat.config",
        "caveat.settings",
        "caveat.trust",
        "caveat.trust_files",
        "caveat.trust_store",
        "caveat.seen",
        "caveat.hold",
        "caveat.messages",
        "caveat.audit",
        "caveat.chain",
        "caveat.stepaside",
    ),
    # 4. The guards (their packages, and the modules under guards/ they share) and
    #    the harness contracts and hook-file checks with the payload, patch and
    #    hook-shape readers they share.
    (
        "caveat.guards.*",
        "caveat.harnesses.*",
        "caveat.harnesses.shape",
        "caveat.harnesses.patch",
        "caveat.harnesses.hookshape",
    ),
    # 5. From bytes to an Outcome: decode, select, run the guards, render.
    ("caveat.dispatch",),
    # 6. The process contract around it.
    ("caveat.hook",),
    # 7. What the command line offers besides the hook, and the readers only it uses.
    (
        "caveat.install",
        "caveat.install.*",
        "caveat.serve",
        "caveat.serve.*",
        "caveat.commands",
        "caveat.commands.*",
        "caveat.harnesses.*.install",
        "caveat.auditlog",
        "caveat.auditholds",
        "caveat.auditstats",
        "caveat.auditsummary",
        "caveat.skillindex",
        "caveat.skillindex_catalog",
        "caveat.skillindex_diff",
        "caveat.skillindex_lines",
        "caveat.trust_grant",
        "caveat.trust_snapshot",
    ),
    # 8. The entry points.
    ("caveat.cli", "caveat.__main__", "caveat._launch"),
)


def _ranks(layers, modules):
    """``{module: layer index}``; a module no row names is left out."""
    import fnmatch

    out = {}
    for module in modules:
        best = None  # (how specific the row is, layer)
        for rank, names in enumerate(layers):
            for name in names:
                if name == module:
                    weight = (1, len(name))
                elif "*" in name and fnmatch.fnmatchcase(module, name):
                    weight = (0, len(name))
                else:
                    continue
                if best is None or weight > best[0]:
                    best = (weight, rank)
        if best is not None:
            out[module] = best[1]
    return out


def _ancestors(module):
    parts = module.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts))}


def _upward(graph, ranks):
    """``(importer, imported)`` for each import from a lower layer to a higher one.
    Importing a module loads its parent packages first: they count as imported."""
    wrong = []
    for module in sorted(graph):
        loaded = set(graph[module]) | _ancestors(module)
        for target in set(loaded):
            loaded |= _ancestors(target)
        for target in sorted(loaded & ranks.keys()):
            if ranks[target] > ranks[module]:
                wrong.append((module, target))
    return wrong


RANKS = _ranks(LAYERS, MODULES)


def test_every_module_has_a_layer():
    assert sorted(set(MODULES) - RANKS.keys()) == []


def test_no_import_points_up_the_layers():
    wrong = [
        f"{a} (layer {RANKS[a]}) imports {b} (layer {RANKS[b]})" for a, b in _upward(GRAPH, RANKS)
    ]
    assert wrong == []


def test_the_layer_check_finds_an_upward_import():
    layers = (("x.low", "x.low.*"), ("x.high",))
    graph = {
        "x.low": set(),
        "x.low.leaf": {"x.high"},  # planted: the bottom reaches up
        "x.high": {"x.low.leaf"},
    }
    ranks = _ranks(layers, graph)
    assert ranks == {"x.low": 0, "x.low.leaf": 0, "x.high": 1}
    assert _upward(graph, ranks) == [("x.low.leaf", "x.high")]
    # A specific row wins over a wider one; a parent package above its child is caught.
    wider = (("y.*",), ("y.p.*.top",), ("y.p",))
    graph = {"y.p": set(), "y.p.q": set(), "y.p.q.top": set()}
    ranks = _ranks(wider, graph)
    assert ranks == {"y.p": 2, "y.p.q": 0, "y.p.q.top": 1}
    assert _upward(graph, ranks) == [("y.p.q", "y.p"), ("y.p.q.top", "y.p")]


# L2, guard imports: a module of a guard package ``caveat.guards.<id>`` imports only
# the bottom layer, the records, the registry, the modules directly under guards/
# that are not guards (``base``, ``texts``, and the helpers several guards share:
# ``plans``, ``packages`` …) and its own package. What it needs from the stages around
# it, it asks ``Context`` (``caveat.guards.base``).
SHARED_GUARD_MODULES = sorted(
    m
    for m, (_, package) in MODULES.items()
    if m.rpartition(".")[0] == "caveat.guards" and not package
)
# The harness registry is data and loaders by name: a guard that reads harnesses (the
# conformity guard's hook files) goes through it and the helpers their checks share,
# never through a harness's own package, so adding a harness edits no guard.
HARNESS_ALLOWED = {"caveat.harnesses", "caveat.harnesses.hookshape"}
GUARD_ALLOWED = {
    "caveat",
    "caveat.event",
    "caveat.guards",
    *SHARED_GUARD_MODULES,
    *HARNESS_ALLOWED,
}


def _guard_package(module):
    parts = module.split(".")
    if len(parts) < 3 or parts[:2] != ["caveat", "guards"]:
        return None
    package = ".".join(parts[:3])
    return package if MODULES.get(package, ("", False))[1] else None


def _outside(graph, package_of, allowed):
    """``(importer, imported)`` for each import by a guard package's module of
    something neither allowed nor inside its own package."""
    wrong = []
    for module in sorted(graph):
        package = package_of(module)
        if package is None:
            continue
        for target in sorted(graph[module]):
            own = target == package or target.startswith(package + ".")
            if not own and target not in allowed and not target.startswith("caveat.common"):
                wrong.append((module, target))
    return wrong


def test_guard_packages_import_only_what_sits_below_them():
    wrong = _outside(GRAPH, _guard_package, GUARD_ALLOWED)
    assert [f"{a} imports {b}" for a, b in wrong] == []


def test_the_guard_check_finds_an_import_of_another_guard():
    graph = {
        "caveat.guards.a": {"caveat.guards.a.scan", "caveat.common.files"},
        "caveat.guards.a.scan": {"caveat.guards.plans", "caveat.guards.b.tables"},  # planted
        "caveat.guards.b": {"caveat.trust"},  # planted: a pipeline module
        "caveat.guards.b.tables": set(),
        "caveat.guards.plans": {"caveat.trust"},  # not a guard package: L1 judges it
    }
    packages = {"caveat.guards.a", "caveat.guards.b"}

    def package_of(module):
        found = ".".join(module.split(".")[:3])
        return found if found in packages else None

    allowed = {"caveat.event", "caveat.guards.plans"}
    assert _outside(graph, package_of, allowed) == [
        ("caveat.guards.a.scan", "caveat.guards.b.tables"),
        ("caveat.guards.b", "caveat.trust"),
    ]
