"""Replay real files as Write and Edit payloads through the real hook, and report
how often each guard speaks on code nobody here wrote.

    .venv/bin/python scripts/replay.py                       # site-packages + stdlib
    .venv/bin/python scripts/replay.py ~/src/app/node_modules --sample 800 --seed 3
    .venv/bin/python scripts/replay.py --kinds edit --harness gemini --event post

Each sampled file belongs to a project: the nearest folder above it (below the given
root) that holds a manifest (``pyproject.toml``, ``package.json``, ``Cargo.toml`` …),
else the root's child that holds it. Each project gets a throwaway git repository
that mirrors the file's path relative to the project, with the project's manifests
and a few sibling files committed first, so that the repository looks real.

- A **write** sends the whole file as a new file (it is absent from the disk).
- An **edit** keeps the file on disk and sends an Edit that swaps real lines, so the
  file stays valid: a line is replaced by another line of the file with the same
  indentation and shape, or a plain line is duplicated. ``old_string`` grows by
  neighbouring lines until it is unique.

Payloads go through ``caveat.dispatch.run`` in this process (what ``caveat explain``
uses), one fresh session id per payload, with ``CAVEAT_STATE_DIR``, the config folder
and git's global config pointed into a temporary folder: nothing is recorded in the
real user state and no user or system config is read.

``--history DIR`` replays a git work tree's own history instead: each file a recent
commit changed as an Edit from its text before the commit to its text after it (a
file the commit added as a Write), and the shell commands of its workflows,
Makefiles and Markdown as Bash calls (``--kinds history,bash``; ``replay_history``).

The report gives fire rates per guard and per file type, then every firing with its
guard, kind, file and the first line of its advisory. ``--json FILE`` writes the same
as data, with each firing's whole advisory and what it fired on.
"""

from __future__ import annotations

import argparse
import ast
import collections
import json
import os
import random
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Iterator
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field

TYPE_CHECKING = False
if TYPE_CHECKING:
    from replay_history import Change

# Files that make a folder a project root; committed with the siblings when present.
MANIFESTS = (
    "pyproject.toml", "setup.py", "setup.cfg", "requirements.txt", "package.json",
    "Cargo.toml", "go.mod", "Gemfile", "composer.json", "pom.xml", "build.gradle",
    "build.gradle.kts", "mix.exs", "pubspec.yaml", "Package.swift",
)  # fmt: skip
SKIP_DIRS = frozenset({".git", "__pycache__", ".hg", ".svn", ".mypy_cache", ".tox"})
MAX_BYTES = 256 * 1024
SIBLINGS = 6

# harness → (pre event, post event, write tool, edit tool); payloads are Claude-shaped.
HARNESSES = {
    "claude": ("PreToolUse", "PostToolUse", "Write", "Edit"),
    "codebuddy": ("PreToolUse", "PostToolUse", "Write", "Edit"),
    "qwen": ("PreToolUse", "PostToolUse", "write_file", "edit"),
    "gemini": ("BeforeTool", "AfterTool", "write_file", "replace"),
}
OPENERS = tuple(":{([,\\")
CLOSERS = ("}", ")", "]", "else", "elif", "except", "finally", "case", "default", "catch")


@dataclass
class Source:
    """A sampled file: where it is, the project it belongs to, and its text."""

    path: str
    project: str
    rel: str
    text: str = ""


@dataclass
class Firing:
    guard: str
    kind: str
    file: str
    ext: str
    line: str
    detail: str = ""  # the command, or the commit and the edited region
    text: str = ""  # the whole advisory


@dataclass
class Totals:
    files: collections.Counter[str] = field(default_factory=collections.Counter)
    fired: collections.Counter[tuple[str, str]] = field(default_factory=collections.Counter)
    any_fired: collections.Counter[str] = field(default_factory=collections.Counter)
    overruns: collections.Counter[str] = field(default_factory=collections.Counter)
    errors: collections.Counter[str] = field(default_factory=collections.Counter)
    firings: list[Firing] = field(default_factory=list)
    payloads: int = 0


def default_roots() -> list[str]:
    """The running interpreter's site-packages (purelib, platlib) and standard library."""
    paths = sysconfig.get_paths()
    roots: list[str] = []
    for key in ("purelib", "platlib", "stdlib"):
        path = paths.get(key)
        if path and os.path.isdir(path) and path not in roots:
            roots.append(path)
    return roots


def walk(root: str) -> Iterator[str]:
    """Regular text-sized files under ``root`` (symlinks and caches skipped). Under the
    standard library, site-packages is another root and is not walked twice."""
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and d != "site-packages")
        for name in sorted(files):
            path = os.path.join(folder, name)
            if os.path.islink(path) or name.endswith((".pyc", ".pyo", ".so", ".pyd")):
                continue
            try:
                size = os.path.getsize(path)
            except OSError:
                continue
            if 0 < size <= MAX_BYTES:
                yield path


def project_of(root: str, path: str) -> str:
    """The nearest folder above ``path`` and below ``root`` holding a manifest, else
    the child of ``root`` that holds ``path`` (``root`` for a file directly in it)."""
    folder = os.path.dirname(path)
    while len(folder) > len(root):
        if any(os.path.isfile(os.path.join(folder, m)) for m in MANIFESTS):
            return folder
        folder = os.path.dirname(folder)
    rel = os.path.relpath(path, root).split(os.sep)
    return os.path.join(root, rel[0]) if len(rel) > 1 else root


def read(path: str) -> str | None:
    """The file as UTF-8 text, or None for binaries and other encodings."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError:
        return None
    if b"\0" in data[:8192]:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def sample(roots: Sequence[str], size: int, seed: int) -> list[Source]:
    """``size`` readable text files drawn at random (reproducibly) from ``roots``."""
    candidates = [(root, path) for root in roots for path in walk(root)]
    rng = random.Random(seed)
    rng.shuffle(candidates)
    chosen: list[Source] = []
    for root, path in candidates:
        if len(chosen) >= size:
            break
        text = read(path)
        if text is None or not text.strip():
            continue
        project = project_of(root, path)
        rel = os.path.relpath(path, project) if project != root else os.path.basename(path)
        if project == root and os.path.dirname(os.path.relpath(path, root)):
            rel = os.path.relpath(path, root)
        chosen.append(Source(path, project, rel.replace(os.sep, "/"), text))
    return chosen


def _git(repo: str, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=replay", "-c", "user.email=replay@example.invalid",
         "-c", "core.hooksPath=" + os.devnull, "-c", "commit.gpgsign=false",
         "-C", repo, *args],
        check=True, capture_output=True, stdin=subprocess.DEVNULL,
    )  # fmt: skip


def _copy(src: str, dest: str) -> None:
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    try:
        shutil.copyfile(src, dest)
    except OSError:
        pass


def _small_file(path: str) -> bool:
    if os.path.islink(path) or not os.path.isfile(path) or path.endswith((".pyc", ".so")):
        return False
    try:
        return 0 < os.path.getsize(path) <= MAX_BYTES
    except OSError:
        return False


def make_repo(base: str, project: str, files: list[Source], edits: set[str]) -> str:
    """A throwaway repository for ``project``: its manifests, a few siblings of each
    sampled file, and the files to be edited, committed. Files to be written are not
    on disk."""
    repo = tempfile.mkdtemp(prefix="repo-", dir=base)
    _git(repo, "init", "-q")
    written = {s.rel for s in files if s.rel not in edits}
    if os.path.isdir(project):
        for name in MANIFESTS:
            src = os.path.join(project, name)
            if os.path.isfile(src) and name not in written:
                _copy(src, os.path.join(repo, name))
    for source in files:
        folder = os.path.dirname(source.path)
        rel_folder = os.path.dirname(source.rel)
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            names = []
        siblings = [n for n in names if _small_file(os.path.join(folder, n))][:SIBLINGS]
        for name in siblings:
            rel = f"{rel_folder}/{name}" if rel_folder else name
            if rel not in written:
                _copy(os.path.join(folder, name), os.path.join(repo, rel))
        if source.rel in edits:
            dest = os.path.join(repo, source.rel)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            with open(dest, "w", encoding="utf-8", newline="") as handle:
                handle.write(source.text)
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "--allow-empty", "--no-verify", "-m", "snapshot")
    return repo


def _shape(line: str) -> tuple[str, str, bool]:
    """Indentation, the last character when it opens a block or continues a list
    (``:``, ``{``, ``,`` …), and whether the line closes a block: two lines of one
    shape can trade places without breaking the structure."""
    stripped = line.strip()
    indent = line[: len(line) - len(line.lstrip())]
    closer = stripped.startswith(CLOSERS)
    last = stripped[-1:] if stripped.endswith(OPENERS) else ""
    return indent, last, closer


def _unique(text: str, lines: list[str], start: int, end: int) -> tuple[int, int]:
    """Grow ``lines[start:end]`` by neighbours until it occurs once in ``text``."""
    while text.count("".join(lines[start:end])) > 1:
        if start > 0:
            start -= 1
        if end < len(lines):
            end += 1
        if start == 0 and end == len(lines):
            break
    return start, end


def _parses(text: str, kind: str) -> bool:
    try:
        if kind == "python":
            ast.parse(text)
        elif kind == "json":
            json.loads(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


def mutate(text: str, rng: random.Random, kind: str = "") -> tuple[str, str] | None:
    """An ``(old_string, new_string)`` pair that swaps or duplicates real lines of
    ``text``; None when the file offers none. Python and JSON files (``kind``) that
    parse still parse afterwards."""
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    real = [i for i, line in enumerate(lines) if len(line.strip()) >= 3]
    if len(real) < 2:
        return None
    parses = bool(kind) and _parses(text, kind)
    for _ in range(8):
        i = rng.choice(real)
        shape = _shape(lines[i])
        new_lines = list(lines)
        if rng.random() < 0.5:
            peers = [
                j for j in real
                if j != i and _shape(lines[j]) == shape and lines[j].strip() != lines[i].strip()
            ]  # fmt: skip
            if not peers:
                continue
            new_lines[i] = lines[rng.choice(peers)]
        else:
            if shape[1] or shape[2]:
                continue  # duplicating an opener or a closer breaks the block structure
            new_lines.insert(i, lines[i])
        if parses and not _parses("".join(new_lines), kind):
            continue
        start, end = _unique(text if text.endswith("\n") else text + "\n", lines, i, i + 1)
        old = "".join(lines[start:end])
        grown = len(new_lines) - len(lines)
        new = "".join(new_lines[start : end + grown])
        if old != new:
            return old.rstrip("\n"), new.rstrip("\n")
    return None


def _kind(rel: str) -> str:
    if rel.endswith((".py", ".pyi")):
        return "python"
    return "json" if rel.endswith(".json") else ""


def payload(
    harness: str, post: bool, kind: str, repo: str, rel: str, session: str,
    text: str, change: tuple[str, str] | None,
) -> dict[str, object]:  # fmt: skip
    pre_event, post_event, write_tool, edit_tool = HARNESSES[harness]
    path = os.path.join(repo, rel)
    if kind == "write":
        tool, tool_input = write_tool, {"file_path": path, "content": text}
    else:
        assert change is not None
        tool_input = {"file_path": path, "old_string": change[0], "new_string": change[1]}
        tool = edit_tool
    return {
        "session_id": session,
        "cwd": repo,
        "hook_event_name": post_event if post else pre_event,
        "tool_name": tool,
        "tool_input": tool_input,
    }


def isolate(base: str) -> dict[str, str]:
    """Point every place caveat or git could read or record user state into ``base``,
    in this process's environment (guards read it) and in the returned mapping."""
    for name in ("CLAUDE_PLUGIN_DATA", "CLAUDE_PROJECT_DIR", "CAVEAT_DISABLE", "CAVEAT_STRICT",
                 "GEMINI_PROJECT_DIR", "QWEN_PROJECT_DIR", "CODEX_HOME"):  # fmt: skip
        os.environ.pop(name, None)
    os.environ.update(
        {
            "CAVEAT_STATE_DIR": os.path.join(base, "state"),
            "XDG_CONFIG_HOME": os.path.join(base, "config"),
            "XDG_STATE_HOME": os.path.join(base, "xdg-state"),
            "GIT_CONFIG_GLOBAL": os.devnull,
            "GIT_CONFIG_NOSYSTEM": "1",
        }
    )
    return dict(os.environ)


def advisory(finding: object, env: dict[str, str], root: str, event: str) -> str:
    from caveat.messages import render

    return render([finding], env, root, event)  # type: ignore[list-item]


def extension(rel: str) -> str:
    base = rel.rsplit("/", 1)[-1]
    ext = os.path.splitext(base)[1].lower()
    return ext or base


def replay(
    sources: list[Source], kinds: Sequence[str], harness: str, post: bool, seed: int,
    base: str,
) -> Totals:  # fmt: skip
    env = isolate(base)
    args = ["--contract", harness]
    rng = random.Random(seed)
    totals = Totals()
    by_project: dict[str, list[Source]] = collections.defaultdict(list)
    for source in sources:
        by_project[source.project].append(source)
    counter = 0
    for project, files in by_project.items():
        # one file per relative path: two roots can mirror to the same path
        unique = list({s.rel: s for s in files}.values())
        changes = {
            s.rel: mutate(s.text, rng, _kind(s.rel)) for s in unique
        } if "edit" in kinds else {}  # fmt: skip
        edited = {rel for rel, change in changes.items() if change is not None}
        for kind in kinds:
            # writes and edits get a repository each: a written file is new (absent and
            # untracked), an edited one is committed
            repo = make_repo(base, project, unique, edited if kind == "edit" else set())
            for source in unique:
                change = changes.get(source.rel)
                if kind == "edit" and change is None:
                    continue
                counter += 1
                _one(totals, env, args, repo, source, kind, post, change, harness, counter)
            shutil.rmtree(repo, ignore_errors=True)
    return totals


def _one(
    totals: Totals, env: dict[str, str], args: list[str], repo: str, source: Source,
    kind: str, post: bool, change: tuple[str, str] | None, harness: str, counter: int,
) -> None:  # fmt: skip
    """One payload through ``dispatch.run``, counted into ``totals``."""
    dest = os.path.join(repo, source.rel)
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    _stage(dest, source.text, kind, post, change)
    data = payload(harness, post, kind, repo, source.rel, f"replay-{counter}", source.text, change)
    _count(totals, env, args, data, kind, source.rel, "", repo, shown=source.path)
    _restore(dest, source.text, kind)


def _stage(dest: str, text: str, kind: str, post: bool, change: tuple[str, str] | None) -> None:
    """The disk as the hook sees it: before the tool (pre) or after it (post)."""
    if kind == "write":
        if post:
            _put(dest, text)
        elif os.path.exists(dest):
            os.unlink(dest)
    else:
        assert change is not None
        _put(dest, text.replace(change[0], change[1], 1) if post else text)


def _restore(dest: str, text: str, kind: str) -> None:
    if kind == "edit":
        _put(dest, text)
    elif os.path.exists(dest):
        os.unlink(dest)


def _put(dest: str, text: str) -> None:
    with open(dest, "w", encoding="utf-8", newline="") as handle:
        handle.write(text)


def report(totals: Totals, seconds: float, out: list[str]) -> None:
    files_by_kind: collections.Counter[str] = collections.Counter()
    for key, n in totals.files.items():
        files_by_kind[key.split(" ", 1)[0]] += n
    out.append(f"payloads {totals.payloads} in {seconds:.1f} s")
    for kind, n in sorted(files_by_kind.items()):
        fired = sum(v for k, v in totals.any_fired.items() if k.startswith(kind + " "))
        out.append(f"  {kind:6} {n:6} payloads, {fired:5} with an advisory ({_rate(fired, n)})")
    out.append("")
    out.append("fire rate per guard (payloads on which the guard spoke)")
    guards = sorted({g for g, _ in totals.fired})
    for guard in guards:
        for kind, n in sorted(files_by_kind.items()):
            fired = sum(
                v for (g, k), v in totals.fired.items() if g == guard and k.startswith(kind + " ")
            )
            if fired:
                out.append(f"  {guard:13} {kind:6} {fired:5} / {n:<6} {_rate(fired, n)}")
    if totals.overruns or totals.errors:
        out.append("")
        for guard, n in sorted(totals.overruns.items()):
            out.append(f"  overrun  {guard:13} {n}")
        for guard, n in sorted(totals.errors.items()):
            out.append(f"  error    {guard:13} {n}")
    out.append("")
    out.append("fire rate per file type (kind, extension: payloads, with an advisory, per guard)")
    for key, n in sorted(totals.files.items(), key=lambda kv: (-kv[1], kv[0])):
        fired = totals.any_fired.get(key, 0)
        per = ", ".join(f"{g} {v}" for (g, k), v in sorted(totals.fired.items()) if k == key)
        out.append(f"  {key:24} {n:6} {fired:5} {_rate(fired, n):>7}  {per}")
    out.append("")
    out.append(f"firings ({len(totals.firings)})")
    for f in sorted(totals.firings, key=lambda f: (f.guard, f.kind, f.file)):
        out.append(f"  {f.guard:13} {f.kind:5} {f.file}")
        out.append(f"  {'':13} {'':5} │ {f.line}")


def _rate(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "roots",
        nargs="*",
        help="folders to sample (default: site-packages and the standard library)",
    )
    parser.add_argument("--sample", type=int, default=1500, help="files to replay (default 1500)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--harness", choices=sorted(HARNESSES), default="claude")
    parser.add_argument(
        "--kinds", default="write,edit", help="write, edit or both (default write,edit)"
    )
    parser.add_argument(
        "--event", choices=("pre", "post"), default="pre", help="before or after the tool ran"
    )
    parser.add_argument("--json", metavar="FILE", help="also write the totals and firings as JSON")
    parser.add_argument("--history", metavar="DIR", help="a git work tree: replay its history")
    parser.add_argument("--commits", type=int, default=150, help="with --history (default 150)")
    args = parser.parse_args(argv)
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    if args.history:
        kinds = [] if args.kinds == "write,edit" else kinds
        if set(kinds) - {"history", "bash"}:
            parser.error("with --history, --kinds takes history, bash or history,bash")
        return _main_history(args, kinds or ["history", "bash"])
    if not kinds or set(kinds) - {"write", "edit"}:
        parser.error("--kinds takes write, edit or write,edit")
    roots = [os.path.abspath(r) for r in args.roots] or default_roots()
    missing = [r for r in roots if not os.path.isdir(r)]
    if missing:
        parser.error(f"not a folder: {', '.join(missing)}")
    started = time.perf_counter()
    sources = sample(roots, args.sample, args.seed)
    with tempfile.TemporaryDirectory(prefix="caveat-replay-") as base:
        totals = replay(sources, kinds, args.harness, args.event == "post", args.seed, base)
    lines = [f"roots {', '.join(roots)}; sample {len(sources)} files, seed {args.seed}, "
             f"harness {args.harness}, event {args.event}"]  # fmt: skip
    report(totals, time.perf_counter() - started, lines)
    print("\n".join(lines))
    _dump(args, roots, totals)
    return 0


def _main_history(args: argparse.Namespace, kinds: list[str]) -> int:
    import replay_history

    tree = os.path.abspath(args.history)
    if not os.path.isdir(os.path.join(tree, ".git")):
        print(f"not a git work tree: {tree}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="caveat-replay-") as base:
        env = isolate(base)
        totals = Totals()
        post = args.event == "post"
        if "history" in kinds:
            for n, change in enumerate(replay_history.changes(tree, args.commits)):
                _history_one(totals, env, args.harness, tree, change, post, n)
        if "bash" in kinds:
            for n, (rel, command) in enumerate(replay_history.commands(tree)):
                _bash_one(totals, env, args.harness, tree, rel, command, post, n)
    lines = [f"history {tree}; last {args.commits} commits, harness {args.harness}, "
             f"event {args.event}"]  # fmt: skip
    report(totals, time.perf_counter() - started, lines)
    print("\n".join(lines))
    _dump(args, [tree], totals)
    return 0


def _history_one(
    totals: Totals, env: dict[str, str], harness: str, tree: str, change: Change, post: bool,
    n: int,
) -> None:  # fmt: skip
    """One commit's change to one file, through ``dispatch.run``, the file on disk as
    the hook would see it, then restored."""
    dest = os.path.join(tree, change.rel)
    saved = read(dest) if os.path.isfile(dest) else None
    kind = change.kind
    pair = (change.old.rstrip("\n"), change.new.rstrip("\n")) if kind == "edit" else None
    try:
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        _stage(dest, change.text, kind, post, pair)
        data = payload(harness, post, kind, tree, change.rel, f"history-{n}", change.text, pair)
        shown = f"-{pair[0][:300]!r} +{pair[1][:300]!r}" if pair else "new file"
        detail = f"{change.commit[:10]} {shown}"
        _count(totals, env, ["--contract", harness], data, kind, change.rel, detail, tree)
    finally:
        if saved is not None:
            _put(dest, saved)
        elif os.path.exists(dest):
            os.unlink(dest)


def _bash_one(
    totals: Totals, env: dict[str, str], harness: str, tree: str, rel: str, command: str,
    post: bool, n: int,
) -> None:  # fmt: skip
    pre_event, post_event = HARNESSES[harness][:2]
    data: dict[str, object] = {
        "session_id": f"bash-{n}", "cwd": tree,
        "hook_event_name": post_event if post else pre_event,
        "tool_name": "Bash", "tool_input": {"command": command},
    }  # fmt: skip
    _count(totals, env, ["--contract", harness], data, "bash", rel, command[:600], tree)


def _count(
    totals: Totals, env: dict[str, str], args: list[str], data: dict[str, object], kind: str,
    rel: str, detail: str, tree: str, shown: str = "",
) -> None:  # fmt: skip
    """One payload through ``dispatch.run`` with the hook arguments ``args``, counted into
    ``totals``; a firing names ``shown`` (default: ``rel``)."""
    from caveat import dispatch

    outcome = dispatch.run(args, json.dumps(data).encode(), env)
    key = kind + " " + extension(rel)
    totals.payloads += 1
    totals.files[key] += 1
    for row in outcome.trace:
        if row.outcome == "overrun":
            totals.overruns[row.guard] += 1
        elif row.outcome == "error":
            totals.errors[row.guard] += 1
    event_name = outcome.event.name if outcome.event else "PreToolUse"
    guards = set()
    for finding in outcome.findings:
        guards.add(finding.guard)
        text = advisory(finding, env, tree, event_name)
        line = next((x.strip()[:200] for x in text.splitlines() if x.strip()), "(no text)")
        totals.firings.append(
            Firing(finding.guard, kind, shown or rel, extension(rel), line, detail, text[:2000])
        )
    for guard in guards:
        totals.fired[(guard, key)] += 1
    if guards:
        totals.any_fired[key] += 1


def _dump(args: argparse.Namespace, roots: list[str], totals: Totals) -> None:
    if args.json:
        data = {
            "roots": roots, "seed": args.seed, "harness": args.harness, "event": args.event,
            "payloads": totals.payloads,
            "files": dict(totals.files),
            "fired": {f"{g}|{k}": v for (g, k), v in totals.fired.items()},
            "overruns": dict(totals.overruns), "errors": dict(totals.errors),
            "firings": [f.__dict__ for f in totals.firings],
        }  # fmt: skip
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=1)


if __name__ == "__main__":
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    sys.exit(main())
