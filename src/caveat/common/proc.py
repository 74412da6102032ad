"""Start a program caveat itself names: the only way caveat starts a process other
than git (which goes through ``caveat.common.gitrun``).

Used by the CLI, never on the hook path: ``caveat demo`` runs its own hook as a child,
one process per example payload. The program is named by its absolute path (no
``PATH`` lookup, whose empty and relative entries would let the project's folder
supply it); it runs in a session of its own, with a deadline, and its whole process
group is killed when the deadline passes. ``caveat serve`` forking its own workers
(``os.fork``, no program started) is the one other process caveat makes.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Mapping
from collections.abc import Sequence
from typing import NamedTuple

TIMEOUT_S = 60.0


class Done(NamedTuple):
    """How a program ended: its exit status (negative: the signal that ended it; None:
    killed at the deadline) and what it wrote."""

    returncode: int | None
    stdout: bytes
    stderr: bytes


def run(
    argv: Sequence[str],
    data: bytes = b"",
    env: Mapping[str, str] | None = None,
    cwd: str | None = None,
    timeout: float = TIMEOUT_S,
) -> Done:
    """Run ``argv`` (its first item an absolute path) with ``data`` on its stdin, until
    it exits or ``timeout`` seconds pass; ``ValueError`` for a relative program."""
    if not argv or not os.path.isabs(argv[0]):
        name = argv[0] if argv else ""
        raise ValueError(f"{name!r} is not an absolute path: caveat finds no program on PATH")
    with subprocess.Popen(
        list(argv),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=None if env is None else dict(env),
        cwd=cwd,
        start_new_session=True,
    ) as child:
        try:
            out, err = child.communicate(data, timeout=timeout)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(child.pid, 9)
            except OSError:
                pass
            out, err = child.communicate()
            return Done(None, out, err)
    return Done(child.returncode, out, err)
