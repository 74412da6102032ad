"""Looking changes nothing (SPEC §13): explain, log, stats and doctor leave the state
folder byte for byte as it was, and after explain the real hook still advises."""

from __future__ import annotations

import os

import pytest

from caveat.cli import main
from tests.helpers import envelope
from tests.helpers import run_hook
from tests.helpers import write_payload


def snapshot(folder: str) -> dict[str, object]:
    info = os.lstat(folder)
    found: dict[str, object] = {".": (info.st_mode, info.st_mtime_ns)}
    for parent, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = os.path.join(parent, name)
            info = os.lstat(path)
            content = None
            if name in files:
                with open(path, "rb") as handle:
                    content = handle.read()
            found[os.path.relpath(path, folder)] = (info.st_mode, info.st_mtime_ns, content)
    return found


def test_explain_marks_nothing_as_advised(project, tmp_path, capsys):
    payload = write_payload(project, session="looked-at")
    path = tmp_path / "payload.json"
    path.write_bytes(payload)
    assert main(["explain", str(path)]) == 0
    assert "envelope   {" in capsys.readouterr().out
    assert main(["explain", str(path)]) == 0  # a second look sees the same
    assert "envelope   {" in capsys.readouterr().out
    assert envelope(run_hook(payload, cwd=project)) is not None
    assert run_hook(payload, cwd=project).stdout == b""  # the hook itself still remembers


@pytest.mark.parametrize(
    "command",
    [
        ["explain", "{payload}"],
        ["log"],
        ["log", "--json", "--guard", "dependency"],
        ["stats"],
        ["stats", "--html", "{page}"],
        ["doctor", "--project", "{project}"],
    ],
)
def test_looking_leaves_the_state_folder_as_it_was(project, tmp_path, capsys, command):
    config = os.path.join(os.environ["XDG_CONFIG_HOME"], "caveat")
    os.makedirs(config)
    with open(os.path.join(config, "config.toml"), "w") as handle:
        handle.write("[guards]\ngit = true\n")
    (project / ".caveat").mkdir()
    (project / ".caveat" / "config.toml").write_text("[guards]\neval = true\n")
    run_hook(write_payload(project, session="s1"), cwd=project)
    run_hook(write_payload(project, "notes.md", "x\n", session="s1"), cwd=project)
    payload = tmp_path / "payload.json"
    payload.write_bytes(write_payload(project, "Cargo.toml", "[dependencies]\nx = '1'\n"))
    fill = {
        "{payload}": str(payload),
        "{page}": str(tmp_path / "p.html"),
        "{project}": str(project),
    }
    state = os.environ["CAVEAT_STATE_DIR"]
    before = snapshot(state)
    assert "audit" in before and "seen" in before
    main([fill.get(arg, arg) for arg in command])
    assert snapshot(state) == before


@pytest.mark.parametrize("command", [["log"], ["stats"], ["doctor"]])
def test_looking_creates_no_state_folder(tmp_path, command, monkeypatch):
    monkeypatch.chdir(tmp_path)
    main(command)
    assert not os.path.exists(os.environ["CAVEAT_STATE_DIR"])


def test_explain_of_a_header_silence_writes_no_cache(project, tmp_path, capsys):
    """The header guard says why it is silent only inside explain's own run, in its
    throwaway state: an explained Write of an unheaded file in a repository without a
    header policy used to leave ``header.cache.json`` in the real state folder."""
    from tests.helpers import commit_all

    (project / "src").mkdir(exist_ok=True)
    (project / "src" / "old.py").write_text("x = 1\n")
    commit_all(project)
    from tests.helpers import hook_payload

    run_hook(hook_payload(project, "Bash", {"command": "ls"}), cwd=project)  # no header run
    state = os.environ["CAVEAT_STATE_DIR"]
    before = snapshot(state)
    assert not any("header" in name for name in before)
    payload = tmp_path / "payload.json"
    payload.write_bytes(write_payload(project, "src/new.py", "print(1)\n", session="s2"))
    assert main(["explain", str(payload)]) == 0
    out = capsys.readouterr().out
    assert "header" in out and "no header policy" in out  # the reason is still given
    assert snapshot(state) == before
