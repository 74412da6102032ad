"""A hostile project tree: symlink loops, a ``.git`` file pointing nowhere, file names
with newlines and shell metacharacters, FIFOs where files are expected. The hook must
exit 0 with nothing or one valid envelope, in bounded time, and execute nothing."""

from __future__ import annotations

import json
import os

import pytest

from conftest import run_hook

LEFT_PAD = '{\n  "dependencies": {\n    "left-pad": "1.3.0"\n  }\n}\n'


def call(project, path, content=LEFT_PAD, event="PreToolUse", tool="Write"):
    tool_input = {"command": content} if tool == "Bash" else {"file_path": path, "content": content}
    return json.dumps(
        {
            "session_id": "hostile",
            "cwd": str(project),
            "hook_event_name": event,
            "tool_name": tool,
            "tool_input": tool_input,
        }
    ).encode()


def contract(done):
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("utf-8")
    if not out:
        return None
    assert "\n" not in out.rstrip("\n")
    envelope = json.loads(out)
    assert isinstance(envelope, dict) and envelope
    return envelope


@pytest.mark.parametrize("event", ["PreToolUse", "PostToolUse"])
def test_symlink_loops_below_and_above_the_target(project, event):
    (project / "self").symlink_to(project / "self")
    (project / "a").symlink_to(project / "b")
    (project / "b").symlink_to(project / "a")
    (project / "up").symlink_to(project)
    for rules in (project / ".caveat",):
        rules.mkdir()
        (rules / "rules").symlink_to(rules / "rules")
        (rules / "messages").symlink_to(project / "a")
    for path in ("self/self/package.json", "a/b/a/package.json", "up/" * 40 + "package.json"):
        contract(run_hook(call(project, str(project / path), event=event), cwd=project))


def test_git_file_pointing_nowhere(project):
    (project / ".git").rmdir()
    (project / ".git").write_text("gitdir: /nonexistent/worktrees/gone\n")
    (project / "package.json").write_text(LEFT_PAD)
    for event in ("PreToolUse", "PostToolUse"):
        done = run_hook(call(project, str(project / "package.json"), event=event), cwd=project)
        contract(done)
    start = json.dumps(
        {"session_id": "h", "cwd": str(project), "hook_event_name": "SessionStart"}
    ).encode()
    contract(run_hook(start, cwd=project))
    force = call(project, "", "git push --force origin main", tool="Bash")
    assert contract(run_hook(force, cwd=project))


NAMES = [
    "new\nline.py",
    "$(touch {marker}).py",
    "`touch {marker}`.py",
    "; touch {marker} #.py",
    "a'b\"c && touch {marker} | x.py",
    "-rf --exec=touch {marker}.py",
]


@pytest.mark.parametrize("event", ["PreToolUse", "PostToolUse"])
@pytest.mark.parametrize("name", NAMES)
def test_metacharacter_file_names_are_never_executed(project, tmp_path, name, event):
    name = name.format(marker="PWNED")  # relative: a shell would create it in the cwd
    folder = project / "src"
    folder.mkdir()
    path = folder / name
    content = "import pickle\n\n\ndef f(b):\n    return pickle.loads(b)\n"
    if event == "PostToolUse":
        path.write_text(content)
    envelope = contract(run_hook(call(project, str(path), content, event=event), cwd=project))
    assert envelope is not None  # the eval advice, whatever the name
    manifest = folder / name.replace(".py", "") / "package.json"
    contract(run_hook(call(project, str(manifest), event=event), cwd=project))
    assert not [p for p in tmp_path.rglob("*PWNED*") if p.name == "PWNED"]


@pytest.mark.parametrize(
    "command",
    [
        'npm install "$(touch {marker})"',
        "pip install `touch {marker}`; git push --force origin main",
        'eval "$(echo touch {marker})"',
        'git commit -m "$(touch {marker})" && git reset --hard',
    ],
)
def test_commands_are_parsed_never_run(project, tmp_path, command):
    marker = tmp_path / "executed"
    done = run_hook(call(project, "", command.format(marker=marker), tool="Bash"), cwd=project)
    contract(done)
    assert not marker.exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("where", ["target", "below-target", "config", "rule", "message"])
def test_fifos_where_files_are_expected(project, where):
    caveat = project / ".caveat"
    for sub in ("rules", "messages"):
        (caveat / sub).mkdir(parents=True)
    fifo = {
        "target": project / "package.json",
        "below-target": project / "pipe",
        "config": caveat / "config.toml",
        "rule": caveat / "rules" / "r.md",
        "message": caveat / "messages" / "pretooluse-dependency-guard.md",
    }[where]
    os.mkfifo(fifo)
    target = project / ("pipe/package.json" if where == "below-target" else "package.json")
    for event in ("PreToolUse", "PostToolUse"):
        contract(run_hook(call(project, str(target), event=event), cwd=project))
    edit = json.dumps(
        {
            "session_id": "h",
            "cwd": str(project),
            "hook_event_name": "PostToolUse",
            "tool_name": "Edit",
            "tool_input": {"file_path": str(target), "old_string": "a", "new_string": "b"},
        }
    ).encode()
    contract(run_hook(edit, cwd=project))
