"""``caveat trust`` / ``caveat untrust`` and the trust model of SPEC §7: a project's
``.caveat/`` policy applies only once the user trusted it, any change lapses the
trust, and even a trusted project never beats the user's locks."""

from __future__ import annotations

import json
import os
import stat
from typing import Any

import pytest

from caveat import config
from caveat import dispatch
from caveat import trust
from caveat import trust_files
from caveat import trust_snapshot
from caveat import trust_store
from caveat.cli import main
from tests.helpers import trust as trust_project
from tests.helpers import write_payload

PICKLE = "import pickle\n\n\ndef load(b):\n    return pickle.loads(b)\n"
RULE = (
    "---\ntools: [Write]\ncontent: 'pickle'\n{extra}---\n# r\n\n"
    "## Advisory\nPROJECT RULE at {{path}}.\n\n## Procedure\nx\n"
)


def env():
    return dict(os.environ)


def put(project, rel, text):
    path = project / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


@pytest.fixture
def policy(project):
    put(project, ".caveat/config.toml", "[guards]\neval = false\n")
    put(project, ".caveat/rules/r.md", RULE.format(extra=""))
    return project


def status(project):
    return trust.verdict(env(), str(project))


def eval_write(project, session="s"):
    return write_payload(project, "src/load.py", PICKLE, session=session)


def test_without_policy_files_nothing_to_trust(project, capsys):
    assert status(project).status == trust.NONE
    assert main(["trust", str(project), "--yes"]) == 0
    assert "no caveat policy files" in capsys.readouterr().out
    assert trust_store.projects(env()) == {}


def test_not_a_terminal_needs_yes_and_records_nothing(policy, capsys):
    assert main(["trust", str(policy)]) == 1  # pytest's stdin is not a terminal
    out = capsys.readouterr().out
    assert ".caveat/config.toml" in out and ".caveat/rules/r.md" in out
    assert "--yes" in out and "nothing recorded" in out
    assert status(policy).status == trust.UNTRUSTED


def test_trust_shows_files_sizes_and_content_then_records(policy, capsys):
    assert main(["trust", str(policy), "--yes"]) == 0
    out = capsys.readouterr().out
    size = os.path.getsize(policy / ".caveat" / "config.toml")
    assert f".caveat/config.toml  {size} bytes  new" in out
    assert "+eval = false" in out  # the text about to be trusted
    assert status(policy).status == trust.TRUSTED
    record = os.path.join(os.environ["CAVEAT_STATE_DIR"], trust_store.RECORD)
    assert stat.S_IMODE(os.stat(record).st_mode) == 0o600
    entry: dict[str, Any] = trust_store.projects(env())[os.path.realpath(policy)]
    assert set(entry["files"]) == {".caveat/config.toml", ".caveat/rules/r.md"}
    assert len(entry["digest"]) == 64


def test_a_symlinked_path_is_the_same_project(policy, tmp_path):
    link = tmp_path / "link"
    link.symlink_to(policy)
    trust_project(link)
    assert status(policy).status == trust.TRUSTED


@pytest.mark.parametrize(
    ("change", "changed"),
    [
        pytest.param(
            lambda p: put(p, ".caveat/rules/r.md", "edited"), ".caveat/rules/r.md", id="edit"
        ),
        pytest.param(
            lambda p: put(p, ".caveat/rules/new.md", "x"), ".caveat/rules/new.md", id="add"
        ),
        pytest.param(
            lambda p: (p / ".caveat/config.toml").unlink(), ".caveat/config.toml", id="remove"
        ),
        pytest.param(
            lambda p: put(p, ".caveat/messages/pretooluse-eval-guard.md", "## Advisory\nx\n"),
            ".caveat/messages/pretooluse-eval-guard.md",
            id="override",
        ),
    ],
)
def test_any_change_lapses_the_trust(policy, change, changed):
    trust_project(policy)
    change(policy)
    found = status(policy)
    assert found.status == trust.LAPSED and found.changed == (changed,)


def test_same_size_edit_with_the_old_mtime_still_lapses(policy):
    trust_project(policy)
    path = policy / ".caveat" / "config.toml"
    before = os.stat(path)
    path.write_text("[guards]\neval = fa1se\n")  # same size, other bytes
    assert os.stat(path).st_size == before.st_size
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert status(policy).status == trust.LAPSED


def test_touch_without_change_stays_trusted_and_dot_files_are_not_policy(policy):
    trust_project(policy)
    os.utime(policy / ".caveat" / "config.toml")
    put(policy, ".caveat/rules/.r.md.swp", "editor state")
    assert status(policy).status == trust.TRUSTED


def test_retrust_shows_what_changed_with_a_diff(policy, capsys):
    trust_project(policy)
    put(policy, ".caveat/config.toml", "[guards]\neval = true\n")
    put(policy, ".caveat/rules/new.md", "new rule\n")
    (policy / ".caveat" / "rules" / "r.md").unlink()
    assert main(["trust", str(policy), "--yes"]) == 0
    out = capsys.readouterr().out
    assert ".caveat/config.toml" in out and "changed" in out
    assert "-eval = false" in out and "+eval = true" in out
    assert ".caveat/rules/new.md" in out and "added" in out and "+new rule" in out
    assert ".caveat/rules/r.md  removed" in out
    assert status(policy).status == trust.TRUSTED


def test_changed_file_whose_old_text_was_not_kept_is_only_said_to_change(policy, capsys):
    big = "# " + "x" * (trust_snapshot.TEXT_LIMIT + 10) + "\n"
    put(policy, ".caveat/messages/stop.md", big)
    trust_project(policy)
    put(policy, ".caveat/messages/stop.md", big.replace("x", "y"))
    put(policy, ".caveat/messages/stop.md", "short now\n")
    assert main(["trust", str(policy), "--yes"]) == 0
    out = capsys.readouterr().out
    assert ".caveat/messages/stop.md: changed (its earlier text was not kept)" in out


def test_untrust_removes_the_record(policy, capsys):
    trust_project(policy)
    assert main(["untrust", str(policy)]) == 0
    assert "no longer trusted" in capsys.readouterr().out
    assert status(policy).status == trust.UNTRUSTED
    assert main(["untrust", str(policy)]) == 0
    assert "was not trusted" in capsys.readouterr().out


def test_outside_a_repository_is_refused(tmp_path, capsys):
    assert main(["trust", str(tmp_path), "--yes"]) == 1
    assert "not inside a git repository" in capsys.readouterr().out


# What the hook loads.


def test_untrusted_policy_is_not_loaded_and_trusted_is(policy):
    put(policy, ".caveat/messages/pretooluse-eval-guard.md", "## Advisory\nPROJECT TEXT\n")
    loaded = config.load(env(), str(policy))
    assert loaded.enabled("eval") and str(policy / ".caveat" / "config.toml") not in loaded.sources
    assert any("not trusted" in w and "caveat trust" in w for w in loaded.warnings)
    out = dispatch.run([], eval_write(policy), env()).output
    assert "pickle" in out and "PROJECT" not in out  # eval advises; no project rule or text
    trust_project(policy)
    assert not config.load(env(), str(policy)).enabled("eval")
    out = json.loads(dispatch.run([], eval_write(policy, "s2"), env()).output)
    assert "PROJECT RULE at src/load.py" in out["hookSpecificOutput"]["additionalContext"]


def test_lapsed_trust_unloads_everything(policy):
    trust_project(policy)
    put(policy, ".caveat/rules/r.md", RULE.format(extra="strict: true\n"))
    loaded = config.load(env(), str(policy))
    assert loaded.enabled("eval")
    assert any(".caveat/rules/r.md" in w for w in loaded.warnings)
    out = dispatch.run([], eval_write(policy), env()).output
    assert "PROJECT" not in out


def test_user_rule_applies_when_the_untrusted_project_rule_of_its_name_is_ignored(policy):
    user = os.path.join(os.environ["XDG_CONFIG_HOME"], "caveat", "rules")
    os.makedirs(user)
    with open(os.path.join(user, "r.md"), "w") as handle:
        handle.write(RULE.format(extra="").replace("PROJECT RULE", "USER RULE"))
    out = dispatch.run([], eval_write(policy), env()).output
    assert "USER RULE" in out and "PROJECT RULE" not in out


def test_a_trusted_project_cannot_beat_the_users_lock(project, tmp_path):
    user = tmp_path / "home-config" / "caveat"
    user.mkdir(parents=True)
    (user / "config.toml").write_text(
        '[strict]\ncustom = false\n[lock]\nkeys = ["strict.custom"]\n'
    )
    put(project, ".caveat/config.toml", "[strict]\ncustom = true\n")
    put(
        project,
        ".caveat/rules/every.md",
        RULE.format(extra="strict: true\n").replace("pickle", "."),
    )
    trust_project(project)
    environ = {**env(), "XDG_CONFIG_HOME": str(tmp_path / "home-config")}
    outcome = dispatch.run([], eval_write(project), environ)
    assert "PROJECT RULE" in outcome.output  # the trusted rule advises …
    assert not outcome.deny and "permissionDecision" not in outcome.output  # … but the lock holds
    assert "allow" not in outcome.output
    unlocked = {**env(), "XDG_CONFIG_HOME": str(tmp_path / "nowhere")}
    assert dispatch.run([], eval_write(project, "s2"), unlocked).deny  # without the lock


# What the commands say.


def test_doctor_lists_trusted_projects_and_names_a_lapsed_file(policy, capsys):
    assert main(["doctor", "--project", str(policy), "--json"]) == 1
    checks = [c for c in json.loads(capsys.readouterr().out)["checks"] if c["area"] == "trust"]
    assert any(
        "not trusted" in (c["problem"] or "") and "caveat trust" in c["problem"] for c in checks
    )
    trust_project(policy)
    main(["doctor", "--project", str(policy), "--json"])
    checks = [c for c in json.loads(capsys.readouterr().out)["checks"] if c["area"] == "trust"]
    assert [c["problem"] for c in checks] == [None]
    assert os.path.realpath(policy) in checks[0]["detail"]
    put(policy, ".caveat/rules/r.md", "edited")
    main(["doctor", "--project", str(policy)])
    out = capsys.readouterr().out
    assert "trust lapsed, .caveat/rules/r.md changed" in out


def test_explain_says_the_policy_was_not_loaded(policy, tmp_path, capsys):
    payload = tmp_path / "p.json"
    payload.write_bytes(eval_write(policy))
    assert main(["explain", str(payload)]) == 0
    out = capsys.readouterr().out
    assert "policy was not loaded (untrusted)" in out and f"caveat trust {policy}" in out


def test_rules_says_when_trust_lapsed_and_which_file(policy, capsys):
    trust_project(policy)
    put(policy, ".caveat/rules/r.md", RULE.format(extra="strict: true\n"))
    main(["rules", "--project", str(policy)])
    out = capsys.readouterr().out
    assert "trust lapsed: .caveat/rules/r.md changed" in out and "caveat trust" in out
    main(["rules", "--project", str(policy), "--json"])
    assert json.loads(capsys.readouterr().out)["project_trust"] == trust.LAPSED


def test_a_folder_of_too_many_policy_files_is_never_trusted(policy, capsys):
    for n in range(trust_files.MAX_FILES + 1):
        put(policy, f".caveat/messages/m{n:04}.md", "x")
    assert main(["trust", str(policy), "--yes"]) == 1
    assert "too many to review" in capsys.readouterr().out
    assert not trust.trusted(env(), str(policy))


@pytest.mark.parametrize("plant", ["group-writable", "symlink"])
def test_a_record_others_could_have_written_grants_nothing(policy, tmp_path, plant):
    trust_project(policy)
    record = os.path.join(os.environ["CAVEAT_STATE_DIR"], trust_store.RECORD)
    if plant == "group-writable":
        os.chmod(record, 0o620)
    else:
        elsewhere = tmp_path / "planted.json"
        os.replace(record, elsewhere)
        os.symlink(elsewhere, record)
    assert not trust.trusted(env(), str(policy))
    assert config.load(env(), str(policy)).enabled("eval")


def _on_a_terminal(args, answer):
    """Run ``caveat ARGS`` on a real pseudo-terminal, type ``answer`` at the prompt;
    return what it printed and its exit status."""
    import pty
    import select
    import sys

    pid, fd = pty.fork()
    if pid == 0:  # the child: the terminal is its stdin and stdout
        os.execve(sys.executable, [sys.executable, "-I", "-m", "caveat", *args], env())
    out = b""
    answered = False
    while True:
        ready, _, _ = select.select([fd], [], [], 30)
        if not ready:
            os.kill(pid, 9)
            break
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        out += chunk
        if not answered and b"[y/N]" in out:
            os.write(fd, answer)
            answered = True
    _, code = os.waitpid(pid, 0)
    os.close(fd)
    return out.decode(errors="replace"), os.waitstatus_to_exitcode(code)


@pytest.mark.parametrize(("answer", "code", "trusted"), [(b"y\n", 0, True), (b"\n", 1, False)])
def test_on_a_terminal_it_asks(policy, answer, code, trusted):
    out, status = _on_a_terminal(["trust", str(policy)], answer)
    assert "Trust these files?" in out and ".caveat/rules/r.md" in out
    assert status == code
    assert trust.trusted(env(), str(policy)) is trusted


def test_trusting_does_not_carry_over_a_record_others_could_have_written(policy, tmp_path):
    other = tmp_path / "other"
    (other / ".git").mkdir(parents=True)
    put(other, ".caveat/config.toml", "[guards]\neval = false\n")
    trust_project(other)
    os.chmod(os.path.join(os.environ["CAVEAT_STATE_DIR"], trust_store.RECORD), 0o666)
    trust_project(policy)  # rewrites the record, 0600
    assert trust.trusted(env(), str(policy))
    assert not trust.trusted(env(), str(other))


def test_the_hooks_trust_check_stays_light(policy):
    """A silent call in a trusted project whose files were touched (a checkout): the
    files are hashed, with no OpenSSL, no markdown parser and no TOML parser loaded
    (their results are cached)."""
    from tests.helpers import LAUNCHER
    from tests.helpers import run_importtime

    data = write_payload(policy, "notes.md", "# Notes\n")
    trust_project(policy)
    run_importtime([LAUNCHER], data, policy)  # warms the config cache
    os.utime(policy / ".caveat" / "config.toml")
    os.utime(policy / ".caveat" / "rules" / "r.md")
    done, imported = run_importtime([LAUNCHER], data, policy)
    assert done.returncode == 0 and done.stdout == b""
    assert "caveat.trust" in imported
    assert imported & {"hashlib", "_hashlib", "markdown_it", "tomllib", "json"} == set()
    assert trust.trusted(env(), str(policy))
