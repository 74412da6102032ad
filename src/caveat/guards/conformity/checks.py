"""The conformity check registry and its runner.

Imported only when ``caveat.guards.conformity`` has found a write inside an agent
configuration scope. Each check is a row ``(id, kinds, budget_s, blocking, function)``:
it runs on files of those kinds (``caveat.guards.conformity.rules``), on the text the file
will have after the write, and returns ``(problem, fix)`` pairs. A check that raises,
or that runs past its own budget, is skipped and logged; the others still report.
The budget is enforced with a real-time timer where the platform has one (as the
chain does for whole guards, whose timer it nests inside), so a check stuck on a huge
file is stopped at its budget rather than measured after the fact. Ids are stable:
they appear in findings and in the repetition keys.
"""

from __future__ import annotations

import os
import sys
import time

from caveat import chain
from caveat.event import DELETE
from caveat.event import Finding
from caveat.guards.base import versions
from caveat.guards.conformity import CODEX_HOME_ENV
from caveat.guards.conformity import docs
from caveat.guards.conformity import hooks
from caveat.guards.conformity import rules
from caveat.guards.conformity import secret
from caveat.guards.conformity import timeouts
from caveat.log import log

TYPE_CHECKING = False
if TYPE_CHECKING:
    import signal as _signal
    from collections.abc import Callable
    from collections.abc import Mapping
    from types import FrameType

    from caveat.event import FileEdit
    from caveat.guards.base import Context

    Check = tuple[str, frozenset[str], float, bool, Callable[["Doc"], list[tuple[str, str]]]]
else:
    import _signal  # the C module: ``signal`` itself would import enum

GUARD = "conformity"
MESSAGE = "pretooluse-conformity"

_JSON = frozenset(
    {
        "claude-settings", "codex-hooks", "gemini-settings", "qwen-settings",
        "cursor-hooks", "copilot-hooks", "kiro-hooks", "json",
    }
)  # fmt: skip
_TOML = frozenset({"codex-config", "command-toml", "toml"})
_ALL = _JSON | _TOML | frozenset({"skill", "agent", "command", "memory", "other"})

CHECKS: tuple[Check, ...] = (
    ("settings-json-parses", _JSON, 0.25, True, hooks.json_parses),
    ("config-toml-parses", _TOML, 0.25, True, hooks.toml_parses),
    ("hooks-shape-claude", frozenset({"claude-settings"}), 0.1, True, hooks.claude_shape),
    ("hooks-shape-codex", frozenset({"codex-hooks", "codex-config"}), 0.1, True, hooks.codex_shape),
    ("hooks-shape-gemini", frozenset({"gemini-settings"}), 0.1, True, hooks.gemini_shape),
    ("hooks-shape-qwen", frozenset({"qwen-settings"}), 0.1, True, hooks.qwen_shape),
    ("hooks-shape-cursor", frozenset({"cursor-hooks"}), 0.1, True, hooks.cursor_shape),
    ("hooks-shape-copilot", frozenset({"copilot-hooks"}), 0.1, True, hooks.copilot_shape),
    ("hooks-shape-kiro", frozenset({"kiro-hooks"}), 0.1, True, hooks.kiro_shape),
    (
        "hooks-timeout-units",
        rules.SECONDS_KINDS | rules.MILLISECONDS_KINDS,
        0.1,
        False,
        timeouts.timeout_units,
    ),
    ("skill-front-matter", frozenset({"skill"}), 0.1, True, docs.skill_front_matter),
    ("skill-name-matches-folder", frozenset({"skill"}), 0.1, True, docs.skill_name_matches_folder),
    (
        "skill-description-near-limit",
        frozenset({"skill"}),
        0.1,
        False,
        docs.skill_description_near_limit,
    ),
    ("agent-front-matter", frozenset({"agent"}), 0.1, True, docs.agent_front_matter),
    (
        "command-front-matter",
        frozenset({"command", "command-toml"}),
        0.1,
        False,
        docs.command_front_matter,
    ),
    ("memory-size", frozenset({"memory"}), 0.05, False, docs.memory_size),
    ("config-secret", _ALL, 0.5, True, secret.config_secret),
)
# Checks that can judge the new text alone, when the edit could not be applied to the
# file on disk (the whole-file checks would judge a fragment).
FRAGMENT_CHECKS = frozenset({"config-secret"})


class Doc:
    """One file as it will be after the write, with its parses cached."""

    __slots__ = ("_front", "_json", "_toml", "before", "exact", "kind", "path", "root", "text")

    def __init__(
        self, path: str, kind: str, text: str, before: str, exact: bool, root: str = ""
    ) -> None:
        self.path = path
        self.root = root  # the git root above the file, "" when there is none
        self.kind = kind
        self.text = text
        self.before = before
        self.exact = exact
        self._json: tuple[object, str] | None = None
        self._toml: tuple[object, str] | None = None
        self._front: tuple[str, dict[str, object] | None, list[tuple[int, str]]] | None = None

    def json(self) -> tuple[object, str]:
        """(value, "") or (None, what is wrong and where)."""
        if self._json is None:
            from caveat.jsonio import DecodeError
            from caveat.jsonio import loads

            try:
                self._json = (loads(self.text), "")
            except (DecodeError, RecursionError):
                self._json = (None, _json_error(self.text))
        return self._json

    def toml(self) -> tuple[object, str]:
        if self._toml is None:
            if sys.version_info >= (3, 11):
                import tomllib
            else:
                import tomli as tomllib
            try:
                self._toml = (tomllib.loads(self.text), "")
            except (tomllib.TOMLDecodeError, RecursionError) as exc:
                self._toml = (None, str(exc) or type(exc).__name__)
        return self._toml

    def front_matter(self) -> tuple[str, dict[str, object] | None, list[tuple[int, str]]]:
        """``(status, data, errors)`` of the YAML front matter, read once for the three
        or four checks that look at it; status is "ok", "none" or "unclosed"."""
        if self._front is None:
            from caveat import frontmatter as yaml

            lines, status = yaml.split(self.text)
            if lines is None:
                self._front = (status, None, [])
            else:
                data, errors = yaml.read(lines)
                self._front = (status, data, errors)
        return self._front


def _json_error(text: str) -> str:
    """The parser's message with its line and column (the firing path may import json)."""
    import json

    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        return f"{exc.msg} at line {exc.lineno}, column {exc.colno}"
    except RecursionError:
        return "nested too deeply"
    return "malformed JSON"


def _norm(path: str) -> str:
    norm = path.replace("\\", "/")
    return norm if norm.startswith("/") else "/" + norm


def virtual_path(path: str, env: Mapping[str, str]) -> str:
    """``path`` with a custom ``$CODEX_HOME`` mapped onto ``/.codex``."""
    norm = _norm(path)
    home = env.get(CODEX_HOME_ENV, "")
    if home:
        folder = _norm(os.path.expanduser(home)).rstrip("/")
        if norm.startswith(folder + "/"):
            return "/.codex" + norm[len(folder) :]
    return norm


def kind_of(norm: str) -> str:
    """The kind of configuration file at ``norm`` (a ``/``-rooted path)."""
    cut = norm.rfind("/")
    base, parent = norm[cut + 1 :], norm[:cut]
    if base in rules.NAME_KINDS:
        return rules.NAME_KINDS[base]
    for kind, folder, name in rules.KINDS:
        if name.startswith("*."):
            if not base.endswith(name[1:]):
                continue
        elif base != name:
            continue
        if folder.endswith("/**"):
            if folder[:-3] + "/" in parent + "/":
                return kind
        elif parent.endswith(folder):
            return kind
    dot = base.rfind(".")
    return rules.EXTENSION_KINDS.get(base[dot:], "other") if dot > 0 else "other"


def display(ctx: Context, path: str) -> str:
    """``path`` relative to its git root, or as ``~/…`` under the home folder."""
    home = ctx.env.get("HOME") or os.path.expanduser("~")
    home = home.rstrip(os.sep) if home not in ("", os.sep) else ""
    root = ctx.git_root(path)
    if root:
        root = root.rstrip(os.sep)
    if root and root != home and path.startswith(root + os.sep):
        return path[len(root) + 1 :].replace(os.sep, "/")
    if home and path.startswith(home + os.sep):
        return "~/" + path[len(home) + 1 :].replace(os.sep, "/")
    return path.replace(os.sep, "/")


# Benchmarks turn this off to time what a check costs, not where its budget cuts it.
ENFORCE_BUDGETS = True


class Overrun(chain.Overrun):
    """Raised inside a check when its budget runs out. A kind of the chain's Overrun
    (a BaseException): should one slip out at the edge of the timer, the chain skips
    the whole guard rather than the hook failing open."""


def _on_alarm(signum: int, frame: FrameType | None) -> None:
    raise Overrun


class _Timer:
    """A real-time timer of ``seconds`` around one check, nested in the guard's own.

    The guard's timer (``caveat.chain``) is saved and re-armed with what was left of
    it; when that ends first, the check gets only that much, and the guard's handler
    fires right after the check is stopped. Where there is no ``setitimer`` or this is
    not the main thread, nothing is armed and the budget is only measured."""

    __slots__ = ("_armed", "_outer", "_previous", "_started", "seconds")

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._armed = False
        self._outer = 0.0
        self._started = 0.0
        self._previous: _signal._HANDLER = None

    def __enter__(self) -> None:
        if not ENFORCE_BUDGETS or not hasattr(_signal, "setitimer"):
            return
        try:
            self._previous = _signal.signal(_signal.SIGALRM, _on_alarm)
        except ValueError:  # not the main thread
            return
        self._started = time.perf_counter()
        self._outer = _signal.setitimer(_signal.ITIMER_REAL, self.seconds)[0]
        if 0 < self._outer < self.seconds:
            _signal.setitimer(_signal.ITIMER_REAL, self._outer)
        self._armed = True

    def __exit__(self, *exc: object) -> None:
        if not self._armed:
            return
        _signal.setitimer(_signal.ITIMER_REAL, 0)
        _signal.signal(_signal.SIGALRM, self._previous)
        if self._outer > 0:
            left = self._outer - (time.perf_counter() - self._started)
            _signal.setitimer(_signal.ITIMER_REAL, max(left, 1e-6))


def run_checks(doc: Doc) -> list[tuple[str, bool, str, str]]:
    """``(check id, blocking, problem, fix)`` of each check that applies and speaks."""
    out = []
    for check_id, kinds, budget, blocking, function in CHECKS:
        if doc.kind not in kinds or (not doc.exact and check_id not in FRAGMENT_CHECKS):
            continue
        started = time.perf_counter()
        try:
            with _Timer(budget):
                issues = function(doc)
        except Overrun:
            issues = None
        except Exception as exc:
            log(f"conformity check {check_id} failed ({type(exc).__name__}: {exc}); skipped")
            continue
        elapsed = time.perf_counter() - started
        if issues is None or (ENFORCE_BUDGETS and elapsed > budget):
            log(f"conformity check {check_id} took {elapsed:.3f} s (budget {budget:g} s); skipped")
            continue
        if issues:
            problem, fix = issues[0]
            if len(issues) > 1:
                problem += f" (+{len(issues) - 1} more)"
            out.append((check_id, blocking, problem, fix))
    return out


def file_findings(ctx: Context, path: str, edits: list[FileEdit]) -> list[Finding]:
    if all(edit.kind == DELETE for edit in edits):
        return []
    before, after, exact = versions(ctx, edits)
    if not after.strip():
        return []
    kind = kind_of(virtual_path(path, ctx.env))
    doc = Doc(path, kind, after, before, exact, ctx.git_root(path) or "")
    shown = display(ctx, path)
    findings = []
    for check_id, blocking, problem, fix in run_checks(doc):
        variant = "secret" if check_id == "config-secret" else ("" if blocking else "advisory")
        values = {"path": shown, "check": check_id, "problem": problem, "fix": fix}
        key = f"{check_id}:{shown}"
        findings.append(Finding(GUARD, MESSAGE, values, variant=variant, key=key, deny=blocking))
    return findings
