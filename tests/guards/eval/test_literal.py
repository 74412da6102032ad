"""Literal-first matching finds what ``finditer`` finds, on every primitive of every
language, over the texts of the eval guard's fixture tables."""

from __future__ import annotations

import re

import pytest

from caveat.guards.eval import literal
from caveat.guards.eval.primitives import LANGUAGES
from caveat.guards.eval.primitives import tables
from caveat.guards.eval.scan import views
from tests.guards.eval import test_classes
from tests.guards.eval import test_eval

TEXTS = "\n".join(
    str(row.values[1] if hasattr(row, "marks") else row[1])
    for table in (test_eval.FIRING, test_eval.SILENT, test_classes.FIRING, test_classes.SILENT)
    for row in table
)


@pytest.mark.parametrize("language", sorted(tables()))
def test_matches_are_those_of_finditer(language, monkeypatch):
    monkeypatch.setattr(literal, "SMALL", 0)  # literal-first on every view
    lang = LANGUAGES[language]
    flags = re.IGNORECASE if lang.ci else 0
    code, plain = views(TEXTS, language)
    for prim in tables()[language]:
        for view in (code, plain):
            hay = view.lower() if flags else None
            fast = [m.span() for m in literal.matches(prim.pattern, view, flags, hay)]
            slow = [m.span() for m in re.finditer(prim.pattern, view, flags)]
            assert fast == slow, prim.id


def test_split_takes_the_first_top_level_literal_run():
    source = r"(?<![\w.])(?:builtins\.)?eval\s*\("
    at = source.index("eval")
    assert literal.split(source) == (at, at + 4)
    assert literal.split(r"`[^`\n]{0,400}?\$") is None  # a quantifier's bounds are no literal
    assert literal.split(r"a|evaluate") is None  # a top-level alternation
    assert literal.alternatives(r"\b(?:setTimeout|setInterval)\s*\(") == (
        2,
        ("setTimeout", "setInterval"),
    )
    assert literal.alternatives(r"(?:new\s+)?x") is None


def test_a_pattern_whose_suffix_needs_its_prefix_falls_back():
    source = r"(?P<q>['\"])eval(?P=q)"
    assert literal._plan(source, 0) is None
    assert [m.group() for m in literal.matches(source, "x = 'eval' + \"eval\"")] == [
        "'eval'",
        '"eval"',
    ]
