"""The command a registration runs: caveat's interpreter, resolved at install time.

The hook never imports project code: it runs ``<python> -I <abs>/caveat/_launch.py``
(the fastest start-up form, SPEC §12), as argv where the harness supports exec form
and as one shell string elsewhere. Paths that a shell or a JSON reader could
misinterpret are refused, naming the path.
"""

from __future__ import annotations

import os
import sys

import caveat
from caveat.install.core import InstallError

# SPEC §8: a path holding one of these cannot be quoted safely for every shell.
UNSAFE = ("$", "`", '"', "\\")


def interpreter() -> str:
    """The interpreter running caveat now (a venv's own ``python``, not its target)."""
    return os.path.abspath(sys.executable) if sys.executable else ""


def launcher() -> str:
    return os.path.join(os.path.dirname(os.path.abspath(caveat.__file__)), "_launch.py")


def check_path(path: str, what: str) -> str:
    bad = [c for c in UNSAFE if c in path]
    if bad or any(ord(c) < 32 for c in path):
        shown = " ".join(repr(c) for c in bad) or "a control character"
        raise InstallError(
            f"refusing the {what} path {path!r}: it contains {shown}, which cannot be "
            'quoted safely in a hook command; move it to a path without $, `, " or \\'
        )
    return path


class Runtime:
    """The interpreter and launcher a registration names."""

    __slots__ = ("launch", "python")

    def __init__(self, python: str, launch: str) -> None:
        self.python = python
        self.launch = launch

    @classmethod
    def resolve(cls) -> Runtime:
        python = interpreter()
        if not python:
            raise InstallError("cannot tell which Python runs caveat (sys.executable is empty)")
        return cls(check_path(python, "interpreter"), check_path(launcher(), "caveat launcher"))

    def argv(self, contract: str, event: str, messages: tuple[str, ...]) -> list[str]:
        """Exec form ``args`` (``command`` is :attr:`python`)."""
        return ["-I", self.launch, "--contract", contract, event, *messages]

    def shell(self, contract: str, event: str, messages: tuple[str, ...]) -> str:
        """Shell form: the same argv as one string; every path is double-quoted (they
        hold none of the characters that are special inside double quotes)."""
        words = ["--contract", contract, event, *messages]
        return f'"{self.python}" -I "{self.launch}" ' + " ".join(words)
