"""agy's hook-file shape check: named hooks, each an optional ``enabled`` flag and its
events; the documented examples pass, each wrong shape is named."""

from __future__ import annotations

import pytest

from caveat.harnesses.antigravity import hookfile

DOCUMENTED = {
    "my-linter-hook": {
        "PostToolUse": [
            {
                "matcher": "run_command",
                "hooks": [{"type": "command", "command": "./lint.sh", "timeout": 10}],
            }
        ]
    },
    "safety-gate": {
        "enabled": False,
        "PreToolUse": [{"matcher": "run_command", "hooks": [{"command": "./safety.sh"}]}],
    },
    "reminder": {"PreInvocation": [{"type": "command", "command": "./reminder.sh"}]},
    "end": {"Stop": [], "PostInvocation": [{"command": "./done.sh"}]},
}


@pytest.mark.parametrize("value", [DOCUMENTED, {}, None, [1], "text"])
def test_documented_and_unparsed_files_pass(value):
    assert hookfile.shape(value) == []


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ({"x": []}, "`x` is a list, not a hook (an object of events)"),
        ({"x": {"enabled": 1}}, "`x.enabled` is a number, not true/false"),
        ({"x": {"BeforeTool": []}}, '`x.BeforeTool`: Antigravity CLI has no event "BeforeTool"'),
        ({"x": {"pretooluse": []}}, 'no event "pretooluse" (did you mean "PreToolUse"?)'),
        ({"x": {"PreToolUse": {"command": "a"}}}, "`x.PreToolUse` is an object, not a list"),
        ({"x": {"Stop": "a"}}, "`x.Stop` is a string, not a list"),
        ({"x": {"PreToolUse": [{"command": "a"}]}}, "puts the handler in the matcher group"),
        ({"x": {"PreToolUse": [{"hooks": [{"type": "command"}]}]}}, 'has no "command" string'),
        ({"x": {"PostToolUse": [{"matcher": 3, "hooks": []}]}}, "`x.PostToolUse[0].matcher`"),
    ],
)
def test_each_wrong_shape_is_named(value, problem):
    found = hookfile.shape(value)
    assert len(found) == 1 and problem in found[0][0], found
    assert found[0][1]  # and a fix
