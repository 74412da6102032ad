"""caveat install --harness claude --http: Claude Code HTTP hooks posting to
``caveat serve``; the token is in no settings file (Claude Code reads it from
$CAVEAT_SERVE_TOKEN) and in no printed diff."""

# ruff: noqa: F401, F811  (pytest fixtures imported from harnesses.install_helpers)

from __future__ import annotations

import json
import os
import stat
import subprocess

import pytest

from caveat import serve
from caveat.install import owner
from caveat.install.endpoint import TOKEN_ENV
from tests.harnesses.install_helpers import Json
from tests.harnesses.install_helpers import caveat
from tests.harnesses.install_helpers import home
from tests.harnesses.install_helpers import hooks
from tests.harnesses.install_helpers import read
from tests.harnesses.install_helpers import write

PORT = serve.DEFAULT_PORT
HEADERS = {"Authorization": f"Bearer ${TOKEN_ENV}"}


def export(monkeypatch) -> str:
    """What the operator's shell profile does: the token file into the variable."""
    token = serve.ensure_token(os.environ)
    monkeypatch.setenv(TOKEN_ENV, token)
    return token


def handlers(path) -> list[Json]:
    return [h for groups in hooks(path).values() for g in groups for h in g["hooks"]]


def test_user_install(home, caveat, monkeypatch):
    code, out, _ = caveat("install", "--harness", "claude", "--http")
    assert code == 0 and "registered" in out
    path = os.path.join(home, ".claude", "settings.json")
    token = serve.ensure_token(os.environ)
    assert token not in out and token not in read(path)
    # How the variable gets set: a line for the shell profile, naming the token file.
    assert f"export {TOKEN_ENV}=\"$(cat '{serve.token_path(os.environ)}')\"" in out
    registered = hooks(path)
    assert list(registered) == [
        "PreToolUse",
        "PostToolUse",
        "PostToolUseFailure",
        "SessionStart",
        "SubagentStart",
        "Stop",
    ]
    files = registered["PreToolUse"][0]
    assert files["matcher"] == "Write|Edit|MultiEdit|NotebookEdit"
    (handler,) = files["hooks"]
    assert list(handler) == ["type", "url", "headers", "allowedEnvVars", "timeout"]
    assert handler["type"] == "http" and handler["timeout"] == 30
    assert handler["url"] == f"http://127.0.0.1:{PORT}/hook/claude/PreToolUse"
    (after,) = registered["PostToolUse"][0]["hooks"]
    assert (
        after["url"] == f"http://127.0.0.1:{PORT}/hook/claude/PostToolUse?guards=compaction,custom"
    )
    assert handler["headers"] == HEADERS and handler["allowedEnvVars"] == [TOKEN_ENV]
    stop = registered["Stop"][0]["hooks"][0]
    assert stop["url"] == f"http://127.0.0.1:{PORT}/hook/claude/Stop"
    # Claude Code runs no HTTP hook on SessionStart: that one stays a command
    start = registered["SessionStart"][0]["hooks"][0]
    assert start["type"] == "command" and start["args"][-1:] == ["SessionStart"]
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600  # a new file
    code, out, _ = caveat("verify", "--harness", "claude")
    assert code == 1 and f"{TOKEN_ENV} is not set here" in out
    assert "fix: caveat install" not in out  # the profile line is the fix
    export(monkeypatch)
    code, out, _ = caveat("verify", "--harness", "claude")
    assert code == 0 and "installed" in out
    before = read(path)
    assert caveat("install", "--harness", "claude", "--http")[0] == 0
    assert read(path) == before


def test_port(home, caveat, monkeypatch):
    export(monkeypatch)
    caveat("install", "--harness", "claude", "--http", "--port", "5099")
    path = os.path.join(home, ".claude", "settings.json")
    posted = [h for h in handlers(path) if h["type"] == "http"]
    assert len(posted) == 6
    assert all(h["url"].startswith("http://127.0.0.1:5099/hook/claude/") for h in posted)
    assert caveat("verify", "--harness", "claude")[0] == 0  # the port the file names


def test_switching_forms_replaces_never_duplicates(home, caveat):
    path = os.path.join(home, ".claude", "settings.json")
    mine = {"matcher": "Bash", "hooks": [{"type": "command", "command": "lint"}]}
    write(path, json.dumps({"model": "x", "hooks": {"PreToolUse": [mine]}}, indent=2) + "\n")
    caveat("install", "--harness", "claude")
    caveat("install", "--harness", "claude", "--http")
    found = [h for h in handlers(path) if owner.owned(h, "claude")]
    assert len(found) == 8 and [h["type"] for h in found].count("http") == 6
    assert hooks(path)["PreToolUse"][0] == mine
    caveat("install", "--harness", "claude")
    found = [h for h in handlers(path) if owner.owned(h, "claude")]
    assert len(found) == 8 and {h["type"] for h in found} == {"command"}
    caveat("uninstall", "--harness", "claude")
    assert json.loads(read(path)) == {"model": "x", "hooks": {"PreToolUse": [mine]}}


@pytest.fixture
def repo(tmp_path):
    root = tmp_path / "repo"
    root.mkdir()
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    return root


def test_project_install_goes_to_the_local_settings(repo, caveat, monkeypatch):
    export(monkeypatch)
    shared = repo / ".claude" / "settings.json"
    local = repo / ".claude" / "settings.local.json"
    caveat("install", "--harness", "claude", "--project", str(repo))
    code, out, _ = caveat("install", "--harness", "claude", "--project", str(repo), "--http")
    assert code == 0 and str(local) in out and f"other registrations from {shared}" in out
    assert not shared.exists()  # caveat created it, and nothing else is in it
    assert sorted(h["type"] for h in handlers(local)) == ["command"] * 2 + ["http"] * 6
    assert stat.S_IMODE(os.stat(local).st_mode) == 0o600
    assert "/.claude/settings.local.json\n" in read(repo / ".git" / "info" / "exclude")
    code, out, _ = caveat("verify", "--harness", "claude", "--project", str(repo))
    assert code == 0 and f"installed ({local})" in out
    caveat("install", "--harness", "claude", "--project", str(repo))
    assert not local.exists() and {h["type"] for h in handlers(shared)} == {"command"}
    assert "settings.local.json" not in read(repo / ".git" / "info" / "exclude")
    caveat("install", "--harness", "claude", "--project", str(repo), "--http")
    code, out, _ = caveat("uninstall", "--harness", "claude", "--project", str(repo))
    assert code == 0 and sorted(os.listdir(repo)) == [".git"]


def test_both_files_registered_is_drift(repo, caveat):
    caveat("install", "--harness", "claude", "--project", str(repo), "--http")
    local = repo / ".claude" / "settings.local.json"
    write(repo / ".claude" / "settings.json", read(local))  # pasted by hand
    code, out, _ = caveat("verify", "--harness", "claude", "--project", str(repo))
    assert code == 1 and "drifted" in out and "registered in" in out
    assert "belong in" in out  # HTTP entries in the committed file


def test_a_new_token_is_reported_by_verify(home, caveat, monkeypatch):
    export(monkeypatch)
    caveat("install", "--harness", "claude", "--http")
    path = os.path.join(home, ".claude", "settings.json")
    before = read(path)
    os.unlink(serve.token_path(os.environ))  # the server makes a new one
    token = serve.ensure_token(os.environ)
    code, out, _ = caveat("verify", "--harness", "claude", "--json")
    report = json.loads(out)
    assert code == 1 and report["results"][0]["status"] == "drifted"
    assert f"{TOKEN_ENV} differs from caveat serve's token" in " ".join(
        report["results"][0]["problems"]
    )
    assert token not in out
    caveat("install", "--harness", "claude", "--http")
    assert read(path) == before  # the file names the variable: nothing to rewrite
    monkeypatch.setenv(TOKEN_ENV, token)  # a new shell
    assert caveat("verify", "--harness", "claude")[0] == 0


def test_dry_run_makes_no_token_and_prints_none(home, caveat):
    code, out, _ = caveat("install", "--harness", "claude", "--http", "--dry-run")
    assert code == 0 and f"Bearer ${TOKEN_ENV}" in out and "not written" in out
    assert not os.path.exists(serve.token_path(os.environ))
    assert not os.path.exists(os.path.join(home, ".claude"))
    token = serve.ensure_token(os.environ)
    code, out, _ = caveat("install", "--harness", "claude", "--http", "--dry-run")
    assert token not in out


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (("--harness", "claude", "--port", "5000"), "--port goes with --http"),
        (("--harness", "codex", "--http"), "codex takes no HTTP hooks"),
        (("--harness", "claude", "--http", "--port", "70000"), "not a TCP port"),
    ],
)
def test_refusals(args, why, home, caveat):
    code, _, err = caveat("install", *args)
    assert code == 1 and why in err
    assert not os.path.exists(os.path.join(home, ".claude"))


OLD_TOKEN = "<caveat serve's token>"  # earlier versions wrote it as a literal


@pytest.mark.parametrize(
    ("url", "headers", "allowed", "mine"),
    [
        (f"http://127.0.0.1:{PORT}/hook/claude/Stop?messages=stop", HEADERS, [TOKEN_ENV], True),
        ("http://127.0.0.1:5099/hook/claude/PreToolUse", HEADERS, [TOKEN_ENV], True),
        (
            f"http://127.0.0.1:{PORT}/hook/claude/Stop?messages=stop",
            {"Authorization": f"Bearer {OLD_TOKEN}"},
            None,
            True,
        ),
        (  # another server's token: another server's hook
            "http://127.0.0.1:9911/hook/claude/PreToolUse",
            {"Authorization": "Bearer " + "B" * 43},
            None,
            False,
        ),
        ("http://localhost:8080/hook/claude/PreToolUse", HEADERS, [TOKEN_ENV], False),
        ("http://127.0.0.1:8080/hook/codex/PreToolUse", HEADERS, [TOKEN_ENV], False),
        ("http://example.com:8080/hook/claude/PreToolUse", HEADERS, [TOKEN_ENV], False),
        ("http://127.0.0.1:8080/other/claude/PreToolUse", HEADERS, [TOKEN_ENV], False),
        ("http://127.0.0.1:9000/hook/claude/PreToolUse", {"X-Key": "k"}, None, False),
        ("http://127.0.0.1:9000/hook/claude/PreToolUse", None, None, False),
        ("http://127.0.0.1:9000/hook/claude/PreToolUse/more", HEADERS, [TOKEN_ENV], False),
        ("http://127.0.0.1:9000/hook/claude/Stop?messages=stop&x=1", HEADERS, [TOKEN_ENV], False),
    ],
)
def test_http_ownership_is_exact(url, headers, allowed, mine, home):
    token = serve.ensure_token(os.environ)
    handler: Json = {"type": "http", "url": url}
    if headers is not None:
        handler["headers"] = {k: v.replace(OLD_TOKEN, token) for k, v in headers.items()}
    if allowed is not None:
        handler["allowedEnvVars"] = allowed
    assert owner.owned(handler, "claude") is mine


def test_an_unreadable_local_file_does_not_block_the_other_form(project, caveat):
    local = project / ".claude" / "settings.local.json"
    write(local, '{\n  // mine\n  "model": "x"\n}\n')
    code, out, _ = caveat("install", "--harness", "claude", "--project", str(project))
    assert code == 0 and f"could not check {local}" in out
    code, out, _ = caveat("uninstall", "--harness", "claude", "--project", str(project))
    assert code == 0 and f"skipped {local}" in out and "removed" in out
    assert read(local) == '{\n  // mine\n  "model": "x"\n}\n'
