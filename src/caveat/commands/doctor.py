"""``caveat doctor [--project DIR] [--json]``: is this machine and project set up so
that the hook can do its job? Interpreter, state folder, configuration, message files
and custom rules. Which projects' policy is trusted. Which harnesses have caveat
registered, and whether any registration drifted.

Exit 0 when nothing needs attention, 1 otherwise.
"""

from __future__ import annotations

import json
import os
import sys

import caveat
from caveat import config as settings
from caveat import messages
from caveat import state
from caveat.gitctx import git_root
from caveat.guards import REGISTRY
from caveat.guards.custom import problems as rule_problems

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

# (area, problem or "", detail)
Row = tuple[str, str, str]


def _interpreter() -> list[Row]:
    version = ".".join(map(str, sys.version_info[:3]))
    ok = sys.version_info >= (3, 10)
    problem = "" if ok else f"Python {version} is too old; caveat needs 3.10 or newer"
    detail = f"{sys.executable} (Python {version}, caveat {caveat.__version__})"
    return [("python", problem, detail)]


def _state(env: Mapping[str, str]) -> list[Row]:
    where = state.location(env)
    folder = state.ensure(env)
    if folder is None:
        return [("state", f"{where} cannot be used (see the line above)", where)]
    probe = os.path.join(folder, ".doctor")
    if not state.write_atomic(probe, b"ok"):
        return [("state", f"{folder} is not writable", folder)]
    os.unlink(probe)
    return [("state", "", f"{folder} (0700)")]


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
    found = rule_problems(env, root)
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
    projects caveat installed into; a drifted one needs attention. Where a harness
    also runs Claude Code's hooks and caveat is registered for both, a line names
    the vendor's switch (not a problem: caveat keeps SessionStart from doubling)."""
    from caveat import install

    rows: list[Row] = []
    targets: list[tuple[str, str | None]] = [(name, None) for name in install.HARNESSES]
    if root:
        targets += [(name, root) for name in install.HARNESSES]
    for name, path in install.recorded(env):
        folder = install.harness(name).project_of(path)
        if folder is not None:
            targets.append((name, folder))
    seen: set[str] = set()
    registered: dict[str, list[str | None]] = {}
    for name, where in targets:
        result = install.verify(name, env, where)
        if result.path in seen or result.status not in ("installed", "drifted"):
            continue
        seen.add(result.path)
        registered.setdefault(name, []).append(where)
        problem = ""
        if result.status == "drifted":
            problem = f"{name}: drifted in {result.path} (caveat verify --harness {name})"
        rows.append(("harnesses", problem, f"{name}: {result.status} ({result.path})"))
    if "claude" in registered:
        for name, places in registered.items():
            if install.harness(name).reads_claude:
                for note in install.overlaps(name, env, places[0]):
                    rows.append(("harnesses", "", f"note: {note}"))
    return rows or [("harnesses", "", "none registered (caveat install --harness NAME)")]


def run(project: str | None = None, as_json: bool = False) -> int:
    env = os.environ
    root = git_root(os.path.abspath(project or os.getcwd()))
    rows = _interpreter() + _state(env) + _config(env, root) + _messages(root) + _rules(env, root)
    rows += _trust(env, root)
    rows += _harnesses(env, root)
    bad = [row for row in rows if row[1]]
    if as_json:
        report = [{"area": a, "ok": not p, "problem": p or None, "detail": d} for a, p, d in rows]
        print(json.dumps({"ok": not bad, "project": root, "checks": report}, indent=2))
    else:
        print(f"project    {root or '(not inside a git repository)'}")
        for area, problem, detail in rows:
            print(f"{area:10} {'✗ ' + problem if problem else '✓ ' + detail}")
        if bad:
            print(f"\n{len(bad)} thing(s) need attention.")
    return 1 if bad else 0
