"""The stable launcher every command registration runs (SPEC §8).

A registration that named caveat's package (``…/python3.11/site-packages/caveat/
_launch.py``) broke when the package moved (``pipx reinstall --python …``): Python
exits 2 on a missing script, which Claude Code takes as a block of every tool call,
and Copilot takes any non-zero exit as a deny. So registrations name two files in
caveat's data folder instead, whose paths hold no interpreter version, rewritten by
every install:

- ``launch/hook.sh``, run as ``/bin/sh -c START <hook.sh> --contract …`` (``START``
  exits 0 when the data folder itself is gone): it starts the interpreter caveat was
  installed with on ``hook.py``; when that interpreter (or ``hook.py``) is gone, or
  exits non-zero, it reads the payload, appends a ``launch failed`` line to the
  audit log and exits 0;
- ``launch/hook.py``, run as ``<python> -I <hook.py> --contract …`` (the form on
  Windows, which has no ``/bin/sh``): it imports caveat from the folder it was
  installed in, else from the interpreter's own ``sys.path``, and on any failure to
  import writes one line to stderr and one ``launch failed`` line to the audit log,
  and exits 0. Before it imports, it runs caveat's hot-path modules from
  ``launch/hook.bundle`` beside it when that is fresh (``caveat.install.bundle``).

Neither file imports caveat to record a fault: both write the audit line by hand.
Files that are not ours (another user's, group- or world-writable, a symlink) are
replaced, never run: install writes to a temporary name and renames over them.

This module names the files and assembles their texts (:mod:`~caveat.install.launcher_sh`,
:mod:`~caveat.install.launcher_py`); :mod:`~caveat.install.launcher_check` compares
them with what is on disk, :mod:`~caveat.install.launcher_write` writes them.
"""

from __future__ import annotations

import os

from caveat.install import bundle
from caveat.install import launcher_py
from caveat.install import launcher_sh
from caveat.install.records import data_folder

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

FOLDER = "launch"


def folder(env: Mapping[str, str]) -> str:
    return os.path.join(data_folder(env), FOLDER)


def shell_path(env: Mapping[str, str]) -> str:
    return os.path.join(folder(env), "hook.sh")


def python_path(env: Mapping[str, str]) -> str:
    return os.path.join(folder(env), "hook.py")


def silent_answers() -> dict[str, str]:
    """Contract id → its ``SILENT`` answer, for the contracts that have one. The
    launcher holds them as text: it answers when caveat cannot be imported."""
    from caveat import harnesses

    found = {}
    for harness_id in harnesses.HARNESSES:
        answer = getattr(harnesses.load(harness_id), "SILENT", "")
        # Single-quoted in sh, a literal in Python: plain printable ASCII only.
        if answer and all(" " <= c <= "~" and c not in "'\\" for c in answer):
            found[harness_id] = answer
    return found


def texts(env: Mapping[str, str], python: str, site: str) -> dict[str, str]:
    """What each launcher file holds for this interpreter and package folder."""
    hook = python_path(env)
    answers = silent_answers()
    return {
        shell_path(env): launcher_sh.text(python, hook, answers),
        hook: launcher_py.text(site, bundle.path(folder(env)), answers),
    }
