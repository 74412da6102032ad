"""In-repo and local dependencies (paths, workspace members, local wheels and folders)
get no registry advice: a change of only those is silent, and beside registry changes
they are named in one sentence of their own."""

from __future__ import annotations

import pytest

from tests.guards.dependency.support import only
from tests.guards.dependency.support import run_command
from tests.guards.dependency.support import run_file

NOTE = "In-repo and local dependencies it changes too, which no registry serves: "

CARGO = """[package]
name = "rg"

[dependencies]
globset = { version = "0.4.15", path = "crates/globset" }
grep = { version = "0.3.2", path = "crates/grep" }
anyhow = "1.0"
"""

PKG = """{
  "name": "web",
  "dependencies": {
    "@app/ui": "workspace:*",
    "react": "^18.2.0"
  }
}
"""

SILENT = [
    pytest.param(
        "Cargo.toml",
        CARGO.replace('"0.4.15", path', '"0.4.16", path'),
        CARGO,
        id="cargo-path-version-bump",
    ),
    pytest.param(
        "Cargo.toml",
        CARGO.replace('anyhow = "1.0"', 'anyhow = "1.0"\nignore = { path = "crates/ignore" }'),
        CARGO,
        id="cargo-path-added",
    ),
    pytest.param(
        "crates/core/Cargo.toml",
        '[package]\nname = "core"\n\n[dependencies]\nserde = { workspace = true }\n'
        "bstr.workspace = true\n",
        None,
        id="cargo-workspace-true-write",
    ),
    pytest.param(
        "Cargo.toml",
        CARGO + '\n[dependencies.printer]\nversion = "0.2"\npath = "crates/printer"\n',
        CARGO,
        id="cargo-dotted-table-path",
    ),
    pytest.param(
        "Cargo.toml",
        CARGO + '\n[patch.crates-io]\nregex = { path = "../regex" }\n',
        CARGO,
        id="cargo-patch-path",
    ),
    pytest.param(
        "Cargo.toml",
        CARGO.replace('anyhow = "1.0"', 'anyhow = { path = "../anyhow" }'),
        CARGO,
        id="cargo-registry-turned-path",
    ),
    pytest.param(
        "package.json",
        PKG.replace('"workspace:*"', '"workspace:^"'),
        PKG,
        id="npm-workspace-range",
    ),
    pytest.param(
        "package.json",
        PKG.replace(
            '"react"', '"@app/core": "file:../core",\n    "@app/x": "link:../x",\n    "react"'
        ),
        PKG,
        id="npm-file-and-link",
    ),
    pytest.param(
        "go.mod",
        "module example.com/app\n\nrequire example.com/lib v1.0.0\n\n"
        "replace example.com/lib => ./lib\n",
        "module example.com/app\n\nrequire example.com/lib v1.0.0\n",
        id="go-replace-folder",
    ),
    pytest.param(
        "requirements.txt",
        "requests==2.31\n-e ./pkg#egg=pkg\n./dist/app-1.0-py3-none-any.whl\n"
        "dist/tool-2.0.tar.gz\n.[test]\n-e .\n",
        "requests==2.31\n",
        id="requirements-local-wheels-folders-extras",
    ),
    pytest.param(
        "pyproject.toml",
        '[project]\nname = "a"\ndependencies = ["b @ file:///${PROJECT_ROOT}/b"]\n',
        '[project]\nname = "a"\ndependencies = []\n',
        id="pyproject-file-reference",
    ),
    pytest.param(
        "pyproject.toml",
        '[project]\nname = "a"\ndependencies = ["uv-cache"]\n\n'
        "[tool.uv.sources]\nuv-cache = { workspace = true }\n",
        '[project]\nname = "a"\ndependencies = []\n',
        id="pyproject-uv-workspace-member",
    ),
    pytest.param(
        "pyproject.toml",
        '[tool.poetry.dependencies]\npython = "^3.11"\nlib = { path = "../lib", develop = true }\n',
        '[tool.poetry.dependencies]\npython = "^3.11"\n',
        id="poetry-path",
    ),
    pytest.param(
        "Pipfile",
        '[packages]\nrequests = "*"\napp = { path = ".", editable = true }\n',
        '[packages]\nrequests = "*"\n',
        id="pipfile-path",
    ),
    pytest.param(
        "Gemfile",
        'source "https://rubygems.org"\ngem "rails", "~> 7.1"\ngem "engine", path: "engines/x"\n',
        'source "https://rubygems.org"\ngem "rails", "~> 7.1"\n',
        id="gemfile-path",
    ),
    pytest.param(
        "infra/main.tf",
        'module "vpc" {\n  source = "./modules/vpc"\n}\n',
        None,
        id="terraform-local-module",
    ),
]


@pytest.mark.parametrize(("rel", "text", "disk"), SILENT)
def test_only_local_changes_are_silent(project, rel, text, disk):
    assert run_file(project, rel, text, disk=disk) == []


FIRES = [
    pytest.param(
        "Cargo.toml",
        CARGO.replace('anyhow = "1.0"', 'anyhow = "1.0"\nregex = "1.10"\nignore = { path = "ig" }'),
        CARGO,
        "regex 1.10 (added)",
        NOTE + "ignore path=ig (added).",
        id="cargo-registry-beside-path",
    ),
    pytest.param(
        "Cargo.toml",
        CARGO.replace('{ version = "0.4.15", path = "crates/globset" }', '"0.4"'),
        CARGO,
        "globset 0.4.15 path=crates/globset→0.4 (re-versioned)",
        "",
        id="cargo-path-turned-registry",
    ),
    pytest.param(
        "package.json",
        PKG.replace('"react"', '"@app/core": "file:../core",\n    "zod": "3.22.4",\n    "react"'),
        PKG,
        "zod 3.22.4 (added)",
        NOTE + "@app/core file:../core (added).",
        id="npm-registry-beside-file",
    ),
    pytest.param(
        "requirements.txt",
        "requests==2.31\n./dist/app-1.0-py3-none-any.whl\nhttpx==0.27\n",
        "requests==2.31\n",
        "httpx ==0.27 (added)",
        NOTE + "./dist/app-1.0-py3-none-any.whl (local) (added).",
        id="requirements-registry-beside-wheel",
    ),
    pytest.param(
        "requirements.txt",
        "requests==2.31\nhttps://example.org/x-1.0-py3-none-any.whl\n",
        "requests==2.31\n",
        "https://example.org/x-1.0-py3-none-any.whl (added)",
        "",
        id="requirements-remote-wheel-is-fetched",
    ),
]


@pytest.mark.parametrize(("rel", "text", "disk", "packages", "local"), FIRES)
def test_registry_changes_speak_and_local_ones_get_one_line(
    project, rel, text, disk, packages, local
):
    values = only(run_file(project, rel, text, disk=disk))
    assert values["packages"] == packages
    assert values["local"] == local


COMMAND_SILENT = [
    "npm install ./pkg",
    "npm install ./pkg-1.0.0.tgz",
    "npm install file:../core",
    "yarn add link:../x",
    "pnpm add @app/ui@workspace:*",
    "pip install ./dist/x-1.0-py3-none-any.whl",
    "pip install dist/x-1.0-py3-none-any.whl",
    "pip install x-1.0.tar.gz",
    "pip install x-1.0.zip",
    "npm install ./build/x.zip",
    "pip install -e .",
    "pip install -e '.[dev]'",
    "pip install '.[test]'",
    "pip install .[test]",
    "pip install src/pkg",
    "python -m pip install --no-deps ./build/wheel",
    "uv add ../lib",
    "uv pip install -e ./packages/core",
    "poetry add ../x/dist/x-1.0-py3-none-any.whl",
    "cargo add --path ../x",
    "cargo add globset --path crates/globset",
    "cargo add --path=crates/grep grep",
    "cargo install --path .",
    "pip install ${PACKAGE_NAME} --no-index --find-links dist/ --force-reinstall",
    "uv pip install app --no-index --find-links crates/dist",
    "python -m pip install -e . --group typecheck",
]


@pytest.mark.parametrize("command", COMMAND_SILENT)
def test_local_installs_name_no_registry_package(project, command):
    assert run_command(project, command) == []


COMMAND_FIRES = [
    pytest.param("pip install .[test] pytest", "pytest", id="pip-local-beside-registry"),
    pytest.param("npm install -D ./pkg lodash", "lodash", id="npm-local-beside-registry"),
    pytest.param(
        "pip install https://example.org/x-1.0-py3-none-any.whl",
        "https://example.org/x-1.0-py3-none-any.whl",
        id="pip-remote-wheel",
    ),
    pytest.param("npm install user/repo", "user/repo", id="npm-github-shorthand"),
    pytest.param("npm install lodash.zip", "lodash.zip", id="npm-name-ending-in-zip"),
    pytest.param("cargo add serde", "serde", id="cargo-registry"),
    pytest.param("pip install app --find-links dist/", "app", id="find-links-beside-the-index"),
    pytest.param("cargo add serde --git https://g/x", "serde", id="cargo-git-is-fetched"),
    pytest.param("go get github.com/x/y@v1", "github.com/x/y@v1", id="go-module-path"),
]


@pytest.mark.parametrize(("command", "packages"), COMMAND_FIRES)
def test_registry_names_beside_local_ones_still_speak(project, command, packages):
    values = only(run_command(project, command))
    assert values["variant"] == "command"
    assert values["packages"] == packages


def test_plan_mode_still_sees_a_local_add_as_a_manifest_change():
    from caveat.guards.packages import package_change

    assert package_change(["cargo", "add", "--path", "../x"]) == (
        "adds dependencies to the project manifest"
    )
    assert package_change(["pip", "install", "-e", "."]) != ""


ROOT_PYPROJECT = """[project]
name = "root"
dependencies = []

[tool.uv.workspace]
members = ["members/*"]

[tool.uv.sources]
member-b = { workspace = true }
vendored = { path = "vendor/vendored" }
"""

MEMBER = '[project]\nname = "member-a"\ndependencies = ["httpx>=0.27"]\n'


@pytest.mark.parametrize(
    ("text", "packages", "local"),
    [
        pytest.param(
            MEMBER.replace('"httpx>=0.27"', '"httpx>=0.27", "member-b", "vendored"'),
            None,
            None,
            id="workspace-members-only",
        ),
        pytest.param(
            MEMBER.replace('"httpx>=0.27"', '"httpx>=0.28", "member-b"'),
            "httpx >=0.27→>=0.28 (re-versioned)",
            NOTE + "member-b (added).",
            id="registry-beside-workspace-member",
        ),
        pytest.param(
            MEMBER.replace('"httpx>=0.27"', '"httpx>=0.27", "member-c"'),
            "member-c (added)",
            "",
            id="name-the-workspace-does-not-serve",
        ),
    ],
)
def test_uv_workspace_members_are_local(project, text, packages, local):
    import os

    with open(os.path.join(project, "pyproject.toml"), "w", encoding="utf-8") as handle:
        handle.write(ROOT_PYPROJECT)
    found = run_file(project, "members/a/pyproject.toml", text, disk=MEMBER)
    if packages is None:
        assert found == []
    else:
        values = only(found)
        assert (values["packages"], values["local"]) == (packages, local)
