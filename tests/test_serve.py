"""``caveat serve``: real servers on 127.0.0.1:0 in subprocesses, answering exactly
what the ``caveat hook`` process prints, and refusing everything else."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import socket
import stat
import subprocess
import sys
import threading
import time

import pytest

from caveat import serve
from caveat.cli import main as cli_main
from caveat.commands import demo
from caveat.dispatch import INPUT_LIMIT
from caveat.serve import listener
from caveat.serve import request
from caveat.serve import route
from tests.helpers import ROOT
from tests.helpers import run_hook

EXAMPLES = os.path.join(ROOT, "examples")
PAYLOADS = sorted(os.listdir(os.path.join(EXAMPLES, "payloads")))
LEFT_PAD = '{\n  "dependencies": {\n    "left-pad": "1.3.0"\n  }\n}\n'

# Run before ``caveat serve`` or ``caveat hook``: the dependency guard overruns its
# budget (session "slow…") or swallows the overrun and hangs (session "hang…"), and
# dispatch raises (session "fault…"); the limits are shortened so the tests stay fast
# (TEST_REQUEST_LIMIT_S sets the stuck-worker limit; TEST_HANG_MARK names a file a
# hanging call creates once it runs).
PATCHED = r"""
import os, sys, time
import caveat.guards.dependency as dependency
import caveat.hook as hook
import caveat.dispatch as dispatching
from caveat.guards import spec
import caveat.serve.request as request
import caveat.serve.pool as pool

pool.REQUEST_LIMIT_S = float(os.environ.get("TEST_REQUEST_LIMIT_S", "1"))
request.HEAD_DEADLINE_S = 1.0
spec("dependency").budget_s = 0.3
original_check, original_dispatch = dependency.check, dispatching.run

def check(event, ctx):
    if event.session_id.startswith("slow"):
        time.sleep(5)
    if event.session_id.startswith("hang") and os.environ.get("TEST_HANG_MARK"):
        open(os.environ["TEST_HANG_MARK"], "w").close()  # the worker has the job
    while event.session_id.startswith("hang"):
        try:
            time.sleep(10)
        except BaseException:
            pass
    return original_check(event, ctx)

def dispatch(args, data, env):
    if b'"fault' in data:
        raise RuntimeError("provoked")
    return original_dispatch(args, data, env)

dependency.check, dispatching.run = check, dispatch
if sys.argv[1] == "hook":
    hook.main(sys.argv[2:])
sys.exit(__import__("caveat.cli").cli.main(sys.argv[1:]))
"""


class Server:
    def __init__(self, proc: subprocess.Popen[bytes], port: int, token: str, log: str) -> None:
        self.proc = proc
        self.port = port
        self.token = token
        self.log = log

    def request(self, method, path, body=None, headers=None, token=True):
        sent = dict(headers or {})
        if token and "Authorization" not in sent:
            sent["Authorization"] = f"Bearer {self.token}"
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.request(method, path, body=body, headers=sent)
            response = conn.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            conn.close()

    def hook(self, path, data):
        status, headers, body = self.request("POST", path, data)
        assert status == 200, body
        assert headers["Content-Type"] == "application/json"
        return body

    def pid(self):
        status, _, body = self.request("GET", "/health", token=False)
        assert status == 200
        return json.loads(body)["pid"]

    def logged(self):
        with open(self.log, encoding="utf-8", errors="replace") as handle:
            return handle.read()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(timeout=15)


def start(tmp, env, cwd, workers=2, patched=False):
    port_file, log = tmp / "port", tmp / "server.log"
    args = ["serve", "--port", "0", "--port-file", str(port_file), "--workers", str(workers)]
    command = [sys.executable, "-I", *(("-c", PATCHED) if patched else ("-m", "caveat")), *args]
    with open(log, "wb") as err:
        proc = subprocess.Popen(command, env=env, cwd=cwd, stderr=err, stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while not port_file.exists():
        assert proc.poll() is None, log.read_text()
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    return Server(proc, int(port_file.read_text()), serve.ensure_token(env), str(log))


def environment(home, state="state"):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CAVEAT_", "CLAUDE_"))}
    env.pop("XDG_STATE_HOME", None)
    env.update(
        HOME=str(home),
        CAVEAT_STATE_DIR=str(home / state),
        XDG_CONFIG_HOME=str(home / ".config"),
    )
    return env


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A committed copy of the example project and a home for the server and hook."""
    home = tmp_path_factory.mktemp("serve")
    project = home / "project"
    shutil.copytree(os.path.join(EXAMPLES, "project"), project)
    demo.make_repository(str(project))
    return home, project


@pytest.fixture(scope="module")
def server(site):
    home, project = site
    (home / "main").mkdir()
    running = start(home / "main", environment(home), project)
    yield running
    assert running.stop() == 0


@pytest.fixture(scope="module")
def patched(site, tmp_path_factory):
    home, project = site
    tmp = tmp_path_factory.mktemp("patched")
    running = start(tmp, environment(home, "patched-state"), project, workers=1, patched=True)
    yield running
    running.stop()


def hook_output(site, data, *args, state="hook-state", patched=False):
    """What the ``caveat hook`` process prints, with a state folder of its own (the
    same advice is given once per session and state folder)."""
    home, project = site
    env = environment(home, state)
    if patched:
        done = subprocess.run(
            [sys.executable, "-I", "-c", PATCHED, "hook", *args],
            input=data,
            capture_output=True,
            cwd=project,
            env=env,
            timeout=60,
            check=False,
        )
    else:
        done = run_hook(data, *args, cwd=project, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout


def write(project, session, name="package.json", content=LEFT_PAD):
    return json.dumps(
        {
            "session_id": session,
            "cwd": str(project),
            "hook_event_name": "PreToolUse",
            "tool_name": "Write",
            "tool_input": {"file_path": str(project / name), "content": content},
        }
    ).encode()


def assert_contract(body):
    """Nothing, or one JSON object on one line whose strings stay within 10,000 chars."""
    if not body:
        return None
    text = body.decode("utf-8")
    assert "\n" not in text.rstrip("\n")
    envelope = json.loads(text)
    assert isinstance(envelope, dict) and envelope
    assert all(len(s) <= 10_000 for s in _strings(envelope))
    return envelope


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


# --- the same bytes as the hook ---------------------------------------------------


def test_every_example_answers_as_the_hook_does(site, tmp_path):
    home, project = site
    # A server and a hook state folder of their own: the examples' sessions start fresh.
    running = start(tmp_path, environment(home, "examples-server"), project)
    try:
        fired = 0
        for name in PAYLOADS:
            with open(os.path.join(EXAMPLES, "payloads", name), encoding="utf-8") as handle:
                raw = handle.read().replace(demo.PLACEHOLDER, json.dumps(str(project))[1:-1])
            contract = demo.contract_for(name)
            expected = hook_output(site, raw.encode(), "--contract", contract, state="examples")
            assert running.hook(f"/hook/{contract}", raw.encode()) == expected, name
            fired += bool(expected)
        assert fired >= 10  # the comparison is not only of silences
    finally:
        assert running.stop() == 0


@pytest.mark.parametrize(
    ("path", "args"),
    [
        ("/hook/claude/PreToolUse", ["PreToolUse"]),
        (
            "/hook/claude/PreToolUse?messages=pretooluse-dependency-guard",
            ["PreToolUse", "pretooluse-dependency-guard"],
        ),
        (
            "/hook/claude/PreToolUse?messages=pretooluse-eval-guard.md,pretooluse-write",
            ["PreToolUse", "pretooluse-eval-guard.md", "pretooluse-write"],
        ),
        ("/hook/qwen/PreToolUse", ["PreToolUse"]),
        ("/hook/no-such-contract/PreToolUse", ["PreToolUse"]),
        ("/hook/claude/NotAnEvent", ["NotAnEvent"]),
    ],
)
def test_path_and_messages_are_the_hook_arguments(server, site, path, args):
    contract = path.split("/")[2]
    data = write(site[1], f"args-{path}")
    expected = hook_output(site, data, "--contract", contract, *args)
    assert server.hook(path, data) == expected


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"this is not json {",
        b"\x00\xff\xfe binary \x80",
        b"[1, 2, 3]",
        b'"just a string"',
        b"[" * 100_000,
        json.dumps({"hook_event_name": "PreToolUse", "tool_name": "Write"}).encode(),
    ],
    ids=["empty", "malformed", "binary", "array", "string", "deep", "no-input"],
)
def test_odd_bodies_answer_as_the_hook_does(server, site, data):
    body = server.hook("/hook/claude/PreToolUse", data)
    assert_contract(body)
    assert body == hook_output(site, data, "--contract", "claude", "PreToolUse")


def test_large_allowed_body(server, site):
    project = site[1]
    content = LEFT_PAD[:-2] + "\n" + "// padding\n" * 400_000 + "}\n"  # about 4.4 MB
    data = write(project, "large", content=content)
    assert 4_000_000 < len(data) < INPUT_LIMIT
    body = server.hook("/hook/claude/PreToolUse", data)
    assert_contract(body)
    assert body == hook_output(site, data, "--contract", "claude", "PreToolUse")


def test_sixteen_concurrent_clients(server, site):
    project = site[1]
    barrier = threading.Barrier(16)
    answers: dict[int, bytes] = {}

    def client(n):
        data = write(project, f"concurrent-{n}", content=LEFT_PAD.replace("left-pad", f"pad-{n}"))
        barrier.wait()
        answers[n] = server.hook("/hook/claude/PreToolUse", data)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(answers) == list(range(16))
    for n, body in answers.items():
        text = json.dumps(assert_contract(body))
        assert f"pad-{n} 1.3.0" in text
        assert not any(f"pad-{m} " in text for m in range(16) if m != n)
    # and each is byte for byte what the hook says about the same payload
    data = write(project, "concurrent-3", content=LEFT_PAD.replace("left-pad", "pad-3"))
    assert answers[3] == hook_output(site, data, "--contract", "claude", "PreToolUse")


# --- refusals ---------------------------------------------------------------------


def test_health_needs_no_token(server):
    status, headers, body = server.request("GET", "/health", token=False)
    assert status == 200 and headers["Content-Type"] == "application/json"
    answer = json.loads(body)
    assert answer["ok"] is True and answer["version"]


@pytest.mark.parametrize(
    "authorization",
    [None, "Bearer wrong", "Bearer", "Basic dXNlcjpwYXNz", "{token}x", "Bearer {token}x"],
)
def test_wrong_or_missing_token_is_401(server, site, authorization):
    headers = {}
    if authorization is not None:
        headers["Authorization"] = authorization.replace("{token}", server.token)
    data = write(site[1], "unauthorized")
    status, answer, body = server.request(
        "POST", "/hook/claude/PreToolUse", data, headers, token=authorization is not None
    )
    assert status == 401 and answer["WWW-Authenticate"] == "Bearer"
    assert "token" in json.loads(body)["error"]


def test_token_scheme_is_case_insensitive(server, site):
    headers = {"Authorization": f"bearer {server.token}"}
    status, _, _ = server.request("POST", "/hook/claude/PreToolUse", b"{}", headers)
    assert status == 200


@pytest.mark.parametrize(
    "host", ["evil.example", "127.0.0.1.nip.io", "localhost.evil", "192.168.1.1:80", "[::2]", ""]
)
def test_non_loopback_host_header_is_403(server, host):
    for method, path in (("POST", "/hook/claude/PreToolUse"), ("GET", "/health")):
        status, _, _ = server.request(method, path, b"{}", {"Host": host})
        assert status == 403, (host, path)


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost:47681", "LOCALHOST", "[::1]:5", "[::1]"])
def test_loopback_host_headers_pass(server, host):
    status, _, _ = server.request("POST", "/hook/claude/PreToolUse", b"{}", {"Host": host})
    assert status == 200


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("POST", "/", 404),
        ("POST", "/hook", 404),
        ("POST", "/hook/", 404),
        ("POST", "/hooks/claude/PreToolUse", 404),
        ("POST", "/hook/claude/PreToolUse/extra", 404),
        ("POST", "/hook/--contract/codex", 404),
        ("POST", "/hook/claude/%2D%2Dexplain", 404),
        ("POST", "/hook/claude/Pre%20ToolUse", 404),
        ("POST", "/hook/claude/PreToolUse?messages=--explain", 400),
        ("GET", "/hook/claude/PreToolUse", 405),
        ("PUT", "/hook/claude", 405),
        ("POST", "/health", 405),
    ],
)
def test_wrong_path_or_method(server, method, path, status):
    answer, headers, _ = server.request(method, path, b"{}")
    assert answer == status
    if status == 405:
        assert headers["Allow"] in ("GET", "POST")


def test_declared_body_over_the_limit_is_413(server):
    headers = {"Content-Length": str(INPUT_LIMIT + 1)}
    status, _, body = server.request("POST", "/hook/claude/PreToolUse", None, headers)
    assert status == 413 and "32 MiB" in json.loads(body)["error"]


def test_real_body_one_byte_over_the_limit_is_413(server):
    """Sent chunked, so the server reads 32 MiB before it knows: it counts, not trusts."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    head = (
        "POST /hook/claude/PreToolUse HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"Authorization: Bearer {server.token}\r\nTransfer-Encoding: chunked\r\n\r\n"
    )
    chunk = b"%x\r\n" % (1 << 20) + b" " * (1 << 20) + b"\r\n"

    def send():
        try:
            sock.sendall(head.encode())
            for _ in range(INPUT_LIMIT >> 20):
                sock.sendall(chunk)
            sock.sendall(b"1\r\n \r\n0\r\n\r\n")
        except OSError:
            pass  # the refusal may close the connection first

    sender = threading.Thread(target=send)
    sender.start()
    try:
        answer = b""
        while b"\r\n\r\n" not in answer:
            data = sock.recv(4096)
            if not data:
                break
            answer += data
    finally:
        sender.join(30)
        sock.close()
    assert answer.startswith(b"HTTP/1.1 413 ")


@pytest.mark.parametrize(
    "raw",
    [
        b"GARBAGE\r\n\r\n",
        b"POST /hook/claude HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n",
        b"POST /hook/claude HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil\r\n\r\n",
        b"POST /hook/claude HTTP/1.1\r\nHost : 127.0.0.1\r\n\r\n",
        b"POST /hook/claude HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -1\r\n\r\n",
        b"POST /hook/claude HTTP/1.1\r\nHost: 127.0.0.1\r\nX: " + b"a" * 70_000 + b"\r\n\r\n",
    ],
    ids=["garbage", "version", "two-hosts", "space-before-colon", "negative-length", "huge-head"],
)
def test_malformed_requests_are_4xx(server, raw):
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall(raw)
        answer = sock.recv(4096)
    assert answer.startswith((b"HTTP/1.1 400 ", b"HTTP/1.1 431 ")), answer


def test_repeated_list_fields_are_joined_not_refused():
    head = request.parse_head(
        "POST /hook/claude HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: a\r\naccept: b"
    )
    assert head.headers == {"host": "127.0.0.1", "accept": "a, b"}
    with pytest.raises(request.HttpError) as refused:
        request.parse_head("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2")
    assert refused.value.status == 400


def test_expect_continue_gets_the_interim_answer(server, site):
    data = write(site[1], "expect")
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall(
            (
                "POST /hook/claude/PreToolUse HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                f"Authorization: Bearer {server.token}\r\nExpect: 100-continue\r\n"
                f"Content-Length: {len(data)}\r\n\r\n"
            ).encode()
        )
        assert sock.recv(4096) == b"HTTP/1.1 100 Continue\r\n\r\n"
        sock.sendall(data)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 200 ")
    body = answer.partition(b"\r\n\r\n")[2]
    assert body == hook_output(site, data, "--contract", "claude", "PreToolUse")


# --- faults inside the server -------------------------------------------------------


def test_overrunning_guard_is_skipped_and_the_worker_survives(patched, site):
    project = site[1]
    before = patched.pid()
    data = write(project, "slow-1")
    started = time.monotonic()
    body = patched.hook("/hook/claude/PreToolUse", data)
    assert time.monotonic() - started < 4  # the 5 s sleep was cut at its 0.3 s budget
    assert body == hook_output(site, data, "--contract", "claude", "PreToolUse", patched=True)
    assert b"left-pad" not in body
    assert "guard dependency exceeded its 0.3 s budget; skipped" in patched.logged()
    assert patched.pid() == before
    # and the same worker still advises on the next call
    assert b"left-pad" in patched.hook("/hook/claude/PreToolUse", write(project, "after-slow"))


def test_fault_in_dispatch_answers_200_empty(patched, site):
    data = write(site[1], "fault-1")
    assert patched.hook("/hook/claude/PreToolUse", data) == b""
    assert "hook failed open: RuntimeError: provoked" in patched.logged()
    assert hook_output(site, data, "--contract", "claude", patched=True) == b""


def test_hung_worker_is_killed_and_replaced(patched, site):
    """The client of a hung call is answered as the hook fails open: 200, nothing."""
    project = site[1]
    before = patched.pid()
    assert patched.hook("/hook/claude/PreToolUse", write(project, "hang-1")) == b""
    assert f"worker {before} stuck on one request" in patched.logged()
    assert f"worker {before} gone mid-request; answered empty (fail open)" in patched.logged()
    assert patched.pid() != before
    assert b"left-pad" in patched.hook("/hook/claude/PreToolUse", write(project, "after-hang"))


def test_slow_client_cannot_hold_a_worker(patched):
    """One worker; a client that sends half a head and stalls is cut off at the read
    deadline (1 s here), and the next client is answered."""
    with socket.create_connection(("127.0.0.1", patched.port), timeout=30) as slow:
        slow.sendall(b"POST /hook/claude HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        time.sleep(0.1)  # the worker is now reading it
        started = time.monotonic()
        assert patched.pid()
        assert time.monotonic() - started < 10
        assert slow.recv(4096).startswith(b"HTTP/1.1 408 ")


def test_killed_worker_is_replaced_and_sigterm_stops_all(site, tmp_path):
    home, project = site
    running = start(tmp_path, environment(home, "kill-state"), project, workers=1)
    try:
        first = running.pid()
        os.kill(first, signal.SIGKILL)
        second = running.pid()  # queued in the backlog until the new worker accepts
        assert second != first
        assert f"worker {first} died (signal {int(signal.SIGKILL)})" in running.logged()
        assert b"left-pad" in running.hook("/hook/claude/PreToolUse", write(project, "k"))
    finally:
        assert running.stop() == 0
    with pytest.raises(ProcessLookupError):
        os.kill(second, 0)


def test_worker_is_replaced_after_a_large_request(site, tmp_path):
    """A worker leaves after a body over ``LARGE`` bytes (what it allocated goes with
    it); the pool starts another, and small requests keep their worker."""
    from caveat.serve.worker import LARGE

    home, project = site
    running = start(tmp_path, environment(home, "large-state"), project, workers=1)
    try:
        first = running.pid()
        assert b"left-pad" in running.hook("/hook/claude/PreToolUse", write(project, "s"))
        assert running.pid() == first
        content = LEFT_PAD[:-2] + "\n" + "// padding\n" * (LARGE // 11 + 1) + "}\n"
        data = write(project, "big", content=content)
        assert len(data) > LARGE
        assert_contract(running.hook("/hook/claude/PreToolUse", data))
        assert running.pid() != first
    finally:
        assert running.stop() == 0


def test_sigterm_lets_the_request_in_flight_finish(site, tmp_path):
    home, project = site
    running = start(tmp_path, environment(home, "term-state"), project, workers=1, patched=True)
    answers = []
    data = write(project, "slow-term")
    client = threading.Thread(
        target=lambda: answers.append(running.request("POST", "/hook/claude/PreToolUse", data))
    )
    client.start()
    time.sleep(0.15)  # inside the 0.3 s guard budget
    assert running.stop() == 0
    client.join(10)
    assert answers and answers[0][0] == 200


# --- the command line and the token -----------------------------------------------


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.1", "::", "example.com", "127.0.0.2"])
def test_non_loopback_host_is_refused(host, capsys):
    assert cli_main(["serve", "--host", host, "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert "refusing to listen" in err and "loopback" in err


def test_port_in_use_is_an_error(capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert cli_main(["serve", "--port", str(port)]) == 1
    assert "another `caveat serve`" in capsys.readouterr().err


def test_listen_binds_loopback_only():
    with pytest.raises(ValueError):
        listener.listen("0.0.0.0", 0)
    sock = listener.listen("localhost", 0)
    try:
        assert sock.getsockname()[0] == "127.0.0.1"
    finally:
        sock.close()
    try:
        six = listener.listen("::1", 0)
    except OSError:
        pytest.skip("no IPv6 loopback here")
    try:
        assert six.getsockname()[0] == "::1"
    finally:
        six.close()


def test_print_token(capsys):
    assert cli_main(["serve", "--print-token"]) == 0
    assert capsys.readouterr().out.strip() == serve.ensure_token(os.environ)


def test_token_file_is_private_and_stable():
    env = dict(os.environ)
    path = serve.token_path(env)
    assert path == os.path.join(env["CAVEAT_STATE_DIR"], serve.TOKEN_FILE)
    assert not os.path.exists(path)
    token = serve.ensure_token(env)
    assert len(token) >= 40 and stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert serve.ensure_token(env) == token
    os.chmod(path, 0o644)
    assert serve.ensure_token(env) == token
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    with open(path, "w") as handle:
        handle.write("short\n")
    assert serve.ensure_token(env) not in (token, "short")


@pytest.mark.parametrize("planted", ["writable-by-others", "symlink"])
def test_a_planted_token_file_is_replaced(tmp_path, planted):
    """A token another user could have written would let them in: it is discarded."""
    env = dict(os.environ)
    path = serve.token_path(env)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    known = "k" * 43
    if planted == "symlink":
        elsewhere = tmp_path / "theirs"
        elsewhere.write_text(known + "\n")
        os.symlink(elsewhere, path)
    else:
        with open(path, "w") as handle:
            handle.write(known + "\n")
        os.chmod(path, 0o666)
    token = serve.ensure_token(env)
    assert token != known and len(token) >= 40
    assert not os.path.islink(path) and stat.S_IMODE(os.stat(path).st_mode) == 0o600


def test_token_needs_a_usable_state_folder(tmp_path):
    (tmp_path / "file").write_text("")
    with pytest.raises(OSError):
        serve.ensure_token({"CAVEAT_STATE_DIR": str(tmp_path / "file")})


@pytest.mark.parametrize(
    ("host", "ok"),
    [
        ("127.0.0.1", True),
        ("127.0.0.1:8080", True),
        ("localhost.", True),
        ("[::1]:1", True),
        ("[::1]x", False),
        ("::1", False),  # unbracketed: the part after the first colon is not a port
        ("127.0.0.1:", False),
        ("127.0.0.1:80x", False),
        ("localhostx", False),
        (None, False),
    ],
)
def test_loopback_host_names(host, ok):
    assert route._loopback_host(host) is ok
