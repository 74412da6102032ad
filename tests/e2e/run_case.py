"""One end-to-end case: one harness CLI, one scripted session, inside a network
namespace that has only loopback.

Run by the tests as ``unshare -n <venv python> tests/e2e/run_case.py HARNESS --out DIR
--clis DIR``; also by hand, to look at a case. In DIR it leaves ``requests.jsonl``
(every request the model server got), ``stdout``/``stderr`` of the CLI,
``hook_config.json`` (the registrations ``caveat install`` wrote), ``result.json``,
and the case's HOME and project under ``case/``. ``--session NAME`` plays one of the
other sessions of scenario.SESSIONS instead of the client's main one (the user's
caveat config and rules go into the case's HOME). With ``--http`` (Claude Code only),
caveat is registered as HTTP hooks to a ``caveat serve`` started here first
(http_serve.py), which adds ``serve.stderr`` and ``claude-debug.txt``.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import shutil
import signal
import socket
import struct
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextlib import nullcontext
from dataclasses import replace

from clients import CLIENTS
from clients import Client
from http_serve import DEBUG_LOG
from http_serve import LOCAL_FILE
from http_serve import Serve
from moved import move
from moved import venv_with_caveat
from scenario import FINAL_TEXT
from scenario import INSTALL_PORT
from scenario import SESSIONS
from scenario import SUBAGENT_TASK
from scenario import Session
from scenario import make_project
from scenario import pip_shim
from scenario import write_main_config
from servers.base import Family
from servers.base import ScriptedServer
from servers.base import Turn

# ioctl numbers and flags from <linux/sockios.h> and <net/if.h>.
_SIOCGIFFLAGS = 0x8913
_SIOCSIFFLAGS = 0x8914
_IFF_UP = 0x1


def _loopback_up() -> None:
    """A new network namespace starts with ``lo`` down: bring it up with iproute2,
    or with the ioctl iproute2 would make."""
    ip = shutil.which("ip")
    if ip and subprocess.run([ip, "link", "set", "lo", "up"], check=False).returncode == 0:
        return
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        request = struct.pack("16sH", b"lo", 0)
        flags = struct.unpack("16sH", fcntl.ioctl(sock, _SIOCGIFFLAGS, request))[1]
        fcntl.ioctl(sock, _SIOCSIFFLAGS, struct.pack("16sH", b"lo", flags | _IFF_UP))


def _only_loopback() -> None:
    """Refuse to run anywhere but a fresh namespace: a client must have no route out."""
    # if_nameindex asks the kernel about this namespace (/sys/class/net shows the
    # namespace sysfs was mounted in).
    interfaces = sorted(name for _, name in socket.if_nameindex())
    if interfaces != ["lo"]:
        sys.exit(f"run_case: not in an isolated network namespace (interfaces: {interfaces})")


def family_of(client: Client) -> Family:
    """The server module of the client's API family."""
    module: Family = __import__(f"servers.{client.family}", fromlist=["_"])
    return module


def _base_env(home: str, clis: str) -> dict[str, str]:
    """A clean environment: nothing of the caller's (no CAVEAT_*, no real keys)."""
    node = os.path.dirname(shutil.which("node") or "/usr/bin/node")
    path = [os.path.join(home, "bin"), clis, node, "/usr/local/bin", "/usr/bin", "/bin"]
    return {
        "HOME": home,
        "PATH": os.pathsep.join(path),
        "LANG": "C.UTF-8",
        "TERM": "dumb",
        "NO_COLOR": "1",
        "SHELL": shutil.which("bash") or "/bin/sh",
        "TMPDIR": os.path.join(home, "tmp"),
        "USER": "e2e",
    }


CAVEAT = os.path.join(os.path.dirname(sys.executable), "caveat")


def _install(
    client: Client,
    project: str,
    env: dict[str, str],
    out: str,
    serve: Serve | None,
    caveat: tuple[str, ...] = (CAVEAT,),
) -> None:
    argv = [*caveat, "install", "--harness", client.harness, "--project", project]
    argv += serve.install_flags() if serve else []
    done = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
    with open(os.path.join(out, "install.log"), "w", encoding="utf-8") as fh:
        fh.write(done.stdout + done.stderr)
    if done.returncode != 0:
        sys.exit(f"run_case: caveat install failed ({done.returncode}):\n{done.stderr}")
    hook_file = LOCAL_FILE if serve else client.hook_file
    shutil.copyfile(os.path.join(project, hook_file), os.path.join(out, "hook_config.json"))


def _trust(project: str, env: dict[str, str], out: str) -> None:
    """What the user does after reviewing the project's policy: ``caveat trust``."""
    argv = [CAVEAT, "trust", "--yes", project]
    done = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
    with open(os.path.join(out, "trust.log"), "w", encoding="utf-8") as fh:
        fh.write(done.stdout + done.stderr)
    if done.returncode != 0:
        sys.exit(f"run_case: caveat trust failed ({done.returncode}):\n{done.stderr}")


def _run_cli(
    argv: list[str], cwd: str, env: dict[str, str], timeout: float
) -> tuple[int, bytes, bytes, bool]:
    """Run the CLI in a process group of its own, so that on a timeout its helpers
    (node workers, shells, hooks) are stopped with it."""
    child = subprocess.Popen(
        argv,
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        stdout, stderr = child.communicate(timeout=timeout)
        return child.returncode, stdout, stderr, False
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        stdout, stderr = child.communicate()
        return -1, stdout, stderr, True


def _turns(client: Client, project: str, session: Session | None) -> list[Turn]:
    """The scripted turns: the client's main session, or ``session`` with the context
    size the model reports on each of its steps' tool calls."""
    if session is None:
        return client.turns(project, client.steps)
    turns = client.turns(project, session.steps)
    out = []
    for turn in turns:
        said = json.dumps(turn.args) + turn.raw
        step = next((s for s in session.steps if turn.tool and s.marker in said), None)
        out.append(replace(turn, context_tokens=session.context_tokens(step)) if step else turn)
    return out


def _script(
    client: Client, project: str, session: Session | None
) -> tuple[list[Turn], tuple[str, list[Turn]]]:
    """The main conversation's turns, and the marker and turns of a subagent's: a
    delegated session's steps go to the subagent an Agent call starts (Claude Code)."""
    turns = _turns(client, project, session)
    if not (session and session.delegated):
        return turns, ("", [])
    task = {"description": "Write the files", "prompt": SUBAGENT_TASK}
    agent = Turn(tool="Agent", args={**task, "subagent_type": "general-purpose"})
    return [agent, Turn(text=FINAL_TEXT)], (SUBAGENT_TASK, turns)


@contextmanager
def _files(served: tuple[tuple[str, str], ...]) -> Iterator[None]:
    """A plain HTTP server for ``served`` ((path, body) pairs) on 127.0.0.1, in the
    case's own network namespace, for the length of the run."""
    import threading
    from http.server import BaseHTTPRequestHandler
    from http.server import ThreadingHTTPServer

    bodies = {path: body.encode() for path, body in served}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = bodies.get(self.path)
            self.send_response(200 if body is not None else 404)
            self.send_header("Content-Length", str(len(body or b"")))
            self.end_headers()
            self.wfile.write(body or b"")

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", INSTALL_PORT), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield
    finally:
        server.shutdown()
        server.server_close()


def _with_option(argv: list[str], name: str, value: str) -> list[str]:
    """``argv`` with option ``name`` set to ``value`` (replaced where already given)."""
    if name in argv:
        at = argv.index(name) + 1
        return [*argv[:at], value, *argv[at + 1 :]]
    return [*argv, name, value]


def run(harness: str, out: str, clis: str, opts: argparse.Namespace) -> int:
    client = CLIENTS[harness]
    _loopback_up()
    _only_loopback()
    root = os.path.join(out, "case")
    home, project = os.path.join(root, "home"), os.path.join(root, "project")
    os.makedirs(os.path.join(home, "tmp"), exist_ok=True)
    make_project(project)
    pip_shim(home)
    session = SESSIONS[opts.session] if opts.session else None
    env = _base_env(home, clis)
    if session:
        session.write_user_config(home)
        session.write_project_rules(project)
        if session.trusted:
            _trust(project, env, out)
    else:
        write_main_config(home)

    log = os.path.join(out, "requests.jsonl")
    turns, subagent = _script(client, project, session)
    serving = Serve(CAVEAT, env, out, opts.wrong_token) if opts.http else None
    with (
        _files(session.serves) if session and session.serves else nullcontext(),
        serving or nullcontext(),
        ScriptedServer(family_of(client), turns, log, subagent) as server,
    ):
        moved = ""
        if session and session.moved:
            python = venv_with_caveat(home)
            _install(client, project, env, out, serving, (python, "-I", "-m", "caveat"))
            moved = move(home)
        else:
            _install(client, project, env, out, serving)
        if serving:  # the HTTP hooks send the token from the variable install names
            with open(os.path.join(home, ".local", "state", "caveat", "serve-token")) as fh:
                env["CAVEAT_SERVE_TOKEN"] = fh.read().strip()
        client.settings(home, project, server.port)
        env.update(client.env(home, server.port))
        if opts.disable:
            env["CAVEAT_DISABLE"] = "1"
        argv = client.argv(os.path.join(clis, client.binary), project)
        if session and session.plan_mode:
            argv = _with_option(argv, *client.plan_mode)
        if serving:
            argv += ["--debug-file", os.path.join(out, DEBUG_LOG)]
        started = time.monotonic()
        code, stdout, stderr, timed_out = _run_cli(argv, project, env, opts.timeout)
        seconds = time.monotonic() - started
    for name, data in (("stdout", stdout), ("stderr", stderr)):
        with open(os.path.join(out, name), "wb") as fh:
            fh.write(data)
    result = {
        "harness": harness,
        "returncode": code,
        "timed_out": timed_out,
        "seconds": round(seconds, 2),
        "port": server.port,
        "home": home,
        "project": project,
        "argv": argv,
        "disabled": opts.disable,
        "session": opts.session,
        "moved": moved,
    }
    if serving:
        result["serve"] = {
            "port": serving.port,
            "returncode": serving.returncode,
            "wrong_token": opts.wrong_token,
        }
    with open(os.path.join(out, "result.json"), "w", encoding="utf-8") as fh:
        json.dump(result, fh, indent=2)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("harness", choices=sorted(CLIENTS))
    parser.add_argument("--out", required=True, help="folder for the records (created)")
    parser.add_argument("--clis", required=True, help="node_modules/.bin of the pinned CLIs")
    parser.add_argument("--disable", action="store_true", help="run with CAVEAT_DISABLE=1")
    parser.add_argument("--http", action="store_true", help="HTTP hooks to caveat serve")
    parser.add_argument("--wrong-token", action="store_true", help="with --http: serve refuses")
    parser.add_argument("--session", choices=sorted(SESSIONS), help="another scripted session")
    parser.add_argument("--timeout", type=float, default=120.0)
    args = parser.parse_args(argv)
    if args.http and args.harness != "claude":
        parser.error("--http: only claude has HTTP hooks")
    if args.wrong_token and not args.http:
        parser.error("--wrong-token needs --http")
    os.makedirs(args.out, exist_ok=True)
    return run(args.harness, os.path.abspath(args.out), os.path.abspath(args.clis), args)


if __name__ == "__main__":
    sys.exit(main())
