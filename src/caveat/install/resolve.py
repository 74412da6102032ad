"""What install, uninstall and verify each start from: the harness a name means, the
project folder and file in scope, the file read (and refused when caveat could not
rewrite it without loss), what the registrations run, and the result record."""

from __future__ import annotations

import importlib
import os
import re

from caveat.harnesses import HARNESSES
from caveat.install import document
from caveat.install import filewrite
from caveat.install.core import ALIASES
from caveat.install.core import NO_HOOKS
from caveat.install.core import InstallError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.install.base import Harness
    from caveat.install.command import Runtime
    from caveat.install.core import Json
    from caveat.install.endpoint import Endpoint

# How often a write that lost a race with another program is tried again.
ATTEMPTS = 3


def harness(name: str) -> Harness:
    """The installer of harness ``name``: its id, or a name earlier versions used."""
    key = ALIASES.get(name, name)
    if key in NO_HOOKS:
        raise InstallError(f"{name}: {NO_HOOKS[key]}")
    if key not in HARNESSES:
        from caveat.common.names import suggest

        hint = suggest(name, [*HARNESSES, *ALIASES])
        known = ", ".join([*HARNESSES, *(f"{alias} ({to})" for alias, to in ALIASES.items())])
        raise InstallError(f"unknown harness {name!r}{hint}; choose one of: {known}")
    found: Harness = importlib.import_module(f"caveat.harnesses.{key}.install").HARNESS
    return found


class Result:
    """What one operation did (or would do) to one file."""

    __slots__ = ("detail", "diff", "harness", "notes", "path", "problems", "status")

    def __init__(self, harness: str, path: str, status: str) -> None:
        self.harness = harness
        self.path = path
        self.status = status
        self.problems: list[str] = []
        self.notes: list[str] = []  # what was done beside the file, for the operator
        self.diff = ""
        self.detail = ""

    def as_json(self) -> Json:
        return {
            "harness": self.harness,
            "path": self.path,
            "status": self.status,
            "problems": self.problems,
        }


def project(folder: str | None, must_exist: bool = True) -> str | None:
    """The project folder as an absolute path; refused when it is no folder (an
    install never creates the project) or holds characters no hook command can quote."""
    if folder is None:
        return None
    from caveat.install.command import check_path

    path = check_path(os.path.abspath(folder), "project")
    if must_exist and not os.path.isdir(path):
        what = "is not a folder" if os.path.exists(path) else "does not exist"
        raise InstallError(
            f"the project folder {path} {what}; caveat installs into an existing "
            "project only (check the path, or create the folder first)"
        )
    return path


def check_local(spec: Harness, project: str | None) -> None:
    """Refuse ``--local`` where it means nothing."""
    if spec.local_file is None:
        raise InstallError(
            f"--local: {spec.id} reads no local project file that stays out of git; "
            f"install into {spec.project_file} (--project DIR) or the user's file (--user)"
        )
    if project is None:
        raise InstallError(
            f"--local goes with --project DIR: it writes DIR/{spec.local_file}; "
            "the user's file is yours alone already"
        )


def read(spec: Harness, path: str, inside: str | None = None) -> document.Document:
    """The harness file, refused when caveat could not rewrite it without loss, or
    (about to be written, inside the project ``inside``) not in place to be written:
    a link at it or above it."""
    filewrite.check(path, inside)
    doc = document.load(path)
    spec.layout.check(path, doc.data)
    return doc


def writable(spec: Harness, doc: document.Document) -> None:
    """Refuse to change a read-only file: its mode says the operator wants it kept."""
    if doc.read_only():
        path = doc.path
        raise InstallError(
            f"{path} is read-only (mode {doc.mode:04o}), so caveat leaves it as it is. "
            f"Fix: make it writable (chmod u+w {path}) and run this again, or add "
            f"the entries by hand (caveat install --harness {spec.id} --print)."
        )


def target(
    spec: Harness, env: Mapping[str, str], http: bool, port: int | None, dry_run: bool
) -> Runtime | Endpoint:
    """What the registrations run: caveat's interpreter, or ``caveat serve``."""
    from caveat.install.command import Runtime
    from caveat.install.endpoint import Endpoint

    if not http:
        if port is not None:
            raise InstallError("--port goes with --http")
        return Runtime.resolve(env)
    if spec.http_handler is None:
        raise InstallError(f"{spec.id} takes no HTTP hooks; --http is for claude")
    if port is not None and not 0 < port < 65536:
        raise InstallError(f"--port {port} is not a TCP port (1-65535)")
    try:
        return Endpoint.resolve(env, port, create=not dry_run)
    except ImportError as exc:
        raise InstallError(f"--http needs caveat serve, which this install lacks ({exc})") from exc


def raced(path: str) -> InstallError:
    return InstallError(
        f"{path} changed on disk {ATTEMPTS} times while caveat was writing it (another "
        "program is editing it); nothing was written. Close that program, or wait for "
        "it to finish, and run this again."
    )


def redacted(text: str) -> str:
    """``text`` without a bearer token (diffs of files that earlier versions wrote
    with the token inside are printed, and logs keep what is printed)."""
    return re.sub(r"(Bearer )[A-Za-z0-9_-]{16,}", r"\1<token>", text)
