"""What the harnesses' hook-file checks share (``caveat.harnesses.<id>.hookfile``):
type names for messages, the parse verdicts, and the two shapes several harnesses
use, Claude's nested matcher groups and the flat ``{"version": 1, "hooks": …}`` file.

Every check returns a list of ``(problem, fix)``. They judge only what the reference
states (reference/harness-contracts.md §2.1–2.7): unknown events, a handler placed
where a matcher group belongs, missing ``hooks``/``command`` keys, wrong types.
Anything a harness documents as optional is left alone.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    Issue = tuple[str, str]
    Issues = list[Issue]

HANDLER = '{"type": "command", "command": "…"}'
GROUP = '{"matcher": "…", "hooks": [' + HANDLER + "]}"


def type_name(value: object) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (int, float)):
        return "a number"
    return "null"


def suggest(name: str, known: frozenset[str]) -> str:
    """A known name that differs only in case or separators, as a hint."""
    flat = name.replace("_", "").replace("-", "").lower()
    for candidate in sorted(known):
        if candidate.lower() == flat:
            return f' (did you mean "{candidate}"?)'
    return ""


def nonempty(value: object) -> bool:
    return isinstance(value, str) and bool(value.strip())


def timeout_ok(value: object, minimum: float = 0) -> bool:
    """A number above zero, and at least ``minimum`` when one is given."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return False
    return value >= minimum if minimum else value > 0


def hooks_of(value: object) -> object:
    """The ``hooks`` value of a parsed settings object (None when absent or unparsed)."""
    return value.get("hooks") if isinstance(value, dict) else None


# --- parsing -------------------------------------------------------------------------


def json_parses(value: object, error: str) -> Issues:
    """The verdict on a JSON file: ``error`` is the parser's message, "" when it parsed."""
    if error:
        fix = "fix the syntax (strict JSON: no comments, no trailing commas)"
        return [(f"the JSON does not parse: {error}", fix)]
    if not isinstance(value, dict):
        fix = 'wrap the settings in one object: {"hooks": {…}}'
        return [(f"the top level is {type_name(value)}, not an object", fix)]
    return []


def toml_parses(error: str) -> Issues:
    return [(f"the TOML does not parse: {error}", "fix the TOML syntax")] if error else []


# --- Claude-shaped (Claude Code, Codex, Gemini, Qwen) ----------------------------------


def handler_issue(
    handler: object, at: str, harness: str, types: frozenset[str], min_timeout: float
) -> Issue | None:
    if not isinstance(handler, dict):
        return (f"`{at}` is {type_name(handler)}, not a handler object", HANDLER)
    kind = handler.get("type")
    if kind is None:
        return (f'`{at}` has no "type"', 'add "type": "command"')
    if kind not in types:
        known = ", ".join(sorted(types))
        problem = f'`{at}.type` is "{kind}", which {harness} does not run (it knows {known})'
        return (problem, 'use "type": "command"')
    if kind == "command" and not nonempty(handler.get("command")):
        fix = 'add "command": "<program and arguments>"'
        return (f'`{at}` is a command hook without a "command" string', fix)
    if kind == "http" and not nonempty(handler.get("url")):
        return (f'`{at}` is an http hook without a "url"', 'add "url": "https://…"')
    if kind in ("prompt", "agent") and "prompt" in handler and not nonempty(handler["prompt"]):
        return (f"`{at}.prompt` is empty", "write the prompt text")
    args = handler.get("args")
    if args is not None and not (isinstance(args, list) and all(isinstance(a, str) for a in args)):
        return (f"`{at}.args` is {type_name(args)}, not a list of strings", '"args": ["--flag"]')
    timeout = handler.get("timeout")
    if "timeout" in handler and not timeout_ok(timeout, min_timeout):
        wanted = f"a number of at least {min_timeout:.0f}" if min_timeout else "a positive number"
        problem = f"`{at}.timeout` is {type_name(timeout)} {timeout!r}, not {wanted}"
        return (problem, "give the timeout as a positive number")
    return None


def group_issue(group: object, where: str) -> Issue | None:
    if not isinstance(group, dict):
        return (f"`{where}` is {type_name(group)}, not a matcher group object", GROUP)
    matcher = group.get("matcher")
    if matcher is not None and not isinstance(matcher, str):
        problem = f"`{where}.matcher` is {type_name(matcher)}, not a string"
        return (problem, '"matcher": "Write|Edit"')
    handlers = group.get("hooks")
    if handlers is None:
        if "command" in group or "type" in group:
            problem = f'`{where}` puts the handler in the matcher group, with no "hooks" list'
            return (problem, f"nest it: {GROUP}")
        return (f'`{where}` has no "hooks" list', f'add "hooks": [{HANDLER}]')
    if not isinstance(handlers, list):
        return (f"`{where}.hooks` is {type_name(handlers)}, not a list of handlers", GROUP)
    return None


def nested(
    hooks: object,
    harness: str,
    events: frozenset[str],
    types: frozenset[str],
    min_timeout: float = 0,
) -> Issues:
    """``{"Event": [{"matcher": …, "hooks": [{"type": …}]}]}``."""
    if not isinstance(hooks, dict):
        problem = f"`hooks` is {type_name(hooks)}, not an object keyed by event name"
        return [(problem, '"hooks": {"PreToolUse": [' + GROUP + "]}")]
    issues: Issues = []
    for event, groups in hooks.items():
        at = f"hooks.{event}"
        if event not in events:
            problem = f'`{at}`: {harness} has no event "{event}"{suggest(event, events)}'
            issues.append((problem, "use an event name exactly as the harness spells it"))
            continue
        if not isinstance(groups, list):
            problem = f"`{at}` is {type_name(groups)}, not a list of matcher groups"
            issues.append((problem, f'"{event}": [{GROUP}]'))
            continue
        for i, group in enumerate(groups):
            issue = group_issue(group, f"{at}[{i}]")
            if issue:
                issues.append(issue)
                continue
            assert isinstance(group, dict)
            for j, handler in enumerate(group["hooks"]):
                where = f"{at}[{i}].hooks[{j}]"
                issue = handler_issue(handler, where, harness, types, min_timeout)
                if issue:
                    issues.append(issue)
    return issues


# --- flat entries (Cursor, Copilot) ----------------------------------------------------


def versioned(value: object, harness: str) -> tuple[dict[str, object], Issues]:
    """The ``hooks`` object of a ``{"version": 1, "hooks": {…}}`` file."""
    if not isinstance(value, dict):
        return {}, []
    issues: Issues = []
    version = value.get("version")
    if version != 1 or isinstance(version, bool):
        got = "missing" if "version" not in value else repr(version)
        problem = f'`version` is {got}; {harness} hook files need "version": 1'
        issues.append((problem, 'start the file with {"version": 1, "hooks": {…}}'))
    hooks = value.get("hooks")
    if not isinstance(hooks, dict):
        got = "missing" if hooks is None else type_name(hooks)
        problem = f"`hooks` is {got}, not an object keyed by event name"
        issues.append((problem, '{"version": 1, "hooks": {"preToolUse": [{…}]}}'))
        return {}, issues
    return hooks, issues


def flat_issue(entry: object, at: str, harness: str) -> Issue | None:
    if not isinstance(entry, dict):
        return (f"`{at}` is {type_name(entry)}, not a hook object", '{"command": "…"}')
    if "hooks" in entry and "command" not in entry:
        problem = f'`{at}` nests a "hooks" list (Claude Code\'s shape); {harness} wants the hook'
        return (problem, 'put the hook itself in the list: {"command": "…"}')
    return None
