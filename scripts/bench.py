"""Benchmark the hook, and print one table of ratios.

Sections of the report:

- the hook as the harness runs it, a fresh process per call, silent and firing cases
  for each start-up form, interleaved with ``python -I -c pass`` (the floor) so that
  machine noise hits both alike: medians and the ratio to the floor (targets, not
  asserted here: silent ≤ 1.25×, firing ≤ 1.6×, and the first Write after a commit,
  which scans the index once for the new HEAD, ≤ 2×; a commit is made before each of
  its runs, untimed);
- each guard's ``check`` in process on one realistic firing payload, as a fraction of
  the floor, plus a 5 MB Write through ``dispatch.run`` and the knowledge-base check;
- linear time: each guard on adversarial content of 1, 4 and 16 MB, with the ratio of
  the 16 MB time to the 1 MB time (linear: 16; target ≤ 20; ``tests/test_scaling.py``
  asserts a generous bound on the same cases); slow, so ``--quick`` leaves it out;
- ``caveat serve`` latency (p50, p99) for 1 and 16 concurrent clients, from
  ``scripts/bench_serve.py`` when it is there.

    .venv/bin/python scripts/bench.py [--runs N] [--quick] [--json FILE] [--compare OLD]
    .venv/bin/python scripts/bench.py --scaling          # only the linear-time section

``--json`` writes the whole report with the machine, Python version, commit and time;
``--compare OLD.json`` prints each ratio beside the one in an older report.
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

import bench_cases as cases
import bench_report as report
import bench_scaling as scaling
from bench_report import Row
from bench_report import row

PROCESS = "hook as a process: median, × the floor (targets: silent ≤ 1.25, firing ≤ 1.6)"
IN_PROCESS = "in process: one call, × the floor"
LINEAR = "linear time: CPU ms at 16 MB, 16 MB / 1 MB (linear 16, target ≤ 20)"
SERVE = "caveat serve: latency, × the floor"


def _time(argv: list[str], data: bytes, env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(
        argv, input=data, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, check=True
    )
    return time.perf_counter() - start


def _say(message: str) -> None:
    """Progress goes to stderr, so that stdout holds the table alone."""
    print(message, file=sys.stderr, flush=True)


def process_rows(
    root: str, env: dict[str, str], runs: int, only: list[str] | None
) -> tuple[float, list[Row]]:
    """The floor in seconds, and one row per start-up form and case."""
    project = cases.hook_project(root)
    forms = cases.forms(sys.executable, root)
    if only:
        forms = {k: v for k, v in forms.items() if any(f in k for f in only)}
    payloads = cases.hook_cases(project)

    def encoded(payload: dict[str, object], session: str) -> bytes:
        # A fresh session per call: a firing case that reused one would be suppressed
        # as already advised after its first run, and time the silent path instead.
        return json.dumps({**payload, "session_id": session}).encode()

    def timed(form: list[str], name: str, data: bytes) -> float:
        prepare = cases.PREPARE.get(name)
        if prepare is not None:
            prepare(project)
        return _time(form, data, env)

    for name, payload in payloads.items():  # warm the parse cache and the OS file cache
        for form_name, form in forms.items():
            timed(form, name, encoded(payload, f"warm-{form_name}-{name}"))
    floor_argv = [sys.executable, "-I", "-c", "pass"]
    floor: list[float] = []
    samples: dict[tuple[str, str], list[float]] = {}
    for run in range(runs):
        floor.append(_time(floor_argv, b"", env))
        for form_name, form in forms.items():
            for name, payload in payloads.items():
                data = encoded(payload, f"run-{run}-{form_name}-{name}")
                samples.setdefault((form_name, name), []).append(timed(form, name, data))
    base = statistics.median(floor)
    rows = [row(PROCESS, "floor: python -I -c pass", base * 1000, 1.0, f"{runs} runs, interleaved")]
    for (form_name, name), times in samples.items():
        median = statistics.median(times)
        rows.append(row(PROCESS, f"{name} [{form_name}]", median * 1000, median / base))
    return base, rows


def in_process_rows(root: str, env: dict[str, str], base: float, runs: int) -> list[Row]:
    project = cases.guard_project(root)
    from caveat.trust_grant import record
    from caveat.trust_snapshot import Snapshot

    record(env, Snapshot(project))  # its .caveat/ policy, as `caveat trust` does
    rows = []
    for guard_id, data in cases.guard_cases(project).items():
        seconds, found = cases.time_guard(guard_id, data, project, env, runs)
        note = f"{found} finding(s)" if found else "SILENT: the payload no longer fires"
        rows.append(row(IN_PROCESS, f"guard {guard_id}", seconds * 1000, seconds / base, note))
    seconds = _dispatch_5mb(cases.hook_project(os.path.join(root, "big")), env)
    rows.append(row(IN_PROCESS, "dispatch.run, 5 MB Write", seconds * 1000, seconds / base))
    for name, seconds in _hold_record(cases.hook_project(os.path.join(root, "hold")), env):
        rows.append(row(IN_PROCESS, name, seconds * 1000, seconds / base))
    seconds = _knowledge_check(project)
    note = "project without a knowledge base"
    rows.append(row(IN_PROCESS, "knowledge-base drift check", seconds * 1000, seconds / base, note))
    name = "header verdict scan, 100,000-file index"
    large = cases.large_repository()
    if large is None:
        rows.append(row(IN_PROCESS, name, None, None, "n/a (no /dev/shm to build it in)"))
        return rows
    try:
        seconds = cases.time_header_scan(large)
    finally:
        shutil.rmtree(large, ignore_errors=True)
    note = "once per HEAD; the header guard's budget is 2 s"
    rows.append(row(IN_PROCESS, name, seconds * 1000, seconds / base, note))
    return rows


def _dispatch_5mb(project: str, env: dict[str, str]) -> float:
    from caveat import dispatch

    line = "value = compute(item) + other_value  # plain code, no primitives\n"
    content = line * (5 * 1024 * 1024 // len(line)) + "data = pickle.loads(blob)\n"
    tool_input = {"file_path": f"{project}/src/big.py", "content": content}
    payload = {"cwd": project, "hook_event_name": "PreToolUse", "tool_name": "Write"}
    data = json.dumps({**payload, "tool_input": tool_input}).encode()
    dispatch.run([], data, env)  # warm imports
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        dispatch.run([], data, env)
        best = min(best, time.perf_counter() - start)
    return best


def _hold_record(project: str, env: dict[str, str], calls: int = 300) -> list[tuple[str, float]]:
    """Mean time of a hold's record: made (the first call of a command in a session),
    and looked up (the same command again)."""
    from caveat import hold
    from caveat.event import Event
    from caveat.event import Finding
    from caveat.harnesses import claude

    def event(session: str) -> Event:
        return Event(
            "PreToolUse", tool="Bash", command="git reset --hard HEAD~1", cwd=project,
            session_id=session,
        )  # fmt: skip

    found = [Finding({}, key="reset --hard <commit>", guard="git", hold=True)]
    made = 0.0
    for i in range(calls):
        start = time.perf_counter()
        verdict = hold.decide(env, event(f"bench-hold-{i}"), found, None, claude, project)
        made += time.perf_counter() - start
        assert verdict.kind == hold.HELD, verdict.why
    looked = 0.0
    for _ in range(calls):
        start = time.perf_counter()
        verdict = hold.decide(env, event("bench-hold-0"), found, None, claude, project)
        looked += time.perf_counter() - start
        assert verdict.releases, verdict.why
    return [("hold: record made", made / calls), ("hold: retry looked up", looked / calls)]


def _knowledge_check(project: str, calls: int = 2000) -> float:
    """Mean time of the SessionStart drift check where no knowledge base exists."""
    from caveat.guards.sessionstart import knowledge

    knowledge.check(project)
    start = time.perf_counter()
    for _ in range(calls):
        knowledge.check(project)
    return (time.perf_counter() - start) / calls


def linear_rows(root: str, env: dict[str, str]) -> list[Row]:
    folder = scaling.project(root)
    from caveat import trust_grant
    from caveat import trust_snapshot

    trust_grant.record(env, trust_snapshot.Snapshot(folder))  # its custom rule is project policy
    rows = []
    for case in scaling.CASES:
        _say(f"  scaling {case[0]} / {case[1]}")
        times = scaling.measure(folder, env, case)
        pairs = zip(scaling.SIZES, times, strict=True)
        note = " / ".join(f"{size} MB {t * 1000:.0f}" for size, t in pairs) + " ms"
        if times[-1] < times[0] / 2:
            note += " (16 MB is over the guard's size limit: not read)"
        ratio = times[-1] / max(times[0], 1e-6)
        rows.append(row(LINEAR, f"{case[0]}: {case[1]}", times[-1] * 1000, ratio, note))
    return rows


def serve_rows(base: float, runs: int) -> list[Row]:
    """p50 and p99 for 1 and 16 clients, or one n/a row while ``caveat serve`` (or its
    benchmark) is not there."""
    try:
        from bench_serve import latency
    except ImportError:
        return [row(SERVE, "latency", None, None, "n/a (caveat serve not available)")]
    rows = []
    for clients in (1, 16):
        try:
            result = latency(clients, max(100, runs * 5))
        except Exception as exc:  # the server may be missing or broken: report, go on
            rows.append(row(SERVE, f"{clients} client(s)", None, None, f"n/a ({exc})"[:80]))
            continue
        note = f"serve floor {result.get('floor_ms', float('nan')):.2f} ms"
        for key in ("p50_ms", "p99_ms"):
            ms = result[key]
            name = f"{clients} client(s), {key[:3]}"
            rows.append(row(SERVE, name, ms, ms / (base * 1000), note))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=40, help="subprocess runs per case")
    parser.add_argument("--json", help="also write the report to this file")
    parser.add_argument("--compare", help="a report written earlier with --json")
    parser.add_argument(
        "--form", action="append", help="only start-up forms whose name contains this"
    )
    parser.add_argument("--quick", action="store_true", help="leave out the linear-time cases")
    parser.add_argument("--scaling", action="store_true", help="only the linear-time cases")
    opts = parser.parse_args(argv)
    old = report.read(opts.compare) if opts.compare else None

    root = tempfile.mkdtemp(prefix="caveat-bench-")
    try:
        env = dict(os.environ, CAVEAT_STATE_DIR=os.path.join(root, "state"))
        env.pop("CAVEAT_DISABLE", None)
        rows: list[Row] = []
        if not opts.scaling:
            _say("timing the hook as a process …")
            base, found = process_rows(root, env, opts.runs, opts.form)
            rows += found
            _say("timing guards in process …")
            rows += in_process_rows(root, env, base, max(5, opts.runs // 4))
            _say("timing caveat serve …")
            rows += serve_rows(base, opts.runs)
        if not opts.quick:
            _say("timing guards on 1, 4 and 16 MB …")
            rows += linear_rows(root, env)
        result: dict[str, object] = {"meta": {**report.machine(), "runs": opts.runs}, "rows": rows}
        print(report.render(result, old))
        if opts.json:
            report.write(opts.json, result)
        return 0
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
