"""Command side of the dependency guard: which simple commands add, remove or upgrade
dependencies, after unwrapping ``sudo``/``env``/``bash -c``/``python -m`` and friends,
and which redirects write a dependency file. The wrapper table and the shells are
those of ``caveat.common.shellwrap``."""

from __future__ import annotations

from caveat.common.patterns import PatternStore
from caveat.common.shell import inner_script
from caveat.common.shell import simple_commands
from caveat.common.shellwrap import POWERSHELLS
from caveat.common.shellwrap import SHELLS
from caveat.common.shellwrap import strip_wrapper
from caveat.event import Finding
from caveat.guards.dependency import command_rules as data
from caveat.guards.dependency import file_rules as file_data
from caveat.guards.dependency import files
from caveat.guards.dependency import manifest_diff as diff
from caveat.guards.dependency.manifest_util import scrub

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from caveat.common.shell import SimpleCommand
    from caveat.guards.base import Context

_MAX_COMMANDS = 500
# Flags with which a package-manager command changes nothing.
_INERT = frozenset({"--help", "-h", "--dry-run", "--dryrun", "--simulate", "--just-print"})
_SECRET_FLAGS = ("token", "password", "passwd", "secret", "auth", "key")
_WRITE_OPS = frozenset({">", ">>", ">|", "&>", "&>>"})
# In-place editors: the option that edits in place, the options whose next word is
# the script (then every operand is a file; else the first operand is the script),
# and the options that take another value.
_EDITORS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "sed": (frozenset({"-e", "--expression", "-f", "--file"}), frozenset({"-l", "-s"})),
    "perl": (frozenset({"-e", "-E"}), frozenset({"-I", "-M", "-m", "-x"})),
    "ruby": (frozenset({"-e"}), frozenset({"-I", "-r", "-C", "-E", "-x"})),
    "awk": (frozenset({"-f", "--file"}), frozenset({"-v", "-F", "--assign"})),
}
_EDITOR_NAMES = {"gsed": "sed", "gawk": "awk", "mawk": "awk", "nawk": "awk"}


def _tool_name(word: str) -> str:
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


def _unwrap(argv: list[str], depth: int, ps: bool) -> list[tuple[list[str], bool]]:
    """The command lines ``argv`` really runs, with their dialect (True: PowerShell)."""
    for _ in range(8):
        if not argv:
            return []
        name = _tool_name(argv[0])
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
                out.extend(_unwrap(cmd.argv, depth + 1, name in POWERSHELLS))
            return out
        else:
            return [(argv, ps)]
    return []


_FILES = (".txt", ".in", ".toml", ".cfg", ".lock", ".json", ".sln", ".csproj", ".fsproj", ".yml")


def _local(word: str) -> bool:
    """A path argument (``.``, ``./pkg``, ``requirements.in``) rather than a package."""
    if word in (".", "..") or word.startswith(("./", "../", "/", "~", ".\\")):
        return True
    return ":\\" in word or word.endswith(_FILES)


def _get(spec: Mapping[str, object], key: str, default: object) -> Any:
    """A field of a ``TOOLS`` entry (the data module's dicts are untyped literals)."""
    return spec.get(key, default)


def classify(argv: list[str], sync: bool = False) -> tuple[str, str, str, list[str]] | None:
    """``(tool, class:verb, ecosystem, packages)`` for a dependency-changing argv; with
    ``sync``, installing what the project declares (``npm ci``) too, as ``SYNC:install``."""
    tool = _tool_name(argv[0])
    spec = data.TOOLS.get(tool)
    if spec is None:
        return None
    subs: dict[str, str] = _get(spec, "subs", {})
    values: frozenset[str] = _get(spec, "values", frozenset())
    flags: list[str] = []
    words: list[str] = []
    i = 1
    while i < len(argv):
        word = argv[i]
        if word == "--":
            words.extend(argv[i + 1 :])
            break
        if word.startswith("-") and len(word) > 1:
            name = word.split("=", 1)[0]
            flags.append(word)
            secret = name.startswith("--") and any(x in name.lower() for x in _SECRET_FLAGS)
            if (secret or name in values or name.lower() in values) and "=" not in word:
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
    packages = [w for w in words[used:] if not _local(w)]
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
    shown = argv[0].replace("\\", "/").rsplit("/", 1)[-1].split(".exe")[0]
    return (shown if shown.lower() == tool else tool), f"{cls}:{verb}", str(spec["eco"]), packages


SYNC_ACTION = "installs the packages the project declares"


def package_change(argv: list[str], powershell: bool = False) -> str:
    """What ``argv`` does to installed packages, in words ("" for nothing): each change
    this guard reports, and installing what the project declares (``npm ci``, ``uv
    sync``, ``pip install -r requirements.txt``), which changes files too (read by the
    plan-mode check of the shell plan guard)."""
    for inner, _ in _unwrap(argv, 0, powershell):
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


def _display(cmd: SimpleCommand) -> str:
    words = []
    hide = False
    for word in cmd.argv:
        low = word.lower()
        if hide:
            words.append("***")
            hide = False
            continue
        if low.startswith("--") and any(s in low for s in _SECRET_FLAGS):
            hide = "=" not in word
            word = word.split("=", 1)[0] + ("=***" if "=" in word else "")
        words.append(scrub(word) if " " not in word else f"'{scrub(word)}'")
    for r in cmd.redirects:
        words.append(f"{r.fd}{r.op} {r.target}")
    text = " ".join(words)
    return text if len(text) <= 200 else text[:197] + "..."


# Letters after which the rest of a short-option cluster is the option's value.
_ATTACHED = {"sed": "efl", "perl": "eEMmIxFCd0123456789", "ruby": "eIrCExFK0123456789"}
_ATTACHED["awk"] = ""


def _cluster_has_i(letters: str, attached: str) -> bool:
    for letter in letters:
        if letter == "i":
            return True
        if letter in attached or not letter.isalnum():
            return False
    return False


def in_place_files(argv: list[str]) -> list[str]:
    """The files ``sed -i``, ``perl -pi``, ``ruby -i`` or ``awk -i inplace`` edit in
    place ([] when the command does not edit in place)."""
    name = _tool_name(argv[0])
    name = _EDITOR_NAMES.get(name, name)
    scripts, values = _EDITORS.get(name, (frozenset(), frozenset()))
    in_place = scripted = False
    operands: list[str] = []
    i = 1
    while i < len(argv):
        word = argv[i]
        i += 1
        if word == "--":
            operands.extend(argv[i:])
            break
        if not word.startswith("-") or word == "-":
            operands.append(word)
            continue
        if name == "awk":
            inplace = word in ("-iinplace", "--include=inplace")
            if word in ("-i", "--include") and i < len(argv) and argv[i] == "inplace":
                inplace, i = True, i + 1
            in_place = in_place or inplace
        elif word.startswith("--in-place") or (
            not word.startswith("--") and _cluster_has_i(word[1:], _ATTACHED[name])
        ):
            in_place = True  # -i, -i.bak, -pi, -Ei, -lpi
        flag = word.split("=", 1)[0]
        if flag in scripts or (flag[:2] in scripts and len(flag) > 2 and name != "awk"):
            scripted = True
            if flag in scripts and "=" not in word:
                i += 1  # the script is the next word
        elif flag in values and "=" not in word:
            i += 1
    if not in_place:
        return []
    files = operands if scripted else operands[1:]
    return [f for f in files if f]


def _written(cmd: SimpleCommand, ctx: Context) -> tuple[str, str, str, str] | None:
    """``(path, ecosystem, action, packages)`` when ``cmd`` writes a dependency file
    through a redirect, ``tee`` or ``sed -i``."""
    targets = [
        (r.target, "appends to" if r.op.endswith(">>") else "overwrites")
        for r in cmd.redirects
        if r.op in _WRITE_OPS and r.fd in ("", "1")
    ]
    name = _tool_name(cmd.argv[0]) if cmd.argv else ""
    if name == "tee":
        verb = "appends to" if "-a" in cmd.argv or "--append" in cmd.argv else "overwrites"
        targets += [(w, verb) for w in cmd.argv[1:] if not w.startswith("-")]
    elif _EDITOR_NAMES.get(name, name) in _EDITORS:
        targets += [(w, "edits") for w in in_place_files(cmd.argv)]
    elif name in ("mv", "cp") and len([w for w in cmd.argv[1:] if not w.startswith("-")]) >= 2:
        dest = [w for w in cmd.argv[1:] if not w.startswith("-")][-1]
        targets.append((dest, "overwrites"))
    for target, verb in targets:
        if not target or target.startswith("&") or target == "/dev/null":
            continue
        shown, rel = files.locate(target, ctx.git_root(ctx.event.cwd or None), ctx.event.cwd)
        rule = files.match(rel, PatternStore(ctx.env))
        if rule is None or rule[1] not in (file_data.MANIFEST, file_data.LOCK, file_data.CATALOG):
            continue
        packages = ""
        if rule[4] and rule[1] != file_data.LOCK:
            # A here-document is the whole new file; echo/printf arguments a fragment.
            body = "\n".join(r.body for r in cmd.redirects if r.body)
            whole = bool(body) and verb == "overwrites"
            if not body and name in ("echo", "printf"):
                body = "\n".join(w for w in cmd.argv[1:] if not w.startswith("-"))
            packages = diff.listing(sorted(diff.parse(rule[4], body, whole)))
        return shown, rule[0], f"{verb} {shown}", packages
    return None


def command_findings(ctx: Context, text: str, powershell: bool) -> list[Finding]:
    out: list[Finding] = []
    dialect = "powershell" if powershell else "bash"
    for cmd in simple_commands(text, dialect)[:_MAX_COMMANDS]:
        hit = None
        for argv, _ps in _unwrap(cmd.argv, 0, powershell):
            hit = classify(argv)
            if hit is not None:
                break
        if hit is not None:
            tool, code, ecosystem, packages = hit
            key = f"{tool} {' '.join(sorted(packages))}".strip()
            listed = diff.listing(packages) or _no_packages(code)
            out.append(_command_finding(cmd, key, tool, ecosystem, data.ACTIONS[code], listed))
            continue
        written = _written(cmd, ctx)
        if written is not None:
            path, ecosystem, verb, listed = written
            action = f"{verb} through the shell instead of the package manager"
            out.append(
                _command_finding(cmd, path, "shell", ecosystem, action, listed or "not itemised")
            )
    return out


def _no_packages(code: str) -> str:
    if code.startswith("LOCK") or code.endswith("upgrade"):
        return "all dependencies"
    return "none named"


def _command_finding(
    cmd: SimpleCommand, key: str, manager: str, ecosystem: str, action: str, packages: str
) -> Finding:
    values = {
        "command": _display(cmd),
        "manager": manager,
        "ecosystem": ecosystem,
        "action": action,
        "packages": packages,
    }
    return Finding(values, variant="command", key=key[:200])
