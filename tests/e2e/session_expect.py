"""What caveat itself says in the other sessions (scenario.SESSIONS): the installed
registration run on payloads shaped like the client's, with the session's user
configuration, in a fresh copy of the starting project (as expect.py does for the
main session)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from clients import Client
from expect import handler_output
from expect import handlers
from scenario import Session
from scenario import Step
from scenario import make_project
from servers.base import Json

SESSION = "e2e-expected"


def _usage_record(family: str, tokens: int) -> Json:
    """One transcript line that says the context holds ``tokens``, in the format the
    client writes its transcript in."""
    if family == "responses":  # Codex's rollout
        usage = {"input_tokens": tokens, "cached_input_tokens": 0, "output_tokens": 1}
        return {"type": "token_usage_record", "payload": {"usage": usage}}
    if family == "gemini":  # Gemini CLI's chat recording
        counts = {"input": tokens, "output": 1, "cached": 0, "thoughts": 0, "tool": 0}
        return {"type": "gemini", "tokens": {**counts, "total": tokens + 1}}
    if family == "chat":  # Qwen Code's chat recording
        return {"type": "assistant", "usageMetadata": {"promptTokenCount": tokens}}
    return {  # Claude Code's transcript
        "type": "assistant",
        "message": {"role": "assistant", "usage": {"input_tokens": tokens, "output_tokens": 1}},
    }


class Replay:
    """The session's tool calls replayed through the registered handlers, in order."""

    def __init__(self, client: Client, config: Json, session: Session, root: str, home: str):
        """``home``: the case's HOME, whose caveat configuration the session used (the
        advice names the user's rule file by its path there)."""
        self.client, self.config, self.session = client, config, session
        self.project, self.home = os.path.join(root, "project"), home
        make_project(self.project)
        session.write_project_rules(self.project)
        self.transcript = os.path.join(root, "transcript.jsonl")
        path = os.environ.get("PATH", "/usr/bin:/bin")
        self.env = {"HOME": self.home, "PATH": path, "LANG": "C.UTF-8"}
        if session.trusted:
            caveat = os.path.join(os.path.dirname(sys.executable), "caveat")
            argv = [caveat, "trust", "--yes", self.project]
            subprocess.run(argv, env=self.env, capture_output=True, check=True)

    def outputs(self, event: str, step: Step) -> list[Json]:
        """Every handler's JSON output for ``step``'s call on ``event``."""
        tool, tool_input = self.client.hook_view(step, self.project)
        with open(self.transcript, "a", encoding="utf-8") as fh:
            record = _usage_record(self.client.family, self.session.context_tokens(step))
            fh.write(json.dumps(record) + "\n")
        payload: Json = {
            "session_id": SESSION,
            "transcript_path": self.transcript,
            "cwd": self.project,
            "hook_event_name": event,
            "tool_name": tool,
            "tool_input": tool_input,
        }
        if self.session.plan_mode:
            payload["permission_mode"] = "plan"
        if event != "PreToolUse":
            payload["tool_response"] = {"success": True}
        found = handlers(self.config, event, tool)
        answers = (handler_output(h, payload, self.project, self.env) for h in found)
        return [a for a in answers if a]

    def apply(self, step: Step) -> None:
        path = os.path.join(self.project, step.path)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(step.content)


def start_context(
    client: Client, config: Json, session: Session, root: str, home: str
) -> tuple[str, str]:
    """The SessionStart context caveat gives at the start of ``session``, and the
    replay's project path."""
    replay = Replay(client, config, session, root, home)
    payload: Json = {
        "session_id": SESSION,
        "cwd": replay.project,
        "hook_event_name": "SessionStart",
        "source": "startup",
    }
    found = handlers(config, "SessionStart", "")
    outputs = [handler_output(h, payload, replay.project, replay.env) for h in found]
    texts = [str(o.get("hookSpecificOutput", {}).get("additionalContext", "")) for o in outputs]
    return "\n\n".join(t for t in texts if t), replay.project


def step_context(
    client: Client, config: Json, session: Session, root: str, home: str, step: Step
) -> tuple[str, str]:
    """The context caveat gives for ``step``'s call on the client's tool event (after
    the write where that event follows the tool), and the replay's project path."""
    replay = Replay(client, config, session, root, home)
    if client.after:
        replay.apply(step)
    outputs = replay.outputs(client.tool_event, step)
    texts = [str(o.get("hookSpecificOutput", {}).get("additionalContext", "")) for o in outputs]
    return "\n\n".join(t for t in texts if t), replay.project


def before_context(
    client: Client, config: Json, session: Session, root: str, home: str, step: Step
) -> str:
    """The PreToolUse context caveat gives for ``step``'s call ("" for none)."""
    outputs = Replay(client, config, session, root, home).outputs("PreToolUse", step)
    texts = [str(o.get("hookSpecificOutput", {}).get("additionalContext", "")) for o in outputs]
    return "\n\n".join(t for t in texts if t)


def deny_reason(
    client: Client, config: Json, session: Session, root: str, home: str, step: Step
) -> str:
    """The reason caveat gives when it denies ``step``'s call before it runs."""
    outputs = Replay(client, config, session, root, home).outputs("PreToolUse", step)
    reasons = [o.get("hookSpecificOutput", {}).get("permissionDecisionReason") for o in outputs]
    found = [r for r in reasons if r]
    assert len(found) == 1, f"caveat denied {step.id} {len(found)} times: {outputs}"
    return str(found[0])


def after_contexts(
    client: Client, config: Json, session: Session, root: str, home: str
) -> dict[str, str]:
    """Per step of the session, the PostToolUse context caveat gives ("" for none),
    the steps played in order (the compaction guard keeps a count per session)."""
    replay = Replay(client, config, session, root, home)
    event = client.tool_event if client.after else "PostToolUse"
    out = {}
    for step in session.steps:
        replay.apply(step)
        texts = [
            str(o.get("hookSpecificOutput", {}).get("additionalContext", ""))
            for o in replay.outputs(event, step)
        ]
        out[step.id] = "\n\n".join(t for t in texts if t)
    return out
