"""The dependency guard: file writes, lockfile hand edits, installed trees, infra
references and shell commands (reference/guard-rules.md §1)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from typing import Any

import pytest

from caveat.common.patterns import PatternStore
from caveat.event import CELL
from caveat.event import DELETE
from caveat.event import FRAGMENT
from caveat.event import HUNK
from caveat.event import WHOLE
from caveat.event import Event
from caveat.event import FileEdit
from caveat.guards import dependency
from caveat.guards import package_rules as dependency_commands
from caveat.guards.base import Context
from caveat.guards.dependency import file_rules as dependency_files
from caveat.guards.dependency import files as _dependency_files
from tests.helpers import check

PKG = """{
  "name": "web",
  "version": "1.0.0",
  "scripts": {
    "build": "tsc",
    "test": "jest"
  },
  "dependencies": {
    "react": "^18.2.0",
    "left-pad": "1.3.0"
  },
  "devDependencies": {
    "typescript": "^5.4.0"
  }
}
"""

SETUP_PY = """from setuptools import setup

setup(
    name="app",
    version="1.0",
    install_requires=['requests>=2.31', 'click>=8'],  # runtime
    extras_require={"dev": ["pytest"]},
)
"""

SETUP_CFG = """[metadata]
name = app

[options]
install_requires =
    requests>=2
    click
"""

PYPROJECT = """[project]
name = "app"
version = "1.0.0"
dependencies = [
    "requests>=2.31",
    "click>=8",
]

[project.optional-dependencies]
docs = ["sphinx>=7"]

[dependency-groups]
dev = ["pytest>=8"]

[tool.ruff]
line-length = 100
select = ["E", "F"]
"""

POETRY = """[tool.poetry]
name = "app"

[tool.poetry.dependencies]
python = "^3.11"
django = "^4.2"

[tool.poetry.group.dev.dependencies]
pytest = "^8.0"
"""

CARGO = """[package]
name = "app"
version = "0.1.0"

[dependencies]
serde = { version = "1.0", features = ["derive"] }
anyhow = "1"

[dependencies.tokio]
version = "1.36"
features = ["full"]

[target.'cfg(windows)'.dependencies]
winapi = "0.3"

[profile.release]
lto = true
opt-level = 3
"""

GOMOD = """module example.com/app

go 1.22

require (
\tgithub.com/pkg/errors v0.9.1
\tgolang.org/x/sync v0.6.0 // indirect
)
"""

GEMFILE = """source "https://rubygems.org"

gem "rails", "~> 7.1"
gem "pg"
"""

WORKFLOW = """name: ci
on: [push]
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v3
      - run: make test
"""

COMPOSE = """services:
  db:
    image: postgres:15
    ports:
      - "5432:5432"
"""

CSPROJ = """<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <TargetFramework>net8.0</TargetFramework>
  </PropertyGroup>
  <ItemGroup>
    <PackageReference Include="Serilog" Version="3.1.1" />
  </ItemGroup>
</Project>
"""

POM = """<project>
  <dependencies>
    <dependency>
      <groupId>junit</groupId>
      <artifactId>junit</artifactId>
      <version>4.13.2</version>
    </dependency>
  </dependencies>
</project>
"""


@pytest.fixture
def root(tmp_path):
    os.mkdir(tmp_path / ".git")
    return str(tmp_path)


def _disk(root, files):
    for rel, text in (files or {}).items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)


def _edits(root, specs):
    """``(rel, text)`` → Write; ``(rel, text, old)`` → Edit fragment; a 4th item sets
    the kind."""
    edits = []
    for spec in specs:
        rel, text = spec[0], spec[1]
        old = spec[2] if len(spec) > 2 else ""
        kind = spec[3] if len(spec) > 3 else (FRAGMENT if len(spec) > 2 else WHOLE)
        edits.append(FileEdit(os.path.join(root, rel), text, kind, old))
    return tuple(edits)


def _tool(edits):
    if any(e.kind == CELL for e in edits):
        return "NotebookEdit"
    if len(edits) > 1 and all(e.kind == FRAGMENT for e in edits):
        return "MultiEdit"
    return "Write" if edits[0].kind in (WHOLE, DELETE) else "Edit"


def _run_files(root, specs, disk=None, name="PreToolUse"):
    _disk(root, disk)
    edits = _edits(root, specs)
    event = Event(name, tool=_tool(edits), edits=edits, cwd=root)
    return check("dependency", event, Context(event, env={}))


def _run_command(root, command, tool="Bash"):
    shell = "powershell" if tool == "PowerShell" else "bash"
    event = Event("PreToolUse", tool=tool, command=command, shell=shell, cwd=root)
    return check("dependency", event, Context(event, env={}))


def _summary(finding):
    assert finding.guard == "dependency"
    assert finding.message == "pretooluse-dependency-guard"
    return finding.variant, finding.value_map()


def _subset(values, expected):
    return {k: values.get(k) for k in expected}


# --------------------------------------------------------------------------- files

FILE_FIRES = [
    pytest.param(
        [("package.json", '{"dependencies": {"lodash": "^4.17.21"}}')],
        None,
        "",
        {
            "path": "package.json",
            "ecosystem": "npm",
            "kind": "manifest",
            "packages": "lodash ^4.17.21 (added)",
            "action": "adds",
        },
        id="new-package-json-all-added",
    ),
    pytest.param(
        [("package.json", '"react": "^19.0.0"', '"react": "^18.2.0"')],
        {"package.json": PKG},
        "",
        {"packages": "react ^18.2.0→^19.0.0 (re-versioned)", "action": "re-versions"},
        id="package-json-edit-reversion",
    ),
    pytest.param(
        [
            (
                "package.json",
                '"typescript": "^5.4.0",\n    "jest": "^29.7.0"',
                '"typescript": "^5.4.0"',
            )
        ],
        {"package.json": PKG},
        "",
        {"packages": "jest ^29.7.0 (added)", "regenerate": "npm install"},
        id="package-json-dev-dependency",
    ),
    pytest.param(
        [("package.json", PKG.replace(',\n    "left-pad": "1.3.0"', ""))],
        {"package.json": PKG},
        "",
        {"packages": "left-pad (removed)", "action": "removes"},
        id="package-json-write-removes",
    ),
    pytest.param(
        [("package.json", '"react": "^18.2.0",\n    "zod": "3.22.4",', '"react": "^18.2.0",')],
        {"package.json": PKG, "pnpm-lock.yaml": "lockfileVersion: 9\n"},
        "",
        {"packages": "zod 3.22.4 (added)", "regenerate": "pnpm install"},
        id="package-json-pnpm-lock-regenerate",
    ),
    pytest.param(
        [
            ("package.json", '"react": "^18.3.0"', '"react": "^18.2.0"'),
            ("package.json", '"typescript": "^5.5.0"', '"typescript": "^5.4.0"'),
        ],
        {"package.json": PKG},
        "",
        {
            "packages": "react ^18.2.0→^18.3.0 (re-versioned), "
            "typescript ^5.4.0→^5.5.0 (re-versioned)"
        },
        id="multiedit-package-json",
    ),
    pytest.param(
        [("package.json", '{"overrides": {"foo": {"bar": "1.0.0"}}}')],
        None,
        "",
        {"packages": "foo>bar 1.0.0 (added)"},
        id="package-json-overrides",
    ),
    pytest.param(
        [("web/package.json", '"lodash": "^4.17.21"', '"lodash": "^4.17.20"')],
        None,
        "",
        {
            "path": "web/package.json",
            "packages": "lodash ^4.17.20→^4.17.21 (re-versioned)",
        },
        id="package-json-fragment-not-on-disk",
    ),
    pytest.param(
        [("pyproject.toml", '    "click>=8",\n    "httpx>=0.27",', '    "click>=8",')],
        {"pyproject.toml": PYPROJECT},
        "",
        {
            "ecosystem": "PyPI",
            "kind": "manifest",
            "packages": "httpx >=0.27 (added)",
            "regenerate": "uv lock",
        },
        id="pyproject-pep621-add",
    ),
    pytest.param(
        [("pyproject.toml", 'docs = ["sphinx>=8"]', 'docs = ["sphinx>=7"]')],
        {"pyproject.toml": PYPROJECT, "poetry.lock": ""},
        "",
        {"packages": "sphinx >=7→>=8 (re-versioned)", "regenerate": "poetry lock"},
        id="pyproject-optional-dependencies",
    ),
    pytest.param(
        [("pyproject.toml", 'dev = ["pytest>=8", "Ruff_Lint==0.1"]', 'dev = ["pytest>=8"]')],
        {"pyproject.toml": PYPROJECT},
        "",
        {"packages": "ruff-lint ==0.1 (added)"},
        id="pyproject-dependency-groups-normalized",
    ),
    pytest.param(
        [("pyproject.toml", 'django = "^5.0"', 'django = "^4.2"')],
        {"pyproject.toml": POETRY},
        "",
        {"packages": "django ^4.2→^5.0 (re-versioned)"},
        id="pyproject-poetry",
    ),
    pytest.param(
        [("requirements.txt", "flask==3.0.0\nrequests>=2.31  # http\n-r base.txt\n")],
        None,
        "",
        {
            "ecosystem": "PyPI",
            "packages": "flask ==3.0.0 (added), requests >=2.31 (added)",
        },
        id="requirements-new",
    ),
    pytest.param(
        [("requirements.txt", "git+https://github.com/o/griffe.git\nmkdocs==1.6\n")],
        None,
        "",
        {"packages": "git+https://github.com/o/griffe.git (added), mkdocs ==1.6 (added)"},
        id="requirements-vcs-url-is-no-package-named-git",
    ),
    pytest.param(
        [("requirements-dev.txt", "pytest==8.1.0", "pytest==8.0.0")],
        {"requirements-dev.txt": "pytest==8.0.0\n"},
        "",
        {"path": "requirements-dev.txt", "packages": "pytest ==8.0.0→==8.1.0 (re-versioned)"},
        id="requirements-dev-variant",
    ),
    pytest.param(
        [("requirements/base.txt", "django>=5\n")],
        None,
        "",
        {"path": "requirements/base.txt", "packages": "django >=5 (added)"},
        id="requirements-folder",
    ),
    pytest.param(
        [("Cargo.toml", 'anyhow = "1"\nthiserror = "1.0"', 'anyhow = "1"')],
        {"Cargo.toml": CARGO},
        "",
        {"ecosystem": "Cargo", "packages": "thiserror 1.0 (added)"},
        id="cargo-add",
    ),
    pytest.param(
        [("Cargo.toml", 'version = "1.37"', 'version = "1.36"')],
        {"Cargo.toml": CARGO},
        "",
        {"packages": "tokio 1.36 features=full→1.37 features=full (re-versioned)"},
        id="cargo-dependency-table",
    ),
    pytest.param(
        [("Cargo.toml", 'winapi = "0.3.9"', 'winapi = "0.3"')],
        {"Cargo.toml": CARGO},
        "",
        {"packages": "winapi 0.3→0.3.9 (re-versioned)"},
        id="cargo-target-table",
    ),
    pytest.param(
        [("Cargo.toml", '[workspace.dependencies]\nregex = "1.10"\n')],
        None,
        "",
        {"packages": "regex 1.10 (added)"},
        id="cargo-workspace-dependencies",
    ),
    pytest.param(
        [
            (
                "Cargo.toml",
                '[dependencies]\nanyhow = "1"\nrand = "0.8"\n',
                '[dependencies]\nanyhow = "1"\n',
                HUNK,
            )
        ],
        {"Cargo.toml": CARGO},
        "",
        {"packages": "rand 0.8 (added)"},
        id="cargo-codex-hunk",
    ),
    pytest.param(
        [
            (
                "go.mod",
                "\tgithub.com/pkg/errors v0.9.1\n\tgithub.com/google/uuid v1.6.0",
                "\tgithub.com/pkg/errors v0.9.1",
            )
        ],
        {"go.mod": GOMOD},
        "",
        {"ecosystem": "Go", "packages": "github.com/google/uuid v1.6.0 (added)"},
        id="gomod-require-block",
    ),
    pytest.param(
        [("go.mod", GOMOD + "\nreplace github.com/pkg/errors => github.com/fork/errors v0.9.2\n")],
        {"go.mod": GOMOD},
        "",
        {
            "packages": "github.com/pkg/errors (replace) github.com/fork/errors v0.9.2 (added)",
            "local": "",
        },
        id="gomod-replace",
    ),
    pytest.param(
        [("Gemfile", 'gem "pg"\ngem "sidekiq", "~> 7.2"', 'gem "pg"')],
        {"Gemfile": GEMFILE},
        "",
        {"ecosystem": "RubyGems", "packages": "sidekiq ~> 7.2 (added)"},
        id="gemfile-add",
    ),
    pytest.param(
        [("Gemfile", GEMFILE + 'gem "json", "~> 2.7" unless RUBY_VERSION < "2.7"\n')],
        {"Gemfile": GEMFILE},
        "",
        {"ecosystem": "RubyGems", "packages": "json ~> 2.7 (added)"},
        id="gemfile-add-with-condition",
    ),
    pytest.param(
        [("app.gemspec", 'spec.add_dependency "rack", ">= 3"\n')],
        None,
        "",
        {"packages": "rack >= 3 (added)"},
        id="gemspec",
    ),
    pytest.param(
        [("app.gemspec", 'spec.add_dependency "rack", ">= 3" if RUBY_VERSION >= "3.1"\n')],
        None,
        "",
        {"packages": "rack >= 3 (added)"},
        id="gemspec-with-condition",
    ),
    pytest.param(
        [("composer.json", '{"require": {"monolog/monolog": "^3.0"}, "name": "a/b"}')],
        None,
        "",
        {"ecosystem": "Packagist", "packages": "monolog/monolog ^3.0 (added)"},
        id="composer",
    ),
    pytest.param(
        [
            (
                "pubspec.yaml",
                "name: app\ndependencies:\n  http: ^1.2.0\n  flutter:\n    sdk: flutter\n",
            )
        ],
        None,
        "",
        {
            "ecosystem": "Pub",
            "packages": "http ^1.2.0 (added)",
            "local": "In-repo and local dependencies it changes too, which no registry serves:"
            " flutter sdk: flutter (added).",
        },
        id="pubspec",
    ),
    pytest.param(
        [("src/App/App.csproj", '"Serilog" Version="4.0.0"', '"Serilog" Version="3.1.1"')],
        {"src/App/App.csproj": CSPROJ},
        "",
        {"ecosystem": "NuGet", "packages": "Serilog 3.1.1→4.0.0 (re-versioned)"},
        id="csproj",
    ),
    pytest.param(
        [("Directory.Packages.props", '<PackageVersion Include="xunit" Version="2.7.0" />')],
        None,
        "",
        {"kind": "version catalog", "packages": "xunit 2.7.0 (added)"},
        id="directory-packages-props",
    ),
    pytest.param(
        [("gradle/libs.versions.toml", '[versions]\nokhttp = "4.12.0"\n')],
        None,
        "",
        {"ecosystem": "Gradle", "kind": "version catalog", "packages": "okhttp 4.12.0 (added)"},
        id="gradle-version-catalog",
    ),
    pytest.param(
        [("app/build.gradle.kts", 'implementation("com.squareup.okhttp3:okhttp:4.12.0")\n')],
        None,
        "",
        {"packages": "com.squareup.okhttp3:okhttp 4.12.0 (added)"},
        id="gradle-kts",
    ),
    pytest.param(
        [("pom.xml", "<version>4.13.1</version>", "<version>4.13.2</version>")],
        {"pom.xml": POM},
        "",
        {"ecosystem": "Maven", "packages": "junit:junit 4.13.2→4.13.1 (re-versioned)"},
        id="pom",
    ),
    pytest.param(
        [("environment.yml", "dependencies:\n  - numpy=1.26\n  - pip:\n    - rich>=13\n")],
        None,
        "",
        {"ecosystem": "conda", "packages": "numpy =1.26 (added), rich >=13 (added)"},
        id="conda-environment",
    ),
    pytest.param(
        [("Pipfile", '[packages]\nrequests = "*"\n\n[requires]\npython_version = "3.12"\n')],
        None,
        "",
        {"packages": "requests * (added)"},
        id="pipfile",
    ),
    pytest.param(
        [("deno.json", '{"imports": {"@std/assert": "jsr:@std/assert@^1.0.0"}}')],
        None,
        "",
        {"ecosystem": "Deno", "packages": "@std/assert jsr:@std/assert@^1.0.0 (added)"},
        id="deno-imports",
    ),
    pytest.param(
        [
            (
                "package.json",
                '{"dependencies": {"ini": "^6.0.0"}, "bundleDependencies": ["ini"]}\n',
            )
        ],
        None,
        "",
        {"packages": "ini ^6.0.0 (added)"},
        id="package-json-bundled-dependency-keeps-its-version",
    ),
    pytest.param(
        [("setup.py", "from setuptools import setup\nsetup(install_requires=['x'])\n")],
        None,
        "",
        {"packages": "x (added)", "action": "adds"},
        id="setup-py-install-requires",
    ),
    pytest.param(
        [("setup.py", SETUP_PY.replace("'click>=8'", "'click>=8.1'"))],
        {"setup.py": SETUP_PY},
        "",
        {"packages": "click >=8→>=8.1 (re-versioned)", "action": "re-versions"},
        id="setup-py-re-versioned",
    ),
    pytest.param(
        [("setup.py", SETUP_PY.replace('"dev": ["pytest"]', '"dev": ["pytest", "ruff"]'))],
        {"setup.py": SETUP_PY},
        "",
        {"packages": "ruff (added)", "action": "adds"},
        id="setup-py-extras",
    ),
    pytest.param(
        [("setup.cfg", SETUP_CFG.replace("    click\n", "    click\n    rich>=13\n"))],
        {"setup.cfg": SETUP_CFG},
        "",
        {"packages": "rich >=13 (added)", "action": "adds"},
        id="setup-cfg-install-requires",
    ),
    pytest.param(
        [
            (
                "tool.py",
                '# /// script\n# dependencies = ["rich>=13"]\n# ///\nimport rich\n',
            )
        ],
        None,
        "",
        {"kind": "inline script metadata (PEP 723)", "packages": "rich >=13 (added)"},
        id="pep723-script",
    ),
    # lockfiles
    pytest.param(
        [("package-lock.json", '{"lockfileVersion": 3}')],
        None,
        "lockfile",
        {
            "path": "package-lock.json",
            "ecosystem": "npm",
            "kind": "lockfile",
            "regenerate": "npm install",
            "action": "edit",
        },
        id="lock-package-lock-write",
    ),
    pytest.param(
        [("poetry.lock", 'version = "2.0"', 'version = "1.0"')],
        {"poetry.lock": '[[package]]\nname = "x"\nversion = "1.0"\n'},
        "lockfile",
        {"regenerate": "poetry lock"},
        id="lock-poetry-edit",
    ),
    pytest.param(
        [("Cargo.lock", 'version = "1.0.2"\n', 'version = "1.0.1"\n', HUNK)],
        {"Cargo.lock": 'version = "1.0.1"\n'},
        "lockfile",
        {"ecosystem": "Cargo", "regenerate": "cargo update"},
        id="lock-cargo-hunk",
    ),
    pytest.param(
        [("yarn.lock", "", "", DELETE)],
        {"yarn.lock": "# yarn lockfile v1\n"},
        "lockfile",
        {"action": "delete", "regenerate": "yarn install"},
        id="lock-yarn-delete",
    ),
    pytest.param(
        [("go.sum", "github.com/x/y v1.0.0 h1:abc=\n")],
        None,
        "lockfile",
        {"ecosystem": "Go", "regenerate": "go mod tidy"},
        id="lock-go-sum",
    ),
    pytest.param(
        [("uv.lock", "version = 1\n")],
        None,
        "lockfile",
        {"ecosystem": "PyPI", "regenerate": "uv lock"},
        id="lock-uv",
    ),
    # installed trees
    pytest.param(
        [("node_modules/lodash/index.js", "module.exports = {}")],
        None,
        "installed",
        {"path": "node_modules/lodash/index.js", "ecosystem": "npm"},
        id="installed-node-modules",
    ),
    pytest.param(
        [("node_modules/foo/package-lock.json", "{}")],
        None,
        "installed",
        {"kind": "installed package tree"},
        id="installed-lockfile-under-node-modules",
    ),
    pytest.param(
        [(".venv/lib/python3.12/site-packages/requests/api.py", "x = 1")],
        None,
        "installed",
        {"ecosystem": "PyPI"},
        id="installed-site-packages",
    ),
    pytest.param(
        [("vendor/modules.txt", "# github.com/x/y v1.0.0\n")],
        None,
        "installed",
        {"ecosystem": "Go"},
        id="installed-go-vendor",
    ),
    # infrastructure references and tool pins
    pytest.param(
        [("Dockerfile", "FROM python:3.12-slim AS build", "FROM python:3.11-slim AS build")],
        {"Dockerfile": "FROM python:3.11-slim AS build\nRUN pip install -r req.txt\n"},
        "reference",
        {
            "ecosystem": "Docker",
            "kind": "infrastructure reference",
            "packages": "python 3.11-slim→3.12-slim (re-versioned)",
        },
        id="dockerfile-from",
    ),
    pytest.param(
        [("deploy/api.Dockerfile", "FROM node:20-alpine\n")],
        None,
        "reference",
        {"packages": "node 20-alpine (added)"},
        id="dockerfile-suffix",
    ),
    pytest.param(
        [(".github/workflows/ci.yml", "actions/checkout@v4", "actions/checkout@v3")],
        {".github/workflows/ci.yml": WORKFLOW},
        "reference",
        {"ecosystem": "GitHub Actions", "packages": "actions/checkout v3→v4 (re-versioned)"},
        id="workflow-uses",
    ),
    pytest.param(
        [("azure-pipelines.yml", 'DENO_VERSION: "v0.17.0"', 'DENO_VERSION: "v0.16.0"')],
        {"azure-pipelines.yml": 'variables:\n  DENO_VERSION: "v0.16.0"\n'},
        "reference",
        {"packages": "DENO_VERSION v0.16.0→v0.17.0 (re-versioned)"},
        id="ci-version-variable",
    ),
    pytest.param(
        [("docker-compose.yml", "image: postgres:16", "image: postgres:15")],
        {"docker-compose.yml": COMPOSE},
        "reference",
        {"packages": "postgres 15→16 (re-versioned)"},
        id="compose-image",
    ),
    pytest.param(
        [(".nvmrc", "22\n")],
        {".nvmrc": "20\n"},
        "reference",
        {"kind": "tool version pin", "packages": "version 20→22 (re-versioned)"},
        id="nvmrc",
    ),
    pytest.param(
        [(".tool-versions", "nodejs 20.11.0\npython 3.12.2\n")],
        {".tool-versions": "nodejs 20.11.0\npython 3.11.8\n"},
        "reference",
        {"packages": "python 3.11.8→3.12.2 (re-versioned)"},
        id="tool-versions",
    ),
    pytest.param(
        [(".pre-commit-config.yaml", "rev: v0.4.0", "rev: v0.3.0")],
        {".pre-commit-config.yaml": "repos:\n  - repo: https://x/ruff\n    rev: v0.3.0\n"},
        "reference",
        {"packages": "x/ruff v0.3.0→v0.4.0 (re-versioned)"},
        id="pre-commit-rev",
    ),
]


@pytest.mark.parametrize(("specs", "disk", "variant", "expected"), FILE_FIRES)
def test_file_writes_fire(root, specs, disk, variant, expected):
    findings = _run_files(root, specs, disk)
    assert len(findings) == 1
    got_variant, values = _summary(findings[0])
    assert got_variant == variant
    assert _subset(values, expected) == expected


# An edit that leaves a JSON or TOML manifest unparseable: said so, and only what the
# edited fragments change is listed (never the dependencies the parser lost after it).
UNPARSEABLE = [
    # (edits, disk, problem, packages)
    pytest.param(
        [("package.json", '"react": "^18.3.0,', '"react": "^18.2.0",')],
        {"package.json": PKG},
        "invalid JSON (malformed JSON)",
        "react ^18.2.0→^18.3.0, (re-versioned)",
        id="json-unterminated-string",
    ),
    pytest.param(
        [("package.json", '  \n  "devDependencies"', '  },\n  "devDependencies"')],
        {"package.json": PKG},
        "invalid JSON (malformed JSON)",
        "none that can be read",
        id="json-closing-brace-removed",
    ),
    pytest.param(
        [("package.json", '"version": "1.0.0"', '"version": "1.0.0",')],
        {"package.json": PKG},
        "invalid JSON (malformed JSON)",
        "none that can be read",
        id="json-comma-removed-elsewhere",
    ),
    pytest.param(
        [("package.json", '"left-pad": "1.3.0",', '"left-pad": "1.3.0"')],
        {"package.json": PKG},
        "invalid JSON (malformed JSON)",
        "none that can be read",
        id="json-trailing-comma",
    ),
    pytest.param(
        [("pyproject.toml", '    "click>=8",\n', '    "click>=8",\n]')],
        {"pyproject.toml": PYPROJECT},
        "invalid TOML",
        "none that can be read",
        id="toml-bracket-removed",
    ),
    pytest.param(
        [("pyproject.toml", 'name = "app', 'name = "app"')],
        {"pyproject.toml": PYPROJECT},
        "invalid TOML",
        "none that can be read",
        id="toml-unterminated-string",
    ),
    pytest.param(
        [("pyproject.toml", '    "requests>=2.32"\n', '    "requests>=2.31",\n')],
        {"pyproject.toml": PYPROJECT},
        "invalid TOML",
        "requests >=2.31→>=2.32 (re-versioned)",
        id="toml-re-versioned-and-comma-lost",
    ),
    pytest.param(
        [("package.json", PKG.replace('"1.3.0"', '"1.4.0"').rstrip()[:-1])],  # last } gone
        {"package.json": PKG},
        "invalid JSON (malformed JSON)",
        "left-pad 1.3.0→1.4.0 (re-versioned)",
        id="json-write-broken-lists-what-differs",
    ),
    pytest.param(
        [("package.json", PKG.replace('"react": "^18.2.0",', '"react": "^18.2.0"'))],
        {"package.json": PKG},
        "invalid JSON (malformed JSON)",
        "none that can be read",
        id="json-write-broken-keeps-what-was-there",
    ),
]


@pytest.mark.parametrize(("specs", "disk", "problem", "packages"), UNPARSEABLE)
def test_edit_that_breaks_the_manifest(root, specs, disk, problem, packages):
    (finding,) = _run_files(root, specs, disk)
    variant, values = _summary(finding)
    assert variant == "unparseable"
    assert values["problem"].startswith(problem)
    assert values["packages"] == packages
    assert "removed" not in values["packages"]


def test_a_manifest_that_was_already_broken_is_diffed_as_before(root):
    broken = PKG.replace('"1.0.0",', '"1.0.0"')
    specs = [("package.json", '"react": "^18.3.0"', '"react": "^18.2.0"')]
    (finding,) = _run_files(root, specs, {"package.json": broken})
    assert _summary(finding)[0] == ""


FILE_SILENT = [
    pytest.param(
        [("setup.py", SETUP_PY.replace('version="1.0"', 'version="1.1"'))],
        {"setup.py": SETUP_PY},
        id="setup-py-version-only",
    ),
    pytest.param(
        [("setup.py", "from setuptools import setup, Extension\nsetup(ext_modules=[])\n")],
        None,
        id="setup-py-without-dependencies",
    ),
    pytest.param(
        [("setup.cfg", SETUP_CFG.replace("name = app", "name = app2"))],
        {"setup.cfg": SETUP_CFG},
        id="setup-cfg-metadata-only",
    ),
    pytest.param(
        [(".github/workflows/ci.yml", "python-version: '3.13'", "python-version: '3.12'")],
        {
            ".github/workflows/ci.yml": WORKFLOW.replace(
                "steps:", "env:\n      python-version: '3.12'\n    steps:"
            )
        },
        id="ci-matrix-key-is-not-a-version-variable",
    ),
    pytest.param([("notes.md", "# notes\nnpm install lodash\n")], None, id="markdown"),
    pytest.param([("src/app.py", "import requests\n")], None, id="python-source"),
    pytest.param([("Dockerfile.md", "FROM python:3.12\n")], None, id="dockerfile-docs"),
    pytest.param([("cargo.toml", '[dependencies]\nserde = "1"\n')], None, id="case-sensitive"),
    pytest.param([("src/requirements.py", "x = 1\n")], None, id="requirements-py"),
    pytest.param(
        [("package.json", '"build": "tsc -p ."', '"build": "tsc"')],
        {"package.json": PKG},
        id="package-json-scripts-only",
    ),
    pytest.param(
        [("package.json", '"version": "1.0.1"', '"version": "1.0.0"')],
        {"package.json": PKG},
        id="package-json-own-version",
    ),
    pytest.param([("package.json", PKG)], {"package.json": PKG}, id="package-json-identical"),
    pytest.param(
        [("pyproject.toml", "line-length = 120", "line-length = 100")],
        {"pyproject.toml": PYPROJECT},
        id="pyproject-tool-ruff",
    ),
    pytest.param(
        [("pyproject.toml", 'version = "1.0.1"', 'version = "1.0.0"')],
        {"pyproject.toml": PYPROJECT},
        id="pyproject-own-version",
    ),
    pytest.param(
        [("Cargo.toml", "opt-level = 2", "opt-level = 3")],
        {"Cargo.toml": CARGO},
        id="cargo-profile-release",
    ),
    pytest.param(
        [("go.mod", "module example.com/app2", "module example.com/app")],
        {"go.mod": GOMOD},
        id="gomod-module-line",
    ),
    pytest.param(
        [("requirements.txt", "# pinned\nflask==3.0.0\n", "flask==3.0.0\n")],
        {"requirements.txt": "flask==3.0.0\n"},
        id="requirements-comment",
    ),
    pytest.param(
        [("Gemfile", 'source "https://gems.example"', 'source "https://rubygems.org"')],
        {"Gemfile": GEMFILE},
        id="gemfile-source-line",
    ),
    pytest.param(
        [("App.csproj", "<TargetFramework>net9.0<", "<TargetFramework>net8.0<")],
        {"App.csproj": CSPROJ},
        id="csproj-property",
    ),
    pytest.param(
        [(".github/workflows/ci.yml", "run: make check", "run: make test")],
        {".github/workflows/ci.yml": WORKFLOW},
        id="workflow-run-step",
    ),
    pytest.param(
        [("docker-compose.yml", '"5433:5432"', '"5432:5432"')],
        {"docker-compose.yml": COMPOSE},
        id="compose-ports",
    ),
    pytest.param(
        [("Dockerfile", "RUN pip install -r req.txt --no-cache-dir", "RUN pip install -r req.txt")],
        {"Dockerfile": "FROM python:3.11-slim\nRUN pip install -r req.txt\n"},
        id="dockerfile-run-line",
    ),
    pytest.param(
        [("gradle.properties", "org.gradle.jvmargs=-Xmx4g\n")],
        {"gradle.properties": "org.gradle.jvmargs=-Xmx2g\n"},
        id="gradle-properties-jvmargs",
    ),
    pytest.param(
        [("pom.xml", POM.replace("<project>", "<project>\n  <name>x</name>"))],
        {"pom.xml": POM},
        id="pom-name",
    ),
    pytest.param(
        [("tool.py", "import rich\nprint(1)\n", "import rich\n")],
        {"tool.py": '# /// script\n# dependencies = ["rich"]\n# ///\nimport rich\n'},
        id="pep723-code-edit",
    ),
    pytest.param([("docs/requirements.md", "pip install x")], None, id="requirements-md"),
    pytest.param(
        # Only the condition moved: its strings are no versions.
        [("Gemfile", GEMFILE + 'gem "nokogiri", "~> 1.15" if RUBY_VERSION >= "3.1"\n')],
        {"Gemfile": GEMFILE + 'gem "nokogiri", "~> 1.15" if RUBY_VERSION >= "3.0"\n'},
        id="gemfile-ruby-version-condition",
    ),
    pytest.param(
        [("analysis.ipynb", "import pandas as pd", "", CELL)], None, id="notebook-plain-cell"
    ),
    pytest.param(
        [(".npmrc", "save-exact=true\n")], {".npmrc": "fund=false\n"}, id="npmrc-not-registry"
    ),
]


@pytest.mark.parametrize(("specs", "disk"), FILE_SILENT)
def test_file_writes_silent(root, specs, disk):
    assert _run_files(root, specs, disk) == []


def test_one_finding_per_file_and_post_tool_use(root):
    findings = _run_files(
        root,
        [("package.json", '{"dependencies": {"a": "1"}}'), ("yarn.lock", "# v1\n")],
        name="PostToolUse",
    )
    assert [(f.variant, f.value_map()["path"]) for f in findings] == [
        ("", "package.json"),
        ("lockfile", "yarn.lock"),
    ]
    assert findings[0].key == "a"
    assert findings[1].key == "yarn.lock"


def test_outside_git_root_and_windows_path(tmp_path):
    event = Event(
        "PreToolUse",
        tool="Write",
        edits=(FileEdit("C:\\work\\api\\package.json", '{"dependencies": {"x": "1"}}'),),
        cwd="C:\\work",
    )
    (finding,) = check("dependency", event, Context(event, env={}))
    assert finding.value_map()["path"] == "C:/work/api/package.json"
    assert finding.value_map()["packages"] == "x 1 (added)"


def test_packages_are_capped(root):
    deps = ", ".join(f'"p{i}": "1"' for i in range(12))
    (finding,) = _run_files(root, [("package.json", '{"dependencies": {' + deps + "}}")])
    assert finding.value_map()["packages"].endswith("p5 1 (added) and 4 more")


def test_credentials_are_not_echoed(root):
    text = "flask==3\nprivate @ https://user:s3cret@git.example.com/p.git\n"
    (finding,) = _run_files(root, [("requirements.txt", text)])
    assert "s3cret" not in finding.value_map()["packages"]
    assert "private @https://git.example.com/p.git (added)" in finding.value_map()["packages"]


def test_notebook_cell_pip_install(root):
    edits = _edits(root, [("nb.ipynb", "%pip install pandas==2.2\nimport pandas", "", CELL)])
    event = Event("PreToolUse", tool="NotebookEdit", edits=edits, cwd=root)
    (finding,) = check("dependency", event, Context(event, env={}))
    assert _summary(finding) == (
        "command",
        {
            "command": "pip install pandas==2.2",
            "manager": "pip",
            "ecosystem": "PyPI",
            "action": "installs packages into the environment without recording them in "
            "the project",
            "packages": "pandas==2.2",
        },
    )


def _sample(pattern):
    """A path that ``pattern`` matches (for the data consistency test)."""
    path = pattern.lstrip("/").replace("**/", "a/").replace("/**", "/x.y")
    for cls in ("[Dd]", "[Cc]"):
        path = path.replace(cls, cls[1])
    return path.replace("*", "x")


@pytest.mark.parametrize(
    "rule", dependency_files.RULES, ids=[r[2][0] for r in dependency_files.RULES]
)
def test_every_rule_is_reachable_through_the_prefilter(rule):
    for pattern in rule[2]:
        if pattern.startswith("!"):
            continue
        sample = _sample(pattern)
        assert dependency.path_may_match("/repo/" + sample), sample
        assert _dependency_files.match(sample, PatternStore(os.environ)) is not None, sample


# ------------------------------------------------------------------------ commands

DECLARE_ADD = "adds dependencies to the project manifest"
DECLARE_REMOVE = "removes dependencies from the project manifest"
DECLARE_UPGRADE = "upgrades dependencies in the project manifest and lockfile"
ADHOC = "installs packages into the environment without recording them in the project"
GLOBAL = "installs packages globally, outside the project"

COMMAND_FIRES = [
    pytest.param("npm i lodash", "npm", DECLARE_ADD, "lodash", id="npm-i"),
    pytest.param("npm isntall left-pad", "npm", DECLARE_ADD, "left-pad", id="npm-typo-alias"),
    pytest.param("npm --prefix web install zod", "npm", DECLARE_ADD, "zod", id="npm-flag-first"),
    pytest.param("npm install -D vitest@1", "npm", DECLARE_ADD, "vitest@1", id="npm-dev"),
    pytest.param("npm rm left-pad", "npm", DECLARE_REMOVE, "left-pad", id="npm-rm"),
    pytest.param(
        "npm pkg set dependencies.left-pad=^1.3.0 name=demo",
        "npm",
        DECLARE_ADD,
        "left-pad",
        id="npm-pkg-set-dependency",
    ),
    pytest.param(
        "npm pkg delete 'devDependencies[vitest]'",
        "npm",
        DECLARE_REMOVE,
        "vitest",
        id="npm-pkg-delete-dependency",
    ),
    pytest.param("npm udpate", "npm", DECLARE_UPGRADE, "all dependencies", id="npm-update-typo"),
    pytest.param("npm install -g typescript", "npm", GLOBAL, "typescript", id="npm-global"),
    pytest.param("yarn --cwd api add express", "yarn", DECLARE_ADD, "express", id="yarn-cwd"),
    pytest.param("yarn global add serve", "yarn", GLOBAL, "serve", id="yarn-global"),
    pytest.param("pnpm add -D eslint", "pnpm", DECLARE_ADD, "eslint", id="pnpm-add"),
    pytest.param("bun add hono", "bun", DECLARE_ADD, "hono", id="bun-add"),
    pytest.param("deno add jsr:@std/path", "deno", DECLARE_ADD, "jsr:@std/path", id="deno-add"),
    pytest.param("pip install requests", "pip", ADHOC, "requests", id="pip-install"),
    pytest.param(
        "pip install --progress-bar off --timeout 60 -q requests",
        "pip",
        ADHOC,
        "requests",
        id="pip-valued-general-options",
    ),
    pytest.param(
        "npm install --loglevel warn --install-strategy hoisted lodash",
        "npm",
        DECLARE_ADD,
        "lodash",
        id="npm-valued-options",
    ),
    pytest.param("cargo install --jobs 4 ripgrep", "cargo", GLOBAL, "ripgrep", id="cargo-jobs"),
    pytest.param(
        "conda install --solver libmamba -c conda-forge numpy",
        "conda",
        ADHOC,
        "numpy",
        id="conda-solver",
    ),
    pytest.param(
        "uv pip install --index-strategy unsafe-best-match --link-mode copy httpx",
        "uv",
        ADHOC,
        "httpx",
        id="uv-pip-valued-options",
    ),
    pytest.param(
        "python3 -m pip install -U pip",
        "pip",
        "upgrades packages in the environment without recording it in the project",
        "pip",
        id="python-m-pip-upgrade",
    ),
    pytest.param("pip3.12 install rich", "pip", ADHOC, "rich", id="pip-versioned"),
    pytest.param("uv add 'fastapi>=0.110'", "uv", DECLARE_ADD, "fastapi>=0.110", id="uv-add"),
    pytest.param("uv pip install httpx", "uv", ADHOC, "httpx", id="uv-pip-install"),
    pytest.param("uv tool install ruff", "uv", GLOBAL, "ruff", id="uv-tool-install"),
    pytest.param(
        "uv lock --upgrade",
        "uv",
        "upgrades locked versions in the lockfile",
        "all dependencies",
        id="uv-lock-upgrade",
    ),
    pytest.param(
        "cd api && poetry add sqlalchemy", "poetry", DECLARE_ADD, "sqlalchemy", id="chain-and"
    ),
    pytest.param("make test; pdm add attrs", "pdm", DECLARE_ADD, "attrs", id="chain-semicolon"),
    pytest.param("false || pip install x", "pip", ADHOC, "x", id="chain-or"),
    pytest.param("ls\ncargo add serde", "cargo", DECLARE_ADD, "serde", id="chain-newline"),
    pytest.param("cargo install ripgrep", "cargo", GLOBAL, "ripgrep", id="cargo-install"),
    pytest.param(
        "go get github.com/x/y@v1.2.0", "go", DECLARE_ADD, "github.com/x/y@v1.2.0", id="go-get"
    ),
    pytest.param(
        "go install golang.org/x/tools/gopls@latest",
        "go",
        GLOBAL,
        "golang.org/x/tools/gopls@latest",
        id="go-install",
    ),
    pytest.param(
        "go mod tidy",
        "go",
        "rewrites the project's dependency requirements",
        "none named",
        id="go-mod-tidy",
    ),
    pytest.param("sudo apt-get install -y libpq-dev", "apt", GLOBAL, "libpq-dev", id="sudo-apt"),
    pytest.param("env CI=1 npm i axios", "npm", DECLARE_ADD, "axios", id="env-wrapper"),
    pytest.param("FOO=1 time npm i axios", "npm", DECLARE_ADD, "axios", id="assignment-time"),
    pytest.param('bash -c "npm i chalk"', "npm", DECLARE_ADD, "chalk", id="bash-c"),
    pytest.param("sh -c 'cd x && gem install bundler'", "gem", GLOBAL, "bundler", id="sh-c"),
    pytest.param("echo $(pip install evil)", "pip", ADHOC, "evil", id="substitution"),
    pytest.param("pacman -S --noconfirm vim", "pacman", GLOBAL, "vim", id="pacman-S"),
    pytest.param("brew install jq", "brew", GLOBAL, "jq", id="brew"),
    pytest.param(
        "dotnet add package Newtonsoft.Json",
        "dotnet",
        DECLARE_ADD,
        "Newtonsoft.Json",
        id="dotnet-add-package",
    ),
    pytest.param(
        "dotnet add src/App.csproj package Serilog -v 3.1.1",
        "dotnet",
        DECLARE_ADD,
        "Serilog",
        id="dotnet-add-project-package",
    ),
    pytest.param("dart pub add http", "dart", DECLARE_ADD, "http", id="dart-pub-add"),
    pytest.param("flutter pub add provider", "dart", DECLARE_ADD, "provider", id="flutter-pub-add"),
    pytest.param(
        "composer require monolog/monolog",
        "composer",
        DECLARE_ADD,
        "monolog/monolog",
        id="composer",
    ),
    pytest.param("bundle add rspec", "bundle", DECLARE_ADD, "rspec", id="bundle-add"),
    pytest.param("conda install -c conda-forge numpy", "conda", ADHOC, "numpy", id="conda"),
    pytest.param(
        "./gradlew dependencies --write-locks",
        "gradle",
        "rewrites the lockfile",
        "all dependencies",
        id="gradle-write-locks",
    ),
    pytest.param(
        "nix flake update",
        "nix",
        "upgrades locked versions in the lockfile",
        "all dependencies",
        id="nix-flake-update",
    ),
    pytest.param("poetry run pip install ipdb", "pip", ADHOC, "ipdb", id="poetry-run-pip"),
    pytest.param(
        "go get github.com/x/y@none", "go", DECLARE_REMOVE, "github.com/x/y@none", id="go-get-none"
    ),
    pytest.param(
        "pip-compile requirements.in",
        "pip-compile",
        "rewrites the lockfile",
        "all dependencies",
        id="pip-compile",
    ),
    pytest.param(
        "terraform init -upgrade",
        "terraform",
        "upgrades locked versions in the lockfile",
        "all dependencies",
        id="terraform-init-upgrade",
    ),
    pytest.param("pipx install black", "pipx", GLOBAL, "black", id="pipx"),
    # A flag's value that names the package, and one that names something else.
    pytest.param(
        "cargo +nightly update -p crc32fast --precise 1.1.1",
        "cargo",
        "upgrades locked versions in the lockfile",
        "crc32fast",
        id="cargo-update-package-flag",
    ),
    pytest.param(
        "cargo update --package=lazy_static",
        "cargo",
        "upgrades locked versions in the lockfile",
        "lazy_static",
        id="cargo-update-package-equals",
    ),
    pytest.param(
        "uv lock --upgrade-package requests",
        "uv",
        "upgrades locked versions in the lockfile",
        "requests",
        id="uv-lock-upgrade-package-flag",
    ),
    pytest.param(
        "cargo update -Z minimal-versions",
        "cargo",
        "upgrades locked versions in the lockfile",
        "all dependencies",
        id="cargo-update-unstable-flag",
    ),
    pytest.param(
        "cargo add -p member serde",
        "cargo",
        "adds dependencies to the project manifest",
        "serde",
        id="cargo-add-member-flag",
    ),
    pytest.param(
        "gem update --system",
        "gem",
        "upgrades globally installed packages",
        "rubygems",
        id="gem-update-system",
    ),
    pytest.param(
        "sudo zypper install -t pattern devel_ruby",
        "zypper",
        GLOBAL,
        "devel_ruby",
        id="zypper-type-flag",
    ),
]


@pytest.mark.parametrize(("command", "manager", "action", "packages"), COMMAND_FIRES)
def test_commands_fire(root, command, manager, action, packages):
    findings = _run_command(root, command)
    assert len(findings) == 1, findings
    variant, values = _summary(findings[0])
    assert variant == "command"
    assert (values["manager"], values["action"], values["packages"]) == (
        manager,
        action,
        packages,
    )


def _installing(tool: Mapping[str, Any]) -> str:
    """The tool's first sub-command that names the packages it installs or adds."""
    subs = [
        sub for sub, action in tool["subs"].items() if action.split(":")[-1] in ("install", "add")
    ]
    return next((sub for sub in subs if "*" not in sub), "")


VALUED = [
    pytest.param(name, _installing(tool), option, id=f"{name}{option}")
    for name, tool in dependency_commands.TOOLS.items()
    for option in sorted(tool.get("values", ()))
    if _installing(tool) and option.startswith("--")
]


@pytest.mark.parametrize(("name", "sub", "option"), VALUED)
def test_no_option_value_is_read_as_a_package(root, name, sub, option):
    """The class behind ``pip install --progress-bar off …`` naming ``off``: every option
    a tool's table says takes a value keeps it, whatever the tool."""
    command = f"{name} {sub} {option} valuex lodashx".replace("  ", " ")
    packages = " ".join(_summary(f)[1].get("packages", "") for f in _run_command(root, command))
    assert "valuex" not in packages
    local = option in dependency_commands.TOOLS[name].get("local", ())  # said as a local dep
    assert local or "lodashx" in packages


REDIRECT_FIRES = [
    pytest.param(
        "pip freeze > requirements.txt",
        "overwrites requirements.txt",
        "not itemised",
        id="pip-freeze-redirect",
    ),
    pytest.param(
        "echo 'flask==3.0' >> requirements.txt",
        "appends to requirements.txt",
        "flask",
        id="echo-append",
    ),
    pytest.param(
        'cat > package.json <<EOF\n{"dependencies": {"express": "^4"}}\nEOF\n',
        "overwrites package.json",
        "express",
        id="heredoc",
    ),
    pytest.param(
        "printf 'serde = \"1\"\\n' | tee -a Cargo.toml",
        "appends to Cargo.toml",
        "not itemised",
        id="tee-append",
    ),
    pytest.param("sed -i 's/1.0/2.0/' go.mod", "edits go.mod", "not itemised", id="sed-in-place"),
    pytest.param(
        'sed -i.bak -e \'s/"zod": "3"/"zod": "4"/\' package.json',
        "edits package.json",
        "not itemised",
        id="sed-backup-suffix-expression",
    ),
    pytest.param(
        "sed -Ei 's/x/y/' package.json", "edits package.json", "not itemised", id="sed-Ei"
    ),
    pytest.param(
        'perl -pi -e \'s/rails", "7.0/rails", "7.1/\' Gemfile',
        "edits Gemfile",
        "not itemised",
        id="perl-pi",
    ),
    pytest.param(
        "perl -i.orig -pe 's/1.0/2.0/' requirements.txt",
        "edits requirements.txt",
        "not itemised",
        id="perl-i-suffix",
    ),
    pytest.param(
        "perl -0777 -pi -e 's/a/b/' Cargo.toml", "edits Cargo.toml", "not itemised", id="perl-0777"
    ),
    pytest.param(
        "ruby -i -pe 'gsub(/1.0/, \"2.0\")' Gemfile", "edits Gemfile", "not itemised", id="ruby-i"
    ),
    pytest.param(
        "gawk -i inplace '{sub(/1.0/, \"2.0\")} 1' requirements.txt",
        "edits requirements.txt",
        "not itemised",
        id="gawk-inplace",
    ),
    pytest.param(
        "awk --include=inplace '1' pyproject.toml",
        "edits pyproject.toml",
        "not itemised",
        id="awk-include-inplace",
    ),
    pytest.param(
        "jq '.dependencies.zod = \"4\"' package.json > tmp.json && mv tmp.json package.json",
        "overwrites package.json",
        "not itemised",
        id="mv-onto-manifest",
    ),
    pytest.param(
        "cp ../template/pyproject.toml pyproject.toml",
        "overwrites pyproject.toml",
        "not itemised",
        id="cp-onto-manifest",
    ),
]


@pytest.mark.parametrize(("command", "verb", "packages"), REDIRECT_FIRES)
def test_shell_writes_to_dependency_files_fire(root, command, verb, packages):
    (finding,) = _run_command(root, command)
    variant, values = _summary(finding)
    assert variant == "command"
    assert values["manager"] == "shell"
    assert values["action"] == f"{verb} through the shell instead of the package manager"
    assert values["packages"] == packages


def test_powershell_commands(root):
    findings = _run_command(
        root,
        "Install-Package Newtonsoft.Json -Version 13.0.1; "
        "& 'C:\\Py\\python.exe' -m pip install flask",
        tool="PowerShell",
    )
    assert [(f.value_map()["manager"], f.value_map()["packages"]) for f in findings] == [
        ("Install-Package", "Newtonsoft.Json"),
        ("pip", "flask"),
    ]
    assert findings[0].value_map()["action"] == DECLARE_ADD
    assert _run_command(root, "Write-Host 'npm i x' # pip install y", tool="PowerShell") == []
    (finding,) = _run_command(root, "pwsh -Command 'npm i zx'")
    assert finding.value_map()["packages"] == "zx"


def test_command_key_and_secret_flags(root):
    (finding,) = _run_command(
        root, "NPM_TOKEN=abc npm i private-pkg --registry https://u:pw@npm.example.com"
    )
    values = finding.value_map()
    assert "abc" not in values["command"]
    assert "pw@" not in values["command"]
    assert finding.key == "npm private-pkg"


COMMAND_SILENT = [
    pytest.param("ls -la", id="ls"),
    pytest.param("pytest -q", id="pytest"),
    pytest.param("npm ci", id="npm-ci"),
    pytest.param("npm pkg set name=demo scripts.test=vitest", id="npm-pkg-set-other-keys"),
    pytest.param("npm pkg get dependencies", id="npm-pkg-get"),
    pytest.param("npm install", id="npm-install-bare"),
    pytest.param("npm run build", id="npm-run"),
    pytest.param("npm test", id="npm-test"),
    pytest.param("npx create-vite app", id="npx"),
    pytest.param("yarn", id="yarn-bare"),
    pytest.param("yarn install --frozen-lockfile", id="yarn-install"),
    pytest.param("pnpm install", id="pnpm-install"),
    pytest.param("pnpm dlx cowsay", id="pnpm-dlx"),
    pytest.param("pip install -r requirements.txt", id="pip-install-r"),
    pytest.param("pip install -e .", id="pip-editable-project"),
    pytest.param("pip list", id="pip-list"),
    pytest.param("pip freeze", id="pip-freeze"),
    pytest.param("uv sync --frozen", id="uv-sync"),
    pytest.param("uvx ruff check", id="uvx"),
    pytest.param("uv run --with rich python x.py", id="uv-run-with"),
    pytest.param("poetry install", id="poetry-install"),
    pytest.param("cargo build --release", id="cargo-build"),
    pytest.param("cargo tree", id="cargo-tree"),
    pytest.param("go build ./...", id="go-build"),
    pytest.param("go mod download", id="go-mod-download"),
    pytest.param("bundle install", id="bundle-install"),
    pytest.param("bundle exec rspec", id="bundle-exec"),
    pytest.param("apt-get update", id="apt-update"),
    pytest.param("pacman -Ss vim", id="pacman-search"),
    pytest.param("dotnet restore", id="dotnet-restore"),
    pytest.param("dotnet list package", id="dotnet-list"),
    pytest.param('echo "pip install foo"', id="echo-quoted"),
    pytest.param('git commit -m "npm i x"', id="git-commit-message"),
    pytest.param("# npm install x", id="comment"),
    pytest.param("ls # npm install x", id="trailing-comment"),
    pytest.param("git add package.json", id="git-add"),
    pytest.param("cat package.json", id="cat-manifest"),
    pytest.param("pip freeze > /tmp/freeze.log", id="freeze-to-log"),
    pytest.param("npm run build 2>/dev/null > build.log", id="npm-log-only"),
    pytest.param("make deps", id="make-opaque"),
    pytest.param("terraform plan", id="terraform-plan"),
    pytest.param("helm dependency build", id="helm-build"),
    pytest.param("docker run img pip install x", id="docker-run-opaque"),
    pytest.param("python script.py install", id="python-script"),
    pytest.param("sh setup.sh", id="sh-script"),
    pytest.param("command -v npm", id="command-v"),
    pytest.param("sed -n '1,5p' package.json", id="sed-print"),
    pytest.param("sed 's/a/b/' package.json > /tmp/out.json", id="sed-to-elsewhere"),
    pytest.param("perl -ne 'print if /rails/' Gemfile", id="perl-read"),
    pytest.param("perl -Mstrict -e 'print 1' Gemfile", id="perl-module-option"),
    pytest.param("awk '{print $1}' requirements.txt", id="awk-read"),
    pytest.param("ruby -e 'puts File.read(\"Gemfile\")'", id="ruby-read"),
    pytest.param("cp package.json /tmp/package.json.bak", id="cp-manifest-away"),
    pytest.param("mv notes.txt docs/", id="mv-unrelated"),
    pytest.param("pip install --dry-run requests", id="pip-dry-run"),
    pytest.param("npm install --help", id="npm-install-help"),
]


@pytest.mark.parametrize("command", COMMAND_SILENT)
def test_commands_silent(root, command):
    assert _run_command(root, command) == []


def test_silent_path_imports_nothing_heavy(root):
    code = f"""
import sys
from caveat.event import Event, FileEdit
from caveat.guards import dependency
from caveat.guards.base import Context
root = {root!r}
for event in (
    Event("PreToolUse", tool="Write", edits=(FileEdit(root + "/notes.md", "x"),), cwd=root),
    Event("PreToolUse", tool="Write", edits=(FileEdit(root + "/src/app.py", "x"),), cwd=root),
    Event("PreToolUse", tool="Bash", command="ls -la", cwd=root),
    Event("PreToolUse", tool="Bash", command="pytest -q", cwd=root),
):
    assert dependency.check(event, Context(event, env={{}})) == []
print(sorted(m for m in ("re", "pathspec", "json", "caveat.common.shell") if m in sys.modules))
"""
    out = subprocess.run(
        [sys.executable, "-I", "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


def test_odd_input_does_not_raise(root):
    odd = [
        FileEdit("", ""),
        FileEdit("relative/package.json", "\x00\xff{{{"),
        FileEdit(root + "/package.json", '{"dependencies": {"a": ', FRAGMENT, "zzz"),
        FileEdit(root + "/Cargo.toml", "[dependencies\nx = {", HUNK, "["),
        FileEdit(root + "/go.mod", "require (\n" * 1000),
    ]
    for edit in odd:
        event = Event("PreToolUse", tool="Edit", edits=(edit,), cwd=root)
        check("dependency", event, Context(event, env={}))
    for command in ("", "'", '"', "$(", "`", "npm i $(", "<<EOF", "bash -c", "python -m"):
        _run_command(root, command)


@pytest.mark.parametrize("name", sorted({*dependency_commands.TOOLS, *dependency_commands.ALIASES}))
def test_every_tool_passes_the_command_prefilter(name):
    assert dependency.command_may_match(f"{name} add x")


def test_huge_manifest_speaks_without_names(root):
    deps = ",".join(f'"p{i}": "^1.0.{i}"' for i in range(60_000))
    (finding,) = _run_files(root, [("package.json", '{"dependencies": {' + deps + "}}")])
    assert finding.value_map()["packages"].startswith("not itemised: the file is too large")


def test_a_command_that_names_packages_loads_no_manifest_parser(tmp_path):
    from tests.helpers import isolated_words

    code = (
        "import sys\n"
        "from caveat.event import Event\n"
        "from caveat.guards import dependency\n"
        "from caveat.guards.base import Context\n"
        f"e = Event('PreToolUse', tool='Bash', command='npm i lodash', cwd={str(tmp_path)!r})\n"
        "found = dependency.check(e, Context(e, env={}))\n"
        "print(len(found), *sorted(m for m in sys.modules if '.manifest_' in m))\n"
    )
    loaded = ["caveat.guards.dependency.manifest_diff", "caveat.guards.dependency.manifest_util"]
    assert isolated_words(code) == ["1", *loaded]


@pytest.mark.parametrize("padding", ["echo " + "a" * 1_100_000 + " && ", "echo 'a b';\n" * 100_000])
def test_an_install_after_a_megabyte_of_padding_fires(root, padding):
    findings = _run_command(root, padding + "npm install lodahs")
    assert [(f.variant, f.value_map()["packages"]) for f in findings] == [("command", "lodahs")]


def test_a_command_line_too_long_to_read_whole_says_so(root):
    from caveat.common.shell import MAX_INPUT

    text = "npm install lodahs; echo " + "a" * MAX_INPUT + "; pip install requets"
    findings = _run_command(root, text)
    assert [f.variant for f in findings] == ["command", "unread"]
    assert findings[-1].value_map() == {"unread": f"characters {MAX_INPUT + 1:,}–{len(text):,}"}
