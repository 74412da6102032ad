"""Hostile install scopes: a project whose harness files are links or FIFOs.

- ``linked_scope``: a committed project where one place caveat writes in a harness's
  project scope (the settings or hook file, the other form's file, the folder holding
  them, the skills folder) is a committed symlink to a file or folder outside the
  project, holding ``OUTSIDE``;
- ``fifo_scope``: FIFOs at every file caveat reads for a project (every harness's
  project and local files, ``.caveat/config.toml``, a rule, the message overrides)
  and at a transcript the hook is pointed to: a reader that opens one blocks.
"""

from __future__ import annotations

import os

from caveat.harnesses import HARNESSES
from caveat.install.resolve import harness
from tests.helpers import commit_all
from tests.helpers import git

OUTSIDE = b'{"outside": "the project must never write here"}\n'


def places(harness_id: str) -> list[str]:
    """The kinds of place a project install of ``harness_id`` writes: ``file`` (its
    project file), ``local`` (the other form's file), ``folder`` (the first folder of
    the project file's path) and ``skills`` (where it copies skills)."""
    spec = harness(harness_id)
    found = ["file", "folder"]
    if spec.local_file:
        found.append("local")
    if spec.skills_folder({"HOME": "/"}, "/p") is not None:
        found.append("skills")
    return found


def cases() -> list[tuple[str, str]]:
    return [(name, place) for name in HARNESSES for place in places(name)]


def linked_scope(folder: str, harness_id: str, place: str) -> tuple[str, str, str]:
    """(project, the link, what it points to): a committed project whose ``place`` (see
    ``places``) is a symlink to a file or folder outside it."""
    spec = harness(harness_id)
    project = os.path.join(folder, "project")
    outside = os.path.join(folder, "outside")
    os.makedirs(project)
    os.makedirs(outside)
    with open(os.path.join(project, "README.md"), "w") as handle:
        handle.write("# linked\n")
    relative = {"file": spec.project_file, "local": spec.local_file or ""}.get(place)
    if place == "folder":
        link = os.path.join(project, spec.project_file.split("/")[0])
        target = outside  # the harness file would land in it
    elif place == "skills":
        where = spec.skills_folder({"HOME": folder}, project)
        assert where is not None
        link = where
        target = outside
    else:
        assert relative
        link = os.path.join(project, *relative.split("/"))
        target = os.path.join(outside, "settings.json")
    with open(os.path.join(outside, "settings.json"), "wb") as handle:
        handle.write(OUTSIDE)
    os.makedirs(os.path.dirname(link), exist_ok=True)
    os.symlink(target, link)
    commit_all(project)
    return project, link, target


def snapshot(folder: str) -> dict[str, bytes]:
    """Every file under ``folder`` and its bytes (to show nothing changed there)."""
    out: dict[str, bytes] = {}
    for root, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(root, name)
            with open(path, "rb") as handle:
                out[os.path.relpath(path, folder)] = handle.read()
    return out


def fifo_scope(folder: str) -> tuple[str, list[str]]:
    """(project, the FIFOs): a git project with a FIFO at every harness's project and
    local file, at ``.caveat/config.toml``, a rule, every message override and a
    transcript (``transcript.jsonl`` in the project)."""
    from tests.hostile.policy import message_names

    project = os.path.join(folder, "fifo-project")
    os.makedirs(project)
    git(project, "init", "-q")
    relatives = {".caveat/config.toml", ".caveat/rules/rule.md", "transcript.jsonl"}
    relatives |= {f".caveat/messages/{name}.md" for name in message_names()}
    for name in HARNESSES:
        spec = harness(name)
        relatives |= {r for r in (spec.project_file, spec.local_file) if r}
    fifos = []
    for relative in sorted(relatives):
        path = os.path.join(project, *relative.split("/"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        os.mkfifo(path)
        fifos.append(path)
    return project, fifos
