"""``caveat demo``: run the example payloads through the real hook, one process each,
and show what the harness would receive and the text the model would read."""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile

import caveat
from caveat.common import gitrun
from caveat.common import proc
from caveat.common.term import err
from caveat.common.term import field
from caveat.common.term import out

PLACEHOLDER = "{project}"


def default_examples() -> str | None:
    """The examples shipped in the package (an installed wheel), else the source
    checkout's ``examples/`` folder, when caveat runs from one."""
    package = os.path.dirname(os.path.abspath(caveat.__file__))
    root = os.path.dirname(os.path.dirname(package))
    for candidate in (os.path.join(package, "examples"), os.path.join(root, "examples")):
        if os.path.isdir(os.path.join(candidate, "payloads")):
            return candidate
    return None


# Committing the example: caveat's own identity, and no signing program of the user's.
IDENT = (
    "-c",
    "user.name=caveat demo",
    "-c",
    "user.email=demo@example.invalid",
    "-c",
    "commit.gpgSign=false",
)
GIT_TIMEOUT_S = 30.0


def make_repository(project: str) -> None:
    """Commit the example project, so post-tool guards can compare with HEAD; without
    git, a bare ``.git`` folder still marks the project root. Git runs hardened
    (``caveat.common.gitrun``): the examples folder may be anyone's."""
    if gitrun.init(project, timeout=GIT_TIMEOUT_S):
        gitrun.run(project, "add", "-A", timeout=GIT_TIMEOUT_S)
        gitrun.run(project, *IDENT, "commit", "-qm", "example", timeout=GIT_TIMEOUT_S)
    os.makedirs(os.path.join(project, ".git"), exist_ok=True)


def contract_for(filename: str, default: str = "claude") -> str:
    """The contract an example is written for: ``NN-<contract>-….json``."""
    from caveat.harnesses import HARNESSES

    parts = filename.split("-")
    return parts[1] if len(parts) > 2 and parts[1] in HARNESSES else default


def hook_command(contract: str) -> list[str]:
    launcher = os.path.join(os.path.dirname(os.path.abspath(caveat.__file__)), "_launch.py")
    return [sys.executable, "-I", launcher, "--contract", contract]


def run(directory: str | None, contract: str | None = None) -> int:
    directory = directory or default_examples()
    if not directory:
        err(
            "caveat demo: no examples folder found; pass one, e.g. "
            "'caveat demo path/to/examples' (it needs payloads/*.json and project/)"
        )
        return 2
    payload_dir = os.path.join(directory, "payloads")
    if not os.path.isdir(payload_dir):
        err(f"caveat demo: {field(payload_dir)} is missing; create it with *.json payloads")
        return 2
    with tempfile.TemporaryDirectory(prefix="caveat-demo-") as scratch:
        project = os.path.join(scratch, "project")
        source = os.path.join(directory, "project")
        if os.path.isdir(source):
            shutil.copytree(source, project)
        else:
            os.makedirs(project)
        make_repository(project)
        env = dict(os.environ, CAVEAT_STATE_DIR=os.path.join(scratch, "state"))
        env.pop("CAVEAT_DISABLE", None)
        names = sorted(n for n in os.listdir(payload_dir) if n.endswith(".json"))
        for name in names:
            with open(os.path.join(payload_dir, name), encoding="utf-8") as handle:
                raw = handle.read()
            payload = raw.replace(PLACEHOLDER, json.dumps(project)[1:-1])
            chosen = contract or contract_for(name)
            done = proc.run(hook_command(chosen), payload.encode("utf-8"), env, project)
            _show(name, chosen, payload, done, project, env)
    return 0


def _show(
    name: str,
    contract: str,
    payload: str,
    done: proc.Done,
    project: str,
    env: dict[str, str],
) -> None:
    # The payloads and what the hook made of them are the example folder's: fields.
    out(f"━━ {field(name)}  (--contract {field(contract)})")
    try:
        data = json.loads(payload)
        event = (
            data.get("hook_event_name")
            or data.get("hookEventName")
            or data.get("agent_action_name")
        )
        tool = data.get("tool_name") or data.get("toolName") or ""
        out(f"   {field(event or '(event from the payload shape)')} {field(tool)}".rstrip())
    except (ValueError, AttributeError):
        out("   (not a JSON object)")
    answer = done.stdout.decode("utf-8", "replace")
    out(f"   exit {done.returncode}, {len(answer)} characters on stdout")
    if not answer:
        from caveat import dispatch

        reason = dispatch.run(["--contract", contract], payload.encode(), env).reason
        out(f"   → silent ({field(reason)}): nothing is written, the harness carries on\n")
        return
    envelope = json.loads(answer)
    text = _longest_string(envelope)
    shown = json.dumps(envelope, ensure_ascii=False).replace(
        json.dumps(text, ensure_ascii=False), "<the text below>"
    )
    out(f"   → {field(shown)}")
    for line in text.replace(project, "<project>").splitlines():
        out(f"   │ {field(line)}")
    out()


def _longest_string(value: object) -> str:
    """The advisory inside an envelope, whatever the vendor's shape: its longest string."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return max((_longest_string(v) for v in value.values()), key=len, default="")
    return ""
