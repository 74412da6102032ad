"""Round-trip latency of ``caveat serve``, under 1 and 16 concurrent clients.

    .venv/bin/python scripts/bench_serve.py [--requests N] [--workers N] [--json FILE]

Each call to ``latency`` starts a server (fresh state folder, a small committed
project), warms it up, then fires ``requests`` POSTs from ``clients`` threads, each
on a fresh connection: the server answers one request per connection and closes it
(so that an idle keep-alive client cannot hold a single-threaded worker), which is
also what a harness gets. A round trip is connect, send, read to the close. The same
run times ``python -I -c pass`` as the floor a hook process cannot beat, so the
report can give each percentile as a ratio to it. ``scripts/bench.py`` imports
``latency`` from here.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from typing import Any

from caveat.commands.demo import make_repository
from caveat.serve import ensure_token

FLOOR_RUNS = 10
WARM_UP = 20


def _project(root: str) -> str:
    project = os.path.join(root, "project")
    os.makedirs(os.path.join(project, "src"))
    with open(os.path.join(project, "package.json"), "w") as handle:
        handle.write('{\n  "name": "demo",\n  "dependencies": {\n    "react": "^18.2.0"\n  }\n}\n')
    make_repository(project)
    return project


PLACEHOLDER = "{project}"  # in a payload, replaced by the bench project's path


def silent_write(project: str = PLACEHOLDER) -> dict[str, Any]:
    return {
        "session_id": "bench",
        "cwd": project,
        "hook_event_name": "PreToolUse",
        "tool_name": "Write",
        "tool_input": {"file_path": f"{project}/notes.md", "content": "# Notes\n\nhello\n"},
    }


def firing_write(project: str = PLACEHOLDER) -> dict[str, Any]:
    package = '{\n  "dependencies": {\n    "react": "^18.2.0",\n    "lodash": "^4.17.21"\n  }\n}\n'
    return {
        "session_id": "bench",
        "cwd": project,
        "hook_event_name": "PreToolUse",
        "tool_name": "Write",
        "tool_input": {"file_path": f"{project}/package.json", "content": package},
    }


def floor_ms(runs: int = FLOOR_RUNS) -> float:
    """Median wall time of ``python -I -c pass``: what any hook process costs."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-I", "-c", "pass"], check=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


class _Server:
    def __init__(self, root: str, workers: int | None) -> None:
        self.env = dict(os.environ, CAVEAT_STATE_DIR=os.path.join(root, "state"))
        self.env.pop("CAVEAT_DISABLE", None)
        port_file = os.path.join(root, "port")
        command = [sys.executable, "-I", "-m", "caveat", "serve", "--port", "0"]
        command += ["--port-file", port_file]
        if workers:
            command += ["--workers", str(workers)]
        self.log = open(os.path.join(root, "server.log"), "wb")  # noqa: SIM115
        self.proc = subprocess.Popen(command, env=self.env, stderr=self.log)
        deadline = time.monotonic() + 30
        while not os.path.exists(port_file):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"caveat serve did not start (see {self.log.name})")
            time.sleep(0.02)
        with open(port_file) as handle:
            self.port = int(handle.read())
        self.token = ensure_token(self.env)

    def request(self, path: str, body: bytes) -> bytes:
        head = (
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
            f"Authorization: Bearer {self.token}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        )
        return head.encode() + body

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(timeout=30)
        self.log.close()


def _round_trip(port: int, request: bytes) -> tuple[float, bool]:
    """Seconds from connect to close, and whether the hook said anything."""
    started = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=60) as sock:
        sock.sendall(request)
        answer = bytearray()
        while chunk := sock.recv(65536):
            answer += chunk
    elapsed = time.perf_counter() - started
    if not answer.startswith(b"HTTP/1.1 200 "):
        raise RuntimeError(f"unexpected answer: {bytes(answer[:80])!r}")
    return elapsed, not answer.endswith(b"\r\n\r\n")


def _percentile(sorted_ms: list[float], p: float) -> float:
    """Nearest rank."""
    rank = max(1, math.ceil(p / 100 * len(sorted_ms)))
    return sorted_ms[rank - 1]


def latency(
    clients: int,
    requests: int,
    payload: dict[str, Any] | None = None,
    *,
    path: str = "/hook/claude/PreToolUse",
    workers: int | None = None,
    fresh_sessions: bool = False,
) -> dict[str, float]:
    """Round-trip percentiles (ms) of ``requests`` POSTs of ``payload`` (default: a
    silent Write in a small project, whose path replaces ``{project}`` in a payload;
    a payload without ``cwd`` gets it as its ``cwd``)
    from ``clients`` threads, plus ``floor_ms`` and the ratios to it. With
    ``fresh_sessions`` every request has its own session id, so that a firing payload
    keeps firing instead of being advised once."""
    root = tempfile.mkdtemp(prefix="caveat-bench-serve-")
    try:
        project = _project(root)
        text = json.dumps(payload if payload is not None else silent_write())
        base = json.loads(text.replace(PLACEHOLDER, json.dumps(project)[1:-1]))
        base.setdefault("cwd", project)
        server = _Server(root, workers)
        try:
            counter = iter(range(10**9))
            lock = threading.Lock()

            def body() -> bytes:
                data = dict(base)
                if fresh_sessions:
                    with lock:
                        data["session_id"] = f"bench-{next(counter)}"
                return server.request(path, json.dumps(data).encode())

            for _ in range(WARM_UP):  # every worker past its first request
                _round_trip(server.port, body())
            trips = _fire(clients, requests, lambda: _round_trip(server.port, body()))
        finally:
            server.stop()
    finally:
        shutil.rmtree(root, ignore_errors=True)
    floor = floor_ms()
    ordered = sorted(t * 1000 for t, _ in trips)
    p50, p99 = _percentile(ordered, 50), _percentile(ordered, 99)
    return {
        "clients": float(clients),
        "requests": float(len(ordered)),
        "p50_ms": p50,
        "p99_ms": p99,
        "max_ms": ordered[-1],
        "mean_ms": statistics.fmean(ordered),
        "spoke": sum(spoke for _, spoke in trips) / len(trips),  # share of non-empty answers
        "floor_ms": floor,
        "p50_ratio": p50 / floor,
        "p99_ratio": p99 / floor,
    }


def _fire(
    clients: int, requests: int, one: Callable[[], tuple[float, bool]]
) -> list[tuple[float, bool]]:
    """``requests`` calls of ``one`` shared out among ``clients`` threads started
    together; what each returned."""
    times: list[tuple[float, bool]] = []
    errors: list[BaseException] = []
    barrier = threading.Barrier(clients)
    shares = [requests // clients + (i < requests % clients) for i in range(clients)]

    def client(share: int) -> None:
        mine = []
        barrier.wait()
        try:
            for _ in range(share):
                mine.append(one())
        except BaseException as exc:
            errors.append(exc)
        times.extend(mine)

    threads = [threading.Thread(target=client, args=(share,)) for share in shares]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=400, help="per row (default: 400)")
    parser.add_argument("--workers", type=int, help="server workers (default: serve's own)")
    parser.add_argument("--json", metavar="FILE", help="also write the rows as JSON")
    opts = parser.parse_args(argv)
    rows: list[tuple[str, dict[str, float]]] = []
    # The firing Write has a session of its own per request: advice is given once.
    cases = [("silent Write", silent_write(), False), ("firing Write", firing_write(), True)]
    for name, payload, fresh in cases:
        for clients in (1, 16):
            result = latency(
                clients, opts.requests, payload, workers=opts.workers, fresh_sessions=fresh
            )
            rows.append((name, result))
    workers = opts.workers or "default"
    print(
        f"caveat serve round trips: fresh connection per request, {workers} workers, "
        f"{opts.requests} requests per row"
    )
    print(
        f"{'case':<14}{'clients':>8}{'p50 ms':>9}{'p99 ms':>9}"
        f"{'p50/floor':>11}{'p99/floor':>11}{'answered':>10}"
    )
    for name, r in rows:
        print(
            f"{name:<14}{int(r['clients']):>8}{r['p50_ms']:>9.2f}{r['p99_ms']:>9.2f}"
            f"{r['p50_ratio']:>10.2f}×{r['p99_ratio']:>10.2f}×{r['spoke']:>10.0%}"
        )
    floors = [r["floor_ms"] for _, r in rows]
    print(f"floor (python -I -c pass, median per row): {min(floors):.1f}-{max(floors):.1f} ms")
    if opts.json:
        with open(opts.json, "w", encoding="utf-8") as handle:
            json.dump([{"case": name, **r} for name, r in rows], handle, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
