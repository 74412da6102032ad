"""Benchmark the hook as the harness runs it: a fresh process per call.

Each case is timed as a subprocess, interleaved with ``python -I -c pass`` on the
same interpreter (the floor), so that machine noise hits both alike; the report gives
medians and the ratio to the floor. It also times one 5 MB Write in-process.

    .venv/bin/python scripts/bench.py [--runs N] [--json FILE]

Targets (not asserted anywhere): silent ≤ 1.3× the floor, firing ≤ 2×.
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
    opts = parser.parse_args(argv)

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


if __name__ == "__main__":
    raise SystemExit(main())
