"""Fixtures the tests of more than one guard package use."""

from __future__ import annotations

import pytest

from caveat.harnesses import claude


@pytest.fixture
def dirs(tmp_path):
    """A project (a git root), a home folder and a scratch (temp) folder."""
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    home = tmp_path / "home"
    home.mkdir()
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    return {"project": str(project), "home": str(home), "scratch": str(scratch)}


@pytest.fixture
def forwards_stop(monkeypatch):
    """A Claude contract that hands Stop context to the model."""
    monkeypatch.setattr(claude, "CONTEXT_EVENTS", claude.CONTEXT_EVENTS | {"Stop", "PreCompact"})
