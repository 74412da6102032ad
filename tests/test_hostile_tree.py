"""A hostile project tree: symlink loops, a ``.git`` file pointing nowhere, file names
with newlines and shell metacharacters (in writes and in ``apply_patch`` bodies), FIFOs
where files are expected, modules and ``.pth`` files planted beside the target and in
the user site, and a git configuration that asks git to run commands. The hook must
exit 0 with nothing or one valid envelope, in bounded time, and execute nothing.
(``test_hook`` covers modules shadowing the standard library in the project root;
``test_large_repo`` a repository of 100,000 files.)"""

from __future__ import annotations

import json
import os
import shutil
import sys

import pytest

from tests.helpers import LEFT_PAD
from tests.helpers import commit_all
from tests.helpers import envelope as contract
from tests.helpers import git
from tests.helpers import hook_payload
from tests.helpers import run_hook
from tests.helpers import trust


def call(project, path, content=LEFT_PAD, event="PreToolUse", tool="Write"):
    tool_input = {"command": content} if tool == "Bash" else {"file_path": path, "content": content}
    return hook_payload(project, tool, tool_input, event, session="hostile")


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
    "a;touch {marker}.py",
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
    trust(project)  # a FIFO is never policy: nothing regular to trust, nothing read
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


# --- code planted next to the target, in the user site, and in git's configuration ----

HOSTILE = "open({marker!r}, 'a').write({name!r} + '\\n')\n"
SHADOWS = ("json", "re", "os", "typing", "encodings", "codecs", "_json", "site")


def plant(folder, marker):
    """Modules named like the standard library and like caveat, ``sitecustomize`` and
    ``usercustomize``, and ``.pth`` files: any of them run would append to ``marker``."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in (*SHADOWS, "sitecustomize", "usercustomize"):
        (folder / f"{name}.py").write_text(HOSTILE.format(marker=str(marker), name=name))
    package = folder / "caveat"
    package.mkdir()
    for name in ("__init__", "hook", "_launch", "jsonio", "chain"):
        text = HOSTILE.format(marker=str(marker), name=f"caveat.{name}")
        (package / f"{name}.py").write_text(text)
    pth = f"import os; open({str(marker)!r}, 'a').write('pth\\n')\n"
    (folder / "evil.pth").write_text(pth)
    (folder / "000.pth").write_text(str(folder) + "\n" + pth)


@pytest.mark.parametrize("cwd", ["target-folder", "project"])
def test_code_planted_by_the_target_never_runs(project, tmp_path, cwd):
    """test_hook covers modules in the project root; here they sit in the folder of the
    file being written (where an agent often ``cd``s), in the user site-packages that
    PYTHONUSERBASE names, and behind PYTHONSTARTUP and PYTHONPATH."""
    marker = tmp_path / "ran.txt"
    target = project / "src" / "pkg"
    plant(target, marker)
    userbase = tmp_path / "userbase"
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    plant(userbase / "lib" / version / "site-packages", marker)
    startup = tmp_path / "startup.py"
    startup.write_text(HOSTILE.format(marker=str(marker), name="startup"))
    env = dict(
        os.environ,
        PYTHONUSERBASE=str(userbase),
        PYTHONSTARTUP=str(startup),
        PYTHONPATH=os.pathsep.join((str(target), str(project))),
    )
    content = "import pickle\n\n\ndef f(b):\n    return pickle.loads(b)\n"
    data = call(project, str(target / "load.py"), content)
    done = run_hook(data, cwd=target if cwd == "target-folder" else project, env=env)
    envelope = contract(done)
    assert envelope is not None and "pickle" in json.dumps(envelope)
    assert not marker.exists(), marker.read_text()


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_a_hostile_git_config_runs_nothing(project, tmp_path):
    """caveat runs ``git`` in the project (``cat-file`` on a post-tool write, ``ls-files``
    for the header verdict): whatever the repository's config asks git to run, no
    command may start."""
    (project / ".git").rmdir()
    (project / "package.json").write_text(LEFT_PAD)
    (project / "src").mkdir()
    for i in range(6):  # enough tagged files for a header policy: the scan runs
        (project / "src" / f"m{i}.py").write_text(f"# SPDX-License-Identifier: MIT\nx = {i}\n")
    commit_all(project)
    marker = tmp_path / "ran"
    touch = f"touch {marker}"
    hooks = project / "evil-hooks"
    hooks.mkdir()
    for name in ("post-index-change", "reference-transaction", "pre-commit"):
        (hooks / name).write_text(f"#!/bin/sh\n{touch}-{name}\n")
        (hooks / name).chmod(0o755)
    settings = {
        "core.fsmonitor": f"{touch}-fsmonitor",
        "core.hooksPath": str(hooks),
        "core.pager": f"{touch}-pager",
        "core.sshCommand": f"{touch}-ssh",
        "diff.external": f"{touch}-diff",
        "filter.evil.clean": f"{touch}-clean",
        "filter.evil.smudge": f"{touch}-smudge",
        "filter.evil.process": f"{touch}-process",
        "diff.evil.textconv": f"{touch}-textconv",
        "alias.cat-file": f"!{touch}-alias",
    }
    for key, value in settings.items():
        git(project, "config", key, value)
    (project / ".gitattributes").write_text("* filter=evil diff=evil\n")
    cases = [
        call(project, str(project / "src" / "new.py"), "def g():\n    return 1\n"),
        call(project, str(project / "package.json"), event="PostToolUse"),
        call(project, str(project / "src" / "m0.py"), "x = 1\n", event="PostToolUse"),
    ]
    for data in cases:
        contract(run_hook(data, cwd=project))
    assert not list(tmp_path.glob("ran*"))


def test_tracked_files_reads_any_name(project):
    """The header scan's index listing (``git ls-files -z``): names with newlines,
    tabs, quotes and leading dashes come back whole; symlinks are not regular files."""
    from caveat.guards.header.scan import tracked_files

    if shutil.which("git") is None:
        pytest.skip("needs git")
    (project / ".git").rmdir()
    names = ["a.py", "new\nline.py", "tab\there.py", "quote\"'.py", "-rf.py", "é ü.py"]
    for name in names:
        (project / name).write_text("x = 1\n")
    (project / "run.sh").write_text("#!/bin/sh\n")
    (project / "run.sh").chmod(0o755)
    (project / "link.py").symlink_to(project / "a.py")
    git(project, "init", "-q")
    git(project, "add", "-A")
    assert tracked_files(str(project)) == sorted([*names, "run.sh"])


@pytest.mark.parametrize("contract_id", ["codex", "claude"])
@pytest.mark.parametrize("event", ["PreToolUse", "PostToolUse"])
def test_metacharacter_names_in_a_patch_are_never_executed(project, tmp_path, contract_id, event):
    """apply_patch bodies name their files on ``*** Add File:`` lines: the same names."""
    names = [n.format(marker="PWNED") for n in NAMES if "\n" not in n]
    lines = ["*** Begin Patch"]
    for name in names:
        lines += [f"*** Add File: src/{name}", "+import pickle", "+pickle.loads(b)"]
        lines += [
            f"*** Update File: src/{name}",
            f"*** Move to: src/moved-{name}",
            "@@",
            "-a",
            "+b",
        ]
        lines += [f"*** Delete File: {name}"]
    lines.append("*** End Patch")
    data = json.dumps(
        {
            "session_id": "patch",
            "cwd": str(project),
            "hook_event_name": event,
            "tool_name": "apply_patch",
            "tool_input": {"command": "\n".join(lines)},
        }
    ).encode()
    envelope = contract(run_hook(data, "--contract", contract_id, cwd=project))
    assert envelope is not None and "pickle" in json.dumps(envelope)
    assert not [p for p in tmp_path.rglob("*PWNED*") if p.name == "PWNED"]
