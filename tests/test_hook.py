"""The runtime contract of SPEC §1, checked on the real process."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from caveat import dispatch
from caveat import messages
from caveat.guards import REGISTRY
from tests.helpers import LAUNCHER
from tests.helpers import envelope
from tests.helpers import hook_payload
from tests.helpers import run_hook
from tests.helpers import run_importtime
from tests.helpers import write_payload

FORBIDDEN_ON_SILENT_PATH = {
    "re",
    "json",
    "typing",
    "dataclasses",
    "pathlib",
    "argparse",
    "enum",
    "collections",
    "subprocess",
    "threading",
    "tomllib",
    "markdown_it",
    "git",
    "pathspec",
    "caveat.messages",
    "caveat.common.msgparse",
    "caveat.common.shell",
    # The guards' full tables: only their pre-filters (each package's __init__) load every time.
    "caveat.guards.dependency.file_rules",
    "caveat.guards.package_rules",
    "caveat.guards.eval.primitives",
    "caveat.guards.plan.tables",
    "caveat.guards.plan_bash.tables",
    "caveat.guards.conformity.rules",
    "caveat.guards.tracking_ids.rules",
    "caveat.guards.header.rules",
}


def assert_contract(done):
    """The output contract, and every string in the envelope is short and not empty."""
    found = envelope(done)
    if found is None:
        return None

    def walk(value):
        if isinstance(value, str):
            assert 0 < len(value) <= 10_000
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)

    walk(found)
    return found


def test_firing_write_yields_one_claude_envelope(project):
    envelope = assert_contract(run_hook(write_payload(project), cwd=project))
    specific = envelope["hookSpecificOutput"]
    assert specific["hookEventName"] == "PreToolUse"
    assert "left-pad" in specific["additionalContext"]
    assert f"Full procedure: {messages.bundled_dir()}" in specific["additionalContext"]


def test_silent_write_prints_nothing(project):
    done = run_hook(write_payload(project, "notes.md", "# hi\n"), cwd=project)
    assert done.returncode == 0 and done.stdout == b""


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(b"", id="empty"),
        pytest.param(b"not json {", id="malformed"),
        pytest.param(b"[1, 2, 3]", id="array"),
        pytest.param(b'"a string"', id="string"),
        pytest.param(b"null", id="null"),
        pytest.param(b"\xff\xfe\x00\x01" * 1000, id="binary"),
        pytest.param(b"[" * 500_000 + b"]" * 500_000, id="deep-nesting"),
        pytest.param(
            b'{"hook_event_name": "PreToolUse", "tool_name": "Write",'
            b' "tool_input": {"file_path": 7, "content": null}}',
            id="wrong-types",
        ),
        pytest.param(
            b'{"hook_event_name": "PreToolUse", "tool_name": "Write",'
            b' "tool_input": {"file_path": "\\u0000/x/package.json", "content": "x"}}',
            id="nul-in-path",
        ),
        pytest.param(b'{"hook_event_name": "NoSuchEvent"}', id="unknown-event"),
        pytest.param(
            b'{"hook_event_name": "PreToolUse", "tool_name": "mcp__x__y", "tool_input": {}}',
            id="unknown-tool",
        ),
    ],
)
def test_bad_input_exits_zero_silently(data, tmp_path):
    done = run_hook(data, cwd=tmp_path)
    assert done.returncode == 0
    assert done.stdout == b""


def test_20_mb_payload_is_still_judged(project):
    content = "x = 1\n" * (20 * 1024 * 1024 // 6)
    data = write_payload(project, "src/big.py", content)
    assert len(data) > 20 * 1024 * 1024
    done = run_hook(data, cwd=project)
    assert done.returncode == 0 and done.stdout == b""


def test_over_32_mib_is_unusable_input(project):
    content = '{"dependencies": {"a": "1"}}' + " " * (33 * 1024 * 1024)
    done = run_hook(write_payload(project, content=content), cwd=project)
    assert done.returncode == 0 and done.stdout == b""


@pytest.mark.parametrize("value", ["1", "true", "yes", "on", "TRUE", " On "])
def test_kill_switch(project, value):
    env = dict(os.environ, CAVEAT_DISABLE=value)
    done = run_hook(write_payload(project), cwd=project, env=env)
    assert done.returncode == 0 and done.stdout == b""


@pytest.mark.parametrize("value", ["0", "false", "", "no"])
def test_kill_switch_off_values(project, value):
    env = dict(os.environ, CAVEAT_DISABLE=value)
    assert assert_contract(run_hook(write_payload(project), cwd=project, env=env))


def test_unwritable_state_dir(project, tmp_path):
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("")
    env = dict(os.environ, CAVEAT_STATE_DIR=str(blocker / "state"))
    envelope = assert_contract(run_hook(write_payload(project), cwd=project, env=env))
    assert "left-pad" in envelope["hookSpecificOutput"]["additionalContext"]


HOSTILE = "open({marker!r}, 'a').write({name!r} + '\\n')\n"


@pytest.mark.parametrize("form", ["launcher", "module"])
def test_hostile_project_code_is_never_imported(project, tmp_path, form):
    marker = tmp_path / "imported.txt"
    for name in ("json", "caveat", "sitecustomize", "usercustomize", "re", "encodings", "typing"):
        (project / f"{name}.py").write_text(HOSTILE.format(marker=str(marker), name=name))
    (project / "caveat").mkdir()
    (project / "caveat" / "__init__.py").write_text(
        HOSTILE.format(marker=str(marker), name="caveat-pkg")
    )
    (project / "evil.pth").write_text(f"import os; open({str(marker)!r}, 'a').write('pth')\n")
    if form == "launcher":
        argv = [sys.executable, "-I", LAUNCHER]
    else:
        argv = [sys.executable, "-I", "-m", "caveat", "hook"]
    # -I ignores PYTHONPATH: pointing it at the project proves that too.
    env = dict(os.environ, PYTHONPATH=str(project))
    done = subprocess.run(
        argv, input=write_payload(project), capture_output=True, cwd=project, env=env, check=False
    )
    assert not marker.exists(), marker.read_text()
    envelope = assert_contract(done)
    assert "left-pad" in envelope["hookSpecificOutput"]["additionalContext"]


def test_console_script_ignores_the_cwd(project, tmp_path):
    marker = tmp_path / "imported.txt"
    for name in ("json", "caveat", "re"):
        (project / f"{name}.py").write_text(HOSTILE.format(marker=str(marker), name=name))
    script = os.path.join(os.path.dirname(sys.executable), "caveat")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [script, "hook"],
        input=write_payload(project),
        capture_output=True,
        cwd=project,
        env=env,
        check=False,
    )
    assert not marker.exists()
    assert assert_contract(done)


@pytest.mark.skipif(not shutil.which("sh"), reason="needs a POSIX shell to close descriptors")
@pytest.mark.parametrize("redirect", [">&-", "<&-", ">&- <&-", "2>&-"])
def test_closed_standard_streams(project, redirect):
    script = f'exec "$@" {redirect}'
    done = subprocess.run(
        ["sh", "-c", script, "sh", sys.executable, "-I", LAUNCHER],
        input=None if "<&-" in redirect else write_payload(project),
        capture_output="<&-" in redirect or ">&-" not in redirect,
        cwd=project,
        check=False,
    )
    assert done.returncode == 0


def test_stdout_pipe_closed_early(project):
    proc = subprocess.Popen(
        [sys.executable, "-I", LAUNCHER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=project,
    )
    assert proc.stdout is not None
    proc.stdout.close()
    _, err = proc.communicate(write_payload(project))
    assert proc.returncode == 0, err


@pytest.mark.parametrize(
    ("name", "tool_input", "tool"),
    [
        ("notes", {"file_path": "{p}/notes.md", "content": "# Notes\n"}, "Write"),
        (
            "code",
            {"file_path": "{p}/src/app.py", "content": "def f(a):\n    return a + 1\n"},
            "Write",
        ),
        ("edit", {"file_path": "{p}/src/app.py", "old_string": "a", "new_string": "b"}, "Edit"),
        ("bash", {"command": "ls -la && pytest -q"}, "Bash"),
    ],
)
def test_silent_path_imports_nothing_heavy(project, name, tool_input, tool):
    tool_input = {k: v.replace("{p}", str(project)) for k, v in tool_input.items()}
    data = hook_payload(project, tool, tool_input, session=None)
    done, imported = run_importtime([LAUNCHER], data, project)
    assert done.returncode == 0 and done.stdout == b""
    assert "caveat.hook" in imported
    assert imported & FORBIDDEN_ON_SILENT_PATH == set()
    # Only the guards routed on this event and tool are imported (a guard reading a
    # table of another guard would pull that one in).
    routed = {
        spec.module
        for spec in REGISTRY
        if "PreToolUse" in spec.events and (not spec.tools or tool in spec.tools)
    }
    guards = {m for m in imported if m.count(".") == 2 and m.startswith("caveat.guards.")}
    assert guards - {"caveat.guards.base", "caveat.guards.texts"} <= routed


def test_module_and_console_forms_agree(project, tmp_path):
    data = write_payload(project)
    # A state folder per form: the same finding is advised once per session.
    env = {**os.environ, "CAVEAT_STATE_DIR": str(tmp_path / "a")}
    launcher = run_hook(data, cwd=project, env=env).stdout
    env["CAVEAT_STATE_DIR"] = str(tmp_path / "b")
    module = subprocess.run(
        [sys.executable, "-I", "-m", "caveat", "hook"],
        input=data,
        capture_output=True,
        cwd=project,
        env=env,
        check=True,
    ).stdout
    env["CAVEAT_STATE_DIR"] = str(tmp_path / "c")
    script = subprocess.run(
        [os.path.join(os.path.dirname(sys.executable), "caveat"), "hook"],
        input=data,
        capture_output=True,
        cwd=project,
        env=env,
        check=True,
    ).stdout
    assert launcher == module == script != b""


# In-process checks of the dispatcher: arguments, faults that need a patched package.


def test_parse_args():
    parsed = dispatch.parse_args(["--contract", "codex", "PreToolUse", "a", "b.md", "--bogus"])
    assert parsed == dispatch.Args("codex", ("PreToolUse", "a", "b"), (), False, ("--bogus",))
    parsed = dispatch.parse_args(["--contract=gemini", "--explain", "--guards", "eval,git"])
    assert parsed == dispatch.Args("gemini", (), ("eval", "git"), True)
    assert dispatch.parse_args(["--guards=eval", "--contract"]).guards == ("eval",)
    assert dispatch.parse_args(["--contract"]).unknown == ("--contract",)  # no value


def test_event_argument_and_guard_restriction(project):
    data = write_payload(project, event="PostToolUse", session="")  # no session: no dedupe
    env = dict(os.environ)
    for args, name in (([], "PostToolUse"), (["PreToolUse"], "PreToolUse")):
        event = dispatch.run(args, data, env).event
        assert event is not None and event.name == name
    fired = dispatch.run(["PreToolUse", "--guards", "dependency"], data, env)
    assert fired.output and [f.guard for f in fired.findings] == ["dependency"]
    restricted = dispatch.run(["PreToolUse", "--guards", "eval"], data, env)
    assert restricted.output == "" and restricted.reason == "no guard found anything"
    unbound = dispatch.run(["--guards", "askuser"], data, env)
    assert unbound.output == "" and unbound.reason == "no guard handles this event and tool"


def test_an_old_command_line_with_message_names_runs_every_guard_of_its_event(project):
    """Registrations of earlier versions named the messages of every guard they knew;
    they run today's guards for their event, new ones included, without a reinstall.
    Only the entries narrowed to the after-the-tool guards stay narrowed."""
    data = write_payload(project, event="PostToolUse", session="")
    env = dict(os.environ)
    old = ["--contract", "claude", "PreToolUse", "pretooluse-eval-guard", "custom"]
    fired = dispatch.run(old, data, env)
    assert [f.guard for f in fired.findings] == ["dependency"]
    assert {row.guard for row in fired.trace} >= {"dependency", "eval", "header", "tracking-ids"}
    narrowed = ["--contract", "claude", "PostToolUse", "posttooluse-proactive-compaction", "custom"]
    quiet = dispatch.run(narrowed, data, env)
    assert {row.guard for row in quiet.trace} == {"compaction", "custom"}
    assert dispatch.chosen(dispatch.parse_args(narrowed)) == {"compaction", "custom"}
    assert dispatch.chosen(dispatch.parse_args(old)) == frozenset()


def test_unknown_contract_is_silent(project):
    outcome = dispatch.run(["--contract", "nope"], write_payload(project), dict(os.environ))
    assert outcome.output == "" and outcome.reason == "unknown contract 'nope'"


@pytest.mark.parametrize("fault", ["missing", "empty", "no-advisory", "binary", "folder"])
def test_broken_message_file_fails_open(project, tmp_path, monkeypatch, fault):
    folder = tmp_path / "messages"
    folder.mkdir()
    target = folder / "pretooluse-dependency-guard.md"
    if fault == "empty":
        target.write_text("")
    elif fault == "no-advisory":
        target.write_text("# Title\n\n## Procedure\nonly\n")
    elif fault == "binary":
        target.write_bytes(os.urandom(4096))
    elif fault == "folder":
        target.mkdir()
    monkeypatch.setattr(messages, "bundled_dir", lambda: str(folder))
    outcome = dispatch.run([], write_payload(project), dict(os.environ))
    assert outcome.findings
    assert outcome.output == ""
    assert outcome.reason == "no advisory could be rendered"


def test_guard_that_raises_leaves_the_others(project, monkeypatch):
    from caveat.guards import dependency

    def boom(event, ctx):
        raise RuntimeError("guard bug")

    monkeypatch.setattr(dependency, "check", boom)
    content = "import pickle\n\ndef f(b):\n    return pickle.loads(b)\n"
    outcome = dispatch.run([], write_payload(project, "src/x.py", content), dict(os.environ))
    rows = [(row.guard, row.outcome) for row in outcome.trace]
    assert rows[:2] == [("dependency", "error"), ("eval", "fired")]
    assert all(status == "silent" for _, status in rows[2:])
    assert json.loads(outcome.output)["hookSpecificOutput"]["additionalContext"]


def test_main_never_raises_and_exits_zero(project):
    code = (
        "import caveat.hook as h\n"
        "def bad(*a, **k):\n    raise SystemExit(3)\n"
        "import caveat.dispatch as d\n"
        "d.run = bad\n"
        "h.main([])\n"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-c", code],
        input=write_payload(project),
        capture_output=True,
        check=False,
    )
    assert done.returncode == 0 and done.stdout == b""
    assert b"hook failed open" in done.stderr


@pytest.mark.parametrize(("padding", "collecting"), [(0, "False"), (2 << 20, "True")])
def test_the_collector_runs_only_for_a_large_payload(project, padding, collecting):
    code = (
        "import gc, os\n"
        "import caveat.hook as h\n"
        "import caveat.dispatch as d\n"
        "real = d.run\n"
        "def run(*a, **k):\n"
        "    os.write(2, f'collecting={gc.isenabled()}'.encode())\n"
        "    return real(*a, **k)\n"
        "d.run = run\n"
        "h.main(['--contract', 'claude'])\n"
    )
    content = "x = 1\n" + "#" * padding + "\nimport pickle\npickle.loads(blob)\n"
    done = subprocess.run(
        [sys.executable, "-I", "-c", code],
        input=write_payload(project, "src/load.py", content),
        capture_output=True,
        check=False,
    )
    assert done.returncode == 0
    assert f"collecting={collecting}".encode() in done.stderr
    found = envelope(done)
    assert found is not None
    assert "pickle.loads" in found["hookSpecificOutput"]["additionalContext"]


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_prints_the_usage_on_stderr_and_exits_zero(project, flag):
    # stdin left open: the usage must not wait for a payload
    proc = subprocess.Popen(
        [sys.executable, "-I", LAUNCHER, "--contract", "codex", flag],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=project,
    )
    try:
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 0
    assert out == b""
    assert err.startswith(b"usage: caveat hook [--contract ID] [--guards ID,...] [EVENT]")
    assert b"codex" in err and b"caveat explain" in err


def test_help_through_the_console_script(project):
    script = shutil.which("caveat", path=os.path.dirname(sys.executable))
    assert script is not None
    done = subprocess.run([script, "hook", "--help"], capture_output=True, timeout=60, check=False)
    assert (done.returncode, done.stdout) == (0, b"")
    assert b"usage: caveat hook" in done.stderr
