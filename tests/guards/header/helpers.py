"""What the header guard's test modules share: a REUSE project, and calls of the
guard on Writes and Edits in it."""

from __future__ import annotations

import os

from caveat import config as settings
from caveat.common.gitctx import git_root
from caveat.event import FRAGMENT
from caveat.event import Event
from caveat.event import FileEdit
from caveat.guards.base import Context
from tests.helpers import check
from tests.helpers import trust

MIT_PY = "# SPDX-License-Identifier: MIT"
REUSE_SOURCE = "the project follows REUSE (LICENSES/), so `reuse lint` checks every file"


def put(root, rel, text=""):
    path = os.path.join(root, *rel.split("/"))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    if rel.startswith(".caveat/"):
        trust(root)  # the project's own policy, trusted as the user would
    return path


def run(event):
    env = dict(os.environ)
    cfg = settings.load(env, git_root(event.target))
    return check("header", event, Context(event, env, cfg))


def write(root, name, text, event_name="PreToolUse"):
    path = os.path.join(root, *name.split("/"))
    return run(Event(event_name, tool="Write", edits=(FileEdit(path, text),), cwd=root))


def edit(root, name, disk, pairs, tool="Edit", event_name="PreToolUse"):
    """Edit ``name`` (on disk ``disk``; None: absent) with (old, new) pairs."""
    path = os.path.join(root, *name.split("/"))
    if disk is not None:
        put(root, name, disk)
    edits = tuple(FileEdit(path, new, FRAGMENT, old) for old, new in pairs)
    return run(Event(event_name, tool=tool, edits=edits, cwd=root))


def one(findings, message="pretooluse-write-header-guard", variant=""):
    assert len(findings) == 1, findings
    (f,) = findings
    assert f.guard == "header" and f.message == message and f.variant == variant
    values = f.value_map()
    assert f.key == f"{values['path']}:{f.key.rsplit(':', 1)[1]}"
    return values
