"""Which commands change installed packages: the package-manager command lines, read
after unwrapping ``sudo``/``env``/``bash -c``/``python -m`` and friends (the wrapper
table and the shells are those of ``caveat.common.shellwrap``), against the tables of
``caveat.guards.package_rules``. The dependency guard reports these commands; the
shell plan guard's plan-mode check asks ``package_change``, so both agree on what
installs packages.
"""

from __future__ import annotations

from caveat.common.shell import inner_script
from caveat.common.shell import simple_commands
from caveat.common.shellwrap import POWERSHELLS
from caveat.common.shellwrap import SHELLS
from caveat.common.shellwrap import strip_wrapper
from caveat.guards import package_rules as data

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

# Flags with which a package-manager command changes nothing.
_INERT = frozenset({"--help", "-h", "--dry-run", "--dryrun", "--simulate", "--just-print"})
# Option names that carry a secret: their value is neither a package nor shown.
SECRET_FLAGS = ("token", "password", "passwd", "secret", "auth", "key")


def tool_name(word: str) -> str:
    name = word.replace("\\", "/").rsplit("/", 1)[-1].lower()
    for ext in (".exe", ".cmd", ".bat", ".ps1"):
        if name.endswith(ext):
            name = name[: -len(ext)]
    if name.startswith("pip") and name[3:].replace(".", "").isdigit():
        return "pip"
    return data.ALIASES.get(name, name)


def _python_module(argv: list[str]) -> list[str] | None:
    """``python3 -m pip install x`` → ``[pip, install, x]``."""
    for i, word in enumerate(argv[1:], 1):
        if word == "-m" and i + 1 < len(argv):
            return argv[i + 1 :]
        if word.startswith("-m") and len(word) > 2:
            return [word[2:], *argv[i + 1 :]]
        if word in ("-X", "-W", "-Q"):
            continue
        if not word.startswith("-") and argv[i - 1] not in ("-X", "-W", "-Q"):
            return None
    return None


def unwrap(argv: list[str], depth: int, ps: bool) -> list[tuple[list[str], bool]]:
    """The command lines ``argv`` really runs, with their dialect (True: PowerShell)."""
    for _ in range(8):
        if not argv:
            return []
        name = tool_name(argv[0])
        stripped = strip_wrapper(argv, name)
        if stripped is not None:
            argv = stripped
        elif name.startswith(data.PYTHONS) and len(argv) > 1:
            inner = _python_module(argv)
            if inner is None:
                return []
            argv = inner
        elif name in data.RUNNERS and len(argv) > 2 and argv[1] == "run":
            i = 2
            while i < len(argv) and argv[i].startswith("-"):
                i += 1
            argv = argv[i:]
        elif name in SHELLS or name in POWERSHELLS:
            script = inner_script(argv, name in POWERSHELLS)
            if script is None or depth > 3:
                return []
            out = []
            for cmd in simple_commands(script, "powershell" if name in POWERSHELLS else "bash"):
                out.extend(unwrap(cmd.argv, depth + 1, name in POWERSHELLS))
            return out
        else:
            return [(argv, ps)]
    return []


_FILES = (".txt", ".in", ".toml", ".cfg", ".lock", ".json", ".sln", ".csproj", ".fsproj", ".yml")
# Built packages and archives on disk: a wheel, an sdist, an npm tarball. ``.zip`` and
# ``.egg`` only for PyPI or beside a folder: ``lodash.zip`` is an npm package's name.
_ARCHIVES = (".whl", ".tar.gz", ".tgz", ".tar.bz2", ".tar.xz")
_PYPI_ARCHIVES = (".zip", ".egg")
# Specs that name a folder or the workspace (npm, pnpm, Yarn), alone or after ``name@``.
_LOCAL_SPECS = ("file:", "link:", "portal:", "workspace:")


def _local(word: str, ecosystem: str = "") -> bool:
    """A path argument (``.``, ``./pkg``, ``.[test]``, ``dist/x.whl``,
    ``requirements.in``, ``file:../x``, ``x@workspace:*``) rather than a package a
    registry serves."""
    if word in (".", "..") or word.startswith(("./", "../", "/", "~", ".\\", ".[")):
        return True
    if ":\\" in word or word.endswith(_FILES):
        return True
    if "://" in word:
        return False  # a URL: fetched, not local
    if word.endswith(_ARCHIVES) or word.startswith(_LOCAL_SPECS):
        return True
    if word.endswith(_PYPI_ARCHIVES) and (ecosystem == "PyPI" or "/" in word):
        return True
    at = word.find("@", 1)
    if at > 0 and word[at + 1 :].startswith(_LOCAL_SPECS):
        return True
    # A PyPI name holds no slash: ``src/pkg`` or ``pkg[dev]`` after a folder is a path
    # (``name @ git+…`` is a direct reference, fetched).
    return ecosystem == "PyPI" and ("/" in word or "\\" in word) and "@" not in word


def _get(spec: Mapping[str, object], key: str, default: object) -> Any:
    """A field of a ``TOOLS`` entry (the data module's dicts are untyped literals)."""
    return spec.get(key, default)


def classify(argv: list[str], sync: bool = False) -> tuple[str, str, str, list[str]] | None:
    """``(tool, class:verb, ecosystem, packages)`` for a dependency-changing argv; with
    ``sync``, installing what the project declares (``npm ci``) too, as ``SYNC:install``."""
    tool = tool_name(argv[0])
    spec = data.TOOLS.get(tool)
    if spec is None:
        return None
    subs: dict[str, str] = _get(spec, "subs", {})
    values: frozenset[str] = _get(spec, "values", frozenset())
    flags: list[str] = []
    words: list[str] = []
    given: list[tuple[str, str]] = []  # (flag, its value) for the flags that take one
    i = 1
    while i < len(argv):
        word = argv[i]
        if word == "--":
            words.extend(argv[i + 1 :])
            break
        if word.startswith("-") and len(word) > 1:
            name = word.split("=", 1)[0]
            flags.append(word)
            secret = name.startswith("--") and any(x in name.lower() for x in SECRET_FLAGS)
            if "=" in word and not secret:
                given.append((name, word.split("=", 1)[1]))
            elif (secret or name in values or name.lower() in values) and "=" not in word:
                if not secret and i + 1 < len(argv):
                    given.append((name, argv[i + 1]))
                i += 1  # the flag's value is not a package (and a secret's never shown)
        elif word.startswith("+"):  # cargo +nightly
            pass
        else:
            words.append(word)
        i += 1
    if any(f in _INERT for f in flags):
        return None  # help and dry runs change nothing
    code, used = _sub(subs, words, argv[1:2])
    if code is None:
        return None
    eco = str(spec["eco"])
    named = words[used:]
    # ``cargo update -p foo``: for this sub-command, these flags name the packages.
    naming = _get(spec, "named", {}).get(" ".join(words[:used]), ())
    named += [value for flag, value in given if flag in naming]
    itself = [_get(spec, "itself", {})[f] for f in flags if f in _get(spec, "itself", {})]
    named += itself  # ``gem update --system`` upgrades RubyGems, not every gem
    packages = [w for w in named if not _local(w, eco)]
    from_folder = any(f.split("=", 1)[0] in _get(spec, "local", ()) for f in flags)
    if from_folder:
        packages = []  # cargo add x --path ../x: the named crate is the folder's
    fields = _get(spec, "fields", {}).get(" ".join(words[:used]))
    if fields is not None:  # KEY=VALUE arguments: keep the dependency keys, by name
        keys = [p.partition("=")[0] for p in packages if p.startswith(fields)]
        packages = [k.partition(".")[2] or k.partition("[")[2].rstrip("]") for k in keys]
    cls, _, verb = code.partition(":")
    for flag in flags:
        override = _get(spec, "flags", {}).get(flag)
        if override and cls in data.SILENT | {""}:
            cls, _, verb = override.partition(":")
            packages = []  # the other words are tasks (gradle dependencies --write-locks)
    upgrade = any(f in _get(spec, "upgrade", ()) for f in flags)
    if upgrade and cls.rstrip("?") in (data.DECLARE, data.ADHOC, data.GLOBAL, data.LOCK):
        verb = "upgrade"
    if cls.endswith("?"):
        cls = cls[:-1] if packages or upgrade else "SYNC"
    if tool == "go" and any(p.endswith("@none") for p in packages):
        verb = "remove"
    if cls in (data.DECLARE, data.ADHOC) and any(f in _get(spec, "global", ()) for f in flags):
        cls, verb = data.GLOBAL, "install" if verb == "add" else verb
    if sync and cls == "SYNC":
        verb = "install"
    elif cls in data.SILENT or f"{cls}:{verb}" not in data.ACTIONS:
        return None
    elif (named or from_folder) and not packages and verb in ("add", "install") and not sync:
        return None  # only local folders, wheels or workspace members: no registry name
    shown = argv[0].replace("\\", "/").rsplit("/", 1)[-1].split(".exe")[0]
    return (shown if shown.lower() == tool else tool), f"{cls}:{verb}", eco, packages


SYNC_ACTION = "installs the packages the project declares"


def package_change(argv: list[str], powershell: bool = False) -> str:
    """What ``argv`` does to installed packages, in words ("" for nothing): each change
    this guard reports, and installing what the project declares (``npm ci``, ``uv
    sync``, ``pip install -r requirements.txt``), which changes files too (the shell plan
    guard's plan-mode check reads it)."""
    for inner, _ in unwrap(argv, 0, powershell):
        hit = classify(inner, sync=True)
        if hit is not None:
            return data.ACTIONS.get(hit[1], SYNC_ACTION)
    return ""


def _sub(subs: dict[str, str], words: list[str], first: list[str]) -> tuple[str | None, int]:
    """The sub-command class and how many words it used."""
    if first and first[0].startswith("-"):  # flag-style: pacman -Syu, nix-env -iA
        flag = first[0]
        for key in (flag, flag[:2]):
            if key in subs:
                rest = flag[2:] if key != flag else ""
                if any(c in rest for c in "silgcp"):  # pacman -Ss, -Si, -Sc: queries
                    return "READ", 0
                if "u" in rest:  # pacman -Syu: a system upgrade
                    return "GLOBAL:upgrade", 0
                return subs[key], 0
    for size in (3, 2, 1):
        for key, code in subs.items():
            parts = key.split()
            if (
                len(parts) == size
                and len(words) >= size
                and all(p in ("*", w) for p, w in zip(parts, words[:size], strict=True))
            ):
                return code, size
    return subs.get(""), 0
