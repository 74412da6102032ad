"""Uninstall gives the operator's file back byte for byte, in the layouts a JSON
writer produces: one line (compact or spaced), two or four spaces, a tab; with or
without a final newline, with CRLF line ends, with non-ASCII escaped or not. Another
layout keeps content and key order and is said to be rewritten."""

# ruff: noqa: F401, F811  (pytest fixtures imported from harnesses.install_helpers)

from __future__ import annotations

import json

import pytest

from caveat import harnesses
from tests.harnesses.install_helpers import caveat
from tests.harnesses.install_helpers import file_for
from tests.harnesses.install_helpers import read
from tests.harnesses.install_helpers import write

OPERATOR = {
    "model": "größer",
    "hooks": {"Notification": [{"hooks": [{"type": "command", "command": "notify-send"}]}]},
    "permissions": {"allow": [], "deny": ["Bash(rm:*)"]},
    "n": 1.5,
}
FLAT = {"version": 1, "hooks": {"sessionStart": [{"command": "echo hi"}]}, "x": "größer"}


def layouts(data) -> dict[str, str]:
    return {
        "compact": json.dumps(data, separators=(",", ":"), ensure_ascii=False),
        "one line": json.dumps(data, ensure_ascii=False) + "\n",
        "two spaces": json.dumps(data, indent=2, ensure_ascii=False) + "\n",
        "four spaces": json.dumps(data, indent=4, ensure_ascii=False) + "\n",
        "tab": json.dumps(data, indent="\t", ensure_ascii=False) + "\n",
        "no final newline": json.dumps(data, indent=2, ensure_ascii=False),
        "escaped": json.dumps(data, indent=2) + "\n",
        "crlf": json.dumps(data, indent=2, ensure_ascii=False).replace("\n", "\r\n") + "\r\n",
    }


@pytest.mark.parametrize("layout", list(layouts(OPERATOR)))
@pytest.mark.parametrize("name", list(harnesses.HARNESSES))
def test_uninstall_restores_every_json_writer_layout(name, layout, project, caveat):
    data = FLAT if name in ("copilot", "cursor") else OPERATOR
    if name == "kiro":
        data = {"version": "v1", "hooks": [{"trigger": "SessionStart"}], "x": "größer"}
    original = layouts(data)[layout]
    path = file_for(name, project)
    write(path, original)
    with open(path, "w", encoding="utf-8", newline="") as fh:
        fh.write(original)  # CRLF as written
    scope = ("--harness", name, "--project", str(project))
    code, out, _ = caveat("install", *scope)
    assert code == 0 and "was not laid out" not in out
    installed = read(path)
    if layout in ("compact", "one line"):
        assert installed.count("\n") <= 1  # still one line
    assert caveat("install", *scope)[0] == 0
    assert read(path) == installed
    assert caveat("uninstall", *scope)[0] == 0
    with open(path, encoding="utf-8", newline="") as fh:
        assert fh.read() == original


def test_another_layout_keeps_content_and_order_and_says_so(project, caveat):
    path = file_for("claude", project)
    original = '{\n  "b": 1,   "a": [1,2],\n  "hooks": {}\n}\n'
    write(path, original)
    code, out, _ = caveat("install", "--harness", "claude", "--project", str(project))
    assert code == 0 and f"note: {path} was not laid out as a JSON writer lays it out" in out
    caveat("uninstall", "--harness", "claude", "--project", str(project))
    after = read(path)
    assert json.loads(after) == json.loads(original)
    assert list(json.loads(after)) == ["b", "a", "hooks"]
    assert after == json.dumps(json.loads(original), indent=2) + "\n"


def test_an_empty_object_is_filled_indented_and_given_back(project, caveat):
    path = file_for("claude", project)
    write(path, "{}\n")
    caveat("install", "--harness", "claude", "--project", str(project))
    assert read(path).startswith('{\n  "hooks": {\n')
    caveat("uninstall", "--harness", "claude", "--project", str(project))
    assert read(path) == "{}\n"
