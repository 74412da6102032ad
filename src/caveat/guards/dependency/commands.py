"""Command side of the dependency guard: the findings for simple commands that add,
remove or upgrade dependencies (read by ``caveat.guards.packages``), and for
redirects, ``tee`` and in-place editors that write a dependency file."""

from __future__ import annotations

from caveat.common.patterns import PatternStore
from caveat.event import Finding
from caveat.guards import commandline
from caveat.guards import package_rules as data
from caveat.guards.dependency import declared
from caveat.guards.dependency import file_rules as file_data
from caveat.guards.dependency import files
from caveat.guards.dependency import manifest_diff as diff
from caveat.guards.dependency.manifest_util import scrub
from caveat.guards.packages import SECRET_FLAGS
from caveat.guards.packages import classify
from caveat.guards.packages import tool_name
from caveat.guards.packages import unwrap

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from caveat.common.shell import SimpleCommand
    from caveat.guards.base import Context

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


def _display(cmd: SimpleCommand) -> str:
    words = []
    hide = False
    for word in cmd.argv:
        low = word.lower()
        if hide:
            words.append("***")
            hide = False
            continue
        if low.startswith("--") and any(s in low for s in SECRET_FLAGS):
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
    name = tool_name(argv[0])
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
    name = tool_name(cmd.argv[0]) if cmd.argv else ""
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


def command_findings(
    ctx: Context, text: str, powershell: bool, may_match: Callable[[str], bool] | None = None
) -> list[Finding]:
    """``may_match``: the package's pre-filter, applied to each simple command, so that
    only commands it accepts count against ``commandline.MAX_COMMANDS``."""
    out: list[Finding] = []
    dialect = "powershell" if powershell else "bash"
    commands, unread = commandline.read(text, dialect, may_match)
    for cmd in commands:
        hit = None
        for argv, _ps in unwrap(cmd.argv, 0, powershell):
            hit = classify(argv)
            if hit is not None:
                break
        if hit is not None:
            tool, code, ecosystem, packages = hit
            key = f"{tool} {' '.join(sorted(packages))}".strip()
            listed = diff.listing(packages) or _no_packages(code)
            found = _command_finding(cmd, key, tool, ecosystem, data.ACTIONS[code], listed)
            if code in declared.INSTALLS and packages:
                found = found.replace(hold=bool(declared.undeclared(ctx, ecosystem, packages)))
            out.append(found)
            continue
        written = _written(cmd, ctx)
        if written is not None:
            path, ecosystem, verb, listed = written
            action = f"{verb} through the shell instead of the package manager"
            out.append(
                _command_finding(cmd, path, "shell", ecosystem, action, listed or "not itemised")
            )
    if unread:
        out.append(commandline.notice(unread))
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
