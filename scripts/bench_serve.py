"""Round-trip latency of ``caveat serve`` at 1, 20 and 200 concurrent clients, with
and without 8 idle connections held open.

    .venv/bin/python scripts/bench_serve.py [--requests N] [--workers N] [--firing]
        [--src DIR] [--json FILE]

Each call to ``latency`` starts a server (fresh state folder, a small committed
project), warms it up, then fires ``requests`` POSTs from ``clients`` threads, each
on a fresh connection: the server answers one request per connection and closes it,
which is also what a harness gets. A round trip is connect, send, read to the close;
one that fails or takes over ``TRIP_TIMEOUT_S`` is counted, not timed. With ``idle``,
that many connections send half a request head and wait, each reopened as soon as
the server closes it, for the whole measurement: what a local process can do to
starve the server without a token. A row stops starting round trips after
``ROW_BUDGET_S`` and reports how many it made. The same run times ``python -I -c pass`` as the
floor a hook process cannot beat, so the report can give each percentile as a ratio
to it. ``--src`` runs the server from another source tree (another checkout's
``src``) with this interpreter, to compare two versions. ``scripts/bench.py``
imports ``latency`` from here.
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
TRIP_TIMEOUT_S = 60.0
ROW_BUDGET_S = 60.0  # no new round trip starts past it: a starved server ends a row early
CLIENTS = (1, 20, 200)
IDLE = 8
HALF_HEAD = b"POST /hook/claude/PreToolUse HTTP/1.1\r\nHost: 127.0.0.1\r\n"


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
    def __init__(self, root: str, workers: int | None, src: str | None = None) -> None:
        self.env = dict(os.environ, CAVEAT_STATE_DIR=os.path.join(root, "state"))
        self.env.pop("CAVEAT_DISABLE", None)
        port_file = os.path.join(root, "port")
        command = [sys.executable, "-I", "-m", "caveat"]
        if src:
            code = f"import sys; sys.path.insert(0, {src!r}); from caveat.cli import main; "
            command = [sys.executable, "-I", "-c", code + "sys.exit(main(sys.argv[1:]))"]
        command += ["serve", "--port", "0", "--port-file", port_file]
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


def _round_trip(port: int, request: bytes) -> tuple[float, bool] | None:
    """Seconds from connect to close, and whether the hook said anything; None when
    the round trip failed or timed out."""
    started = time.perf_counter()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=TRIP_TIMEOUT_S) as sock:
            sock.sendall(request)
            answer = bytearray()
            while chunk := sock.recv(65536):
                answer += chunk
    except OSError:
        return None
    elapsed = time.perf_counter() - started
    if not answer.startswith(b"HTTP/1.1 200 "):
        raise RuntimeError(f"unexpected answer: {bytes(answer[:80])!r}")
    return elapsed, not answer.endswith(b"\r\n\r\n")


class _Idlers:
    """``count`` connections, each sending half a head and waiting; each one the
    server closes is opened again at once."""

    def __init__(self, port: int, count: int) -> None:
        self.port = port
        self.stopping = threading.Event()
        self.ready = threading.Barrier(count + 1)
        self.threads = [threading.Thread(target=self._hold, daemon=True) for _ in range(count)]

    def __enter__(self) -> _Idlers:
        for thread in self.threads:
            thread.start()
        if self.threads:
            self.ready.wait(TRIP_TIMEOUT_S)
            time.sleep(0.2)  # accepted and read by now
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopping.set()
        for thread in self.threads:
            thread.join(TRIP_TIMEOUT_S)

    def _hold(self) -> None:
        first = True
        while not self.stopping.is_set():
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=5) as sock:
                    sock.sendall(HALF_HEAD)
                    if first:
                        first = False
                        self.ready.wait(TRIP_TIMEOUT_S)
                    sock.settimeout(0.1)
                    while not self.stopping.is_set():
                        try:
                            if not sock.recv(4096):
                                break
                        except TimeoutError:
                            continue
            except OSError:
                time.sleep(0.01)


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
    idle: int = 0,
    src: str | None = None,
) -> dict[str, float]:
    """Round-trip percentiles (ms) of ``requests`` POSTs of ``payload`` (default: a
    silent Write in a small project, whose path replaces ``{project}`` in a payload;
    a payload without ``cwd`` gets it as its ``cwd``)
    from ``clients`` threads, plus ``floor_ms`` and the ratios to it, while ``idle``
    half-sent connections are held open. With ``fresh_sessions`` every request has
    its own session id, so that a firing payload keeps firing instead of being
    advised once."""
    root = tempfile.mkdtemp(prefix="caveat-bench-serve-")
    try:
        project = _project(root)
        text = json.dumps(payload if payload is not None else silent_write())
        base = json.loads(text.replace(PLACEHOLDER, json.dumps(project)[1:-1]))
        base.setdefault("cwd", project)
        server = _Server(root, workers, src)
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
            with _Idlers(server.port, idle):
                started = time.perf_counter()
                results = _fire(
                    clients,
                    requests,
                    lambda: _round_trip(server.port, body()),
                    started + ROW_BUDGET_S,
                )
                wall = time.perf_counter() - started
        finally:
            server.stop()
    finally:
        shutil.rmtree(root, ignore_errors=True)
    floor = floor_ms()
    trips = [trip for trip in results if trip is not None]
    # A failed round trip counts as the slowest: the percentiles never flatter.
    ordered = sorted(t * 1000 for t, _ in trips) + [math.inf] * (len(results) - len(trips))
    p50, p99 = _percentile(ordered, 50), _percentile(ordered, 99)
    return {
        "clients": float(clients),
        "idle": float(idle),
        "requests": float(len(ordered)),
        "failed": float(len(results) - len(trips)),
        "wall_s": wall,
        "p50_ms": p50,
        "p99_ms": p99,
        "max_ms": ordered[-1],
        "mean_ms": statistics.fmean(ordered),
        "spoke": sum(spoke for _, spoke in trips) / max(1, len(trips)),  # non-empty answers
        "floor_ms": floor,
        "p50_ratio": p50 / floor,
        "p99_ratio": p99 / floor,
    }


def _fire(
    clients: int,
    requests: int,
    one: Callable[[], tuple[float, bool] | None],
    stop_at: float = math.inf,
) -> list[tuple[float, bool] | None]:
    """``requests`` calls of ``one`` shared out among ``clients`` threads started
    together, each making at least one, and none starting past ``stop_at``
    (``time.perf_counter``); what each returned."""
    times: list[tuple[float, bool] | None] = []
    errors: list[BaseException] = []
    barrier = threading.Barrier(clients)
    shares = [requests // clients + (i < requests % clients) for i in range(clients)]

    def client(share: int) -> None:
        mine = []
        barrier.wait()
        try:
            for n in range(share):
                if n and time.perf_counter() > stop_at:
                    break
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
    parser.add_argument(
        "--firing", action="store_true", help="also time a firing Write (fresh session each)"
    )
    parser.add_argument("--src", metavar="DIR", help="run the server from this source tree")
    parser.add_argument("--json", metavar="FILE", help="also write the rows as JSON")
    opts = parser.parse_args(argv)
    rows: list[tuple[str, dict[str, float]]] = []
    # The firing Write has a session of its own per request: advice is given once.
    cases = [("silent Write", silent_write(), False)]
    if opts.firing:
        cases.append(("firing Write", firing_write(), True))
    for name, payload, fresh in cases:
        for idle in (0, IDLE):
            for clients in CLIENTS:
                result = latency(
                    clients,
                    max(opts.requests, 2 * clients),
                    payload,
                    workers=opts.workers,
                    fresh_sessions=fresh,
                    idle=idle,
                    src=opts.src,
                )
                rows.append((name, result))
    workers = opts.workers or "default"
    print(
        f"caveat serve round trips: fresh connection per request, {workers} workers, "
        f"{opts.requests} requests per row (at least 2 per client)"
    )
    print(
        f"{'case':<14}{'clients':>8}{'idle':>6}{'p50 ms':>10}{'p99 ms':>10}{'max ms':>10}"
        f"{'p50/floor':>11}{'p99/floor':>11}{'trips':>7}{'failed':>8}{'wall s':>8}"
    )
    for name, r in rows:
        print(
            f"{name:<14}{int(r['clients']):>8}{int(r['idle']):>6}{r['p50_ms']:>10.1f}"
            f"{r['p99_ms']:>10.1f}{r['max_ms']:>10.1f}{r['p50_ratio']:>10.2f}×"
            f"{r['p99_ratio']:>10.2f}×{int(r['requests']):>7}{int(r['failed']):>8}"
            f"{r['wall_s']:>8.1f}"
        )
    floors = [r["floor_ms"] for _, r in rows]
    print(f"floor (python -I -c pass, median per row): {min(floors):.1f}-{max(floors):.1f} ms")
    print(
        f"idle: connections holding half a request head, reopened when closed; failed: "
        f"no answer within {TRIP_TIMEOUT_S:g} s (counted as infinitely slow)"
    )
    if opts.json:
        with open(opts.json, "w", encoding="utf-8") as handle:
            json.dump([{"case": name, **r} for name, r in rows], handle, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
