"""Benchmark the hook as the harness runs it: a fresh process per call.

Each case is timed as a subprocess, interleaved with ``python -I -c pass`` on the
same interpreter (the floor), so that machine noise hits both alike; the report gives
medians and the ratio to the floor. It also times one 5 MB Write in-process.

    .venv/bin/python scripts/bench.py [--runs N] [--json FILE]
    .venv/bin/python scripts/bench.py --scaling [--json FILE]

Targets (not asserted here): silent ≤ 1.3× the floor, firing ≤ 2×. ``--scaling`` only
times each guard's ``check`` in-process on adversarial content of 1, 4 and 16 MB and
prints the ratio of the 16 MB time to the 1 MB time (linear: 16; target ≤ 20);
``tests/test_scaling.py`` asserts a generous bound on the same cases.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from collections.abc import Mapping


def _project(root: str) -> str:
    """A small committed repository, like the ones the hook runs in."""
    from caveat.commands.demo import make_repository

    project = os.path.join(root, "project")
    os.makedirs(os.path.join(project, "src"))
    with open(os.path.join(project, "package.json"), "w") as handle:
        handle.write('{\n  "name": "demo",\n  "dependencies": {\n    "react": "^18.2.0"\n  }\n}\n')
    with open(os.path.join(project, "src", "main.py"), "w") as handle:
        handle.write("print('hello')\n")
    make_repository(project)
    return project


def _cases(project: str) -> dict[str, dict[str, object]]:
    def tool(name: str, tool_input: dict[str, object]) -> dict[str, object]:
        return {
            "session_id": "bench",
            "cwd": project,
            "hook_event_name": "PreToolUse",
            "tool_name": name,
            "tool_input": tool_input,
        }

    package = (
        '{\n  "name": "demo",\n  "dependencies": {\n'
        '    "react": "^18.2.0",\n    "lodash": "^4.17.21"\n  }\n}\n'
    )
    return {
        "silent Write (notes.md)": tool(
            "Write", {"file_path": f"{project}/notes.md", "content": "# Notes\n\nhello\n"}
        ),
        "silent Write (src/app.py)": tool(
            "Write",
            {"file_path": f"{project}/src/app.py", "content": "def add(a, b):\n    return a + b\n"},
        ),
        "silent Bash (git status)": tool("Bash", {"command": "git status --short"}),
        "firing dependency Write": tool(
            "Write", {"file_path": f"{project}/package.json", "content": package}
        ),
        "firing eval Write": tool(
            "Write",
            {
                "file_path": f"{project}/src/load.py",
                "content": "import pickle\n\n\ndef load(blob):\n    return pickle.loads(blob)\n",
            },
        ),
        "firing Bash (npm i lodash)": tool("Bash", {"command": "npm install lodash"}),
    }


def _forms(python: str) -> dict[str, list[str]]:
    import caveat

    launcher = os.path.join(os.path.dirname(caveat.__file__), "_launch.py")
    forms = {
        "python -I caveat/_launch.py": [python, "-I", launcher],
        "python -I -m caveat hook": [python, "-I", "-m", "caveat", "hook"],
    }
    script = shutil.which("caveat", path=os.path.dirname(python))
    if script:
        forms["caveat hook (console script)"] = [script, "hook"]
    return forms


def _time(argv: list[str], data: bytes, env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(
        argv, input=data, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, check=True
    )
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument(
        "--form",
        action="append",
        help="only start-up forms whose name contains this (repeatable)",
    )
    parser.add_argument(
        "--scaling",
        action="store_true",
        help="only time each guard on adversarial content of 1, 4 and 16 MB",
    )
    opts = parser.parse_args(argv)
    if opts.scaling:
        return _scaling(opts.json)

    python = sys.executable
    root = tempfile.mkdtemp(prefix="caveat-bench-")
    try:
        project = _project(root)
        env = dict(os.environ, CAVEAT_STATE_DIR=os.path.join(root, "state"))
        env.pop("CAVEAT_DISABLE", None)
        floor_argv = [python, "-I", "-c", "pass"]
        cases = _cases(project)
        forms = _forms(python)
        if opts.form:
            forms = {k: v for k, v in forms.items() if any(f in k for f in opts.form)}
        payloads = {name: json.dumps(p).encode() for name, p in cases.items()}
        # Warm the parse cache and the OS file cache once per case.
        for data in payloads.values():
            for form in forms.values():
                _time(form, data, env)
        floor: list[float] = []
        samples: dict[tuple[str, str], list[float]] = {}
        for _ in range(opts.runs):
            floor.append(_time(floor_argv, b"", env))
            for form_name, form in forms.items():
                for name, data in payloads.items():
                    samples.setdefault((form_name, name), []).append(_time(form, data, env))
        base = statistics.median(floor)
        results: dict[str, object] = {"floor_ms": base * 1000, "runs": opts.runs, "cases": []}
        print(
            f"floor: python -I -c pass  median {base * 1000:.1f} ms"
            f"  ({opts.runs} runs, interleaved)"
        )
        print(f"{'start-up form':30} {'case':30} {'median ms':>10} {'× floor':>8}")
        for (form_name, name), times in samples.items():
            median = statistics.median(times)
            print(f"{form_name:30} {name:30} {median * 1000:10.1f} {median / base:8.2f}")
            results["cases"].append(  # type: ignore[union-attr]
                {
                    "form": form_name,
                    "case": name,
                    "median_ms": median * 1000,
                    "ratio": median / base,
                }
            )
        in_process = _in_process(project, env)
        print(f"in-process dispatch of a 5 MB Write (src/big.py): {in_process * 1000:.1f} ms")
        results["in_process_5mb_ms"] = in_process * 1000
        drift = _knowledge_check(project)
        print(f"knowledge-base drift check, project without a base: {drift * 1e6:.0f} µs per call")
        results["kb_check_no_base_us"] = drift * 1e6
        if opts.json:
            with open(opts.json, "w") as handle:
                json.dump(results, handle, indent=2)
        return 0
    finally:
        shutil.rmtree(root, ignore_errors=True)


def _knowledge_check(project: str, calls: int = 2000) -> float:
    """Mean time of the SessionStart drift check where no knowledge base exists."""
    from caveat.session import knowledge

    knowledge.check(project)
    start = time.perf_counter()
    for _ in range(calls):
        knowledge.check(project)
    return (time.perf_counter() - start) / calls


def _in_process(project: str, env: dict[str, str]) -> float:
    from caveat.hook import dispatch

    line = "value = compute(item) + other_value  # plain code, no primitives\n"
    content = line * (5 * 1024 * 1024 // len(line))
    payload = json.dumps(
        {
            "cwd": project,
            "hook_event_name": "PreToolUse",
            "tool_name": "Write",
            "tool_input": {
                "file_path": f"{project}/src/big.py",
                "content": content + "data = pickle.loads(blob)\n",
            },
        }
    ).encode()
    dispatch([], payload, env)  # warm imports
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        dispatch([], payload, env)
        best = min(best, time.perf_counter() - start)
    return best


# --- linear time: adversarial content per guard (``--scaling``) -------------------------

MB = 1024 * 1024
SCALING_SIZES = (1, 4, 16)
_RULE = (
    "---\ntools: [Write, Bash]\ncontent: 'TODO\\(caveat-bench\\)'\n---\n# bench\n\n"
    "## Advisory\nmatch={match} in {path}\n\n## Procedure\nx\n"
)


def _fill(unit: str, size: int) -> str:
    """``unit`` repeated to ``size`` characters."""
    return (unit * (size // len(unit) + 1))[:size]


def _package_json(size: int) -> str:
    entry = '    "pkg-{0:07d}": "^1.0.{0}",\n'
    count = max(1, size // len(entry.format(0)))
    body = "".join(entry.format(i) for i in range(count)).rstrip(",\n")
    return '{\n  "name": "x",\n  "dependencies": {\n' + body + "\n  }\n}\n"


def _requirements(size: int) -> str:
    return _fill("pkg-a==1.0 ; python_version >= '3' \\\n", size)


# (guard id, case name, tool, relative path or "" for a command, content of n characters)
SCALING_CASES: tuple[tuple[str, str, str, str, Callable[[int], str]], ...] = (
    ("dependency", "package.json 100k+ keys", "Write", "package.json", _package_json),
    ("dependency", "requirements continuations", "Write", "requirements.txt", _requirements),
    ("dependency", "pip install × N", "Bash", "", lambda n: _fill("pip install a ; ", n)),
    ("dependency", "quote storm", "Bash", "", lambda n: "npm i " + _fill('"', n)),
    ("eval", "eval( × N", "Write", "src/x.py", lambda n: _fill("eval(", n)),
    ("eval", "unterminated triple quote", "Write", "src/x.py", lambda n: '"""' + _fill("a", n)),
    ("eval", "nested brackets", "Write", "src/x.js", lambda n: _fill("([{", n)),
    ("eval", "$( × N", "Bash", "", lambda n: "eval " + _fill("$(", n)),
    ("eval", "curl | sh × N", "Bash", "", lambda n: _fill("curl x | sh; ", n)),
    ("conformity", "settings.json (((", "Write", ".claude/settings.json", lambda n: _fill("(", n)),
    ("conformity", "CLAUDE.md token-ish", "Write", "CLAUDE.md", lambda n: _fill("token: ", n)),
    ("conformity", "SKILL.md front matter", "Write", ".claude/skills/s/SKILL.md",
     lambda n: "---\n" + _fill("name: a\n", n)),
    ("git", "git words × N", "Bash", "", lambda n: _fill("git ", n)),
    ("git", "push --force × N", "Bash", "", lambda n: _fill("git push --force origin main && ", n)),
    ("git", "unterminated string", "Bash", "", lambda n: "git commit -m '" + _fill("a", n)),
    ("plan", "plan markers", "Write", "PLAN.md", lambda n: _fill("## Phase 1\n- [ ] step\n", n)),
    ("plan", "long line", "Write", "docs/plan.md", lambda n: _fill("x", n)),
    ("plan-bash", "heredoc storm", "Bash", "", lambda n: "cat > PLAN.md " + _fill("<<EOF\n", n)),
    ("plan-bash", "redirect storm", "Bash", "", lambda n: _fill("echo a > PLAN.md; ", n)),
    ("tracking-ids", "ids × N", "Write", "src/x.py", lambda n: _fill("# ABC-123 Phase-A1\n", n)),
    ("tracking-ids", "upper dash storm", "Write", "src/x.py", lambda n: _fill("ABCDE-", n)),
    ("header", "comment storm", "Write", "src/x.py", lambda n: _fill("# ", n)),
    ("header", "block comment open", "Write", "src/x.c", lambda n: "/*" + _fill("*", n)),
    ("custom", "near-miss rule matches", "Write", "src/x.py", lambda n: _fill("TODO(", n)),
    ("custom", "near-miss in command", "Bash", "", lambda n: _fill("TODO(caveat ", n)),
    ("askuser", "huge question", "AskUserQuestion", "", lambda n: _fill("Which one? (", n)),
)  # fmt: skip


def scaling_project(root: str) -> str:
    """A git root with one custom rule (so the custom guard has something to match)."""
    project = os.path.join(root, "project")
    os.makedirs(os.path.join(project, ".git"), exist_ok=True)
    os.makedirs(os.path.join(project, ".caveat", "rules"), exist_ok=True)
    with open(os.path.join(project, ".caveat", "rules", "bench.md"), "w") as handle:
        handle.write(_RULE)
    return project


def scaling_payload(project: str, tool: str, rel: str, content: str) -> dict[str, object]:
    if tool == "Bash":
        tool_input: dict[str, object] = {"command": content}
    elif tool == "AskUserQuestion":
        options = [{"label": "a", "description": "x"}, {"label": "b (Recommended)"}]
        tool_input = {"questions": [{"question": content, "header": "h", "options": options}]}
    else:
        tool_input = {"file_path": os.path.join(project, rel), "content": content}
    return {
        "session_id": "bench",
        "cwd": project,
        "hook_event_name": "PreToolUse",
        "tool_name": tool,
        "tool_input": tool_input,
    }


def time_check(guard_id: str, payload: dict[str, object], env: Mapping[str, str]) -> float:
    """Seconds one ``check`` of guard ``guard_id`` takes on ``payload`` (in-process);
    the result must be a list."""
    from caveat.contracts import claude
    from caveat.guards import REGISTRY
    from caveat.guards.base import Context

    guard = next(spec for spec in REGISTRY if spec.id == guard_id).load()
    event = claude.normalize(payload, "", env)
    if event is None:
        raise ValueError(f"not an event: {payload!r:.200}")
    start = time.perf_counter()
    found = guard.check(event, Context(event, env))
    elapsed = time.perf_counter() - start
    if not isinstance(found, list):
        raise TypeError(f"{guard_id}.check returned {type(found).__name__}")
    return elapsed


def _scaling(json_file: str | None) -> int:
    root = tempfile.mkdtemp(prefix="caveat-scaling-")
    try:
        project = scaling_project(root)
        env = dict(os.environ, CAVEAT_STATE_DIR=os.path.join(root, "state"))
        env.pop("CAVEAT_DISABLE", None)
        rows = []
        head = f"{'guard':13} {'case':30}" + "".join(f"{s:>7} MB" for s in SCALING_SIZES)
        print(head + f"{'16/1':>8}")
        for guard_id, name, tool, rel, make in SCALING_CASES:
            times = []
            for size in SCALING_SIZES:
                payload = scaling_payload(project, tool, rel, make(size * MB))
                times.append(min(time_check(guard_id, payload, env) for _ in range(2)))
            ratio = times[-1] / max(times[0], 1e-6)
            cells = "".join(f"{t * 1000:8.0f}ms" for t in times)
            print(f"{guard_id:13} {name:30}{cells}{ratio:8.1f}")
            rows.append({"guard": guard_id, "case": name, "seconds": times, "ratio": ratio})
        if json_file:
            with open(json_file, "w") as handle:
                json.dump({"scaling": rows}, handle, indent=2)
        return 0
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
