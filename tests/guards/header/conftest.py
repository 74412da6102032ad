"""The header guard's tests' project."""

from __future__ import annotations

import os

import pytest

from tests.guards.header.helpers import put


@pytest.fixture
def root(tmp_path):
    """A REUSE project with one license (MIT), marked as a git root by a bare ``.git``
    folder (no HEAD: the tracked-file verdict is never needed)."""
    folder = str(tmp_path / "proj")
    os.makedirs(os.path.join(folder, ".git"))
    put(folder, "LICENSES/MIT.txt", "MIT License\n")
    return folder
