"""Reading an HTTP case (http_serve.py): the registration as the ``caveat hook``
calls the server makes of it, for expect.py; the calls Claude Code made and the
statuses it got, from its debug log; what the server refused; the hook errors in
Claude Code's transcript.
"""

from __future__ import annotations

import glob
import json
import os
import re
from collections import Counter
from urllib.parse import parse_qs
from urllib.parse import urlsplit

from clients import Client
from expect import handlers
from http_serve import DEBUG_LOG
from http_serve import SERVE_LOG
from servers.base import Json
from verdict import Case

# Claude Code 2.1.328's debug lines for an HTTP hook call and its answer.
_POST = re.compile(r"Hooks: HTTP hook POST to (\S+)")
_STATUS = re.compile(r"Hooks: HTTP hook response status (\d+)")
_SKIPPED = re.compile(r"Skipping HTTP hook .* HTTP hooks are not supported for SessionStart")
# caveat serve's line for each refused request (caveat.serve.app._refused).
_REFUSED = re.compile(r"caveat: serve: (\d{3}) for POST (/hook/[^\s?:]+)")


def endpoint(url: str) -> tuple[str, str, tuple[str, ...]]:
    """(contract, event, messages) of a registration URL; AssertionError unless it is
    ``http://127.0.0.1:<port>/hook/<contract>/<EVENT>[?messages=…]``."""
    parts = urlsplit(url)
    assert parts.scheme == "http" and parts.hostname == "127.0.0.1", url
    words = parts.path.split("/")
    assert len(words) == 4 and words[:2] == ["", "hook"], url
    names = ",".join(parse_qs(parts.query).get("messages", []))
    return words[2], words[3], tuple(n for n in names.split(",") if n)


def as_commands(config: Json, caveat: str, port: int) -> Json:
    """The registration with each HTTP handler as the ``caveat hook`` call the server
    makes of it, for expect.py (command handlers stay as they are); AssertionError
    for an HTTP handler that does not post to this case's server with a token."""
    groups: Json = {}
    for event, entries in config.get("hooks", {}).items():
        groups[event] = []
        for group in entries:
            converted = []
            for handler in group.get("hooks", []):
                if handler.get("type") != "http":
                    converted.append(handler)
                    continue
                assert urlsplit(handler["url"]).port == port, f"not to port {port}: {handler}"
                assert handler.get("headers", {}).get("Authorization", "").startswith("Bearer ")
                contract, named, messages = endpoint(handler["url"])
                argv = ["hook", "--contract", contract, named, *messages]
                converted.append({"type": "command", "command": caveat, "args": argv})
            groups[event].append({**group, "hooks": converted})
    return {"hooks": groups}


def forms(config: Json) -> dict[str, set[str]]:
    """The handler types registered on each event."""
    return {
        event: {h.get("type", "") for group in entries for h in group.get("hooks", [])}
        for event, entries in config.get("hooks", {}).items()
    }


def http_only(config: Json) -> Json:
    """The registration's HTTP handlers."""
    hooks = {
        event: [
            {**group, "hooks": [h for h in group.get("hooks", []) if h.get("type") == "http"]}
            for group in entries
        ]
        for event, entries in config.get("hooks", {}).items()
    }
    return {"hooks": hooks}


def _read(case: Case, name: str) -> str:
    path = os.path.join(case.folder, name)
    if not os.path.exists(path):
        return ""
    with open(path, encoding="utf-8", errors="replace") as fh:
        return fh.read()


def hook_calls(case: Case) -> tuple[Counter[str], Counter[int], int]:
    """From Claude Code's debug log: the events it posted, the statuses it got back,
    and how many HTTP hooks it skipped on SessionStart."""
    log = _read(case, DEBUG_LOG)
    events = Counter(endpoint(url)[1] for url in _POST.findall(log))
    return events, Counter(int(s) for s in _STATUS.findall(log)), len(_SKIPPED.findall(log))


def expected_calls(client: Client, config: Json, project: str) -> Counter[str]:
    """The HTTP calls the session makes: per event, the registered HTTP handlers that
    match it (SessionStart and Stop once, tool events once per scripted tool call)."""
    config = http_only(config)
    calls: Counter[str] = Counter()
    for event in ("SessionStart", "Stop"):
        calls[event] += len(handlers(config, event, ""))
    failing = {step.command for step in client.steps if step.fails}
    for turn in client.turns(project, client.steps):
        if turn.tool:
            # A failing call fires PostToolUseFailure in place of PostToolUse.
            after = "PostToolUseFailure" if turn.args.get("command") in failing else "PostToolUse"
            for event in ("PreToolUse", after):
                calls[event] += len(handlers(config, event, turn.tool))
    return +calls


def refusals(case: Case) -> Counter[str]:
    """The requests caveat serve refused, per status and event."""
    found: Counter[str] = Counter()
    for status, target in _REFUSED.findall(_read(case, SERVE_LOG)):
        found[f"{status} {target.split('?')[0].rsplit('/', 1)[-1]}"] += 1
    return found


def hook_errors(case: Case) -> Counter[str]:
    """The non-blocking hook errors in Claude Code's transcript, per exit code (for an
    HTTP hook, the status) and event."""
    found: Counter[str] = Counter()
    pattern = os.path.join(case.result["home"], ".claude", "projects", "*", "*.jsonl")
    for path in glob.glob(pattern):
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                attachment = json.loads(line).get("attachment") or {}
                if attachment.get("type") == "hook_non_blocking_error":
                    found[f"{attachment.get('exitCode')} {attachment.get('hookEvent')}"] += 1
    return found


def committed_hooks(case: Case) -> Json:
    """The hooks left in the project's committed settings (none, after ``--http``)."""
    path = os.path.join(case.result["project"], ".claude", "settings.json")
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as fh:
        hooks: Json = json.load(fh).get("hooks", {})
    return hooks


def serve_faults(case: Case) -> list[str]:
    """Every line caveat serve wrote besides its start-up line."""
    lines = _read(case, SERVE_LOG).splitlines()
    return [line for line in lines if not line.startswith("caveat serve: listening on ")]
