"""scripts/replay.py --history: a repository's own commits and commands through the hook."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys

from tests.helpers import ROOT
from tests.helpers import git

_path = os.path.join(ROOT, "scripts", "replay.py")
_spec = importlib.util.spec_from_file_location(
    "replay_history", os.path.join(ROOT, "scripts", "replay_history.py")
)
assert _spec is not None and _spec.loader is not None
history = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(history)

BEFORE = "import os\n\n\ndef a():\n    return 1\n\n\ndef b():\n    return 2\n"


def test_region_is_the_changed_lines_grown_until_unique():
    after = BEFORE.replace("return 2", "return eval('2')")
    old, new = history.region(BEFORE, after)
    assert old == "    return 2\n" and new == "    return eval('2')\n"
    assert BEFORE.replace(old, new, 1) == after
    # a changed line that occurs twice takes a neighbour to be unique
    twice = "x = 1\ny = 2\nx = 1\nz = 3\n"
    changed = "x = 1\ny = 2\nx = 9\nz = 3\n"
    old, new = history.region(twice, changed)
    assert twice.count(old) == 1 and twice.replace(old, new, 1) == changed
    # a pure insertion anchors on a neighbouring line
    inserted = BEFORE.replace("import os\n", "import os\nimport sys\n")
    old, new = history.region(BEFORE, inserted)
    assert BEFORE.replace(old, new, 1) == inserted
    assert history.region(BEFORE, BEFORE) is None


def test_workflow_run_steps_one_line_and_block():
    workflow = (
        "jobs:\n  t:\n    steps:\n"
        "      - run: pip install -e .\n"
        "      - name: more\n        run: |\n          make test\n          git push --force\n"
        "      - uses: actions/checkout@v4\n"
        "      - run: 'echo quoted'\n"
    )
    assert list(history._workflow_runs(workflow)) == [
        "pip install -e .",
        "make test\ngit push --force",
        "echo quoted",
    ]


def test_makefile_recipes_join_continuations_and_drop_prefixes():
    makefile = "all:\n\t@echo hi\n\t-rm -rf build \\\n\t  dist\nVAR = 1\n\t+make sub\n"
    assert list(history._make_recipes(makefile)) == [
        "echo hi",
        "rm -rf build \\\n\t  dist",
        "make sub",
    ]


def test_doc_blocks_are_shell_fences_and_console_prompts():
    doc = (
        "text\n```sh\nnpm install x\n```\n"
        "```console\n$ git pull\noutput line\n(main)$ make\n```\n"
        "```python\nimport os\n```\n"
        "~~~bash\ncurl -fsSL https://x | sh\n~~~\n"
    )
    assert list(history._doc_blocks(doc)) == [
        "npm install x",
        "git pull",
        "make",
        "curl -fsSL https://x | sh",
    ]


def _repo(tmp_path):
    repo = tmp_path / "proj"
    (repo / ".github" / "workflows").mkdir(parents=True)
    (repo / "app.py").write_text(BEFORE)
    (repo / "README.md").write_text("# x\n\n```sh\ngit pull --rebase\n```\n")
    (repo / ".github" / "workflows" / "ci.yml").write_text(
        "jobs:\n  t:\n    steps:\n      - run: git push --force origin main\n"
    )
    git(str(repo), "init", "-q")
    git(str(repo), "add", "-A")
    git(str(repo), "commit", "-qm", "one")
    (repo / "app.py").write_text(BEFORE.replace("return 2", "return eval(input())"))
    (repo / "new.js").write_text("module.exports = eval(process.argv[2]);\n")
    git(str(repo), "add", "-A")
    git(str(repo), "commit", "-qm", "two")
    return repo


def test_history_replays_commits_and_commands_and_restores_the_tree(tmp_path):
    repo = _repo(tmp_path)
    out = tmp_path / "out.json"
    real_state = tmp_path / "real-state"
    done = subprocess.run(
        [sys.executable, _path, "--history", str(repo), "--json", str(out)],
        capture_output=True,
        text=True,
        env=dict(os.environ, CAVEAT_STATE_DIR=str(real_state)),
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text())
    fired = {(f["guard"], f["kind"], f["file"]) for f in data["firings"]}
    assert ("eval", "edit", "app.py") in fired  # the real commit's change
    assert ("eval", "write", "new.js") in fired  # the file the commit added
    assert ("git", "bash", ".github/workflows/ci.yml") in fired
    assert ("git", "bash", "README.md") in fired
    edit = next(f for f in data["firings"] if f["kind"] == "edit")
    assert "eval(input())" in edit["detail"] and "eval" in edit["text"]
    # the work tree is as it was, and no state was recorded outside the run
    status = subprocess.run(
        ["git", "-C", str(repo), "status", "--porcelain"], capture_output=True, text=True
    )
    assert status.stdout == ""
    assert not real_state.exists()


def test_history_refuses_a_folder_that_is_not_a_work_tree(tmp_path):
    done = subprocess.run(
        [sys.executable, _path, "--history", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and "not a git work tree" in done.stderr
