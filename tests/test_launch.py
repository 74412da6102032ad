"""``caveat/_launch.py``: a copy that cannot import caveat still exits 0, and answers
a harness that refuses a tool on no answer (agy) with its silent answer."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess

import pytest

import caveat
from caveat.install import launcher
from caveat.install import launcher_sh

SOURCE = os.path.join(os.path.dirname(caveat.__file__), "_launch.py")


def test_its_table_is_the_launchers():
    with open(SOURCE, encoding="utf-8") as handle:
        tree = ast.parse(handle.read())
    tables = [
        ast.literal_eval(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "answer" for t in node.targets)
    ]
    assert tables == [launcher.silent_answers()]


def test_the_registrations_start_answers_as_the_contracts_do(tmp_path):
    """With the launcher's folder gone, a registration still exits 0 and answers a
    contract that refuses a tool on no answer with its silent answer."""
    assert launcher.silent_answers() == launcher_sh.START_ANSWERS
    gone = str(tmp_path / "gone" / "hook.sh")
    for contract, stdout in [("antigravity", b'{"decision":"ask"}'), ("copilot", b"")]:
        argv = ["/bin/sh", "-c", launcher_sh.START, gone, "--contract", contract, "PreToolUse"]
        done = subprocess.run(argv, input=b"{}", capture_output=True, timeout=30, check=False)
        assert (done.returncode, done.stdout) == (0, stdout)


PYTHON = shutil.which("python3")


@pytest.mark.skipif(PYTHON is None, reason="no system python3")
@pytest.mark.parametrize(
    ("contract", "stdout"), [("antigravity", b'{"decision":"ask"}'), ("claude", b"")]
)
def test_a_copy_that_cannot_import_caveat_exits_0(tmp_path, contract, stdout):
    copy = tmp_path / "_launch.py"
    shutil.copy(SOURCE, copy)
    # A bare interpreter with -I (and no site-packages) finds no caveat.
    done = subprocess.run(
        [str(PYTHON), "-I", "-S", str(copy), "--contract", contract, "PreToolUse"],
        input=b"{}",
        capture_output=True,
        timeout=30,
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout == stdout
    assert b"caveat: launch failed: ModuleNotFoundError" in done.stderr
