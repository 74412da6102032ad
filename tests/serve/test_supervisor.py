"""``caveat serve`` under clients that try to starve it, with real sockets: idle
half-sent connections, reconnecting ones, trickling ones, a burst of 200 clients, a
client gone mid-body and a worker killed mid-request. The bounds only catch a hang
(before the event loop, each of these cost tens of seconds); latency is measured by
``scripts/bench_serve.py``."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import threading
import time

import pytest

from caveat.commands import demo
from tests.test_serve import EXAMPLES
from tests.test_serve import LEFT_PAD
from tests.test_serve import environment
from tests.test_serve import start
from tests.test_serve import write

HALF_HEAD = b"POST /hook/claude/PreToolUse HTTP/1.1\r\nHost: 127.0.0.1\r\n"
HANG_S = 10.0  # a call slower than this is a hang, not a slow machine


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    home = tmp_path_factory.mktemp("starve")
    project = home / "project"
    shutil.copytree(os.path.join(EXAMPLES, "project"), project)
    demo.make_repository(str(project))
    return home, project


@pytest.fixture(scope="module")
def server(site, tmp_path_factory):
    """Two workers, as on a small machine: fewer than the idle clients below."""
    home, project = site
    running = start(tmp_path_factory.mktemp("server"), environment(home), project, workers=2)
    yield running
    assert running.stop() == 0


class Idlers:
    """``count`` connections that each send half a head and wait; with ``reconnect``
    each one that the server closes is opened again at once."""

    def __init__(self, port: int, count: int, reconnect: bool = False) -> None:
        self.port = port
        self.reconnect = reconnect
        self.stopping = threading.Event()
        self.closed_by_server = 0
        self.answers: list[bytes] = []
        self.threads = [threading.Thread(target=self._hold) for _ in range(count)]
        self.ready = threading.Barrier(count + 1)

    def __enter__(self) -> Idlers:
        for thread in self.threads:
            thread.start()
        self.ready.wait(30)
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopping.set()
        for thread in self.threads:
            thread.join(30)

    def _hold(self) -> None:
        first = True
        while not self.stopping.is_set():
            with socket.create_connection(("127.0.0.1", self.port), timeout=30) as sock:
                sock.sendall(HALF_HEAD)
                if first:
                    self.ready.wait(30)
                    first = False
                sock.settimeout(0.05)
                answer = b""
                while not self.stopping.is_set():
                    try:
                        chunk = sock.recv(4096)
                    except TimeoutError:
                        continue
                    except OSError:
                        break
                    if not chunk:
                        break
                    answer += chunk
                if not self.stopping.is_set():
                    self.closed_by_server += 1
                    self.answers.append(answer)
            if not self.reconnect:
                self.stopping.wait()


def timed_hooks(server, project, count, session):
    """``count`` firing hook calls, one after another: how long each took."""
    took = []
    for n in range(count):
        started = time.monotonic()
        body = server.hook("/hook/claude/PreToolUse", write(project, f"{session}-{n}"))
        took.append(time.monotonic() - started)
        assert b"left-pad" in body
    return took


def test_eight_idle_half_sent_connections_do_not_hold_the_hooks(server, site):
    with Idlers(server.port, 8):
        took = timed_hooks(server, site[1], 10, "idle")
    assert max(took) < HANG_S, took


def test_idle_connections_are_cut_at_the_head_deadline(server):
    with Idlers(server.port, 8) as idlers:
        deadline = time.monotonic() + 30
        while idlers.closed_by_server < 8 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert idlers.closed_by_server == 8
    assert all(answer.startswith(b"HTTP/1.1 408 ") for answer in idlers.answers)
    assert "serve: 408 for request: request not received in time" in server.logged()


def test_reconnecting_slow_sockets_do_not_hold_the_hooks(server, site):
    with Idlers(server.port, 4, reconnect=True) as idlers:
        took = timed_hooks(server, site[1], 5, "reconnect")
        time.sleep(2.5)  # past the head deadline: each idler has been cut and is back
        took += timed_hooks(server, site[1], 5, "reconnect-later")
        assert idlers.closed_by_server >= 4
    assert max(took) < HANG_S, took


def test_trickling_head_is_cut_at_its_deadline(server):
    """One byte every 0.2 s never finishes a head: the deadline is for the whole head."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        started = time.monotonic()
        answer = b""
        for byte in HALF_HEAD * 10:
            try:
                sock.sendall(bytes([byte]))
            except OSError:
                break
            sock.settimeout(0.2)
            try:
                answer = sock.recv(4096)
            except TimeoutError:
                continue
            break
        assert answer.startswith(b"HTTP/1.1 408 ")
        assert time.monotonic() - started < HANG_S


def test_stalled_body_is_cut_at_its_deadline(server, site):
    data = write(site[1], "stalled")
    head = (
        "POST /hook/claude/PreToolUse HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"Authorization: Bearer {server.token}\r\nContent-Length: {len(data)}\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall(head.encode() + data[:10])
        answer = sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 408 ")


def test_two_hundred_concurrent_clients_are_all_answered(server, site):
    project = site[1]
    count = 200
    barrier = threading.Barrier(count)
    answers: dict[int, bytes] = {}
    failures: list[BaseException] = []

    def client(n):
        data = write(project, f"burst-{n}", content=LEFT_PAD.replace("left-pad", f"pad-{n}"))
        barrier.wait(60)
        try:
            answers[n] = server.hook("/hook/claude/PreToolUse", data)
        except BaseException as exc:
            failures.append(exc)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not failures, failures[:3]
    assert sorted(answers) == list(range(count))
    for n, body in answers.items():
        text = json.loads(body)["hookSpecificOutput"]["additionalContext"]
        assert f"pad-{n} 1.3.0" in text


def test_client_gone_mid_body_leaves_the_server_serving(server, site):
    data = write(site[1], "gone")
    head = (
        "POST /hook/claude/PreToolUse HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"Authorization: Bearer {server.token}\r\nContent-Length: {len(data)}\r\n\r\n"
    )
    for _ in range(20):
        with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
            sock.sendall(head.encode() + data[: len(data) // 2])
    assert b"left-pad" in server.hook("/hook/claude/PreToolUse", write(site[1], "after-gone"))


def test_worker_killed_mid_request_fails_open_and_the_server_keeps_serving(site, tmp_path):
    home, project = site
    mark = tmp_path / "hanging"
    env = dict(
        environment(home, "killed-state"), TEST_REQUEST_LIMIT_S="60", TEST_HANG_MARK=str(mark)
    )
    running = start(tmp_path, env, project, workers=1, patched=True)
    try:
        worker = running.pid()
        answers = []
        client = threading.Thread(
            target=lambda: answers.append(
                running.request("POST", "/hook/claude/PreToolUse", write(project, "hang-kill"))
            )
        )
        client.start()
        deadline = time.monotonic() + 30
        while not mark.exists():
            assert time.monotonic() < deadline, "the call never reached the worker"
            time.sleep(0.02)
        os.kill(worker, signal.SIGKILL)
        client.join(30)
        assert answers and answers[0][0] == 200 and answers[0][2] == b""
        assert running.pid() != worker  # answered by its replacement
        logged = running.logged()
        assert f"worker {worker} gone mid-request; answered empty (fail open)" in logged
        assert f"worker {worker} died (signal {int(signal.SIGKILL)})" in logged
        assert "stuck on one request" not in logged
        assert b"left-pad" in running.hook("/hook/claude/PreToolUse", write(project, "after"))
    finally:
        assert running.stop() == 0


def test_job_of_a_worker_lost_before_it_started_goes_to_the_next(site, tmp_path):
    """The worker is stopped (SIGSTOP) when the job is sent, then killed: it never ran
    the call, so its replacement runs it and the client gets the real answer."""
    home, project = site
    running = start(tmp_path, environment(home, "requeue-state"), project, workers=1)
    try:
        worker = running.pid()
        os.kill(worker, signal.SIGSTOP)
        answers = []
        client = threading.Thread(
            target=lambda: answers.append(
                running.hook("/hook/claude/PreToolUse", write(project, "requeued"))
            )
        )
        client.start()
        time.sleep(0.5)  # the job is in the stopped worker's channel
        os.kill(worker, signal.SIGKILL)
        client.join(30)
        assert answers and b"left-pad" in answers[0]
        assert "gone mid-request" not in running.logged()
        assert running.pid() != worker
    finally:
        assert running.stop() == 0
