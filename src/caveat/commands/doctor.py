"""``caveat doctor [--project DIR] [--json]``: is this machine and project set up so
that the hook can do its job? Interpreter, state folder, configuration, message files
and custom rules. Which projects' policy is trusted. Which harnesses have caveat
registered, and whether any registration drifted. Whether a Claude Code setting or
mode keeps every hook from running (:mod:`caveat.commands.hookgate`).

Exit 0 when nothing needs attention, 1 otherwise.
"""

from __future__ import annotations

import json
import os
import sys

import caveat
from caveat import config as settings
from caveat import messages
from caveat.common import state
from caveat.common.gitctx import git_root
from caveat.common.term import field
from caveat.common.term import out
from caveat.guards import REGISTRY
from caveat.guards.custom import problems as rule_problems

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

# (area, problem or "", detail)
Row = tuple[str, str, str]

# No hook runs until something registers caveat with a harness.
NOTHING = (
    "caveat is registered with no harness, so no hook runs and caveat advises nothing "
    "(none in the user's files, this project's, the projects caveat installed into, "
    "or as an enabled Claude Code plugin); fix: caveat install --harness NAME (caveat "
    "harnesses lists them), or for Claude Code the plugin: claude plugin marketplace "
    "add OWNER/caveat (or a checkout's folder), then claude plugin install caveat@caveat"
)


def _interpreter() -> list[Row]:
    version = ".".join(map(str, sys.version_info[:3]))
    ok = sys.version_info >= (3, 10)
    problem = "" if ok else f"Python {version} is too old; caveat needs 3.10 or newer"
    detail = f"{sys.executable} (Python {version}, caveat {caveat.__version__})"
    return [("python", problem, detail)]


def _state(env: Mapping[str, str]) -> list[Row]:
    """The state folder's health, judged without writing to it (doctor only reads)."""
    where = state.location(env)
    try:
        info = os.lstat(where)
    except FileNotFoundError:
        return [("state", "", f"{where} (not there yet: the first hook call creates it)")]
    except OSError as exc:
        return [("state", f"{where} cannot be used: {exc.strerror}", where)]
    if (info.st_mode & 0o170000) != 0o040000:
        return [("state", f"{where} is not a folder (a symlink or a file)", where)]
    if hasattr(os, "geteuid") and info.st_uid != os.geteuid():
        return [("state", f"{where} belongs to another user", where)]
    if not os.access(where, os.W_OK | os.X_OK):
        return [("state", f"{where} is not writable", where)]
    loose = " (looser than 0700: the next hook call tightens it)" if info.st_mode & 0o077 else ""
    return [("state", "", f"{where}{loose}")]


def _aside(env: Mapping[str, str]) -> list[Row]:
    """Guards that stepped aside in a session (day-old records are pruned)."""
    from caveat import stepaside

    folder = os.path.join(state.location(env), stepaside.FOLDER)
    try:
        names = sorted(n for n in os.listdir(folder) if n.endswith(".json"))
    except OSError:
        return []
    rows: list[Row] = []
    for name in names:
        session = name.removesuffix(".json")
        for guard in sorted(stepaside.benched(env, session)):
            problem = (
                f"guard {guard} faulted {stepaside.LIMIT} times in session {session} and is "
                f"skipped there until it ends (caveat log --session {session} --guard {guard})"
            )
            rows.append(("guards", problem, ""))
    return rows


def _launches(env: Mapping[str, str]) -> list[Row]:
    """Hook calls that could not start caveat (its package or interpreter gone), as
    the launcher recorded them in the audit log: those of the last day, since the
    launcher was last written (an install that rewrote it is the fix)."""
    import time

    from caveat import auditlog
    from caveat.install import launcher

    since = time.time() - 86400
    try:
        since = max(since, int(os.stat(launcher.shell_path(env)).st_mtime))  # log: seconds
    except OSError:
        pass
    faults = [
        r
        for r in auditlog.read(env, auditlog.Filter(since=since))
        if str(r.get("failed", "")).startswith("launch failed")
    ]
    if not faults:
        return []
    last = faults[-1]
    problem = (
        f"{len(faults)} hook call(s) could not start caveat, the latest at {last.get('time')}: "
        f"{last.get('failed')} (caveat log shows them); fix: caveat install --harness NAME "
        "for each harness caveat verify lists"
    )
    return [("launch", problem, "")]


def _unusable(env: Mapping[str, str]) -> list[Row]:
    """Hook calls of the last day whose input, contract or arguments caveat could not
    use: a registration or harness sends what caveat cannot read."""
    import time

    from caveat import auditlog

    since = time.time() - 86400
    found = list(auditlog.read(env, auditlog.Filter(since=since, outcome="unusable")))
    if not found:
        return []
    last = found[-1]
    problem = (
        f"{len(found)} hook call(s) in the last day could not be used, the latest at "
        f"{last.get('time')}: {last.get('unusable')} from {last.get('contract') or '?'} "
        "(caveat log --outcome unusable shows them); fix: caveat verify --run, then "
        "caveat install --harness NAME"
    )
    return [("hook input", problem, "")]


def _config(env: Mapping[str, str], root: str | None) -> list[Row]:
    loaded = settings.load(env, root)
    rows: list[Row] = [("config", warning, "") for warning in loaded.warnings]
    sources = ", ".join(loaded.sources) or "none (defaults)"
    rows.append(("config", "", f"files read: {sources}"))
    return rows


def _messages(root: str | None) -> list[Row]:
    rows: list[Row] = []
    for spec in REGISTRY:
        for name in spec.messages:
            if name == "custom":
                continue  # rule files carry their own text
            path = messages.locate(name, root)
            if not os.path.isfile(path):
                rows.append(("messages", f"{name}.md is missing (guard {spec.id})", path))
    if not rows:
        rows.append(("messages", "", messages.bundled_dir()))
    return rows


def _rules(env: Mapping[str, str], root: str | None) -> list[Row]:
    found = rule_problems(env, settings.config_dir(env), root)
    rows: list[Row] = [("rules", f"{path}: {reason}", path) for path, reason in found]
    return rows or [("rules", "", "every custom rule is valid (or there are none)")]


def _trust(env: Mapping[str, str], root: str | None) -> list[Row]:
    """The trusted projects, and whether this project's policy is trusted (SPEC §7)."""
    from caveat import trust

    rows: list[Row] = []
    if root and trust.has_policy(root):
        verdict = trust.verdict_safe(env, root)
        hint = f"review it, then run `caveat trust {root}`"
        if verdict.status == trust.LAPSED:
            changed = ", ".join(verdict.changed)
            rows.append(("trust", f"{root}: trust lapsed, {changed} changed; {hint}", root))
        elif verdict.status == trust.UNTRUSTED:
            files = ", ".join(verdict.files)
            problem = f"{root}: policy not trusted, so not loaded ({files}); {hint}"
            rows.append(("trust", problem, root))
    for path, entry in sorted(trust.projects(env).items()):
        rows.append(("trust", "", f"trusted: {path} (since {entry.get('trusted_at', '?')})"))
    return rows or [("trust", "", "no project is trusted (caveat trust DIR)")]


def _harnesses(env: Mapping[str, str], root: str | None) -> list[Row]:
    """Registrations in the user's and this project's harness files, and in the
    projects caveat installed into, and caveat's Claude Code plugin where enabled. A
    drifted one needs attention, and so do none at all and two places registering
    the same harness and event. Where a harness also runs Claude Code's hooks and
    caveat is registered for both, a line names the vendor's switch (not a problem:
    caveat keeps SessionStart from doubling)."""
    from caveat.harnesses import HARNESSES
    from caveat.install import duplicates
    from caveat.install import pluginstate
    from caveat.install.installs import overlaps
    from caveat.install.installs import recorded
    from caveat.install.report import verify
    from caveat.install.resolve import harness

    rows: list[Row] = []
    targets: list[tuple[str, str | None]] = [(name, None) for name in HARNESSES]
    if root:
        targets += [(name, root) for name in HARNESSES]
    for name, path in recorded(env):
        folder = harness(name).project_of(path)
        if folder is not None:
            targets.append((name, folder))
    seen: set[str] = set()
    registered: dict[str, list[str | None]] = {}
    for name, where in targets:
        result = verify(name, env, where)
        if result.path in seen or result.status not in ("installed", "drifted"):
            continue
        seen.add(result.path)
        registered.setdefault(name, []).append(where)
        problem = ""
        if result.status == "drifted":
            problem = f"{name}: drifted in {result.path} (caveat verify --harness {name})"
        rows.append(("harnesses", problem, f"{name}: {result.status} ({result.path})"))
    plugins = pluginstate.enabled(env, root)
    for on in plugins:
        rows.append(("harnesses", "", f"claude: {on.label()}"))
    if "claude" in registered:
        for name, places in registered.items():
            if harness(name).reads_claude:
                for note in overlaps(name, env, places[0]):
                    rows.append(("harnesses", "", f"note: {note}"))
    folders = [where for places in registered.values() for where in places if where]
    for line in duplicates.found(env, [*folders, *([root] if root else [])]):
        rows.append(("harnesses", line, ""))
    if not rows:
        rows.append(("harnesses", NOTHING, ""))
    return rows


def _claude_gate(harnesses: list[Row], root: str | None) -> list[Row]:
    """Settings and modes that keep Claude Code from running any of caveat's hooks:
    problems where caveat is registered for Claude Code, else details."""
    from caveat.commands import hookgate

    found = hookgate.rows(os.environ, root)
    if any(detail.startswith("claude: ") for _, _, detail in harnesses):
        return found
    return [(area, "", problem or detail) for area, problem, detail in found]


def _lines(rows: list[Row]) -> list[tuple[str, str, str]]:
    """(area, mark, text) to print: one verdict per area, its worst. An area with a
    problem shows its problems, each marked ✗, and none of its passing details (the
    JSON report keeps them); a passing area shows its details under one ✓. The
    area is named on its first line only."""
    lines = []
    for area in dict.fromkeys(row[0] for row in rows):
        mine = [row for row in rows if row[0] == area]
        problems = [problem for _, problem, _ in mine if problem]
        if problems:
            shown = [("✗", problem) for problem in problems]
        else:
            shown = [("✓" if i == 0 else " ", detail) for i, (_, _, detail) in enumerate(mine)]
        for i, (mark, text) in enumerate(shown):
            lines.append((area if i == 0 else "", mark, text))
    return lines


def run(project: str | None = None, as_json: bool = False) -> int:
    from caveat.commands.readonly import scratch_state

    with scratch_state(os.environ) as env:  # looking changes nothing: caches go to a copy
        return _run(env, project, as_json)


def _run(env: Mapping[str, str], project: str | None, as_json: bool) -> int:
    root = git_root(os.path.abspath(project or os.getcwd()))
    rows = (
        _interpreter()
        + _state(os.environ)
        + _aside(os.environ)
        + _launches(os.environ)
        + _unusable(os.environ)
    )
    rows += _config(env, root) + _messages(root) + _rules(env, root) + _trust(env, root)
    harnesses = _harnesses(env, root)
    rows += harnesses + _claude_gate(harnesses, root)
    bad = [row for row in rows if row[1]]
    if as_json:
        report = [{"area": a, "ok": not p, "problem": p or None, "detail": d} for a, p, d in rows]
        out(json.dumps({"ok": not bad, "project": root, "checks": report}, indent=2))
    else:
        # A row quotes paths, config values and rule errors from the project: each is
        # one line, so the whole of it is a field.
        out(f"project    {field(root or '(not inside a git repository)')}")
        for area, mark, text in _lines(rows):
            out(f"{area:10} {mark} {field(text)}")
        if bad:
            out(f"\n{len(bad)} thing(s) need attention.")
    return 1 if bad else 0
