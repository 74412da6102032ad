"""A caveat that moved under a live registration, as ``pipx reinstall --python
<another>`` leaves it: installed from a venv of the lane's Python, whose package folder
(``lib/python3.N/site-packages``) the registrations' launcher names, then that venv
replaced by one of another Python that holds no caveat at all. Every hook start then
meets an interpreter that is there and a caveat that is not."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VENV = "caveat-venv"


def other_python() -> str | None:
    """An interpreter of a later minor version than the lane's (the wheelhouse holds
    what the lane's version needs, and a later one needs nothing more)."""
    mine = f"python{sys.version_info.major}.{sys.version_info.minor}"
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    later = range(sys.version_info.minor + 1, 16)
    found = [shutil.which(f"python3.{n}") for n in later]
    found += [str(p) for n in later for p in sorted(pyenv.glob(f"3.{n}.*/bin/python3.{n}"))]
    for path in filter(None, found):
        if os.path.basename(path) == mine or not os.access(path, os.X_OK):
            continue
        check = "import sys, venv; sys.exit(sys.version_info < (3, 10))"
        if subprocess.run([path, "-I", "-c", check], check=False).returncode == 0:
            return path
    return None


def _venv(python: str, where: str) -> None:
    subprocess.run([python, "-m", "venv", "--without-pip", where], check=True)


def venv_with_caveat(home: str) -> str:
    """A venv of the lane's Python in ``home`` holding a copy of caveat's package (a
    copy is what an install is): its interpreter."""
    where = os.path.join(home, VENV)
    _venv(sys.executable, where)
    (site,) = Path(where).glob("lib/python3*/site-packages")
    shutil.copytree(
        ROOT / "src" / "caveat", site / "caveat", ignore=shutil.ignore_patterns("__pycache__")
    )
    return os.path.join(where, "bin", "python")


def move(home: str) -> str:
    """Replace the venv: what took its place (another Python's venv without caveat, or
    nothing when this machine has no second Python)."""
    where = os.path.join(home, VENV)
    shutil.rmtree(where)
    other = other_python()
    if other is None:
        return "nothing (no second Python >= 3.10 here)"
    _venv(other, where)
    return f"a venv of {os.path.basename(other)} without caveat"
