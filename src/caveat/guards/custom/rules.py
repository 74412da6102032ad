"""Reading and validating one custom rule file (the cold path of the custom guard).

Reached only when a rule file is new or changed since the last run (the result is
cached by content hash, ``_custom_load``), and by ``caveat rules``. Everything here
may be slow-ish: it parses the markdown with markdown-it-py, translates the path
patterns with pathspec and compiles the content regex, so that a rule that is
accepted here cannot fail later in a way nobody sees.

The front matter is read by the strict reader of ``caveat.common.frontmatter.strict``; the
backtracking check of the content regex is ``caveat.guards.custom.backtrack``.
"""

from __future__ import annotations

from caveat.common import rx
from caveat.event import Event
from caveat.guards.custom.backtrack import nested_quantifier

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

# Events a rule may name: those on which a harness hands hook output to the model.
TOOL_EVENTS = ("PreToolUse", "PostToolUse", "PostToolUseFailure")
EVENTS = (*TOOL_EVENTS, "UserPromptSubmit", "SessionStart")
DEFAULT_EVENT = "PreToolUse"

# Canonical tool names (what every vendor contract maps its own names to); MCP tools
# are named as the harness names them, ``mcp__<server>__<tool>``.
FILE_TOOLS = frozenset({"Write", "Edit", "MultiEdit", "NotebookEdit"})
SHELL_TOOLS = frozenset({"Bash", "PowerShell"})
# Tools whose input names no file or folder: ``paths`` can never match them.
PATHLESS_TOOLS = frozenset(
    {
        *SHELL_TOOLS, "WebFetch", "WebSearch", "Agent", "Task", "TodoWrite",
        "AskUserQuestion", "ExitPlanMode", "Skill", "SlashCommand", "BashOutput", "KillShell",
    }
)  # fmt: skip
KNOWN_TOOLS = frozenset(
    {*FILE_TOOLS, *PATHLESS_TOOLS, "Read", "Glob", "Grep", "LS", "NotebookRead"}
)
MCP_PREFIX = "mcp__"

KEYS = ("event", "tools", "paths", "content", "strict")
PLACEHOLDERS = ("path", "line", "match", "tool", "command", "rule")
ADVISORY = "Advisory"
AFTER = "After"
ADVISORY_LIMIT = 2_000  # characters of an Advisory or After section, unfilled
CONTENT_LIMIT = 1_000  # characters of the content regex
PATHS_LIMIT = 64  # patterns per rule

# Whether the Event carries the text of a submitted prompt (needed for ``content`` on
# UserPromptSubmit). Read from the record so that the rule becomes valid on its own
# once the Event gains the field.
PROMPT_AVAILABLE = "prompt" in Event.__slots__

_PLACEHOLDER = rx.compile(r"\{\{|\}\}|\{([A-Za-z0-9_]+)\}")


class RuleError(ValueError):
    """Why a rule file is invalid, in words for the person who wrote it."""


# ---------------------------------------------------------------------------------
# The front matter


def read_front_matter(text: str, first_line: int = 2) -> dict[str, object]:
    """The mapping of a front-matter block (``caveat.common.frontmatter.strict``);
    ``first_line`` is the file line of its first line (for error messages)."""
    from caveat.common.frontmatter.strict import FrontMatterError
    from caveat.common.frontmatter.strict import read_strict

    try:
        return read_strict(text, first_line)
    except FrontMatterError as exc:
        raise RuleError(str(exc)) from None


# ---------------------------------------------------------------------------------
# Regular expressions


def check_content(pattern: str) -> None:
    """Raise RuleError unless ``pattern`` is a usable, linear-enough regex."""
    if not pattern:
        raise RuleError("content is empty; leave the key out to match any text")
    if len(pattern) > CONTENT_LIMIT:
        raise RuleError(f"content is longer than {CONTENT_LIMIT:,} characters")
    try:
        compiled = rx.compile(pattern, rx.MULTILINE)
    except (rx.error, RecursionError, OverflowError, ValueError) as exc:
        raise RuleError(f"content is not a valid regular expression: {exc}") from None
    risky = nested_quantifier(pattern)
    if risky:
        raise RuleError(
            f"content risks catastrophic backtracking: the repeated group {risky!r} contains "
            "a quantifier (nested quantifiers such as (a+)+ or (.*)* are refused); "
            "rewrite it without the outer repeat"
        )
    if compiled.search("") is not None:
        raise RuleError("content matches the empty string, so it would match any text")


# ---------------------------------------------------------------------------------
# The rule


def _strings(value: object, key: str) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value:
        raise RuleError(f"{key} must be a name or a non-empty list of names")
    out = []
    for item in value:
        if not isinstance(item, str) or not item.strip():
            raise RuleError(f"{key} must hold only non-empty strings (got {item!r})")
        out.append(item.strip())
    return out


def _suggest(word: str, choices: Sequence[str]) -> str:
    import difflib

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    if not close:
        lowered = [c for c in choices if c.lower() == word.lower()]
        close = lowered
    return f" (did you mean {close[0]!r}?)" if close else ""


def _events(value: object) -> list[str]:
    if value is None:
        return [DEFAULT_EVENT]
    names = _strings(value, "event")
    for name in names:
        if name not in EVENTS:
            raise RuleError(
                f"unknown event {name!r}{_suggest(name, EVENTS)}; a rule may name "
                + ", ".join(EVENTS)
            )
    return list(dict.fromkeys(names))


def _tools(value: object) -> list[str]:
    names = _strings(value, "tools")
    for name in names:
        if name in KNOWN_TOOLS or (name.startswith(MCP_PREFIX) and len(name) > len(MCP_PREFIX)):
            continue
        raise RuleError(
            f"unknown tool {name!r}{_suggest(name, sorted(KNOWN_TOOLS))}; use the canonical "
            f"names ({', '.join(sorted(KNOWN_TOOLS))}) or mcp__<server>__<tool>"
        )
    return list(dict.fromkeys(names))


def _paths(value: object) -> list[str]:
    patterns = _strings(value, "paths")
    if len(patterns) > PATHS_LIMIT:
        raise RuleError(f"paths holds more than {PATHS_LIMIT} patterns")
    if all(p.startswith("!") for p in patterns):
        raise RuleError(
            "paths holds only negated patterns, which match nothing; put an including "
            "pattern first (for example '**' or 'src/**') and the '!' exclusions after it"
        )
    from caveat.common.patterns import translate

    for pattern in patterns:
        try:
            translated = translate([pattern])
            for regex, _ in translated:
                rx.compile(regex)
        except Exception as exc:
            raise RuleError(f"paths holds an invalid pattern {pattern!r}: {exc}") from None
        if not translated:
            raise RuleError(
                f"paths holds {pattern!r}, which gitignore syntax reads as no pattern at all "
                "(a comment, a blank or a lone bracket); quote or escape it"
            )
    return patterns


def check_sections(sections: dict[str, str]) -> None:
    """The rule's message: an Advisory section, placeholders from the allowed set."""
    advisory = sections.get(ADVISORY, "").strip()
    if not advisory:
        has_heading = ADVISORY in sections
        raise RuleError(
            "the '## Advisory' section is empty"
            if has_heading
            else "no '## Advisory' section (the text the agent reads when the rule matches)"
        )
    for name, body in sections.items():
        head = name.partition(":")[0].strip()
        if head not in (ADVISORY, AFTER):
            continue
        if len(body) > ADVISORY_LIMIT:
            raise RuleError(f"the '## {name}' section is over {ADVISORY_LIMIT:,} characters")
        unknown = sorted(
            {
                m.group(1)
                for m in _PLACEHOLDER.finditer(body)
                if m.group(1) and m.group(1) not in PLACEHOLDERS
            }
        )
        if unknown:
            shown = ", ".join("{" + u + "}" for u in unknown)
            raise RuleError(
                f"the '## {name}' section uses unknown placeholders {shown}; allowed: "
                + ", ".join("{" + p + "}" for p in PLACEHOLDERS)
                + " (write {{ and }} for literal braces)"
            )


def validate(source: str) -> dict[str, object]:
    """The rule's settings as plain JSON data (``events``, ``tools``, ``paths``,
    ``content``, ``strict``), or RuleError saying what is wrong."""
    from caveat.common.msgparse import front_matter

    matter = front_matter(source)
    if not matter.strip():
        if source.startswith("---"):
            raise RuleError("the front matter is empty or not closed with a '---' line")
        raise RuleError(
            "no front matter: a rule file starts with a '---' line, its settings "
            "(event, tools, paths, content, strict), and another '---' line"
        )
    data = read_front_matter(matter)
    for key in data:
        if key not in KEYS:
            raise RuleError(
                f"unknown key {key!r}{_suggest(key, KEYS)}; the keys are " + ", ".join(KEYS)
            )
    events = _events(data.get("event"))
    tools = _tools(data["tools"]) if data.get("tools") is not None else []
    paths = _paths(data["paths"]) if data.get("paths") is not None else []
    content = data.get("content")
    if content is not None and not isinstance(content, str):
        raise RuleError("content must be a string (a regular expression; quote it)")
    strict = data.get("strict", False)
    if strict is None:
        strict = False
    if not isinstance(strict, bool):
        raise RuleError("strict must be true or false")
    if content is not None:
        check_content(content)
    tool_events = [e for e in events if e in TOOL_EVENTS]
    if not tool_events:
        if tools or paths:
            raise RuleError(
                f"tools and paths never match on {', '.join(events)} (no tool is called); "
                "drop them or add a tool event such as PreToolUse"
            )
    elif not (tools or paths or content):
        raise RuleError(
            "the rule has none of tools, paths, content, so it would speak on every tool "
            "call; narrow it with at least one of them"
        )
    if paths and tools and all(t in PATHLESS_TOOLS for t in tools):
        raise RuleError(
            f"paths never match {', '.join(tools)}: those tools name no file; drop paths "
            "or add a file tool"
        )
    if content is not None and "UserPromptSubmit" in events and not PROMPT_AVAILABLE:
        raise RuleError(
            "content cannot be matched on UserPromptSubmit yet: this version of caveat "
            "does not pass the prompt text to guards"
        )
    from caveat.common.msgparse import parse

    check_sections(parse(source))
    return {
        "events": events,
        "tools": tools,
        "paths": paths,
        "content": content or "",
        "strict": strict,
    }
