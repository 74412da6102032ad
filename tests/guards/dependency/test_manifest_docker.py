"""Dockerfiles: ``FROM`` read through ``ARG``/``ENV`` values, version arguments and
``ENV *_VERSION``, and the packages ``RUN`` lines install."""

from __future__ import annotations

import pytest

from caveat.guards.dependency.manifest_docker import dockerfile
from tests.guards.dependency.support import only
from tests.guards.dependency.support import run_file

ARG_BASE = """ARG BASE=python:3.11-slim
FROM ${BASE} AS build
RUN pip install -r requirements.txt
FROM build
"""

ARG_TAG = """ARG PY=3.11
ARG NODE_VERSION=20
FROM python:${PY}-slim
FROM node:$NODE_VERSION-alpine AS tools
"""

ENV_VERSION = """FROM debian:12
ENV NODE_VERSION=20.11.0 PATH=/usr/local/bin:$PATH
ENV YARN_VERSION 1.22.19
RUN curl -fsSL https://nodejs.org/dist/v${NODE_VERSION}/node.tar.xz | tar -xJ
"""

APT = """FROM debian:12
RUN apt-get update \\
    # the build tools
    && apt-get install -y --no-install-recommends \\
        curl=7.88.1-10 \\
        git \\
    && rm -rf /var/lib/apt/lists/*
RUN apk add --no-cache bash
RUN pip install --no-cache-dir requests==2.31.0
"""

FIRES = [
    pytest.param(
        ARG_BASE.replace("3.11-slim", "3.12-slim"),
        ARG_BASE,
        "python 3.11-slim→3.12-slim (re-versioned)",
        id="arg-base-through-from",
    ),
    pytest.param(
        ARG_TAG.replace("PY=3.11", "PY=3.12"),
        ARG_TAG,
        "python 3.11-slim→3.12-slim (re-versioned)",
        id="arg-in-image-tag",
    ),
    pytest.param(
        ARG_TAG.replace("NODE_VERSION=20", "NODE_VERSION=22"),
        ARG_TAG,
        "node 20-alpine→22-alpine (re-versioned)",
        id="version-arg-read-by-from-is-said-once",
    ),
    pytest.param(
        ENV_VERSION.replace("20.11.0", "22.2.0"),
        ENV_VERSION,
        "NODE_VERSION 20.11.0→22.2.0 (re-versioned)",
        id="env-version-equals-form",
    ),
    pytest.param(
        ENV_VERSION.replace("1.22.19", "1.22.22"),
        ENV_VERSION,
        "YARN_VERSION 1.22.19→1.22.22 (re-versioned)",
        id="env-version-legacy-form",
    ),
    pytest.param(
        APT.replace("        git \\\n", "        git \\\n        jq \\\n"),
        APT,
        "jq (Debian) (added)",
        id="apt-get-install-added",
    ),
    pytest.param(
        APT.replace("curl=7.88.1-10", "curl=8.5.0-1"),
        APT,
        "curl (Debian) 7.88.1-10→8.5.0-1 (re-versioned)",
        id="apt-get-pin-moved",
    ),
    pytest.param(
        APT.replace("apk add --no-cache bash", "apk add --no-cache bash openssl=3.1.4-r5"),
        APT,
        "openssl (Alpine) 3.1.4-r5 (added)",
        id="apk-add",
    ),
    pytest.param(
        APT.replace("requests==2.31.0", "requests==2.32.3"),
        APT,
        "requests (PyPI) ==2.31.0→==2.32.3 (re-versioned)",
        id="pip-install-in-run",
    ),
    pytest.param(
        ARG_TAG + "ARG CARGO_XWIN\nRUN cargo install --locked cargo-xwin@0.21.4\n",
        ARG_TAG + "ARG CARGO_XWIN\nRUN cargo install --locked cargo-xwin@0.21.3\n",
        "cargo-xwin (Cargo) 0.21.3→0.21.4 (re-versioned)",
        id="cargo-install-name-at-version",
    ),
    pytest.param(
        "ARG SNAP=20260301T0Z\nFROM debian:12\nRUN apt install -y --snapshot ${SNAP} curl jq\n",
        "ARG SNAP=20260301T0Z\nFROM debian:12\nRUN apt install -y --snapshot ${SNAP} curl\n",
        "jq (Debian) (added)",
        id="apt-option-values-are-not-packages",
    ),
    pytest.param(
        APT.replace("RUN apk add", "RUN sudo sh -c 'apt-get install -y ripgrep' && apk add"),
        APT,
        "ripgrep (Debian) (added)",
        id="install-behind-a-wrapper",
    ),
]


@pytest.mark.parametrize(("text", "disk", "packages"), FIRES)
def test_dockerfile_changes_are_named(project, text, disk, packages):
    values = only(run_file(project, "Dockerfile", text, disk=disk))
    assert values["variant"] == "reference"
    assert values["packages"] == packages


SILENT = [
    pytest.param(
        APT.replace("--no-install-recommends \\\n", "--no-install-recommends --quiet \\\n"),
        APT,
        id="flags-only",
    ),
    pytest.param(
        APT.replace(
            "        curl=7.88.1-10 \\\n        git \\\n", "        git curl=7.88.1-10 \\\n"
        ),
        APT,
        id="packages-reordered",
    ),
    pytest.param(
        ENV_VERSION.replace("PATH=/usr/local/bin", "PATH=/opt/bin"), ENV_VERSION, id="env-path"
    ),
    pytest.param("ARG USER=app\n" + ARG_BASE, ARG_BASE, id="unrelated-arg"),
    pytest.param(
        APT.replace("bash\n", "bash\nRUN apt-get install -y $EXTRA_PACKAGES\n"),
        APT,
        id="packages-the-build-supplies",
    ),
    pytest.param(
        ARG_BASE.replace("FROM build\n", "FROM build AS final\n"), ARG_BASE, id="stage-reference"
    ),
    pytest.param(
        APT.replace("bash\n", "bash\nRUN pip install --no-cache-dir -r requirements.txt\n"),
        APT,
        id="pip-install-of-a-requirements-file",
    ),
]


@pytest.mark.parametrize(("text", "disk"), SILENT)
def test_dockerfile_changes_that_pull_in_nothing_new(project, text, disk):
    assert run_file(project, "Dockerfile", text, disk=disk) == []


def test_an_argument_without_default_keeps_the_global_one():
    text = "ARG X_VERSION=1.2\nFROM debian:12\nARG X_VERSION\nARG BUILD_VERSION\n"
    text += "RUN npm install -g x@${X_VERSION}\n"
    assert dockerfile(text, True) == {"debian": "12", "x (npm)": "1.2", "X_VERSION": "1.2"}
    assert dockerfile("FROM scratch\nCOPY a /\n", True) == {}


def test_an_unknown_argument_stays_as_written():
    assert dockerfile("FROM ${REGISTRY}/app:${TAG:-1.0}\n", True) == {"${REGISTRY}/app": "1.0"}


def test_an_unterminated_continuation_and_odd_input_do_not_raise():
    assert dockerfile("RUN apt-get install -y \\\n  curl \\", True) == {"curl (Debian)": ""}
    dockerfile("FROM ${\nARG\nENV =\nRUN 'unterminated apt-get install", True)
