"""What caveat itself says for each step: the installed registration run on a payload
shaped like the client's, in a fresh copy of the starting project.

The assertions then look for exactly this text, as each client frames it, in the
requests the model server recorded; so the expected advisories come from caveat's own
output (and, through it, the message files), never from prose copied into the tests.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from dataclasses import dataclass

from clients import Client
from scenario import Step
from scenario import make_project
from scenario import write_main_config
from servers.base import Json

SESSION = "e2e-expected"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MESSAGES = os.path.join(ROOT, "messages")


@dataclass(frozen=True)
class Expected:
    step: str  # a step id, or "start" for SessionStart
    tool: str  # the hook's tool name ("" at session start)
    context: str  # the whole additionalContext caveat wrote ("" when silent)
    advisory: str  # the step's Advisory line within it ("" when none is expected)
    procedure: str  # its "Full procedure: <path>" line


def handlers(config: Json, event: str, tool: str) -> list[Json]:
    """The registered handlers a client runs for ``event`` on ``tool``."""
    found: list[Json] = []
    for group in config.get("hooks", {}).get(event, []):
        matcher = group.get("matcher")
        if matcher in (None, "", "*") or (tool and re.fullmatch(matcher, tool)):
            found.extend(group.get("hooks", []))
    return found


def run_handler(handler: Json, payload: Json, cwd: str, env: dict[str, str]) -> str:
    """A handler's additionalContext ("" when it is silent)."""
    output = handler_output(handler, payload, cwd, env)
    return str(output.get("hookSpecificOutput", {}).get("additionalContext", ""))


def handler_output(handler: Json, payload: Json, cwd: str, env: dict[str, str]) -> Json:
    """A handler's JSON output ({} when silent): exec form as argv, shell form
    through sh."""
    if "args" in handler:
        argv = [handler["command"], *handler["args"]]
    else:
        argv = ["/bin/sh", "-c", handler["command"]]
    done = subprocess.run(
        argv,
        input=json.dumps(payload).encode(),
        capture_output=True,
        cwd=cwd,
        env=env,
        timeout=60,
        check=True,
    )
    if not done.stdout.strip():
        return {}
    output: Json = json.loads(done.stdout)
    return output


def _apply(step: Step, project: str) -> None:
    if step.path:
        path = os.path.join(project, step.path)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(step.content)


def procedure_line(message: str) -> str:
    return f"Full procedure: {os.path.join(MESSAGES, message + '.md')}"


def template_prefix(message: str, heading: str) -> str:
    """The fixed start of a message variant's text, up to its first placeholder."""
    with open(os.path.join(MESSAGES, message + ".md"), encoding="utf-8") as fh:
        lines = fh.read().splitlines()
    start = lines.index(f"## {heading}") + 1
    first = next(line for line in lines[start:] if line.strip())
    return first.split("{", 1)[0]


def advisory_of(context: str, message: str) -> tuple[str, str]:
    """The Advisory line that a message's ``Full procedure:`` line follows."""
    procedure = procedure_line(message)
    paragraphs = context.split("\n\n")
    if procedure not in paragraphs:
        return "", procedure
    index = paragraphs.index(procedure)
    return (paragraphs[index - 1] if index else ""), procedure


def expected(client: Client, config: Json, root: str) -> list[Expected]:
    """SessionStart first, then each step in order, the way the client's session
    meets them (for a post-tool event, the file is written before the hook runs)."""
    project, home = os.path.join(root, "project"), os.path.join(root, "home")
    make_project(project)
    os.makedirs(home, exist_ok=True)
    write_main_config(home)
    env = {"HOME": home, "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"}
    base: Json = {"session_id": SESSION, "transcript_path": "", "cwd": project}

    out: list[Expected] = []
    start = {**base, "hook_event_name": "SessionStart", "source": "startup"}
    texts = [run_handler(h, start, project, env) for h in handlers(config, "SessionStart", "")]
    out.append(Expected("start", "", "\n\n".join(t for t in texts if t), "", ""))

    for step in client.steps:
        tool, tool_input = client.hook_view(step, project)
        event = client.event_of(step)
        payload: Json = {
            **base,
            "hook_event_name": event,
            "tool_name": tool,
            "tool_input": tool_input,
        }
        if client.after:
            _apply(step, project)
            if event != client.tool_event:
                payload["error"] = "exit code 128"
            else:
                payload["tool_response"] = {"llmContent": "ok", "returnDisplay": ""}
        found = handlers(config, event, tool)
        context = "\n\n".join(
            t for t in (run_handler(h, payload, project, env) for h in found) if t
        )
        if not client.after:
            _apply(step, project)
        advisory, procedure = advisory_of(context, step.message) if step.message else ("", "")
        out.append(Expected(step.id, tool, context, advisory, procedure))
    return out
