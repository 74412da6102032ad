"""Patterns from the kept engine programs are the patterns ``re`` compiles, and a
firing call whose programs are kept loads no ``re``; a broken cache costs speed only."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from caveat.common import rx
from caveat.common import state
from caveat.guards.eval.primitives import LANGUAGES
from caveat.guards.eval.primitives import tables
from tests.helpers import hook_payload
from tests.helpers import run_importtime

# Shapes that exercise the parts of a program: groups and their names, look-arounds,
# back-references, conditionals, classes, repeats, anchors, flags inline and passed.
SHAPES = [
    ("", 0),
    ("eval", 0),
    (r"(?<![\w.])(?P<name>pickle)\s*\.\s*loads?\s*\(", 0),
    (r"(?P<q>['\"])(?:(?!(?P=q)).)*(?P=q)", 0),
    (r"(a)?(?(1)b|c)", 0),
    (r"[^\W\d_]{2,}\b|\d+(?:\.\d+)*", 0),
    (r"^\s*#.*$", rx.MULTILINE),
    (r"select .* from", rx.IGNORECASE | rx.DOTALL),
    (r"(?x) a \s+ b  # a comment", 0),
    (r"(?i)ｅｖａｌ|𝐞𝐱𝐞𝐜", 0),
    (r"[ab]{,3}?c+?|(?=x)y|(?!z)w", rx.ASCII),
]


def _sources():
    """Every pattern the eval guard's tables hold, with the flags it is used with."""
    found = set(SHAPES)
    for language, prims in tables().items():
        flags = rx.IGNORECASE if LANGUAGES[language].ci else 0
        for prim in prims:
            for source in (prim.pattern, prim.sanitizer, prim.literal_unless):
                if source:
                    found.add((source, flags))
            for source in (*prim.require, *prim.safe, *prim.before):
                found.add((source, 0))
    return sorted(found)


@pytest.mark.parametrize(("source", "flags"), _sources())
def test_a_kept_program_is_the_pattern_re_compiles(source, flags):
    program = rx._program(source, flags)
    assert program is not None
    # Round-tripped through the cache file's JSON, as a later call reads it.
    kept = json.loads(json.dumps(program))
    built = rx._from_program(source, kept)
    expected = re.compile(source, flags)
    # Pattern equality compares the flags and the engine's code word for word.
    assert built == expected
    assert (built.groups, built.groupindex, built.pattern) == (
        expected.groups,
        expected.groupindex,
        expected.pattern,
    )


def test_the_helpers_answer_as_re_does():
    text = "a = pickle.loads(blob)\n# eval(x)\n"
    found = rx.search(r"pickle\.(\w+)", text)
    assert found is not None and found.group(1) == "loads"
    assert [m.start() for m in rx.finditer(r"\(", text)] == [16, 29]
    assert rx.sub(r"\s+", " ", "a \n b") == "a b"
    assert rx.fullmatch(r"[a-z]+", "abc") and not rx.fullmatch(r"[a-z]+", "abc1")
    assert rx.match(r"#", text) is None
    for raw in ("a.b*c", "(x|y)", "tab\there", "ｅｖａｌ", "-~&# "):
        assert rx.escape(raw) == re.escape(raw)
    with pytest.raises(rx.error):
        rx.compile("(unclosed")


def test_programs_are_kept_once_and_read_back(tmp_path):
    env = {"CAVEAT_STATE_DIR": str(tmp_path)}
    state.bind(env)
    try:
        assert rx.compile(r"kept (?P<w>\w+) once") is not None
        rx.save()
    finally:
        state.bind(None)
    with open(tmp_path / rx.CACHE_FILE) as handle:
        entries = json.load(handle)["entries"]
    assert entries["engine"] == rx.engine()
    assert entries[r"0:kept (?P<w>\w+) once"][3] == {"w": 1}
    assert oct(os.stat(tmp_path / rx.CACHE_FILE).st_mode & 0o777) == "0o600"


def _compile_in_process(env, source: str) -> tuple[str, bool]:
    """Compile ``source`` through rx in a new interpreter: its group names, and whether
    ``re`` was loaded."""
    code = (
        "import sys; from caveat.common import rx, state;"
        "state.bind({'CAVEAT_STATE_DIR': sys.argv[1]});"
        "p = rx.compile(sys.argv[2]); rx.save();"
        "print(sorted(p.groupindex), 're' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-c", code, env["CAVEAT_STATE_DIR"], source],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    names, loaded = done.stdout.rsplit(" ", 1)
    return names, loaded.strip() == "True"


@pytest.mark.parametrize(
    "damage",
    [
        b"not json",
        b'{"version": 1, "entries": {"engine": "another python"}}',
        # The engine checks a program: one for another pattern's shape is refused.
        b'{"version": 1, "entries": {"engine": "%s", "0:(?P<a>x)": [32, [1, 2, 3], 0, {}, []]}}',
        b'{"version": 1, "entries": {"engine": "%s", "0:(?P<a>x)": "garbage"}}',
    ],
)
def test_a_broken_cache_means_re_compiles_as_ever(tmp_path, damage):
    env = {"CAVEAT_STATE_DIR": str(tmp_path)}
    tmp_path.chmod(0o700)
    if b"%s" in damage:
        damage = damage % rx.engine().encode().replace(b"\n", b"\\n")
    (tmp_path / rx.CACHE_FILE).write_bytes(damage)
    (tmp_path / rx.CACHE_FILE).chmod(0o600)
    assert _compile_in_process(env, "(?P<a>x)") == ("['a']", True)
    assert _compile_in_process(env, "(?P<a>x)") == ("['a']", False)  # kept anew


def test_a_firing_eval_write_loads_no_re_once_its_programs_are_kept(tmp_path):
    project = tmp_path / "project"
    project.mkdir()
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CAVEAT_", "XDG_"))}
    env["CAVEAT_STATE_DIR"] = str(tmp_path / "state")
    content = "import pickle\n\n\ndef load(blob):\n    return pickle.loads(blob)\n"
    answers, loaded = [], []
    for number in range(3):
        payload = hook_payload(
            project,
            "Write",
            {"file_path": str(project / "load.py"), "content": content},
            session=f"s{number}",
        )
        done, imported = run_importtime(["-m", "caveat", "hook"], payload, project, env)
        answers.append(done.stdout)
        loaded.append("re" in imported)
        if number == 1:  # the same answer from re itself, with the cache gone
            os.unlink(tmp_path / "state" / rx.CACHE_FILE)
    assert b"pickle.loads" in answers[0] and answers[0] == answers[1] == answers[2]
    assert loaded == [True, False, True]
