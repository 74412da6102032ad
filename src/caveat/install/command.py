"""The command a registration runs: caveat's stable launcher, resolved at install time.

The hook never imports project code. A registration runs ``/bin/sh -c START
<data>/caveat/launch/hook.sh`` (``<python> -I <data>/caveat/launch/hook.py`` on
Windows), files whose paths survive caveat moving to another Python or venv and which
exit 0 whatever moved (:mod:`caveat.install.launcher`); it is written as argv where
the harness supports exec form and as one shell string elsewhere. Earlier versions
ran ``<python> -I <abs>/caveat/_launch.py`` (:func:`launcher`), which the plugin's
bootstrap still does. Paths that a shell or a JSON reader could misinterpret are
refused, naming the path.
"""

from __future__ import annotations

import os
import sys

import caveat
from caveat.install import launcher as files
from caveat.install.core import InstallError
from caveat.install.launcher_sh import SHELL
from caveat.install.launcher_sh import START

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

# SPEC §8: a path holding one of these cannot be quoted safely for every shell.
UNSAFE = ("$", "`", '"', "\\")


def interpreter() -> str:
    """The interpreter running caveat now (a venv's own ``python``, not its target)."""
    return os.path.abspath(sys.executable) if sys.executable else ""


def launcher() -> str:
    """The launcher in caveat's package (what earlier registrations named)."""
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
    """What a registration starts: ``program`` with ``lead`` before the hook's own
    arguments; the interpreter and package folder it runs caveat from; and the
    launcher files that must hold what ``files`` says (path, text)."""

    __slots__ = ("files", "launch", "lead", "program", "python", "site")

    def __init__(self, python: str, site: str, launch: str, files: tuple[tuple[str, str], ...]):
        self.python = python
        self.site = site
        self.launch = launch
        self.files = files
        shell = launch.endswith(".sh")
        self.program = SHELL if shell else python
        lead = ("-c", START, launch) if shell else ("-I", launch)
        self.lead: tuple[str, ...] = lead

    @classmethod
    def resolve(cls, env: Mapping[str, str]) -> Runtime:
        python = interpreter()
        if not python:
            raise InstallError("cannot tell which Python runs caveat (sys.executable is empty)")
        site = os.path.dirname(os.path.dirname(os.path.abspath(caveat.__file__)))
        # Windows has no /bin/sh: there the interpreter itself is the program, and its
        # vanishing is the one fault the registration cannot survive.
        launch = files.python_path(env) if os.name == "nt" else files.shell_path(env)
        check_path(python, "interpreter")
        check_path(site, "caveat package folder")
        check_path(launch, "caveat launcher")
        texts = tuple(files.texts(env, python, site).items())
        return cls(python, site, launch, texts)

    def argv(self, contract: str, event: str, messages: tuple[str, ...]) -> list[str]:
        """Exec form ``args`` (``command`` is :attr:`program`)."""
        return [*self.lead, "--contract", contract, event, *messages]

    def shell(self, contract: str, event: str, messages: tuple[str, ...]) -> str:
        """Shell form: the same argv as one string; every path is double-quoted (they
        hold none of the characters that are special inside double quotes)."""
        words = ["--contract", contract, event, *messages]
        lead = " ".join(_quoted(w, self.launch) for w in self.lead)
        return f'"{self.program}" {lead} ' + " ".join(words)


def _quoted(word: str, launch: str) -> str:
    if word == launch:
        return f'"{word}"'
    return f"'{word}'" if word == START else word
