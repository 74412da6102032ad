"""The launcher's bundle: caveat's hot-path modules compiled into one file.

A silent call runs about thirty small modules, and importing each one through the
import system (finding it, checking and reading its cached bytecode, setting up the
module) costs more than the rest of the call. So ``launch/hook.py`` first runs them from
``launch/hook.bundle``: one read, one ``marshal.loads``, then each module's code in the
order below, straight into ``sys.modules``. The bundle is a cache, never the truth:

- its head names the format, the interpreter (``sys.version``, ``-O``) and the package
  folder, and each entry the size and modification time of its source; the launcher
  uses it only when all of them match, and the file is the user's own and writable by
  no one else;
- when it is missing or stale the launcher imports caveat as usual and writes a new one
  here (``refresh``) before it answers, and ``caveat install`` writes one too;
- a module that fails to run from it (a new dependency between modules) undoes the
  whole preload, and the normal import runs.

A contract module is run only for its own contract (the launcher reads ``--contract``).
``tests/install/test_bundle.py`` holds ``HOT`` equal to what the silent paths import.
"""

from __future__ import annotations

import os
import sys

FORMAT = 1
NAME = "hook.bundle"

TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import CodeType

    # (contract or "", module, source file, is a package, (mtime_ns, size), its code)
    Entry = tuple[str, str, str, bool, tuple[int, int], CodeType]

# Completion order (a module after the ones its body imports), as ``-X importtime``
# lists a silent Write and a silent Bash call. ``(contract, module)``: only for that
# contract; "" for every call.
HOT: tuple[tuple[str, str], ...] = (
    ("", "caveat"),
    ("", "caveat.event"),
    ("", "caveat.dispatch"),
    ("", "caveat.hook"),
    ("", "caveat.common"),
    ("", "caveat.common.files"),
    ("", "caveat.harnesses"),
    ("", "caveat.harnesses.shape"),
    ("claude", "caveat.harnesses.claude"),
    ("", "caveat.common.jsonio"),
    ("", "caveat.guards"),
    ("", "caveat.common.private"),
    ("", "caveat.common.state"),
    ("", "caveat.common.budget"),
    ("", "caveat.chain"),
    ("", "caveat.common.gitctx"),
    ("", "caveat.settings"),
    ("", "caveat.guards.base"),
    ("", "caveat.guards.dependency"),
    ("", "caveat.guards.eval"),
    ("", "caveat.guards.conformity"),
    ("", "caveat.guards.plan"),
    ("", "caveat.guards.tracking_ids"),
    ("", "caveat.guards.header.styles"),
    ("", "caveat.guards.header"),
    ("", "caveat.guards.header.policy"),
    ("", "caveat.guards.git.rules"),
    ("", "caveat.guards.git"),
    ("", "caveat.guards.plan_bash"),
    ("", "caveat.guards.custom"),
    ("", "caveat.audit"),
)


def preload(entries: tuple[Entry, ...], argv: list[str]) -> str:
    """Run the bundle's modules into ``sys.modules``: "ran"; else nothing is changed,
    and "stale" (a source changed: the launcher writes a new bundle) or "failed".

    The launcher runs this from the bundle's compiled copy, with nothing but builtins
    as its globals: it imports what it uses. ``argv``: the hook's first two arguments
    (``--contract ID``), which choose the contract module."""
    import os
    import sys

    contract = argv[1] if argv[:1] == ["--contract"] and argv[1:] else "claude"
    todo = []
    for only, name, origin, package, stamp, code in entries:
        if only and only != contract:
            continue
        try:
            now = os.stat(origin)
        except OSError:
            return "stale"
        if (now.st_mtime_ns, now.st_size) != stamp:
            return "stale"
        todo.append((name, origin, package, code))
    boot = sys.modules["_frozen_importlib"]
    loaders = sys.modules["_frozen_importlib_external"]
    modules, new = sys.modules, type(sys)
    ran: list[str] = []
    waiting: set[str] = set()  # packages whose first module ran before them
    try:
        for name, origin, package, code in todo:
            if name in modules and name not in waiting:
                continue  # imported already, by a module that ran before it
            module = modules.get(name) or new(name)
            loader = loaders.SourceFileLoader(name, origin)
            spec = boot.ModuleSpec(name, loader, origin=origin, is_package=package)
            spec.has_location = True
            parent, _, child = name.rpartition(".")
            module.__spec__, module.__loader__, module.__file__ = spec, loader, origin
            module.__package__ = name if package else parent
            if package:
                module.__path__ = spec.submodule_search_locations = [os.path.dirname(origin)]
            if parent and parent not in modules:
                holder = new(parent)
                holder.__path__ = [os.path.dirname(origin)]
                modules[parent] = holder
                waiting.add(parent)
                ran.append(parent)
            modules[name] = module
            ran.append(name)
            waiting.discard(name)
            exec(code, module.__dict__)
            if parent:
                setattr(modules[parent], child, module)
        if waiting:
            raise ImportError(f"packages not in the bundle: {sorted(waiting)}")
    except BaseException:
        for name in ran:
            modules.pop(name, None)
        return "failed"
    return "ran"


def path(folder: str) -> str:
    return os.path.join(folder, NAME)


def head(site: str) -> tuple[int, str, int, str]:
    """What a bundle must name to be used by this interpreter for this package folder."""
    return (FORMAT, sys.version, sys.flags.optimize, site)


def _source(site: str, name: str) -> tuple[str, bool]:
    """The module's source file under ``site``, and whether it is a package."""
    base = os.path.join(site, *name.split("."))
    package = os.path.join(base, "__init__.py")
    return (package, True) if os.path.isfile(package) else (base + ".py", False)


def build(site: str) -> bytes | None:
    """The bundle of ``HOT`` as found under ``site``; None when a module is missing or
    changed while it was read."""
    import marshal

    from caveat.common.files import read_bytes

    entries: list[Entry] = []
    for contract, name in HOT:
        origin, package = _source(site, name)
        try:
            before = os.stat(origin)
            source = read_bytes(origin, 1024 * 1024)
            after = os.stat(origin)
        except OSError:
            return None
        stamp = (before.st_mtime_ns, before.st_size)
        if source is None or stamp != (after.st_mtime_ns, after.st_size):
            return None
        code = compile(source, origin, "exec", dont_inherit=True)
        entries.append((contract, name, origin, package, stamp, code))
    return marshal.dumps((head(site), preload.__code__, tuple(entries)))


def refresh(target: str, site: str) -> bool:
    """Write the bundle for ``site`` at ``target`` (beside the launcher); False when it
    could not be built or written. Only into a folder of the user's alone."""
    import stat

    folder = os.path.dirname(target)
    try:
        info = os.lstat(folder)
    except OSError:
        return False
    mine = not hasattr(os, "geteuid") or info.st_uid == os.geteuid()
    if not stat.S_ISDIR(info.st_mode) or not mine or info.st_mode & 0o022:
        return False
    if not os.access(folder, os.W_OK):
        return False
    try:
        data = build(site)
    except (SyntaxError, ValueError, RecursionError):  # a source mid-upgrade: no bundle
        return False
    if data is None:
        return False
    from caveat.common.state import write_atomic

    return write_atomic(target, data)
