"""The run side of the HTTP case: ``caveat serve`` in the case's own network
namespace, for run_case.py ``--http`` (Claude Code only), and the names of what it
leaves in the case folder.

The server starts on ``--port 0`` with its state folder (and so its token) in the
case's HOME, its stderr kept in ``serve.stderr``; run_case.py then installs with
``caveat install --harness claude --http --port N --project P`` and has Claude
Code write its debug log (which names each HTTP hook call and the status it got) to
``claude-debug.txt``. The server is stopped by its pid at the end. With
``--wrong-token`` the server keeps its state in another folder, so it has a token
other than the one installed, and refuses every call with 401.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from types import TracebackType

LOCAL_FILE = os.path.join(".claude", "settings.local.json")  # where --http --project writes
SERVE_LOG = "serve.stderr"
DEBUG_LOG = "claude-debug.txt"
WORKERS = 2
START_S = 30.0
STOP_S = 10.0


class Serve:
    """``caveat serve --port 0`` for the length of a ``with`` block."""

    def __init__(self, caveat: str, env: dict[str, str], out: str, wrong_token: bool) -> None:
        self.caveat = caveat
        self.out = out
        # install reads the token from the default state folder under HOME.
        state = os.path.join(env["HOME"], ".local", "state", "caveat")
        self.env = {**env, "CAVEAT_STATE_DIR": state + ("-other" if wrong_token else "")}
        self.port = 0
        self.returncode: int | None = None
        self.child: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Serve:
        port_file = os.path.join(self.out, "serve.port")
        argv = [self.caveat, "serve", "--port", "0", "--port-file", port_file]
        with open(os.path.join(self.out, SERVE_LOG), "wb") as log:
            self.child = subprocess.Popen(
                [*argv, "--workers", str(WORKERS)],
                env=self.env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=log,
                start_new_session=True,
            )
        deadline = time.monotonic() + START_S
        while not os.path.exists(port_file):
            if self.child.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"caveat serve did not start (see {SERVE_LOG})")
            time.sleep(0.05)
        with open(port_file, encoding="ascii") as fh:
            self.port = int(fh.read())
        return self

    def install_flags(self) -> list[str]:
        return ["--http", "--port", str(self.port)]

    def stop(self) -> None:
        """SIGTERM to the server's pid (it stops its workers); SIGKILL to the process
        group it leads should it not be gone in time."""
        child = self.child
        if child is None or self.returncode is not None:
            return
        if child.poll() is None:
            os.kill(child.pid, signal.SIGTERM)
        try:
            self.returncode = child.wait(timeout=STOP_S)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
            self.returncode = -int(signal.SIGKILL)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()
