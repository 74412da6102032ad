"""The pre-compaction guard."""

from __future__ import annotations

import json
import os

from caveat import dispatch
from caveat import messages
from caveat.event import Event
from caveat.guards.base import Context
from tests.helpers import check


def test_precompact_finding(project):
    event = Event("PreCompact", session_id="s", cwd=str(project))
    found = check("precompact", event, Context(event, dict(os.environ)))
    assert [(f.message, f.variant) for f in found] == [("precompact", "*")]
    text = messages.render(found, dict(os.environ), None, "PreCompact")
    assert text.startswith("# The conversation is about to be compacted")
    assert "Bindings" not in text


def test_precompact_only_where_forwarded(project, forwards_stop):
    data = json.dumps(
        {"hook_event_name": "PreCompact", "session_id": "s", "cwd": str(project)}
    ).encode()
    outcome = dispatch.run(["--contract", "claude"], data, dict(os.environ))
    assert (
        "about to be compacted"
        in json.loads(outcome.output)["hookSpecificOutput"]["additionalContext"]
    )


def test_precompact_dropped_by_todays_claude(project):
    data = json.dumps(
        {"hook_event_name": "PreCompact", "session_id": "s", "cwd": str(project)}
    ).encode()
    assert dispatch.run(["--contract", "claude"], data, dict(os.environ)).output == ""
