from __future__ import annotations

from caveat.common.msgparse import BODY
from caveat.common.msgparse import TITLE
from caveat.common.msgparse import bindings
from caveat.common.msgparse import front_matter
from caveat.common.msgparse import parse

MESSAGE = """<!-- SPDX-License-Identifier: MIT -->
# Dependency change

## Advisory
You changed {path}.
<!-- maintainer note: keep this short -->
Check {packages}.

## Advisory: lockfile
Regenerate {path} with `{regenerate}`.

## Procedure
1. Step one.

```markdown
## Not a heading
<!-- kept: inside a code block -->
```

2. Step two <!-- inline comments stay -->.

## Bindings
- guard: dependency
- events: PreToolUse, PostToolUse
- placeholders: path, packages, regenerate

## After bindings
never shown
"""


def test_sections():
    sections = parse(MESSAGE)
    assert sections[TITLE] == "Dependency change"
    assert sections["Advisory"] == "You changed {path}.\nCheck {packages}."
    assert sections["Advisory: lockfile"] == "Regenerate {path} with `{regenerate}`."
    assert "## Not a heading" in sections["Procedure"]
    assert "<!-- kept: inside a code block -->" in sections["Procedure"]
    assert "inline comments stay" in sections["Procedure"]
    assert "Not a heading" not in sections


def test_body_drops_comments_and_everything_from_bindings():
    body = parse(MESSAGE)[BODY]
    assert body.startswith("# Dependency change")
    assert "SPDX" not in body
    assert "maintainer note" not in body
    assert "Bindings" not in body
    assert "never shown" not in body
    assert body.rstrip().endswith("2. Step two <!-- inline comments stay -->.")


def test_bindings():
    assert bindings(parse(MESSAGE)["Bindings"]) == {
        "guard": ["dependency"],
        "events": ["PreToolUse", "PostToolUse"],
        "placeholders": ["path", "packages", "regenerate"],
    }


def test_message_without_sections():
    sections = parse("just text\n")
    assert sections == {BODY: "just text"}


def test_front_matter_is_not_part_of_any_section():
    source = "---\nevent: PreToolUse\ntools: [Write]\n---\n# Rule\n\n## Advisory\nDo the thing.\n"
    sections = parse(source)
    assert sections["Advisory"] == "Do the thing."
    assert "event" not in sections[BODY] and "event: PreToolUse" not in sections
    assert front_matter(source) == "event: PreToolUse\ntools: [Write]"
    assert front_matter("# no front matter\n---\n") == ""
