"""caveat installed with pipx, the way Python users install command-line tools: the
checkout installed by the real pipx, registered for a harness, then reinstalled, and
reinstalled on another Python. Packages come from the lane's wheelhouse
(``PIP_NO_INDEX``), so the run needs no network; the registered hook is run as the
harness would run it, from the settings file.

- ``caveat install`` registers caveat's stable launcher (``/bin/sh
  ~/.local/share/caveat/launch/hook.sh``), which names pipx's interpreter and the
  package folder inside pipx's venv;
- after ``pipx reinstall`` on the same Python, ``caveat verify`` says installed and the
  hook still answers;
- after ``pipx reinstall --python`` another version, the package folder the launcher
  recorded (which names the Python version) is gone, yet the hook still answers (the
  venv's interpreter finds the new one) and exits 0: ``verify`` says drifted, says
  why, and names the fix; ``caveat install`` repairs it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from expect import handlers
from lane import wheelhouse
from moved import other_python
from scenario import make_project

from caveat.install import launcher_sh

pytestmark = pytest.mark.e2e
PIPX = os.path.join(os.path.dirname(sys.executable), "pipx")
ROOT = Path(__file__).resolve().parents[2]


class Pipx:
    def __init__(self, root: Path) -> None:
        self.home = root / "home"
        self.home.mkdir()
        self.project = str(root / "project")
        make_project(self.project)
        self.env = {
            "HOME": str(self.home),
            "PATH": f"{root / 'bin'}:/usr/bin:/bin",
            "PIPX_HOME": str(root / "pipx"),
            "PIPX_BIN_DIR": str(root / "bin"),
            "PIP_NO_INDEX": "1",
            "PIP_FIND_LINKS": wheelhouse(),
            "LANG": "C.UTF-8",
        }
        self.caveat = str(root / "bin" / "caveat")

    def run(self, *argv: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            list(argv), env=self.env, capture_output=True, text=True, timeout=600, check=False
        )
        if check:
            assert done.returncode == 0, f"{argv}: {done.stdout}{done.stderr}"
        return done

    def settings(self) -> dict[str, object]:
        data: dict[str, object] = json.loads((self.home / ".claude" / "settings.json").read_text())
        return data

    def advice(self) -> str:
        """What the registered PreToolUse command answers a pickle write with."""
        path = os.path.join(self.project, "app.py")
        payload = {
            "session_id": f"pipx-{os.urandom(4).hex()}",
            "hook_event_name": "PreToolUse",
            "cwd": self.project,
            "tool_name": "Write",
            "tool_input": {"file_path": path, "content": "import pickle\npickle.loads(b)\n"},
        }
        (handler,) = handlers(self.settings(), "PreToolUse", "Write")
        done = subprocess.run(
            [handler["command"], *handler["args"]],
            input=json.dumps(payload).encode(),
            capture_output=True,
            cwd=self.project,
            env=self.env,
            timeout=60,
            check=False,
        )
        # A registration never exits non-zero: Claude Code takes 2 as a block.
        assert done.returncode == 0, done.stderr
        return str(
            json.loads(done.stdout or b"{}")
            .get("hookSpecificOutput", {})
            .get("additionalContext", "")
        )


@pytest.fixture(scope="module")
def pipx(tmp_path_factory: pytest.TempPathFactory) -> Pipx:
    box = Pipx(tmp_path_factory.mktemp("pipx"))
    box.run(PIPX, "install", str(ROOT))
    box.run(box.caveat, "install", "--harness", "claude", "--user")
    return box


def test_install_registers_pipxs_interpreter(pipx: Pipx) -> None:
    venv = os.path.join(pipx.env["PIPX_HOME"], "venvs", "caveat")
    (handler,) = handlers(pipx.settings(), "PreToolUse", "Write")
    launch = pipx.home / ".local" / "share" / "caveat" / "launch"
    assert handler["command"] == "/bin/sh"
    # ``-c START`` first: a registration exits 0 when the launcher folder is gone
    assert handler["args"][:4] == ["-c", launcher_sh.START, str(launch / "hook.sh"), "--contract"]
    assert f'py="{os.path.join(venv, "bin", "python")}"' in (launch / "hook.sh").read_text()
    assert f'SITE = "{os.path.join(venv, "lib")}' in (launch / "hook.py").read_text()
    assert "pickle.loads" in pipx.advice()
    done = pipx.run(pipx.caveat, "verify", "--harness", "claude")
    assert "claude: installed" in done.stdout


def test_reinstall_keeps_the_registrations_working(pipx: Pipx) -> None:
    before = pipx.settings()
    pipx.run(PIPX, "reinstall", "caveat")
    assert pipx.settings() == before
    done = pipx.run(pipx.caveat, "verify", "--harness", "claude")
    assert "claude: installed" in done.stdout
    assert "pickle.loads" in pipx.advice()


def test_another_python_drifts_and_install_repairs(pipx: Pipx) -> None:
    other = other_python()
    if other is None:
        pytest.skip("no second Python >= 3.10 on this machine")
    before = pipx.settings()
    pipx.run(PIPX, "reinstall", "--python", other, "caveat")
    assert pipx.settings() == before
    assert "pickle.loads" in pipx.advice()  # the recorded folder is gone; the venv's is found
    done = pipx.run(pipx.caveat, "verify", "--harness", "claude", check=False)
    assert done.returncode == 1 and "claude: drifted" in done.stdout
    assert "starts another caveat than this one" in done.stdout
    assert "site-packages, which no longer exists" in done.stdout
    assert "fix: caveat install --harness claude --user" in done.stdout
    pipx.run(pipx.caveat, "install", "--harness", "claude", "--user")
    assert "claude: installed" in pipx.run(pipx.caveat, "verify", "--harness", "claude").stdout
    assert "pickle.loads" in pipx.advice()
