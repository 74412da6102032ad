"""The wheel carries the messages and the launcher, and runs from an unpacked copy."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile

import pytest

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
    metadata = next(n for n in names if n.endswith("/METADATA"))
    text = zipfile.ZipFile(wheel).read(metadata).decode()
    assert "Requires-Python: >=3.10" in text
    for dep in ("markdown-it-py", "gitpython", "pathspec"):
        assert f"requires-dist: {dep}" in text.lower()
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
