"""Architecture: caveat starts processes only through ``caveat.common`` (``gitrun`` for
git, ``proc`` for the programs caveat names itself). An AST scan of ``src/caveat``
fails on any other module that imports ``subprocess``, GitPython or
``multiprocessing``, or reaches ``os.system``, ``os.popen``, ``os.posix_spawn*``,
``os.exec*``, ``os.spawn*``, ``os.fork*``, ``pty.spawn``/``pty.fork`` or asyncio's
subprocess starters, unless the allow-list below names it with a reason."""

from __future__ import annotations

import ast
import os

import pytest

import caveat

SOURCE = os.path.dirname(os.path.abspath(caveat.__file__))
BOUNDARY = "caveat.common"

MODULES = {
    "subprocess": "starts programs",
    "git": "GitPython starts git, with the repository's configured programs",
    "multiprocessing": "starts interpreters",
}
OS_EXACT = {"system", "popen", "fork", "forkpty", "startfile"}
OS_PREFIXES = ("posix_spawn", "exec", "spawn")
PTY = {"spawn", "fork"}
ANYWHERE = {"create_subprocess_exec", "create_subprocess_shell", "subprocess_exec"}
ANYWHERE |= {"subprocess_shell"}

# (module, what it reaches): why that process start is legitimate outside the boundary.
ALLOWED = {
    ("caveat.serve.proc", "os.fork"): (
        "caveat serve forks its own workers: no program is started, the child runs "
        "caveat's code already loaded in the supervisor"
    ),
}


def _os_banned(attr: str) -> bool:
    return attr in OS_EXACT or attr.startswith(OS_PREFIXES)


def _banned(module: str, attr: str) -> bool:
    if module == "os":
        return _os_banned(attr)
    if module == "pty":
        return attr in PTY
    return False


def violations(source: str, module: str) -> list[str]:
    """``module: what`` for each process start in ``source``."""
    found: list[str] = []
    aliases: dict[str, str] = {}  # local name -> "os" / "pty"

    def hit(what: str) -> None:
        found.append(f"{module}: {what}")

    tree = ast.parse(source)
    for node in ast.walk(tree):  # imports first: they name the aliases
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                if top in MODULES:
                    hit(f"import {alias.name}")
                if alias.asname is None and top in ("os", "pty"):
                    aliases[top] = top
                elif alias.name in ("os", "pty"):
                    aliases[alias.asname or alias.name] = alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            top = node.module.split(".")[0]
            if top in MODULES:
                hit(f"from {node.module} import ...")
            for alias in node.names:
                if _banned(node.module, alias.name) or alias.name in ANYWHERE:
                    hit(f"{node.module}.{alias.name}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            base = node.value.id if isinstance(node.value, ast.Name) else None
            if base in aliases and _banned(aliases[base], node.attr):
                hit(f"{aliases[base]}.{node.attr}")
            elif node.attr in ANYWHERE:
                hit(f"...{node.attr}")
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            args = [a.value if isinstance(a, ast.Constant) else a for a in node.args[:2]]
            if name in ("__import__", "import_module") and isinstance(args[0], str):
                if args[0].split(".")[0] in MODULES:
                    hit(f"{name}({args[0]!r})")
            elif name == "getattr" and len(args) == 2 and isinstance(args[1], str):
                target = args[0]
                owner = aliases.get(target.id) if isinstance(target, ast.Name) else None
                if owner and _banned(owner, args[1]):
                    hit(f"getattr({owner}, {args[1]!r})")
    return found


def _modules():
    for folder, _, names in os.walk(SOURCE):
        for name in sorted(names):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, os.path.dirname(SOURCE))[: -len(".py")]
                dotted = rel.replace(os.sep, ".").removesuffix(".__init__")
                yield dotted, path


def _inside(module: str) -> bool:
    return module == BOUNDARY or module.startswith(BOUNDARY + ".")


def test_no_process_starts_outside_the_boundary():
    unexplained = []
    used = set()
    for module, path in _modules():
        if _inside(module):
            continue
        with open(path, encoding="utf-8") as handle:
            source = handle.read()
        for found in violations(source, module):
            what = found.split(": ", 1)[1]
            if (module, what) in ALLOWED:
                used.add((module, what))
            else:
                unexplained.append(found)
    assert unexplained == [], "start processes through caveat.common (gitrun or proc)"
    assert used == set(ALLOWED), "an allow-list entry no longer matches anything"


def test_the_scan_covers_the_tree():
    modules = dict(_modules())
    assert "caveat.commands.demo" in modules and "caveat.install.gitexclude" in modules
    assert "caveat.common.gitrun" in modules and len(modules) > 100


PLANTED = [
    ("import subprocess\n", "import subprocess"),
    ("import subprocess as sp\n", "import subprocess"),
    ("from subprocess import run\n", "from subprocess import ..."),
    ("import git\n", "import git"),
    ("from git import Repo\n", "from git import ..."),
    ("import multiprocessing.pool\n", "import multiprocessing.pool"),
    ("import os\nos.system('ls')\n", "os.system"),
    ("import os\nos.popen('ls')\n", "os.popen"),
    ("import os\nos.posix_spawnp('git', ['git'], {})\n", "os.posix_spawnp"),
    ("import os\nos.posix_spawn('/bin/git', ['git'], {})\n", "os.posix_spawn"),
    ("import os\nos.execvp('git', ['git'])\n", "os.execvp"),
    ("import os\nos.spawnlp(os.P_WAIT, 'git', 'git')\n", "os.spawnlp"),
    ("import os\nos.fork()\n", "os.fork"),
    ("import os as o\nrun = o.system\n", "os.system"),
    ("from os import execv\n", "os.execv"),
    ("import pty\npty.spawn(['sh'])\n", "pty.spawn"),
    ("import os\ngetattr(os, 'system')('ls')\n", "getattr(os, 'system')"),
    ("__import__('subprocess')\n", "__import__('subprocess')"),
    ("import importlib\nimportlib.import_module('git')\n", "import_module('git')"),
    ("import asyncio\nasyncio.create_subprocess_exec('git')\n", "...create_subprocess_exec"),
    ("def f(loop):\n    return loop.subprocess_shell(None, 'ls')\n", "...subprocess_shell"),
]


@pytest.mark.parametrize(("source", "what"), PLANTED, ids=[p[1] for p in PLANTED])
def test_the_scan_catches_a_planted_start(source, what):
    assert f"caveat.guards.x: {what}" in violations(source, "caveat.guards.x")


def test_the_scan_passes_what_starts_nothing():
    source = (
        "import os\nimport os.path\nos.path.join('a', 'b')\nos.environ.get('PATH')\n"
        "PATTERN = 'subprocess.run(' + 'os.system'\nos.extsep\n"
        "getattr(os, 'getpid')()\n__import__('json')\n"
    )
    assert violations(source, "caveat.guards.x") == []


def test_a_planted_module_in_the_tree_is_reported(monkeypatch, tmp_path):
    # The whole test, not only the scanner: a module outside the boundary fails it.
    planted = tmp_path / "caveat"
    (planted / "guards").mkdir(parents=True)
    (planted / "guards" / "sneaky.py").write_text("import subprocess\n")
    (planted / "serve").mkdir()
    (planted / "serve" / "proc.py").write_text("import os\nos.fork()\n")
    monkeypatch.setattr(f"{__name__}.SOURCE", str(planted))
    with pytest.raises(AssertionError, match=r"caveat\.guards\.sneaky: import subprocess"):
        test_no_process_starts_outside_the_boundary()
