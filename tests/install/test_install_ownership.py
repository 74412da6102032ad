"""Exact ownership: operator entries that merely look like caveat's survive install,
re-install and uninstall byte for byte, in every harness whose file has the form."""

# ruff: noqa: F401, F811  (pytest fixtures imported from harnesses.install_helpers)

from __future__ import annotations

import json

import pytest

from caveat import harnesses
from caveat.install import owner
from caveat.install import resolve
from caveat.install.command import launcher
from caveat.install.endpoint import TOKEN_ENV
from tests.harnesses.install_helpers import PYTHON
from tests.harnesses.install_helpers import Json
from tests.harnesses.install_helpers import caveat
from tests.harnesses.install_helpers import file_for
from tests.harnesses.install_helpers import read
from tests.harnesses.install_helpers import write

LAUNCH = launcher()


def shell_lookalikes(contract: str) -> list[str]:
    """Command lines that run caveat's hook and something more, or something else."""
    mine = f'"{PYTHON}" -I "{LAUNCH}" --contract {contract} SessionStart sessionstart'
    return [
        mine + "; other-tool",
        mine + " && other-tool",
        mine + " | tee /tmp/log",
        mine + " # note",
        "FOO=1 " + mine,
        mine.replace(" -I ", " "),  # no -I
        mine.replace("caveat/_launch.py", "mycaveat/_launch.py"),
        mine.replace("caveat/_launch.py", "caveat/_launch.pyc"),
        f"caveat hook --contract {contract} SessionStart",
        f"/usr/local/bin/caveat hook --contract {contract}",
        f"{PYTHON} -I {LAUNCH} --contract {contract} SessionStart",  # unquoted
        f'"{PYTHON}" -I "{LAUNCH}" --contract {contract}',  # no event
        f'"{PYTHON}" -I "{LAUNCH}" --contract {contract} SessionStart --verbose',
        f'sh -c \'"{PYTHON}" -I "{LAUNCH}" --contract {contract} SessionStart\'',
    ]


def exec_lookalikes(contract: str) -> list[Json]:
    args = ["-I", LAUNCH, "--contract", contract, "Stop", "stop"]
    return [
        {"type": "command", "command": PYTHON, "args": [*args, ";", "other-tool"]},
        {"type": "command", "command": PYTHON, "args": [*args, "--debug"]},
        {"type": "command", "command": PYTHON, "args": args[1:]},  # no -I
        {"type": "command", "command": "python3", "args": args},  # not a path
        {"type": "command", "command": "/bin/sh", "args": ["-c", " ".join([PYTHON, *args])]},
        {"type": "command", "command": PYTHON, "args": ["-I", "/opt/tool/_launch.py", *args[2:]]},
    ]


def http_lookalikes(contract: str) -> list[Json]:
    url = f"http://127.0.0.1:9911/hook/{contract}/PreToolUse"
    return [
        {"type": "http", "url": url, "headers": {"X-Api-Key": "k"}, "timeout": 5},
        {"type": "http", "url": url},
        # The shape earlier versions wrote, with another server's token.
        {"type": "http", "url": url, "headers": {"Authorization": "Bearer " + "B" * 43}},
        {"type": "http", "url": url.replace("127.0.0.1", "localhost"), "headers": {}},
        {"type": "http", "url": url + "/extra"},
        {
            "type": "http",
            "url": url,
            "headers": {"Authorization": f"Bearer ${TOKEN_ENV}", "X-Trace": "1"},
            "allowedEnvVars": [TOKEN_ENV],
        },
        {
            "type": "http",
            "url": url,
            "headers": {"Authorization": "Bearer $OTHER_TOKEN"},
            "allowedEnvVars": ["OTHER_TOKEN"],
        },
    ]


def handler(name: str, command: str) -> Json:
    """A shell-form operator handler as the harness's file spells it."""
    if name == "copilot":
        return {"type": "command", "bash": command, "powershell": "& " + command}
    if name == "kiro":
        return {"trigger": "SessionStart", "action": {"type": "command", "command": command}}
    if name == "cursor":
        return {"command": command}
    return {"type": "command", "command": command}


def operator_file(name: str) -> Json:
    """The harness file holding every look-alike for its forms."""
    handlers = [handler(name, c) for c in shell_lookalikes(resolve.harness(name).id)]
    if name == "claude":
        handlers += exec_lookalikes("claude") + http_lookalikes("claude")
    layout = type(resolve.harness(name).layout).__name__
    if layout == "Listed":
        return {"version": "v1", "hooks": handlers}
    if layout == "Flat":
        return {"version": 1, "hooks": {"sessionStart": handlers}}
    return {"hooks": {"SessionStart": [{"hooks": handlers}], "Stop": [{"hooks": handlers[:2]}]}}


@pytest.mark.parametrize("name", list(harnesses.HARNESSES))
def test_lookalikes_survive_install_reinstall_and_uninstall(name, project, caveat):
    path = file_for(name, project)
    original = json.dumps(operator_file(name), indent=2) + "\n"
    write(path, original)
    scope = ("--harness", name, "--project", str(project))

    assert caveat("install", *scope)[0] == 0
    installed = read(path)
    code, out, _ = caveat("verify", *scope)
    assert code == 0, out  # the look-alikes are not caveat's: not "unexpected entries"
    assert caveat("install", *scope)[0] == 0
    assert read(path) == installed
    code, out, _ = caveat("uninstall", *scope)
    assert code == 0 and "removed" in out
    assert read(path) == original


@pytest.mark.parametrize("name", list(harnesses.HARNESSES))
def test_each_lookalike_is_not_caveats(name):
    contract = resolve.harness(name).id
    forms: list[Json] = [handler(name, c) for c in shell_lookalikes(contract)]
    if name == "claude":
        forms += exec_lookalikes(contract) + http_lookalikes(contract)
    for form in forms:
        assert not owner.owned(form, contract), form


def test_lookalikes_survive_uninstall_all(project, caveat):
    path = file_for("claude", project)
    original = json.dumps(operator_file("claude"), indent=4) + "\n"
    write(path, original)
    caveat("install", "--harness", "claude", "--project", str(project))
    code, _, _ = caveat("uninstall", "--all")
    assert code == 0 and read(path) == original
