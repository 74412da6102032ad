"""setup.py requirement lists bound at module level, read from the syntax tree."""

from __future__ import annotations

import pytest

from caveat.guards.dependency.setup_ast import requirements
from tests.guards.dependency.support import only
from tests.guards.dependency.support import run_file

SETUP = """import sys
from setuptools import setup

REQUIRES = ["requests>=2.31", "click"]
if sys.version_info < (3, 11):
    REQUIRES.append("tomli>=1")

extras = {}
extras["test"] = ["pytest>=8", "pytest-cov"]
extras["docs"] = ["sphinx"]
extras["all"] = extras["test"] + extras["docs"]

CLASSIFIERS = ["Programming Language :: Python :: 3"]


def main():
    setup(
        name="app",
        version="1.0",
        install_requires=REQUIRES,
        extras_require=extras,
        classifiers=CLASSIFIERS,
    )


main()
"""

META = """from setuptools import setup

BASE = ["numpy>=1.26"]
TEST = BASE + ["pytest"]
META = {"name": "x", "install_requires": BASE, "tests_require": TEST}
setup(**META)
"""

FIRES = [
    pytest.param(
        SETUP,
        SETUP.replace('"click"]', '"click", "rich>=13"]'),
        "rich >=13 (added)",
        id="module-level-list",
    ),
    pytest.param(
        SETUP,
        SETUP.replace('["pytest>=8", "pytest-cov"]', '["pytest>=8.2", "pytest-cov"]'),
        "pytest >=8→>=8.2 (re-versioned)",
        id="extras-subscript-assignment",
    ),
    pytest.param(
        SETUP,
        SETUP.replace('"tomli>=1"', '"tomli>=2"'),
        "tomli >=1→>=2 (re-versioned)",
        id="append-inside-if",
    ),
    pytest.param(
        SETUP,
        SETUP.replace(
            'extras["docs"] = ["sphinx"]', 'extras["docs"] = ["sphinx"]\nREQUIRES += ["attrs"]'
        ),
        "attrs (added)",
        id="augmented-assignment",
    ),
    pytest.param(
        META,
        META.replace('["pytest"]', '["pytest", "hypothesis"]'),
        "hypothesis (added)",
        id="dict-literal-through-names",
    ),
    pytest.param(
        "",
        "from setuptools import setup\nsetup(install_requires=sorted({'b', 'a'}))\n",
        "a (added), b (added)",
        id="wrapped-literal",
    ),
]


@pytest.mark.parametrize(("disk", "text", "packages"), FIRES)
def test_requirement_lists_bound_at_module_level(project, disk, text, packages):
    values = only(run_file(project, "setup.py", text, disk=disk or None))
    assert values["variant"] == ""
    assert values["packages"] == packages


SILENT = [
    pytest.param(SETUP, SETUP.replace("Python :: 3", "Python :: 3.12"), id="other-list"),
    pytest.param(SETUP, SETUP.replace('extras["docs"]', 'extras["doc"]'), id="extra-renamed"),
    pytest.param(SETUP, SETUP.replace('version="1.0"', 'version="1.1"'), id="version"),
    pytest.param(
        "from setuptools import setup\nsetup(install_requires=read('requirements.txt'))\n",
        "from setuptools import setup\nsetup(install_requires=read('requirements-dev.txt'))\n",
        id="computed-by-code",
    ),
]


@pytest.mark.parametrize(("disk", "text"), SILENT)
def test_changes_outside_requirement_lists(project, disk, text):
    assert run_file(project, "setup.py", text, disk=disk) == []


def test_edit_of_a_list_far_from_setup_call(project):
    old = '"click"]'
    values = only(run_file(project, "setup.py", '"click", "rich"]', old=old, disk=SETUP))
    assert values["packages"] == "rich (added)"


def test_an_edit_that_breaks_the_syntax_is_not_a_removal(project):
    broken = SETUP.replace('version="1.0",', 'version=open("VERSION").read(')
    values = only(run_file(project, "setup.py", broken, disk=SETUP))
    assert values["variant"] == "unparseable"
    assert values["problem"].startswith("invalid Python (")
    assert "removed" not in values["packages"]


def test_python2_file_falls_back_to_the_text_scan(project):
    text = "print 'building'\nsetup(install_requires=['six>=1.16'])\n"
    assert requirements(text) is None
    assert only(run_file(project, "setup.py", text))["packages"] == "six >=1.16 (added)"


def test_names_are_followed_once_and_deep_nesting_is_bounded():
    assert requirements("A = B\nB = A\nsetup(install_requires=A)\n") == []
    deep = "setup(install_requires=" + "[" * 40 + "'x'" + "]" * 40 + ")\n"
    assert requirements(deep) == []
