"""What the dependency guard's test modules share: a project folder with a ``.git``."""

from __future__ import annotations

import os

import pytest


@pytest.fixture
def project(tmp_path):
    os.mkdir(tmp_path / ".git")
    return str(tmp_path)
