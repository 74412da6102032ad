"""The launcher's bundle runs the hot path without the import system, and is only ever
a cache: a stale, foreign or broken bundle changes nothing but speed."""

from __future__ import annotations

import json
import marshal
import os
import shutil
import subprocess
import sys

import pytest

from caveat.install import bundle
from caveat.install import launcher
from caveat.install import launcher_write
from tests.helpers import ROOT
from tests.helpers import hook_payload
from tests.helpers import run_importtime

CORE = {name for only, name in bundle.HOT if not only}


@pytest.fixture
def launch(tmp_path):
    """A copy of caveat's package, its launcher files and its bundle, and a project."""
    site = tmp_path / "site"
    shutil.copytree(
        os.path.join(ROOT, "src", "caveat"),
        site / "caveat",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    shutil.copytree(os.path.join(ROOT, "messages"), tmp_path / "messages")  # as in a checkout
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CAVEAT_", "XDG_"))}
    env.update(XDG_DATA_HOME=str(tmp_path / "data"), CAVEAT_STATE_DIR=str(tmp_path / "state"))
    launcher_write.write(launcher.texts(env, sys.executable, str(site)).items())
    assert bundle.refresh(bundle.path(launcher.folder(env)), str(site))
    project = tmp_path / "project"
    (project / "src").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    # The header guard's verdict for this HEAD, made once (a call after a commit scans).
    _run(env, project, _payload(project, *SILENT[1]))
    return site, env, project


def _run(env, project, payload: bytes, *args: str, via: str = "") -> tuple[bytes, set[str]]:
    """The launcher's answer (or the script ``via``'s), and the caveat modules the
    import system loaded."""
    done, imported = run_importtime(
        [via or launcher.python_path(env), *args], payload, project, env
    )
    assert done.returncode == 0, done.stderr
    return done.stdout, {m for m in imported if m.split(".")[0] == "caveat"}


SILENT = [
    ("Write", {"file_path": "{p}/notes.md", "content": "# Notes\n"}),
    ("Write", {"file_path": "{p}/src/app.py", "content": "def f(a):\n    return a + 1\n"}),
    ("Bash", {"command": "git status --short"}),
]


def _payload(project, tool, tool_input, session="s") -> bytes:
    filled = {k: v.replace("{p}", str(project)) for k, v in tool_input.items()}
    return hook_payload(project, tool, filled, session=session)


def test_the_bundle_is_what_the_silent_paths_import(launch):
    site, env, project = launch
    seen: set[str] = set()
    for tool, tool_input in SILENT:
        stdout, imported = _run(env, project, _payload(project, tool, tool_input))
        assert stdout == b"" and imported == set(), imported  # all of it from the bundle
        via = str(site / "caveat" / "_launch.py")  # no bundle: what the import system loads
        _, imported = _run(env, project, _payload(project, tool, tool_input), via=via)
        seen |= imported
    assert seen - {"caveat.harnesses.claude"} == CORE  # nothing missing, nothing extra


def test_it_answers_as_the_import_system_does(launch):
    _site, env, project = launch
    firing = [
        (
            "Write",
            {"file_path": "{p}/src/load.py", "content": "import pickle\n\npickle.loads(blob)\n"},
        ),
        ("Bash", {"command": "git push --force origin main"}),
    ]
    for number, (tool, tool_input) in enumerate(firing):
        answers = []
        for fresh in (True, False):
            if not fresh:
                os.unlink(bundle.path(launcher.folder(env)))
            payload = _payload(project, tool, tool_input, session=f"s{number}{fresh}")
            stdout, imported = _run(env, project, payload, "--contract", "claude", "PreToolUse")
            assert (imported & CORE == set()) is fresh
            answers.append(stdout)
        assert answers[0] == answers[1] != b""


def test_another_contract_runs_the_core_from_it(launch):
    _site, env, project = launch
    payload = json.dumps(
        {"session_id": "s", "cwd": str(project), "hook_event_name": "PreToolUse",
         "tool_name": "shell", "tool_input": {"command": "ls"}}
    ).encode()  # fmt: skip
    _, imported = _run(env, project, payload, "--contract", "codex", "PreToolUse")
    assert imported & CORE == set() and "caveat.harnesses.claude" not in imported


def _stale(env, project, damaged: bytes | None) -> set[str]:
    """Run a silent call on a bundle that must not be used: what it imported; the
    bundle is then written anew and used by the next call."""
    target = bundle.path(launcher.folder(env))
    _, imported = _run(env, project, _payload(project, *SILENT[0]))
    with open(target, "rb") as fh:
        assert fh.read() != damaged
    _, again = _run(env, project, _payload(project, *SILENT[0]))
    assert again == set()
    return imported


def test_a_changed_source_is_imported_and_the_bundle_rewritten(launch):
    site, env, project = launch
    with open(bundle.path(launcher.folder(env)), "rb") as fh:
        old = fh.read()
    source = site / "caveat" / "audit.py"
    source.write_text(source.read_text() + "\n# changed\n")
    assert "caveat.hook" in _stale(env, project, old)


@pytest.mark.parametrize("damage", ["garbage", "empty", "other interpreter", "missing"])
def test_an_unusable_bundle_is_written_anew(launch, damage):
    site, env, project = launch
    target = bundle.path(launcher.folder(env))
    with open(target, "rb") as fh:
        _found, code, entries = marshal.loads(fh.read())
    os.unlink(target)
    data = {
        "garbage": b"\x00not marshal\xff" * 10,
        "empty": b"",
        "other interpreter": marshal.dumps(((bundle.FORMAT, "2.7", 0, str(site)), code, entries)),
        "missing": None,
    }[damage]
    if data is not None:
        with open(target, "wb") as fh:
            fh.write(data)
    assert "caveat.hook" in _stale(env, project, data)


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX modes")
def test_a_bundle_others_may_write_is_never_run(launch):
    _site, env, project = launch
    target = bundle.path(launcher.folder(env))
    with open(target, "rb") as fh:
        found, code, entries = marshal.loads(fh.read())
    # A bundle that would print, if it ran: it must not.
    planted = compile("import os; os.write(1, b'planted')", "planted", "exec")
    entries = tuple(
        (o, n, p, k, s, planted if n == "caveat" else c) for o, n, p, k, s, c in entries
    )
    with open(target, "wb") as fh:
        fh.write(marshal.dumps((found, code, entries)))
    os.chmod(target, 0o666)
    stdout, imported = _run(env, project, _payload(project, *SILENT[0]))
    assert stdout == b"" and "caveat.hook" in imported
    os.chmod(target, 0o600)
    stdout, _ = _run(env, project, _payload(project, *SILENT[0]))
    assert stdout.startswith(b"planted")  # the same file, the user's own: it is run


def test_a_module_that_fails_undoes_the_preload(launch):
    _site, env, _project = launch
    with open(bundle.path(launcher.folder(env)), "rb") as fh:
        _found, _code, entries = marshal.loads(fh.read())
    broken = compile("raise RuntimeError('mid-way')", "broken", "exec")
    entries = tuple(
        (o, n, p, k, s, broken if n == "caveat.chain" else c) for o, n, p, k, s, c in entries
    )
    script = (
        "import marshal, sys\n"
        "from caveat.install.bundle import preload\n"
        # json's C part and gc, which hot modules import, are stdlib: not the bundle's to undo.
        "import gc, json\n"
        "before = set(sys.modules)\n"
        "print(preload(marshal.loads(sys.stdin.buffer.read()), ['--contract', 'claude']))\n"
        "print(sorted(set(sys.modules) - before))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        input=marshal.dumps(entries),
        capture_output=True,
        text=False,
        env={**env, "PYTHONPATH": os.path.join(ROOT, "src")},
        check=True,
    )
    assert done.stdout.decode().splitlines() == ["failed", "[]"]


def test_install_writes_it_and_uninstall_takes_it_away(launch):
    _site, env, _project = launch
    target = bundle.path(launcher.folder(env))
    assert os.path.isfile(target) and os.stat(target).st_mode & 0o077 == 0
    launcher_write.remove(env)
    assert not os.path.exists(launcher.folder(env))


def test_it_is_only_written_into_a_folder_of_the_users_alone(launch, tmp_path):
    site, env, _project = launch
    folder = tmp_path / "loose"
    folder.mkdir()
    os.chmod(folder, 0o777)
    assert not bundle.refresh(str(folder / bundle.NAME), str(site))
    assert not (folder / bundle.NAME).exists()
    link = tmp_path / "link"
    link.symlink_to(launcher.folder(env))
    assert not bundle.refresh(str(link / bundle.NAME), str(site))


def test_a_source_mid_upgrade_makes_no_bundle_and_no_fault(launch):
    site, env, _project = launch
    (site / "caveat" / "audit.py").write_text("def record(:\n")
    target = bundle.path(launcher.folder(env))
    os.unlink(target)
    assert bundle.refresh(target, str(site)) is False
    assert not os.path.exists(target)


def test_a_read_only_launcher_folder_is_not_written_on_every_call(launch):
    _site, env, project = launch
    folder = launcher.folder(env)
    os.unlink(bundle.path(folder))
    os.chmod(folder, 0o555)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("this user writes anywhere (root without the folder's mode)")
        stdout, imported = _run(env, project, _payload(project, *SILENT[0]))
    finally:
        os.chmod(folder, 0o755)
    assert stdout == b"" and "caveat.hook" in imported
    assert not [m for m in imported if m.startswith("caveat.install")]  # no refresh tried
