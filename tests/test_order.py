"""A call that trips several guards yields one envelope, advisories in chain order,
under the cap."""

from __future__ import annotations

import json
import os

from caveat import dispatch
from caveat import messages
from caveat.guards import REGISTRY


def test_one_envelope_in_chain_order(project):
    content = (
        "from setuptools import setup\n\n"
        "# TM-42: read the build options from the environment\n"
        "options = eval(os.environ['BUILD_OPTIONS'])\n"
        "setup(name='demo', install_requires=['requests'])\n"
    )
    (project / ".caveat" / "plans").mkdir(parents=True)  # where TM-42 is defined
    (project / ".caveat" / "plans" / "build.md").write_text("- [ ] TM-42 build options\n")
    payload = {
        "cwd": str(project),
        "hook_event_name": "PreToolUse",
        "tool_name": "Write",
        "tool_input": {"file_path": str(project / "setup.py"), "content": content},
    }
    outcome = dispatch.run([], json.dumps(payload).encode(), os.environ)
    fired = [f.guard for f in outcome.findings]
    order = [spec.id for spec in REGISTRY]
    assert fired == sorted(fired, key=order.index)
    assert {"dependency", "eval", "tracking-ids"} <= set(fired)
    envelope = json.loads(outcome.output)
    assert list(envelope) == ["hookSpecificOutput"]
    text = envelope["hookSpecificOutput"]["additionalContext"]
    assert len(text) <= messages.LIMIT
    positions = [
        text.index(f"Full procedure: {messages.locate(f.message)}") for f in outcome.findings
    ]
    assert positions == sorted(positions)


def test_many_findings_stay_under_the_cap_and_say_how_many_were_left_out(project):
    # 60 manifests in one patch: each a dependency finding; the text must be capped.
    body = "".join(
        f'*** Add File: pkg{i}/package.json\n+{{"dependencies": {{"left-pad-{i}": "1.0.{i}"}}}}\n'
        for i in range(60)
    )
    payload = {
        "cwd": str(project),
        "hook_event_name": "PreToolUse",
        "tool_name": "apply_patch",
        "tool_input": {"command": f"*** Begin Patch\n{body}*** End Patch\n"},
    }
    outcome = dispatch.run(["--contract", "codex"], json.dumps(payload).encode(), os.environ)
    assert len(outcome.findings) == 60
    text = json.loads(outcome.output)["hookSpecificOutput"]["additionalContext"]
    assert len(text) <= messages.LIMIT
    assert "more caveat advisories left out to stay within 10,000 characters" in text
