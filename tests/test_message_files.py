"""Every bundled message is well-formed, and what each Advisory renders to is
snapshotted, so a change in what the model reads shows up in review."""

from __future__ import annotations

import os
import re

import pytest

from caveat import messages
from caveat.guards import all_guards
from caveat.msgparse import BODY
from caveat.msgparse import bindings
from caveat.msgparse import parse

FOLDER = messages.bundled_dir()
FILES = sorted(n for n in os.listdir(FOLDER) if n.endswith(".md")) if os.path.isdir(FOLDER) else []
ADVISORY_BUDGET = 1200
PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)\}(?!\})")


def sections_of(name):
    with open(os.path.join(FOLDER, name), encoding="utf-8") as handle:
        return parse(handle.read())


def advisories(sections):
    """The sections that can reach the model: Advisory and After, with their variants."""
    heads = ("Advisory", "After")
    return {
        k: v
        for k, v in sections.items()
        if k in heads or k.startswith(tuple(h + ": " for h in heads))
    }


# Custom rules carry their own text: "custom" names the rule files, not a message.
RULE_FILES = "custom"


def test_every_guard_has_its_messages():
    for guard in all_guards():
        for message in guard.MESSAGES:
            if message == RULE_FILES:
                continue
            assert f"{message}.md" in FILES, f"guard {guard.ID} binds to missing {message}.md"


@pytest.mark.parametrize("name", FILES)
def test_message_is_well_formed(name):
    sections = sections_of(name)
    assert advisories(sections), "no ## Advisory section"
    assert "Procedure" in sections, "no ## Procedure section"
    declared = bindings(sections.get("Bindings", ""))
    guard_ids = {g.ID for g in all_guards()}
    assert declared.get("guard") and set(declared["guard"]) <= guard_ids
    placeholders = set(declared.get("placeholders", []))
    for heading, text in advisories(sections).items():
        assert len(text) <= ADVISORY_BUDGET, f"{heading} is {len(text)} characters"
        used = set(PLACEHOLDER.findall(text))
        assert used <= placeholders, f"{heading} uses undeclared {sorted(used - placeholders)}"
    assert "${" not in sections[BODY]


@pytest.mark.parametrize("name", FILES)
def test_rendered_advisories(name, snapshot):
    sections = sections_of(name)
    declared = bindings(sections.get("Bindings", ""))
    sample = {p: f"<{p}>" for p in declared.get("placeholders", [])}
    rendered = {}
    for heading, text in sorted(advisories(sections).items()):
        body = messages.fill(text, sample)
        rendered[heading] = f"{body}\n\nFull procedure: <messages>/{name}"
    assert rendered == snapshot
