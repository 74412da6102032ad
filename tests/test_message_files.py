"""Every bundled message is well-formed, and what each Advisory renders to is
snapshotted, so a change in what the model reads shows up in review."""

from __future__ import annotations

import os

import pytest

from caveat import messages
from caveat.commands import message_lint
from caveat.commands import message_sections
from caveat.commands import messages as lint
from caveat.common.msgparse import bindings
from caveat.common.msgparse import parse

FOLDER = messages.bundled_dir()
FILES = sorted(n for n in os.listdir(FOLDER) if n.endswith(".md")) if os.path.isdir(FOLDER) else []
# Context files are injected whole: no Advisory to snapshot.
ADVISORY_FILES = [n for n in FILES if n[:-3] not in message_sections.CONTEXT_FILES]


def sections_of(name):
    with open(os.path.join(FOLDER, name), encoding="utf-8") as handle:
        return parse(handle.read())


advisories = message_sections.advisories


def test_every_guard_has_its_messages():
    """The shared lint (``caveat messages check``) reports a guard without its file."""
    missing = [p for p in lint.check({}, None) if "which does not exist" in p.problem]
    assert not missing, [p.line() for p in missing]


@pytest.mark.parametrize("name", FILES)
def test_message_is_well_formed(name):
    path = os.path.join(FOLDER, name)
    found = message_lint.lint(path, name[:-3], sections_of(name))
    assert not found, [p.line() for p in found]


@pytest.mark.parametrize("name", ADVISORY_FILES)
def test_rendered_advisories(name, snapshot):
    sections = sections_of(name)
    declared = bindings(sections.get("Bindings", ""))
    sample = {p: f"<{p}>" for p in declared.get("placeholders", [])}
    rendered = {}
    for heading, text in sorted(advisories(sections).items()):
        body = messages.fill(text, sample)
        rendered[heading] = f"{body}\n\nFull procedure: <messages>/{name}"
    assert rendered == snapshot
