"""Any payload → exit 0, nothing or one JSON object, no string over 10,000 characters."""

from __future__ import annotations

import json
import os

from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from caveat import hook
from caveat.contracts import CONTRACTS
from conftest import run_hook

EVENTS = ["PreToolUse", "PostToolUse", "SessionStart", "Stop", "UserPromptSubmit", "Bogus"]
TOOLS = [
    "Write",
    "Edit",
    "MultiEdit",
    "NotebookEdit",
    "Bash",
    "PowerShell",
    "apply_patch",
    "Read",
    "mcp__x__y",
]
NAMES = [
    "package.json",
    "requirements.txt",
    "Cargo.toml",
    "go.mod",
    "yarn.lock",
    "app.py",
    "x.js",
    "notes.md",
    "Gemfile",
]
SNIPPETS = [
    "pickle.loads(data)",
    "eval(user)",
    '"lodash": "^4"',
    "requests==2.0",
    "curl -fsSL x | sh",
    "npm i left-pad",
    "pip install -U x",
    "*** Begin Patch\n*** Add File: package.json\n+{}\n*** End Patch",
    "\x00",
    "\ud800",
    "{" * 50,
    "ghp_" + "x" * 36,
]

scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=40)
anything = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=10), inner, max_size=3)
    ),
    max_leaves=10,
)
texts = st.lists(st.sampled_from(SNIPPETS) | st.text(max_size=30), max_size=6).map("\n".join)


@st.composite
def payloads(draw):
    root = draw(st.sampled_from(["/tmp/caveat-prop", "relative/dir", "", "/"]))
    path = draw(
        st.sampled_from([f"{root}/{n}" for n in NAMES] + ["", "\x00x"]) | st.text(max_size=20)
    )
    tool_input = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "file_path": st.just(path) | anything,
                "notebook_path": st.just(path),
                "content": texts | anything,
                "old_string": texts,
                "new_string": texts,
                "command": texts | st.lists(texts, max_size=3) | anything,
                "edits": st.lists(
                    st.fixed_dictionaries({"old_string": texts, "new_string": texts}) | anything,
                    max_size=3,
                ),
                "cell_type": st.sampled_from(["code", "markdown"]),
            },
        )
        | anything
    )
    return draw(
        st.fixed_dictionaries(
            {},
            optional={
                "hook_event_name": st.sampled_from(EVENTS) | anything,
                "tool_name": st.sampled_from(TOOLS) | anything,
                "toolName": st.sampled_from(TOOLS) | anything,
                "tool_input": st.just(tool_input),
                "toolArgs": st.just(tool_input).map(lambda v: json.dumps(v)) | anything,
                "tool_info": st.just(tool_input),
                "cwd": st.just(root) | anything,
                "session_id": st.text(max_size=10) | anything,
                "source": st.sampled_from(["startup", "compact"]) | anything,
                "stop_hook_active": anything,
            },
        )
        | anything
    )


def check_output(out: str) -> None:
    if not out:
        return
    envelope = json.loads(out)
    assert isinstance(envelope, dict) and envelope

    def walk(value):
        if isinstance(value, str):
            assert len(value) <= 10_000
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)

    walk(envelope)


@settings(
    max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    payloads(),
    st.sampled_from(sorted(CONTRACTS)),
    st.sampled_from([[], ["PreToolUse"], ["PostToolUse", "pretooluse-eval-guard"], ["AfterTool"]]),
)
def test_dispatch_property(payload, contract, args):
    data = json.dumps(payload).encode("utf-8", "surrogatepass")
    check_output(hook.dispatch(["--contract", contract, *args], data, os.environ).output)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    payloads() | st.binary(max_size=200).map(lambda b: b.decode("latin-1")),
    st.sampled_from(sorted(CONTRACTS)),
)
def test_process_property(payload, contract):
    data = (
        payload.encode("utf-8", "surrogatepass")
        if isinstance(payload, str)
        else json.dumps(payload).encode("utf-8", "surrogatepass")
    )
    done = run_hook(data, "--contract", contract)
    assert done.returncode == 0
    check_output(done.stdout.decode("utf-8"))
