"""Starting a program caveat names: by absolute path only, with a deadline that takes
its whole process group down."""

from __future__ import annotations

import os
import sys
import time

import pytest

from caveat.common import proc
from tests.hostile import git as hostile


def test_runs_with_input_and_returns_what_it_wrote(tmp_path):
    code = "import sys; data = sys.stdin.read(); print(data.upper()); sys.exit(3)"
    done = proc.run([sys.executable, "-c", code], b"hi", cwd=str(tmp_path))
    assert done == proc.Done(3, b"HI\n", b"")


@pytest.mark.parametrize("argv", [["python3", "-c", "pass"], ["./python3"], []])
def test_a_program_not_named_by_absolute_path_is_refused(argv):
    with pytest.raises(ValueError, match="not an absolute path"):
        proc.run(argv)


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc")
def test_the_deadline_kills_the_group(tmp_path):
    script = f"cd {tmp_path} && sleep 60 & cd {tmp_path} && sleep 60"
    start = time.monotonic()
    done = proc.run(["/bin/sh", "-c", script], cwd=str(tmp_path), timeout=0.5)
    assert done.returncode is None and time.monotonic() - start < 10
    assert hostile.processes_in(str(tmp_path)) == []
