"""pre-commit configs: each hook repository and its ``rev`` on its own, unchanged ones
listed as unchanged, and the packages hooks install."""

from __future__ import annotations

import pytest

from tests.guards.dependency.support import only
from tests.guards.dependency.support import run_file

CONFIG = """repos:
  - repo: https://github.com/pre-commit/pre-commit-hooks
    rev: v4.5.0
    hooks:
      - id: trailing-whitespace
  - repo: https://github.com/astral-sh/ruff-pre-commit
    rev: v0.4.1  # frozen: abc
    hooks:
      - id: ruff
        args: [--fix]
  - repo: https://github.com/pre-commit/mirrors-mypy
    rev: 'v1.8.0'
    hooks:
      - id: mypy
        additional_dependencies: [types-requests==2.31.0.1]
  - repo: local
    hooks:
      - id: lint
        entry: make lint
        language: system
"""

UNCHANGED = (
    "; unchanged: github.com/pre-commit/mirrors-mypy v1.8.0,"
    " github.com/pre-commit/pre-commit-hooks v4.5.0"
)

FIRES = [
    pytest.param(
        CONFIG.replace("v0.4.1", "v0.5.0"),
        "github.com/astral-sh/ruff-pre-commit v0.4.1→v0.5.0 (re-versioned)" + UNCHANGED,
        id="one-rev-bumped",
    ),
    pytest.param(
        CONFIG.replace("v0.4.1", "v0.5.0").replace("v4.5.0", "v4.6.0").replace("v1.8.0", "v1.9.0"),
        "github.com/astral-sh/ruff-pre-commit v0.4.1→v0.5.0 (re-versioned), "
        "github.com/pre-commit/mirrors-mypy v1.8.0→v1.9.0 (re-versioned), "
        "github.com/pre-commit/pre-commit-hooks v4.5.0→v4.6.0 (re-versioned)",
        id="autoupdate-all",
    ),
    pytest.param(
        CONFIG.replace("types-requests==2.31.0.1]", "types-requests==2.31.0.1, pydantic>=2]"),
        "github.com/pre-commit/mirrors-mypy: pydantic >=2 (added)"
        "; unchanged: github.com/astral-sh/ruff-pre-commit v0.4.1, "
        "github.com/pre-commit/mirrors-mypy v1.8.0, "
        "github.com/pre-commit/pre-commit-hooks v4.5.0",
        id="hook-additional-dependency",
    ),
    pytest.param(
        CONFIG
        + "  - repo: git@github.com:psf/black.git\n    rev: 24.1.0\n    hooks:\n"
        + "      - id: black\n        additional_dependencies:\n          - click==8.1.7\n",
        "github.com/psf/black 24.1.0 (added), github.com/psf/black: click ==8.1.7 (added)"
        + UNCHANGED.replace(
            "; unchanged: ", "; unchanged: github.com/astral-sh/ruff-pre-commit v0.4.1, "
        ),
        id="repo-added-with-block-list",
    ),
    pytest.param(
        CONFIG.replace(
            "language: system", "language: node\n        additional_dependencies: [eslint@9.1.0]"
        ),
        "local: eslint 9.1.0 (added); unchanged: github.com/astral-sh/ruff-pre-commit v0.4.1, "
        "github.com/pre-commit/mirrors-mypy v1.8.0, github.com/pre-commit/pre-commit-hooks v4.5.0",
        id="local-hook-installs-a-package",
    ),
]


@pytest.mark.parametrize(("text", "packages"), FIRES)
def test_each_hook_repo_is_named_with_its_rev(project, text, packages):
    values = only(run_file(project, ".pre-commit-config.yaml", text, disk=CONFIG))
    assert values["variant"] == "reference"
    assert values["packages"] == packages


SILENT = [
    pytest.param(
        CONFIG.replace("args: [--fix]", "args: [--fix, --exit-non-zero-on-fix]"), id="args"
    ),
    pytest.param(CONFIG.replace("entry: make lint", "entry: make check"), id="local-hook"),
    pytest.param(CONFIG.replace("# frozen: abc", "# frozen: def"), id="comment"),
    pytest.param(CONFIG.replace("rev: 'v1.8.0'", 'rev: "v1.8.0"'), id="quoting"),
]


@pytest.mark.parametrize("text", SILENT)
def test_changes_that_move_no_rev(project, text):
    assert run_file(project, ".pre-commit-config.yaml", text, disk=CONFIG) == []


def test_a_list_of_hook_packages_over_several_lines(project):
    config = CONFIG.replace(
        "additional_dependencies: [types-requests==2.31.0.1]",
        "additional_dependencies: [\n          'flake8-bugbear==20.1.4',\n"
        "          'types-requests==2.31.0.1',\n        ]",
    )
    text = config.replace("20.1.4", "22.3.23")
    values = only(run_file(project, ".pre-commit-config.yaml", text, disk=config))
    assert values["packages"].startswith(
        "github.com/pre-commit/mirrors-mypy: flake8-bugbear ==20.1.4→==22.3.23 (re-versioned); "
    )


def test_an_edit_of_one_rev_names_only_that_repo(project):
    values = only(
        run_file(project, ".pre-commit-config.yaml", "rev: v0.5.0", old="rev: v0.4.1", disk=CONFIG)
    )
    assert values["packages"].startswith(
        "github.com/astral-sh/ruff-pre-commit v0.4.1→v0.5.0 (re-versioned); unchanged: "
    )
    assert "(re-versioned)" not in values["packages"].split("; unchanged")[1]
