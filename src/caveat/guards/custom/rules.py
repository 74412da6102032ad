"""Reading and validating one custom rule file (the cold path of the custom guard).

Reached only when a rule file is new or changed since the last run (the result is
cached by content hash, ``_custom_load``), and by ``caveat rules``. Everything here
may be slow-ish: it parses the markdown with markdown-it-py, translates the path
patterns with pathspec and compiles the content regex, so that a rule that is
accepted here cannot fail later in a way nobody sees.

The front matter is read by a small YAML subset reader (no PyYAML, nothing is ever
evaluated):

- one ``key: value`` per line, keys at the start of the line; no nested mappings;
- scalars: plain (``PreToolUse``, ``src/*.py``), ``"double-quoted"`` (escapes
  ``\\\\ \\" \\/ \\n \\t \\r \\0 \\xXX \\uXXXX``; any other escape is an error, so a
  regex is best written in single quotes) and ``'single-quoted'`` (no escapes; ``''``
  is a quote);
- ``true`` / ``false`` (any case) are booleans; ``null`` / ``~`` / nothing is null;
  everything else, numbers included, is a string;
- lists: inline ``[a, "b, c", 'd']`` or block (``- item`` lines under the key);
- comments: a line starting with ``#``, or `` #`` after a value outside quotes.

Anything else (block scalars ``|`` / ``>``, anchors ``&`` / aliases ``*``, tags ``!``,
flow mappings ``{}``, nested lists, tabs used for indentation, a plain scalar holding
``": "``, duplicate keys) is an error naming the line, never a guess.
"""

from __future__ import annotations

import re

from caveat.event import Event

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

_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*\Z")
_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([A-Za-z0-9_]+)\}")
_PLAIN_START_FORBIDDEN = frozenset("&*!|>%@`{}[]")
_ESCAPES = {"\\": "\\", '"': '"', "/": "/", "n": "\n", "t": "\t", "r": "\r", "0": "\0"}
_HEX_ESCAPES = {"x": 2, "u": 4, "U": 8}


class RuleError(ValueError):
    """Why a rule file is invalid, in words for the person who wrote it."""


# ---------------------------------------------------------------------------------
# The YAML subset


def read_front_matter(text: str, first_line: int = 2) -> dict[str, object]:
    """The mapping of a front-matter block; ``first_line`` is the file line of its
    first line (for error messages)."""
    lines = text.splitlines()
    found: dict[str, object] = {}
    i = 0
    while i < len(lines):
        raw = lines[i]
        where = f"front matter line {first_line + i}"
        i += 1
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if raw[0] in " \t":
            raise RuleError(f"{where}: unexpected indentation (only top-level keys are read)")
        if stripped.startswith("- "):
            raise RuleError(f"{where}: a list item with no key above it")
        key, colon, rest = raw.partition(":")
        key = key.strip()
        if not colon or not _KEY.match(key) or (rest and rest[0] not in " \t"):
            raise RuleError(f"{where}: expected 'key: value', got {_show(stripped)}")
        if key in found:
            raise RuleError(f"{where}: duplicate key {key!r}")
        rest = rest.strip()
        if rest and not rest.startswith("#"):
            found[key] = _inline_value(rest, where)
            continue
        items: list[object] = []
        while i < len(lines):
            item = lines[i].strip()
            if item and not item.startswith("#") and not item.startswith("-"):
                if lines[i][0] in " \t":
                    raise RuleError(
                        f"front matter line {first_line + i}: nested mappings are not "
                        "supported; write a list as '- item' lines or [a, b]"
                    )
                break
            i += 1
            if not item or item.startswith("#"):
                continue
            line = lines[i - 1]
            if "\t" in line[: len(line) - len(line.lstrip())]:
                raise RuleError(f"front matter line {first_line + i - 1}: tab in indentation")
            if item != "-" and not item.startswith("- "):
                raise RuleError(f"front matter line {first_line + i - 1}: expected '- item'")
            body = item[1:].strip()
            item_where = f"front matter line {first_line + i - 1}"
            if not body or body.startswith("#"):
                raise RuleError(f"{item_where}: empty list item")
            if body.startswith(("[", "- ")):
                raise RuleError(f"{item_where}: nested lists are not supported")
            value, tail = _scalar(body, item_where, "")
            _end(tail, item_where)
            items.append(value)
        found[key] = items if items else None
    return found


def _show(text: str) -> str:
    return repr(text if len(text) <= 60 else text[:57] + "...")


def _end(tail: str, where: str) -> None:
    tail = tail.strip()
    if tail and not tail.startswith("#"):
        raise RuleError(f"{where}: unexpected text after the value: {_show(tail)}")


def _inline_value(text: str, where: str) -> object:
    if text.startswith("["):
        return _inline_list(text, where)
    value, tail = _scalar(text, where, "")
    _end(tail, where)
    return value


def _inline_list(text: str, where: str) -> list[object]:
    items: list[object] = []
    i = 1
    while True:
        while i < len(text) and text[i] in " \t":
            i += 1
        if i >= len(text):
            raise RuleError(f"{where}: the list is not closed with ']'")
        if text[i] == "]":  # an empty list, or a trailing comma
            i += 1
            break
        if text[i] in "[{":
            raise RuleError(f"{where}: nested lists and mappings are not supported")
        value, rest = _scalar(text[i:], where, ",]")
        items.append(value)
        i = len(text) - len(rest)
        while i < len(text) and text[i] in " \t":
            i += 1
        if i < len(text) and text[i] == ",":
            i += 1
            continue
        if i < len(text) and text[i] == "]":
            i += 1
            break
        if i >= len(text):
            raise RuleError(f"{where}: the list is not closed with ']'")
        raise RuleError(f"{where}: expected ',' or ']' in the list")
    _end(text[i:], where)
    return items


def _scalar(text: str, where: str, stops: str) -> tuple[object, str]:
    """One scalar at the start of ``text`` and the text after it. In a list,
    ``stops`` holds the characters that end a plain scalar."""
    if text.startswith('"'):
        return _double_quoted(text, where)
    if text.startswith("'"):
        out: list[str] = []
        i = 1
        while i < len(text):
            if text[i] == "'":
                if text.startswith("''", i):
                    out.append("'")
                    i += 2
                    continue
                return "".join(out), text[i + 1 :]
            out.append(text[i])
            i += 1
        raise RuleError(f"{where}: unclosed single quote")
    if text[0] in _PLAIN_START_FORBIDDEN:
        raise RuleError(
            f"{where}: a value starting with {text[0]!r} must be quoted "
            f"(block scalars, anchors, aliases, tags and mappings are not supported)"
        )
    end = len(text)
    comment = text.find(" #")
    if comment >= 0:
        end = comment
    for stop in stops:
        found = text.find(stop, 0, end)
        if found >= 0:
            end = found
    value = text[:end].strip()
    if ": " in value or value.endswith(":"):
        raise RuleError(f"{where}: {_show(value)} looks like a nested mapping; quote it")
    if "\t" in value:
        value = value.replace("\t", " ")
    lowered = value.lower()
    if lowered in ("true", "false"):
        return lowered == "true", text[end:]
    if lowered in ("null", "~", ""):
        return None, text[end:]
    return value, text[end:]


def _double_quoted(text: str, where: str) -> tuple[str, str]:
    out: list[str] = []
    i = 1
    while i < len(text):
        ch = text[i]
        if ch == '"':
            return "".join(out), text[i + 1 :]
        if ch != "\\":
            out.append(ch)
            i += 1
            continue
        code = text[i + 1 : i + 2]
        if code in _ESCAPES:
            out.append(_ESCAPES[code])
            i += 2
            continue
        width = _HEX_ESCAPES.get(code, 0)
        digits = text[i + 2 : i + 2 + width]
        if width and len(digits) == width and all(c in "0123456789abcdefABCDEF" for c in digits):
            out.append(chr(int(digits, 16)))
            i += 2 + width
            continue
        raise RuleError(
            f"{where}: unknown escape '\\{code}' in a double-quoted string; write "
            f"'\\\\{code}' or put the value in single quotes (no escapes there)"
        )
    raise RuleError(f"{where}: unclosed double quote")


# ---------------------------------------------------------------------------------
# Regular expressions


def nested_quantifier(pattern: str) -> str:
    """The group that makes ``pattern`` risk catastrophic backtracking, or "".

    A structural check, linear in the pattern: a group that is repeated (``*``, ``+``,
    ``{m,}``, ``{m,n}`` with n > 1) and contains, at any depth, a quantifier whose
    count varies (``*``, ``+``, ``?``, ``{m,n}`` with m < n) is refused — ``(a+)+``,
    ``(.*)*``, ``(\\w+\\s?)*``, ``(?:x?y)+``. It also refuses some safe patterns
    (``(\\d+\\.)+``), which a character class expresses (``[\\d.]+``). Not detected:
    overlapping alternatives under a repeat (``(a|a)*``) and adjacent quantifiers over
    the same characters (``.*.*=``); the guard's time budget stops those.
    """
    # Per open group: whether it holds a variable repeat, and where it starts.
    holds: list[bool] = [False]
    starts: list[int] = [0]
    last_group: tuple[bool, int] | None = None  # the atom just closed, when it is a group
    i, n = 0, len(pattern)
    while i < n:
        ch = pattern[i]
        if ch == "\\":
            i += 2
            last_group = None
            continue
        if ch == "[":
            i = _class_end(pattern, i)
            last_group = None
            continue
        if ch == "(":
            holds.append(False)
            starts.append(i)
            i += 1
            if pattern.startswith("?#", i):
                close = pattern.find(")", i)
                i = n if close < 0 else close
                continue
            if pattern.startswith("?", i):
                i += 1
            last_group = None
            continue
        if ch == ")":
            if len(holds) > 1:
                inner = holds.pop()
                last_group = (inner, starts.pop())
                holds[-1] = holds[-1] or inner
            i += 1
            continue
        quantifier = _quantifier(pattern, i)
        if quantifier is not None:
            end, low, high = quantifier
            variable = high is None or high != low
            repeating = high is None or high > 1
            if repeating and last_group is not None and last_group[0]:
                start = last_group[1]
                return pattern[start:end]
            if variable:
                holds[-1] = True
            i = end
            if i < n and pattern[i] in "?+":  # lazy or possessive
                i += 1
            last_group = None
            continue
        last_group = None
        i += 1
    return ""


def _class_end(pattern: str, i: int) -> int:
    """Index after the character class starting at ``i``."""
    j = i + 1
    if j < len(pattern) and pattern[j] == "^":
        j += 1
    if j < len(pattern) and pattern[j] == "]":
        j += 1
    while j < len(pattern) and pattern[j] != "]":
        j += 2 if pattern[j] == "\\" else 1
    return j + 1


def _quantifier(pattern: str, i: int) -> tuple[int, int, int | None] | None:
    """(end, min, max or None for unbounded) of a quantifier at ``i``, else None."""
    ch = pattern[i]
    if ch == "*":
        return i + 1, 0, None
    if ch == "+":
        return i + 1, 1, None
    if ch == "?":
        return i + 1, 0, 1
    if ch != "{":
        return None
    close = pattern.find("}", i)
    if close < 0:
        return None
    body = pattern[i + 1 : close]
    low, comma, high = body.partition(",")
    if not (low.isdigit() or (comma and not low)) or (high and not high.isdigit()):
        return None
    if not low and not high:
        return None
    lo = int(low) if low else 0
    if not comma:
        return close + 1, lo, lo
    return close + 1, lo, int(high) if high else None


def check_content(pattern: str) -> None:
    """Raise RuleError unless ``pattern`` is a usable, linear-enough regex."""
    if not pattern:
        raise RuleError("content is empty; leave the key out to match any text")
    if len(pattern) > CONTENT_LIMIT:
        raise RuleError(f"content is longer than {CONTENT_LIMIT:,} characters")
    try:
        compiled = re.compile(pattern, re.MULTILINE)
    except (re.error, RecursionError, OverflowError, ValueError) as exc:
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
    from caveat.patterns import translate

    for pattern in patterns:
        try:
            translated = translate([pattern])
            for regex, _ in translated:
                re.compile(regex)
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
    from caveat.msgparse import front_matter

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
    from caveat.msgparse import parse

    check_sections(parse(source))
    return {
        "events": events,
        "tools": tools,
        "paths": paths,
        "content": content or "",
        "strict": strict,
    }
