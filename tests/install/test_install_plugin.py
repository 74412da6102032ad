"""caveat plugin build DIR: a Claude Code plugin whose hooks run bootstrap.sh, and
bootstrap.sh itself, run by bash with controlled PATHs."""

# ruff: noqa: F401, F811  (pytest fixtures imported from harnesses.install_helpers)

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

import caveat as package
from caveat.harnesses.claude.install import HARNESS
from caveat.install import plugin_build
from caveat.install import plugin_files
from caveat.install.command import launcher
from tests.harnesses.install_helpers import ROOT
from tests.harnesses.install_helpers import caveat
from tests.harnesses.install_helpers import example
from tests.harnesses.install_helpers import read
from tests.harnesses.install_helpers import write

VENV_BIN = os.path.dirname(os.path.abspath(sys.executable))
BASH = shutil.which("bash") or "/bin/bash"


def test_build(tmp_path, caveat):
    out = tmp_path / "plugin"
    code, text, _ = caveat("plugin", "build", str(out))
    assert code == 0 and str(out) in text
    manifest = json.loads(read(out / ".claude-plugin" / "plugin.json"))
    assert manifest["name"] == "caveat" and manifest["version"] == package.__version__
    registered = json.loads(read(out / "hooks" / "hooks.json"))["hooks"]
    # The Claude Code installer's registrations, event for event and matcher for matcher.
    assert list(registered) == list(dict.fromkeys(e.vendor_event for e in HARNESS.entries))
    flat = [(event, g.get("matcher"), g["hooks"]) for event, gs in registered.items() for g in gs]
    for entry, (event, matcher, (handler,)) in zip(HARNESS.entries, flat, strict=True):
        assert (event, matcher) == (entry.vendor_event, entry.matcher)
        assert handler == {
            "type": "command",
            "command": 'bash "${CLAUDE_PLUGIN_ROOT}/bootstrap.sh" --contract claude '
            + " ".join([entry.vendor_event, *entry.words()]),
            "timeout": 30,
        }
    assert "/" not in json.dumps(registered).replace("${CLAUDE_PLUGIN_ROOT}/bootstrap.sh", "")
    assert read(out / "bootstrap.sh").startswith("#!/usr/bin/env bash\n")
    messages = sorted(os.listdir(out / "messages"))
    assert "sessionstart.md" in messages and "pretooluse-dependency-guard.md" in messages
    assert "skill-index.md" not in messages  # no catalog bundled, no index of it
    assert not (out / "skills").exists()


def test_build_with_skills_has_a_plugin_form_index(tmp_path, caveat):
    out = tmp_path / "plugin"
    code, _, err = caveat("plugin", "build", str(out), "--skills", os.path.join(ROOT, "skills"))
    assert code == 0, err
    assert (out / "skills" / "caveat-rules" / "SKILL.md").is_file()
    index = read(out / "messages" / "skill-index.md")
    assert "/caveat:caveat-rules" in index and "caveat-explain" in index


def test_rebuild_is_identical_and_a_foreign_folder_is_refused(tmp_path, caveat):
    out = tmp_path / "plugin"
    caveat("plugin", "build", str(out))
    first = {p: read(out / p) for p in plugin_files.files()}
    write(out / "messages" / "stale.md", "old\n")
    assert caveat("plugin", "build", str(out))[0] == 0
    assert {p: read(out / p) for p in plugin_files.files()} == first
    assert not (out / "messages" / "stale.md").exists()
    other = tmp_path / "other"
    write(other / "notes.txt", "mine\n")
    code, _, err = caveat("plugin", "build", str(other))
    assert code == 1 and str(other) in err and "not empty" in err
    assert os.listdir(other) == ["notes.txt"]


def test_usage(caveat):
    assert caveat("plugin")[0] == 2


# ---------------------------------------------------------------- bootstrap.sh, for real


@pytest.fixture
def built(tmp_path):
    out = tmp_path / "plugin"
    plugin_build.build(str(out))
    return out


@pytest.fixture
def tools(tmp_path):
    """A PATH entry with the few programs bootstrap.sh uses, and no Python."""
    folder = tmp_path / "tools"
    folder.mkdir()
    for name in ("cat", "mkdir", "mv", "rm"):
        found = shutil.which(name)
        assert found, name
        os.symlink(found, folder / name)
    return folder


def bootstrap(built, path: str, payload: bytes, state, cwd=None):
    entry = HARNESS.entries[0]  # PreToolUse on file tools
    env = {
        "PATH": path,
        "HOME": os.environ["HOME"],
        "CAVEAT_STATE_DIR": str(state),
        "CLAUDE_PLUGIN_ROOT": str(built),
    }
    args = ["--contract", "claude", entry.vendor_event, *entry.words()]
    return subprocess.run(
        [BASH, str(built / "bootstrap.sh"), *args],
        input=payload,
        capture_output=True,
        env=env,
        cwd=cwd,
        timeout=60,
        check=False,
    )


def payload(project) -> bytes:
    return json.dumps(example("02-claude-write-package-json.json", project)).encode()


def test_finds_caveat_through_path_and_caches_it(built, tools, project, tmp_path):
    state = tmp_path / "state"
    done = bootstrap(built, f"{VENV_BIN}:{tools}", payload(project), state)
    assert done.returncode == 0, done.stderr
    text = json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "lodahs" in text
    cached = read(state / "plugin-python").splitlines()
    assert cached == [os.path.join(VENV_BIN, "python3"), launcher()]
    assert oct(os.stat(state / "plugin-python").st_mode & 0o777) == "0o600"


def test_the_cache_is_used(built, tools, tmp_path, project):
    """An interpreter named by the cache runs, without a probe (here a stand-in)."""
    state = tmp_path / "state"
    fake = tmp_path / "fake-python"
    write(fake, '#!/bin/sh\ncat >/dev/null\necho \'{"from": "cache"}\'\n')
    os.chmod(fake, 0o755)
    write(state / "plugin-python", f"{fake}\n{launcher()}\n")
    done = bootstrap(built, str(tools), payload(project), state)
    assert done.returncode == 0 and json.loads(done.stdout) == {"from": "cache"}


def test_a_run_that_fails_drops_the_cache(built, tools, tmp_path, project):
    state = tmp_path / "state"
    fake = tmp_path / "broken-python"
    write(fake, "#!/bin/sh\ncat >/dev/null\nexit 1\n")
    os.chmod(fake, 0o755)
    write(state / "plugin-python", f"{fake}\n{launcher()}\n")
    done = bootstrap(built, str(tools), payload(project), state)
    assert done.returncode == 0 and done.stdout == b""
    assert not (state / "plugin-python").exists()


def test_a_cache_that_points_at_a_missing_file_is_probed_again(built, tools, tmp_path, project):
    state = tmp_path / "state"
    write(state / "plugin-python", "/opt/gone/bin/python3\n/opt/gone/caveat/_launch.py\n")
    done = bootstrap(built, f"{VENV_BIN}:{tools}", payload(project), state)
    assert done.returncode == 0 and b"lodahs" in done.stdout
    assert read(state / "plugin-python").splitlines()[0] == os.path.join(VENV_BIN, "python3")


@pytest.mark.parametrize("size", [0, 100, 4 * 1024 * 1024])
def test_no_usable_python_fails_open(built, tools, tmp_path, project, size):
    state = tmp_path / "state"
    data = payload(project) if size == 100 else b" " * size
    done = bootstrap(built, str(tools), data, state)
    assert done.returncode == 0 and done.stdout == b"" and done.stderr == b""
    assert not (state / "plugin-python").exists()


def test_a_relative_path_entry_is_never_used(built, tools, tmp_path, project):
    """A python3 found through a relative PATH entry could be the open project's."""
    state = tmp_path / "state"
    rogue = project / "bin" / "python3"
    write(rogue, "#!/bin/sh\necho '{\"rogue\": true}'\n")
    os.chmod(rogue, 0o755)
    done = bootstrap(built, f"bin:{tools}", payload(project), state, cwd=project)
    assert done.returncode == 0 and done.stdout == b""


@pytest.mark.parametrize("planted", ["symlink", "foreign"])
def test_a_planted_cache_is_not_used(built, tools, tmp_path, project, planted):
    """A cache another user could have written names a program: it is probed again."""
    if planted == "foreign" and not (hasattr(os, "geteuid") and os.geteuid() == 0):
        pytest.skip("giving a file to another user needs root")
    state = tmp_path / "state"
    fake = tmp_path / "planted-python"
    write(fake, '#!/bin/sh\ncat >/dev/null\necho \'{"from": "planted"}\'\n')
    os.chmod(fake, 0o755)
    elsewhere = tmp_path / "elsewhere"
    write(elsewhere, f"{fake}\n{launcher()}\n")
    if planted == "symlink":
        state.mkdir(exist_ok=True)
        (state / "plugin-python").symlink_to(elsewhere)
    else:
        write(state / "plugin-python", f"{fake}\n{launcher()}\n")
        os.chown(state / "plugin-python", 65534, 65534)
    done = bootstrap(built, f"{VENV_BIN}:{tools}", payload(project), state)
    assert done.returncode == 0, done.stderr
    assert b'"from"' not in done.stdout
    assert "lodahs" in json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
