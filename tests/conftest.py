from __future__ import annotations

import pytest
from hypothesis import HealthCheck
from hypothesis import settings

# No timing assertions in unit tests: machines here are shared and noisy.
settings.register_profile(
    "caveat", deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
settings.load_profile("caveat")


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
