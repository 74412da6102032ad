"""The wheel carries the messages, the examples and the launcher, runs from an unpacked
copy, and installed into a clean virtual environment runs the demo and the hook and
says its version."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile

import pytest

from caveat import cli
from tests.helpers import ROOT


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(out),
            ROOT,
        ],
        check=True,
        capture_output=True,
    )
    (built,) = out.glob("caveat-*.whl")
    return built


def test_wheel_contents(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "caveat/_launch.py" in names
    assert "caveat/py.typed" in names
    assert "caveat/messages/pretooluse-dependency-guard.md" in names
    assert "caveat/messages/pretooluse-eval-guard.md" in names
    assert not any(n.startswith(("tests/", "examples/")) for n in names)
    examples = os.listdir(os.path.join(ROOT, "examples", "payloads"))
    assert {f"caveat/examples/payloads/{name}" for name in examples} <= names
    assert "caveat/examples/project/package.json" in names
    metadata = next(n for n in names if n.endswith("/METADATA"))
    text = zipfile.ZipFile(wheel).read(metadata).decode()
    assert "Requires-Python: >=3.10" in text
    for dep in ("markdown-it-py", "pathspec"):
        assert f"requires-dist: {dep}" in text.lower()
    assert "requires-dist: gitpython" not in text.lower()  # git runs through gitrun only
    entry = next(n for n in names if n.endswith("/entry_points.txt"))
    assert "caveat = caveat.cli:main" in zipfile.ZipFile(wheel).read(entry).decode()


def test_unpacked_wheel_points_at_its_own_messages(wheel, tmp_path, project):
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    payload = {
        "cwd": str(project),
        "hook_event_name": "PreToolUse",
        "tool_name": "Write",
        "tool_input": {
            "file_path": str(project / "package.json"),
            "content": '{"dependencies": {"a": "1"}}',
        },
    }
    code = f"import sys; sys.path.insert(0, {str(site)!r}); from caveat.hook import main; main([])"
    done = subprocess.run(
        [sys.executable, "-I", "-c", code],
        input=json.dumps(payload).encode(),
        capture_output=True,
        check=True,
    )
    context = json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
    assert (
        f"Full procedure: {site / 'caveat' / 'messages' / 'pretooluse-dependency-guard.md'}"
        in context
    )


def declared_version() -> str:
    """The version pyproject.toml gives the distribution: hatch reads it from the file
    that ``[tool.hatch.version] path`` names."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib

    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as handle:
        pyproject = tomllib.load(handle)
    if "version" in pyproject["project"]:
        return str(pyproject["project"]["version"])
    with open(os.path.join(ROOT, pyproject["tool"]["hatch"]["version"]["path"])) as handle:
        found = re.search(r'^__version__ = "([^"]+)"$', handle.read(), re.MULTILINE)
    assert found
    return found.group(1)


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory):
    """A clean virtual environment with the wheel and its dependencies installed."""
    venv = tmp_path_factory.mktemp("venv") / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
    done = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", str(wheel)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return venv / "bin"


def outside_env(tmp_path):
    """The environment of a user of the installed wheel: nothing of the checkout."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CAVEAT_", "PYTHON"))}
    env.update(HOME=str(tmp_path), CAVEAT_STATE_DIR=str(tmp_path / "state"))
    return env


def test_version_is_the_package_metadata_and_pyproject(installed, tmp_path):
    declared = declared_version()
    assert cli.version() == declared  # this checkout's installed metadata
    done = subprocess.run(
        [str(installed / "caveat"), "--version"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=outside_env(tmp_path),
        check=True,
    )
    assert done.stdout == f"caveat {declared}\n"


def test_installed_wheel_runs_the_demo(installed, tmp_path):
    done = subprocess.run(
        [str(installed / "caveat"), "demo"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=outside_env(tmp_path),
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "no examples folder" not in done.stderr
    assert "02-claude-write-package-json.json" in done.stdout
    assert "lodahs" in done.stdout  # the dependency advisory reached the model's text
    assert str(installed.parent / "lib") in done.stdout  # messages from the installed copy


def test_installed_wheel_answers_a_hook_call(installed, tmp_path, project):
    payload = {
        "cwd": str(project),
        "hook_event_name": "PreToolUse",
        "tool_name": "Write",
        "tool_input": {
            "file_path": str(project / "package.json"),
            "content": '{"dependencies": {"left-pad": "1.3.0"}}',
        },
    }
    done = subprocess.run(
        [str(installed / "caveat"), "hook"],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        cwd=project,
        env=outside_env(tmp_path),
        timeout=60,
        check=True,
    )
    context = json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "left-pad" in context


def test_the_sdist_carries_the_source_and_builds_the_wheel(tmp_path):
    """The sdist holds the real src/ and skills/ (plugin/ links to them, and a walk of
    the whole tree once met those links first and left the real folders out), and
    a wheel builds from it with the bundled skills."""
    import tarfile

    out = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), ROOT],
        check=True,
        capture_output=True,
    )
    (sdist,) = out.glob("caveat-*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {"src/caveat/hook.py", "skills/caveat-rules/SKILL.md", "pyproject.toml"} <= names
    assert not any(name.startswith("plugin/") for name in names)
    (wheel,) = out.glob("caveat-*.whl")  # built from the sdist
    assert "caveat/skills/caveat-rules/SKILL.md" in zipfile.ZipFile(wheel).namelist()
