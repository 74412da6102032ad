"""Checks of hook configuration files: does the file parse, and do its hooks have the
shape the harness reads (reference/harness-contracts.md §2.1–2.7)?

Every function takes a ``Doc`` (``caveat.guards.conformity.doc``) and returns a list of
``(problem, fix)``. They judge only what the reference states: unknown events, a
handler placed where a matcher group belongs, missing ``hooks``/``command`` keys,
wrong types. Anything the harness documents as optional is left alone. The event
names and handler types each harness knows are its contract's (``HOOK_EVENTS``,
``HOOK_TYPES`` in ``caveat.harnesses.<id>``).
"""

from __future__ import annotations

from caveat.harnesses import claude
from caveat.harnesses import codex
from caveat.harnesses import copilot
from caveat.harnesses import cursor
from caveat.harnesses import gemini
from caveat.harnesses import kiro
from caveat.harnesses import qwen

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.guards.conformity.doc import Doc

    Issue = tuple[str, str]
    Issues = list[Issue]

HANDLER = '{"type": "command", "command": "…"}'
GROUP = '{"matcher": "…", "hooks": [' + HANDLER + "]}"
KIRO_HOOK = '{"name": "…", "trigger": "PreToolUse", "action": ' + HANDLER + "}"


def _type(value: object) -> str:
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


def _suggest(name: str, known: frozenset[str]) -> str:
    """A known name that differs only in case or separators, as a hint."""
    flat = name.replace("_", "").replace("-", "").lower()
    for candidate in sorted(known):
        if candidate.lower() == flat:
            return f' (did you mean "{candidate}"?)'
    return ""


def _nonempty(value: object) -> bool:
    return isinstance(value, str) and bool(value.strip())


def timeout_ok(value: object, minimum: float = 0) -> bool:
    """A number above zero, and at least ``minimum`` when one is given."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return False
    return value >= minimum if minimum else value > 0


def _parsed(doc: Doc) -> object:
    """The parsed file (TOML for Codex's config.toml, JSON otherwise), None if broken."""
    value, _ = doc.toml() if doc.kind == "codex-config" else doc.json()
    return value


def hooks_of(doc: Doc) -> object:
    """The ``hooks`` value of a parsed settings object (None when absent or unparsed)."""
    value = _parsed(doc)
    return value.get("hooks") if isinstance(value, dict) else None


# --- parsing -------------------------------------------------------------------------


def json_parses(doc: Doc) -> Issues:
    value, error = doc.json()
    if error:
        fix = "fix the syntax (strict JSON: no comments, no trailing commas)"
        return [(f"the JSON does not parse: {error}", fix)]
    if not isinstance(value, dict):
        fix = 'wrap the settings in one object: {"hooks": {…}}'
        return [(f"the top level is {_type(value)}, not an object", fix)]
    return []


def toml_parses(doc: Doc) -> Issues:
    _, error = doc.toml()
    return [(f"the TOML does not parse: {error}", "fix the TOML syntax")] if error else []


# --- Claude-shaped (Claude Code, Codex, Gemini, Qwen) ----------------------------------


def _handler(
    handler: object, at: str, harness: str, types: frozenset[str], min_timeout: float
) -> Issue | None:
    if not isinstance(handler, dict):
        return (f"`{at}` is {_type(handler)}, not a handler object", HANDLER)
    kind = handler.get("type")
    if kind is None:
        return (f'`{at}` has no "type"', 'add "type": "command"')
    if kind not in types:
        known = ", ".join(sorted(types))
        problem = f'`{at}.type` is "{kind}", which {harness} does not run (it knows {known})'
        return (problem, 'use "type": "command"')
    if kind == "command" and not _nonempty(handler.get("command")):
        fix = 'add "command": "<program and arguments>"'
        return (f'`{at}` is a command hook without a "command" string', fix)
    if kind == "http" and not _nonempty(handler.get("url")):
        return (f'`{at}` is an http hook without a "url"', 'add "url": "https://…"')
    if kind in ("prompt", "agent") and "prompt" in handler and not _nonempty(handler["prompt"]):
        return (f"`{at}.prompt` is empty", "write the prompt text")
    args = handler.get("args")
    if args is not None and not (isinstance(args, list) and all(isinstance(a, str) for a in args)):
        return (f"`{at}.args` is {_type(args)}, not a list of strings", '"args": ["--flag"]')
    timeout = handler.get("timeout")
    if "timeout" in handler and not timeout_ok(timeout, min_timeout):
        wanted = f"a number of at least {min_timeout:.0f}" if min_timeout else "a positive number"
        problem = f"`{at}.timeout` is {_type(timeout)} {timeout!r}, not {wanted}"
        return (problem, "give the timeout as a positive number")
    return None


def _group(group: object, where: str, harness: str) -> Issue | None:
    if not isinstance(group, dict):
        return (f"`{where}` is {_type(group)}, not a matcher group object", GROUP)
    matcher = group.get("matcher")
    if matcher is not None and not isinstance(matcher, str):
        return (f"`{where}.matcher` is {_type(matcher)}, not a string", '"matcher": "Write|Edit"')
    handlers = group.get("hooks")
    if handlers is None:
        if "command" in group or "type" in group:
            problem = f'`{where}` puts the handler in the matcher group, with no "hooks" list'
            return (problem, f"nest it: {GROUP}")
        return (f'`{where}` has no "hooks" list', f'add "hooks": [{HANDLER}]')
    if not isinstance(handlers, list):
        return (f"`{where}.hooks` is {_type(handlers)}, not a list of handlers", GROUP)
    return None


def _nested(
    hooks: object,
    harness: str,
    events: frozenset[str],
    types: frozenset[str],
    min_timeout: float = 0,
) -> Issues:
    """``{"Event": [{"matcher": …, "hooks": [{"type": …}]}]}``."""
    if not isinstance(hooks, dict):
        problem = f"`hooks` is {_type(hooks)}, not an object keyed by event name"
        return [(problem, '"hooks": {"PreToolUse": [' + GROUP + "]}")]
    issues: Issues = []
    for event, groups in hooks.items():
        at = f"hooks.{event}"
        if event not in events:
            problem = f'`{at}`: {harness} has no event "{event}"{_suggest(event, events)}'
            issues.append((problem, "use an event name exactly as the harness spells it"))
            continue
        if not isinstance(groups, list):
            problem = f"`{at}` is {_type(groups)}, not a list of matcher groups"
            issues.append((problem, f'"{event}": [{GROUP}]'))
            continue
        for i, group in enumerate(groups):
            issue = _group(group, f"{at}[{i}]", harness)
            if issue:
                issues.append(issue)
                continue
            assert isinstance(group, dict)
            for j, handler in enumerate(group["hooks"]):
                where = f"{at}[{i}].hooks[{j}]"
                issue = _handler(handler, where, harness, types, min_timeout)
                if issue:
                    issues.append(issue)
    return issues


def claude_shape(doc: Doc) -> Issues:
    hooks = hooks_of(doc)
    if hooks is None:
        return []
    return _nested(hooks, "Claude Code", claude.HOOK_EVENTS, claude.HOOK_TYPES)


def codex_shape(doc: Doc) -> Issues:
    hooks = hooks_of(doc)
    if hooks is None:
        return []
    # Codex: timeout in seconds, at least 1.
    return _nested(hooks, "Codex", codex.HOOK_EVENTS, codex.HOOK_TYPES, min_timeout=1)


def gemini_shape(doc: Doc) -> Issues:
    hooks = hooks_of(doc)
    if hooks is None:
        return []
    issues = _nested(hooks, "Gemini CLI", gemini.HOOK_EVENTS, gemini.HOOK_TYPES)
    for event, groups in hooks.items() if isinstance(hooks, dict) else ():
        for i, group in enumerate(groups if isinstance(groups, list) else ()):
            sequential = group.get("sequential") if isinstance(group, dict) else None
            if sequential is not None and not isinstance(sequential, bool):
                problem = f"`hooks.{event}[{i}].sequential` is {_type(sequential)}, not true/false"
                issues.append((problem, '"sequential": false'))
    return issues


def qwen_shape(doc: Doc) -> Issues:
    hooks = hooks_of(doc)
    if hooks is None:
        return []
    return _nested(hooks, "Qwen Code", qwen.HOOK_EVENTS, qwen.HOOK_TYPES)


# --- flat entries (Cursor, Copilot) ----------------------------------------------------


def _versioned(value: object, harness: str) -> tuple[dict[str, object], Issues]:
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
        got = "missing" if hooks is None else _type(hooks)
        problem = f"`hooks` is {got}, not an object keyed by event name"
        issues.append((problem, '{"version": 1, "hooks": {"preToolUse": [{…}]}}'))
        return {}, issues
    return hooks, issues


def _flat(entry: object, at: str, harness: str) -> Issue | None:
    if not isinstance(entry, dict):
        return (f"`{at}` is {_type(entry)}, not a hook object", '{"command": "…"}')
    if "hooks" in entry and "command" not in entry:
        problem = f'`{at}` nests a "hooks" list (Claude Code\'s shape); {harness} wants the hook'
        return (problem, 'put the hook itself in the list: {"command": "…"}')
    return None


def cursor_shape(doc: Doc) -> Issues:
    hooks, issues = _versioned(_parsed(doc), "Cursor")
    for event, entries in hooks.items():
        at = f"hooks.{event}"
        if event not in cursor.HOOK_EVENTS:
            hint = _suggest(event, cursor.HOOK_EVENTS)
            problem = f'`{at}`: Cursor has no event "{event}"{hint}; it can fail the whole file'
            issues.append((problem, "use Cursor's camelCase event names"))
            continue
        if not isinstance(entries, list):
            problem = f"`{at}` is {_type(entries)}, not a list of hooks"
            issues.append((problem, f'"{event}": [{{"command": "…"}}]'))
            continue
        for i, entry in enumerate(entries):
            where = f"{at}[{i}]"
            issue = _flat(entry, where, "Cursor")
            if issue is None and isinstance(entry, dict) and not _nonempty(entry.get("command")):
                issue = (f'`{where}` has no "command" string', 'add "command": "<program>"')
            if issue:
                issues.append(issue)
    return issues


def copilot_shape(doc: Doc) -> Issues:
    hooks, issues = _versioned(_parsed(doc), "GitHub Copilot")
    known = copilot.HOOK_EVENTS
    for event, entries in hooks.items():
        at = f"hooks.{event}"
        if event not in known:
            problem = f'`{at}`: GitHub Copilot has no event "{event}"{_suggest(event, known)}'
            issues.append((problem, "use Copilot's camelCase event names (or Claude's)"))
            continue
        if not isinstance(entries, list):
            problem = f"`{at}` is {_type(entries)}, not a list of hooks"
            issues.append((problem, f'"{event}": [{{"type": "command", "bash": "…"}}]'))
            continue
        for i, entry in enumerate(entries):
            where = f"{at}[{i}]"
            if event in copilot.COMPAT_HOOK_EVENTS and isinstance(entry, dict) and "hooks" in entry:
                # PascalCase keys: Claude-compatible mode, Claude's nested groups.
                compat = copilot.COMPAT_HOOK_EVENTS
                issues.extend(
                    _nested({event: [entry]}, "GitHub Copilot", compat, claude.HOOK_TYPES)
                )
                continue
            issue = _flat(entry, where, "GitHub Copilot")
            if issue is None and isinstance(entry, dict):
                issue = _copilot_entry(entry, where, event)
            if issue:
                issues.append(issue)
    return issues


def _copilot_entry(entry: dict[str, object], at: str, event: str) -> Issue | None:
    kind = entry.get("type", "command")
    if kind not in copilot.HOOK_TYPES:
        problem = f'`{at}.type` is "{kind}"; GitHub Copilot runs command, http and prompt hooks'
        return (problem, 'use "type": "command"')
    keys = ("bash", "powershell", "command", "exec")
    if kind == "command" and not any(_nonempty(entry.get(k)) for k in keys):
        problem = f'`{at}` is a command hook with none of "bash", "powershell", "command", "exec"'
        return (problem, 'add "bash": "<command>" (and "powershell" for Windows)')
    if kind == "http" and not _nonempty(entry.get("url")):
        return (f'`{at}` is an http hook without a "url"', 'add "url": "https://…"')
    if kind == "prompt" and event not in ("sessionStart", "SessionStart"):
        problem = f"`{at}` is a prompt hook on {event}; Copilot runs those only on sessionStart"
        return (problem, "use a command hook here")
    for key in ("timeoutSec", "timeout"):
        if key in entry and not timeout_ok(entry[key]):
            problem = f"`{at}.{key}` is {_type(entry[key])} {entry[key]!r}, not a positive number"
            return (problem, f'"{key}": 30 (seconds)')
    return None


# --- Kiro ------------------------------------------------------------------------------


def _kiro_hook(hook: object, at: str) -> Issue | None:
    if not isinstance(hook, dict):
        return (f"`{at}` is {_type(hook)}, not a hook object", KIRO_HOOK)
    trigger = hook.get("trigger")
    if trigger not in kiro.HOOK_EVENTS:
        got = "missing" if trigger is None else f'"{trigger}"'
        hint = _suggest(str(trigger), kiro.HOOK_EVENTS)
        return (f"`{at}.trigger` is {got}, not a Kiro trigger{hint}", '"trigger": "PreToolUse"')
    action = hook.get("action")
    if not isinstance(action, dict):
        got = "missing" if action is None else _type(action)
        return (f"`{at}.action` is {got}, not an action object", f'"action": {HANDLER}')
    kind = action.get("type")
    if kind not in kiro.HOOK_TYPES:
        return (f'`{at}.action.type` is {kind!r}, not "command" or "agent"', '"type": "command"')
    if kind == "command" and not _nonempty(action.get("command")):
        return (f'`{at}.action` is a command action without a "command"', 'add "command": "…"')
    if kind == "agent" and not _nonempty(action.get("prompt")):
        return (f'`{at}.action` is an agent action without a "prompt"', 'add "prompt": "…"')
    return None


def kiro_shape(doc: Doc) -> Issues:
    value = _parsed(doc)
    if not isinstance(value, dict):
        return []
    issues: Issues = []
    if "version" in value and value["version"] != "v1":
        problem = f'`version` is {value["version"]!r}; Kiro hook files use "version": "v1"'
        issues.append((problem, 'set "version": "v1"'))
    hooks = value.get("hooks")
    if not isinstance(hooks, list):
        got = "missing" if hooks is None else _type(hooks)
        problem = f"`hooks` is {got}, not a list of hooks"
        issues.append((problem, '{"version": "v1", "hooks": [' + KIRO_HOOK + "]}"))
        return issues
    for i, hook in enumerate(hooks):
        issue = _kiro_hook(hook, f"hooks[{i}]")
        if issue:
            issues.append(issue)
    return issues
