"""The stop guard (opt-in, once per session)."""

from __future__ import annotations

import json
import os

import pytest

from caveat import dispatch
from caveat import messages
from caveat.config import Config
from caveat.config import defaults
from caveat.event import Event
from caveat.guards import stop
from caveat.guards.base import Context
from tests.helpers import check as checked
from tests.helpers import marker_taken
from tests.helpers import trust


def config(enabled=True):
    values = defaults()
    values["stop"] = {"enabled": enabled}
    return Config(values)


def check(event, enabled=True):
    return checked("stop", event, Context(event, dict(os.environ), config(enabled)))


def at_stop(root, **kw):
    return Event("Stop", session_id=kw.pop("session_id", "s"), cwd=str(root), **kw)


def test_off_by_default(project, forwards_stop):
    event = at_stop(project)
    assert checked("stop", event, Context(event, dict(os.environ))) == []
    assert check(event, enabled=False) == []
    assert not marker_taken(dict(os.environ), stop.MARKER, "s")


def test_once_per_session(project, forwards_stop):
    found = check(at_stop(project))
    assert [(f.guard, f.message, f.variant) for f in found] == [("stop", "stop", "*")]
    assert check(at_stop(project)) == []
    assert check(at_stop(project, session_id="other"))


def test_never_while_stop_hook_active(project, forwards_stop):
    assert check(at_stop(project, stop_hook_active=True)) == []
    assert not marker_taken(dict(os.environ), stop.MARKER, "s")
    assert check(at_stop(project))  # the emission was not used up


def test_no_session_id_stays_silent(project, forwards_stop):
    assert check(at_stop(project, session_id="")) == []


@pytest.mark.parametrize("content", ["", "<!-- SPDX-License-Identifier: MIT -->\n"])
def test_an_empty_message_does_not_latch(project, forwards_stop, content):
    folder = project / ".caveat" / "messages"
    folder.mkdir(parents=True)
    override = folder / "stop.md"
    override.write_text(content)
    trust(project)
    assert check(at_stop(project)) == []
    assert not marker_taken(dict(os.environ), stop.MARKER, "s")
    override.unlink()
    assert check(at_stop(project))  # readable again: the one emission is still there


def test_a_missing_message_does_not_latch(project, forwards_stop, tmp_path, monkeypatch):
    empty = tmp_path / "no-messages"
    empty.mkdir()
    with monkeypatch.context() as patch:
        patch.setattr(messages, "bundled_dir", lambda: str(empty))
        assert check(at_stop(project)) == []
        assert not marker_taken(dict(os.environ), stop.MARKER, "s")
    assert check(at_stop(project))  # the message is back: the emission is still there


def test_a_contract_that_drops_stop_output_does_not_latch(project):
    assert check(at_stop(project, contract="codex")) == []  # Codex's Stop has no context
    assert not marker_taken(dict(os.environ), stop.MARKER, "s")


def test_rendered_stop_text(project, snapshot):
    from caveat.event import Finding

    text = messages.render(
        [Finding({}, variant="*", message="stop", guard="stop")], dict(os.environ), None
    )
    assert text.startswith("# Before you end this turn")
    assert "Bindings" not in text and "Full procedure" not in text
    assert text == snapshot


def write_config(root, enabled=True):
    (root / ".caveat").mkdir(exist_ok=True)
    (root / ".caveat" / "config.toml").write_text(f"[stop]\nenabled = {str(enabled).lower()}\n")
    trust(root)


def stop_payload(root, active=False, session="s"):
    return json.dumps(
        {
            "hook_event_name": "Stop",
            "session_id": session,
            "cwd": str(root),
            "stop_hook_active": active,
        }
    ).encode()


def test_hook_once_per_session(project, forwards_stop):
    write_config(project)
    env = dict(os.environ)
    first = dispatch.run(["--contract", "claude"], stop_payload(project), env)
    text = json.loads(first.output)["hookSpecificOutput"]["additionalContext"]
    assert text.startswith("# Before you end this turn")
    again = dispatch.run(["--contract", "claude"], stop_payload(project), env)
    assert again.output == ""


def test_hook_stop_hook_active(project, forwards_stop):
    write_config(project)
    env = dict(os.environ)
    active = dispatch.run(["--contract", "claude"], stop_payload(project, active=True), env)
    assert active.output == ""
    assert dispatch.run(["--contract", "claude"], stop_payload(project), env).output


def test_hook_disabled_by_default(project, forwards_stop):
    outcome = dispatch.run(["--contract", "claude"], stop_payload(project), dict(os.environ))
    assert outcome.output == ""


def test_hook_with_a_contract_that_drops_stop_keeps_the_emission(project):
    write_config(project)
    env = dict(os.environ)
    assert dispatch.run(["--contract", "codex"], stop_payload(project), env).output == ""
    assert not marker_taken(env, stop.MARKER, "s")


def test_claude_hands_stop_context_to_the_model_once(project):
    write_config(project)
    env = dict(os.environ)
    first = dispatch.run(["--contract", "claude"], stop_payload(project), env)
    assert (
        "Before you end this turn"
        in json.loads(first.output)["hookSpecificOutput"]["additionalContext"]
    )
    assert dispatch.run(["--contract", "claude"], stop_payload(project), env).output == ""
