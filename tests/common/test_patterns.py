from __future__ import annotations

import fnmatch
import os

import pathspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from caveat.common import patterns
from caveat.guards.dependency import file_rules as dependency_files
from caveat.guards.dependency import files as _dependency_files
from tests.helpers import isolated_words

SEGMENTS = [
    "node_modules", "site-packages", "vendor", "gradle", "src", ".github", "workflows",
    "requirements", "a", "lib", "package.json", "requirements-dev.txt", "go.mod", "x.csproj",
    "Dockerfile.prod", "libs.versions.toml", "modules.txt", "ci.yml", "Cargo.lock", "x.dist-info",
]  # fmt: skip
PATTERN_LISTS = [rule[2] for rule in dependency_files.RULES] + [
    ("*.py", "!tests/*.py"),
    ("build/", "!build/keep.txt"),
    ("/root-only.txt", "docs/**/*.md", "a?c", "[ab]*.txt"),
]


@given(st.lists(st.sampled_from(SEGMENTS), min_size=1, max_size=5).map("/".join))
def test_cached_matching_agrees_with_pathspec(path):
    store = patterns.PatternStore(os.environ)
    for lines in PATTERN_LISTS:
        expected = pathspec.GitIgnoreSpec.from_lines(lines).match_file(path)
        assert store.match(lines, path) == expected, (lines, path)


def test_second_process_matches_without_importing_pathspec():
    lines = ("**/node_modules/**", "*requirements*.txt")
    store = patterns.PatternStore(os.environ)
    assert store.match(lines, "web/node_modules/x/package.json")
    code = (
        "import os, sys; from caveat.common.patterns import PatternStore;"
        f"s = PatternStore(os.environ); print(s.match({lines!r}, 'requirements-dev.txt'),"
        f" s.match({lines!r}, 'src/app.py'), 'pathspec' in sys.modules)"
    )
    assert isolated_words(code) == ["True", "False", "False"]


def test_corrupt_or_poisoned_cache_is_retranslated():
    lines = ("*.lock",)
    store = patterns.PatternStore(os.environ)
    assert store.match(lines, "poetry.lock")
    cache = os.path.join(os.environ["CAVEAT_STATE_DIR"], patterns.CACHE_FILE)
    for garbage in ("{", '{"version": 1, "entries": {"k": 1}}'):
        with open(cache, "w") as handle:
            handle.write(garbage)
        assert patterns.PatternStore(os.environ).match(lines, "poetry.lock")
    with open(cache) as handle:
        text = handle.read()
    key = next(iter(__import__("json").loads(text)["entries"]))
    with open(cache, "w") as handle:  # an invalid regex in the cache is rebuilt, not raised
        handle.write('{"version": 1, "entries": {"' + key + '": [["(", true]]}}')
    assert patterns.PatternStore(os.environ).match(lines, "poetry.lock")


def test_plain_names_need_no_regular_expressions():
    assert patterns.plain(("package.json", "Cargo.lock"))
    assert not patterns.plain(("*.lock",)) and not patterns.plain(("/root.txt",))
    assert not patterns.plain(("!x",)) and not patterns.plain(("",))
    code = (
        "import os, sys; from caveat.common.patterns import PatternStore;"
        "s = PatternStore(os.environ);"
        "names = ('package.json',);"
        "print(s.match(names, 'web/package.json'), s.match(names, 'a/b.json'), 're' in sys.modules)"
    )
    assert isolated_words(code) == ["True", "False", "False"]


GLOB_CHARS = st.sampled_from([*"ab.-_", "*", "?", "[ab]", "[!a]", "[a-c]"])


@given(st.lists(GLOB_CHARS, min_size=1, max_size=6).map("".join), st.text("ab.-_c", max_size=8))
def test_segment_matches_agrees_with_fnmatch(glob, name):
    assert patterns.segment_matches(glob, name) == fnmatch.fnmatchcase(name, glob)


@pytest.mark.parametrize(
    ("glob", "name", "expected"),
    [
        ("[Dd]ockerfile.*", "Dockerfile.prod", True),
        ("[Dd]ockerfile.*", "package.json", False),
        ("*.dist-info", "x-1.0.dist-info", True),
        ("a\\*b", "a*b", True),
        ("a\\*b", "axb", False),
        ("[^a]x", "bx", True),
        ("[unclosed", "[unclosed", True),
        ("*", "", True),
    ],
)
def test_segment_matches_cases(glob, name, expected):
    assert patterns.segment_matches(glob, name) is expected


@given(st.lists(st.sampled_from(SEGMENTS), min_size=1, max_size=5))
def test_rule_prefilter_is_a_superset_of_the_exact_match(parts):
    path = "/".join(parts)
    for rule in dependency_files.RULES:
        for pattern in rule[2]:
            if pattern.startswith("!"):
                continue
            if pathspec.GitIgnoreSpec.from_lines([pattern]).match_file(path):
                assert _dependency_files._could(pattern, parts), (pattern, path)
