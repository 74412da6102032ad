from __future__ import annotations

import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck
from hypothesis import settings

import caveat

# No timing assertions in unit tests: machines here are shared and noisy.
settings.register_profile(
    "caveat", deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
settings.load_profile("caveat")

LAUNCHER = os.path.join(os.path.dirname(caveat.__file__), "_launch.py")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path_factory, monkeypatch):
    """No test reads or writes the real home, state or config folders."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("CAVEAT_STATE_DIR", str(home / "state"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    for key in ("CAVEAT_DISABLE", "CLAUDE_PLUGIN_DATA", "XDG_STATE_HOME", "CLAUDE_PROJECT_DIR"):
        monkeypatch.delenv(key, raising=False)


@pytest.fixture
def project(tmp_path):
    """An empty project folder that is a git root (a bare ``.git`` folder suffices)."""
    root = tmp_path / "project"
    (root / ".git").mkdir(parents=True)
    return root


def run_hook(data: bytes, *args: str, cwd=None, env=None, python=sys.executable, **kw):
    """Run the hook exactly as a harness does: a fresh isolated interpreter."""
    return subprocess.run(
        [python, "-I", LAUNCHER, *args],
        input=data,
        capture_output=True,
        cwd=cwd,
        env=env if env is not None else dict(os.environ),
        timeout=60,
        check=False,
        **kw,
    )
