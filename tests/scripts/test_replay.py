"""scripts/replay.py: real files replayed as Writes and Edits through the real hook."""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import random
import subprocess
import sys

from tests.helpers import ROOT

_path = os.path.join(ROOT, "scripts", "replay.py")
_spec = importlib.util.spec_from_file_location("replay", _path)
assert _spec is not None and _spec.loader is not None
replay = importlib.util.module_from_spec(_spec)
sys.modules["replay"] = replay  # dataclasses look their module up by name
_spec.loader.exec_module(replay)

PY = (
    "import os\n"
    "\n"
    "\n"
    "def load(path):\n"
    "    with open(path) as handle:\n"
    "        text = handle.read()\n"
    "    size = len(text)\n"
    "    return eval(text), size\n"
    "\n"
    "\n"
    "def name():\n"
    "    first = os.sep\n"
    "    second = os.curdir\n"
    "    return first + second\n"
)


def tree(tmp_path):
    """Two projects: one with a manifest, one without."""
    app = tmp_path / "tree" / "app"
    (app / "lib").mkdir(parents=True)
    (app / "package.json").write_text('{"name": "app", "dependencies": {"left-pad": "1.0.0"}}\n')
    (app / "lib" / "run.js").write_text("const x = 1;\nmodule.exports = eval(x);\n")
    (app / "lib" / "plain.js").write_text("const a = 1;\nconst b = 2;\nmodule.exports = a + b;\n")
    tool = tmp_path / "tree" / "tool"
    tool.mkdir()
    (tool / "loader.py").write_text(PY)
    (tool / "blob.bin").write_bytes(b"\0\1\2")
    return tmp_path / "tree"


def test_replays_writes_and_edits_without_touching_user_state(tmp_path):
    root = tree(tmp_path)
    real_state = tmp_path / "real-state"
    out = tmp_path / "out.json"
    env = dict(os.environ, CAVEAT_STATE_DIR=str(real_state), XDG_CONFIG_HOME=str(tmp_path / "c"))
    done = subprocess.run(
        [sys.executable, _path, str(root), "--sample", "20", "--seed", "2", "--json", str(out)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert not real_state.exists()  # a temporary state dir took every record
    data = json.loads(out.read_text())
    # 4 text files (the binary is skipped), each written; edits where lines can swap
    writes = {k: v for k, v in data["files"].items() if k.startswith("write ")}
    assert sum(writes.values()) == 4
    assert data["files"]["write .json"] == 1
    fired = {(f["guard"], f["kind"], os.path.basename(f["file"])) for f in data["firings"]}
    assert ("eval", "write", "run.js") in fired
    assert ("eval", "write", "loader.py") in fired
    assert ("dependency", "write", "package.json") in fired
    assert not any(name == "plain.js" for _, _, name in fired)
    assert "fire rate per guard" in done.stdout
    assert "eval" in done.stdout and "│ This change adds eval" in done.stdout


def test_project_is_the_nearest_manifest_folder_else_the_roots_child(tmp_path):
    root = tree(tmp_path)
    assert replay.project_of(str(root), str(root / "app" / "lib" / "run.js")) == str(root / "app")
    assert replay.project_of(str(root), str(root / "tool" / "loader.py")) == str(root / "tool")
    assert replay.project_of(str(root), str(root / "top.py")) == str(root)


def test_edits_swap_real_lines_keep_python_valid_and_are_unique():
    rng = random.Random(0)
    for _ in range(50):
        change = replay.mutate(PY, rng, "python")
        assert change is not None
        old, new = change
        assert PY.count(old) == 1
        after = PY.replace(old, new, 1)
        assert after != PY
        ast.parse(after)
        # only lines of the file: every line after the edit was a line before it
        assert set(after.splitlines()) <= set(PY.splitlines())


def test_a_file_with_one_line_offers_no_edit():
    assert replay.mutate("x = 1\n", random.Random(0), "python") is None


def test_json_edits_stay_valid_json():
    text = '{\n  "a": 1,\n  "b": {\n    "c": 2,\n    "d": 3\n  },\n  "e": [4, 5],\n  "f": 6\n}\n'
    rng = random.Random(3)
    for _ in range(50):
        change = replay.mutate(text, rng, "json")
        if change is not None:
            json.loads(text.replace(change[0], change[1], 1))


def test_other_harness_and_event(tmp_path):
    """Gemini's tool names after the tool ran: the file is on disk, the finding counts
    even where the vendor would drop the text."""
    root = tree(tmp_path)
    out = tmp_path / "out.json"
    options = ["--harness", "gemini", "--event", "post", "--kinds", "write"]
    done = subprocess.run(
        [sys.executable, _path, str(root), *options, "--json", str(out)],
        capture_output=True,
        text=True,
        env=dict(os.environ, CAVEAT_STATE_DIR=str(tmp_path / "real-state")),
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text())
    assert (data["harness"], data["event"]) == ("gemini", "post")
    fired = {(f["guard"], os.path.basename(f["file"])) for f in data["firings"]}
    assert ("eval", "run.js") in fired
    assert not (tmp_path / "real-state").exists()
