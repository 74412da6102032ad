"""Parse a message file with markdown-it-py into its sections.

Only reached when the parse cache has no current entry for a file: importing the
parser costs tens of milliseconds, which a firing hook should not pay every time.
"""

from __future__ import annotations

BINDINGS = "Bindings"
TITLE = "__title__"
BODY = "__body__"  # the whole text a context file injects, maintainer parts removed


def warm() -> None:
    """Import the parser (so that a deadline around ``parse`` times the parse alone)."""
    import markdown_it  # noqa: F401


def parse(source: str) -> dict[str, str]:
    """Sections by ``##`` heading text, plus the title and the stripped body.

    Whole-line HTML comments are dropped and everything from ``## Bindings`` on is
    cut from the body; the Bindings section itself is kept under its name so that
    the message linter can read it. Headings inside fenced code are not headings.
    """
    from markdown_it import MarkdownIt

    source = _without_front_matter(source)
    lines = source.splitlines()
    tokens = MarkdownIt("commonmark").parse(source)
    dropped: set[int] = set()
    headings: list[tuple[int, int, int, str]] = []  # (level, first line, end line, text)
    for index, token in enumerate(tokens):
        if token.map is None:
            continue
        first, end = token.map
        if token.type == "html_block":
            content = token.content.strip()
            if content.startswith("<!--") and content.endswith("-->"):
                dropped.update(range(first, end))
        elif token.type == "heading_open" and token.tag in ("h1", "h2"):
            inline = tokens[index + 1]
            headings.append((int(token.tag[1]), first, end, inline.content.strip()))

    def block(first: int, end: int) -> str:
        kept = [line for n, line in enumerate(lines[first:end], first) if n not in dropped]
        return "\n".join(kept).strip("\n")

    sections: dict[str, str] = {}
    cut = len(lines)
    h2 = [h for h in headings if h[0] == 2]
    for position, (_, first, end, name) in enumerate(h2):
        stop = h2[position + 1][1] if position + 1 < len(h2) else len(lines)
        sections.setdefault(name, block(end, stop).strip())
        if name == BINDINGS and cut == len(lines):
            cut = first
    titles = [h for h in headings if h[0] == 1]
    if titles:
        sections[TITLE] = titles[0][3]
    sections[BODY] = block(0, cut).strip()
    return sections


def front_matter(source: str) -> str:
    """The text between a leading ``---`` line and the next ``---`` line ("" if none)."""
    if not source.startswith("---"):
        return ""
    lines = source.splitlines()
    if lines[0].strip() != "---":
        return ""
    for index in range(1, len(lines)):
        if lines[index].strip() == "---":
            return "\n".join(lines[1:index])
    return ""


def _without_front_matter(source: str) -> str:
    """Front matter (rule settings) is for caveat, not for the model: blank it, keeping
    the line count so that positions stay the same."""
    matter = front_matter(source)
    if not matter and not source.startswith("---\n---"):
        return source
    count = matter.count("\n") + 3 if matter else 2
    lines = source.splitlines(keepends=True)
    return "\n" * count + "".join(lines[count:])


def bindings(section: str) -> dict[str, list[str]]:
    """``- key: a, b`` lines of a Bindings section → {key: [a, b]}."""
    found: dict[str, list[str]] = {}
    for line in section.splitlines():
        line = line.strip()
        if not line.startswith(("- ", "* ")) or ":" not in line:
            continue
        key, _, value = line[2:].partition(":")
        found[key.strip()] = [v.strip() for v in value.split(",") if v.strip()]
    return found
