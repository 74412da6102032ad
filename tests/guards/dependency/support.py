"""Running the dependency guard on files and commands, for its test modules."""

from __future__ import annotations

import os

from caveat.event import FRAGMENT
from caveat.event import WHOLE
from caveat.event import Event
from caveat.event import FileEdit
from caveat.guards.base import Context
from tests.helpers import check


def run_file(root, rel, text, old=None, disk=None, name="PreToolUse"):
    """A Write of ``text`` to ``rel`` (an Edit replacing ``old`` when given), with
    ``disk`` as the file's text before the call."""
    path = os.path.join(root, rel)
    if disk is not None:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(disk)
    edit = FileEdit(path, text, WHOLE if old is None else FRAGMENT, old or "")
    event = Event(name, tool="Write" if old is None else "Edit", edits=(edit,), cwd=root)
    return check("dependency", event, Context(event, env={}))


def run_command(root, command):
    event = Event("PreToolUse", tool="Bash", command=command, shell="bash", cwd=root)
    return check("dependency", event, Context(event, env={}))


def only(findings):
    """The one finding's values, with its variant as ``variant``."""
    assert len(findings) == 1, findings
    assert findings[0].guard == "dependency"
    return {"variant": findings[0].variant, **findings[0].value_map()}
