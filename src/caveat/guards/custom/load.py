"""Finding the custom rule files, and reading them through the parse cache.

Two folders hold rules: the project's ``<git root>/.caveat/rules/`` and the user's
``rules/`` beside the user config file (``$XDG_CONFIG_HOME/caveat/rules/``, default
``~/.config/caveat/rules/``). Every ``*.md`` file directly in a folder is a rule
(names starting with ``.`` are skipped: editors' temporary files); its name is the
file stem. A project rule replaces the user rule of the same file name. Rules apply
in name order.

A rule file's validated settings are cached in the state folder keyed by the file's
content hash (and caveat's version), so a later hook run reads the file, hashes it
and uses the cached settings: no markdown parser, no pathspec, no regex compile.
"""

from __future__ import annotations

import os

from caveat import __version__
from caveat.common import state
from caveat.common.log import log

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.guards.base import Context

CACHE_FILE = "custom-rules.cache.json"
_CACHE_VERSION = 1
MAX_BYTES = 256 * 1024  # a rule file larger than this is refused
MAX_FILES = 256  # rule files read per folder
PROJECT = "project"
USER = "user"
# A rule is validated (its markdown parsed) inside this budget; one that takes longer
# is skipped on this run and not cached, so it is tried again on a later one.
VALIDATE_S = 0.5
SLOW = f"took over {VALIDATE_S:g} s to validate"


class Rule:
    """One valid rule: where it lives and when it speaks. Treat as read-only."""

    __slots__ = ("content", "events", "name", "path", "paths", "scope", "strict", "tools")

    def __init__(self, name: str, path: str, scope: str, settings: Mapping[str, object]) -> None:
        self.name = name
        self.path = path
        self.scope = scope
        self.events = frozenset(_str_list(settings.get("events")))
        self.tools = frozenset(_str_list(settings.get("tools")))
        self.paths = tuple(_str_list(settings.get("paths")))
        content = settings.get("content")
        self.content = content if isinstance(content, str) else ""
        self.strict = settings.get("strict") is True

    def __repr__(self) -> str:
        return f"Rule({self.name!r}, {self.scope}, {self.path!r})"


class RuleFile:
    """One ``*.md`` file of a rules folder, valid or not."""

    __slots__ = ("error", "name", "path", "replaced_by", "rule", "scope")

    def __init__(self, name: str, path: str, scope: str) -> None:
        self.name = name
        self.path = path
        self.scope = scope
        self.rule: Rule | None = None
        self.error = ""
        self.replaced_by = ""


def _str_list(value: object) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def listing(found: list[tuple[str, str]]) -> list[RuleFile]:
    """Every rule file of the folders, in name order (user before project for equal
    names), with ``replaced_by`` set on user rules that a project rule replaces."""
    files: list[RuleFile] = []
    for scope, folder in found:
        try:
            names = sorted(os.listdir(folder))
        except OSError as exc:
            log(f"custom rules folder {folder!r} unreadable: {exc}; its rules are skipped")
            continue
        names = [n for n in names if n.endswith(".md") and not n.startswith(".")]
        if len(names) > MAX_FILES:
            log(f"custom rules folder {folder!r} holds over {MAX_FILES} rules; the rest skipped")
            names = names[:MAX_FILES]
        files.extend(RuleFile(n[:-3], os.path.join(folder, n), scope) for n in names)
    by_name = {f.name: f for f in files if f.scope == PROJECT}
    for item in files:
        if item.scope == USER and item.name in by_name:
            item.replaced_by = by_name[item.name].path
    files.sort(key=lambda f: (f.name, f.scope != USER))
    return files


def read(path: str) -> bytes | str:
    """The file's bytes, or the reason it cannot be used."""
    from caveat.common.files import NotRegularError
    from caveat.common.files import open_strict
    from caveat.common.files import read_fd

    try:
        fd, _ = open_strict(path)
    except NotRegularError:
        return "not a regular file"
    except OSError as exc:
        return f"unreadable: {exc.strerror or exc}"
    try:
        data = read_fd(fd, MAX_BYTES + 1)
    except OSError as exc:
        return f"unreadable: {exc.strerror or exc}"
    finally:
        os.close(fd)
    if len(data) > MAX_BYTES:
        return f"larger than {MAX_BYTES // 1024} KiB"
    return data


def judge(item: RuleFile, data: bytes) -> None:
    """Validate ``data`` as the rule ``item`` (sets ``rule`` or ``error``)."""
    from caveat.guards.custom.rules import RuleError
    from caveat.guards.custom.rules import validate

    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        item.error = f"not UTF-8 text ({exc.reason} at byte {exc.start})"
        return
    from caveat.common.budget import Overrun
    from caveat.common.budget import Timer
    from caveat.common.msgparse import warm

    warm()  # the parser's import is not the file's doing: only the validation is timed
    try:
        with Timer(VALIDATE_S):
            settings = validate(text.removeprefix("\ufeff"))
    except RuleError as exc:
        item.error = str(exc)
        return
    except Overrun:
        item.error = SLOW
        return
    item.rule = Rule(item.name, item.path, item.scope, settings)


def load(
    env: Mapping[str, str],
    found: list[tuple[str, str]],
    cached: bool = True,
    replaced: bool = False,
) -> list[RuleFile]:
    """Every rule file of the folders, validated (through the cache when ``cached``).
    User rules that a project rule replaces are listed, and read only when
    ``replaced`` is true."""
    files = listing(found)
    cache = state.JsonCache(env, CACHE_FILE, _CACHE_VERSION) if cached else None
    for item in files:
        if item.replaced_by and not replaced:
            continue
        data = read(item.path)
        if isinstance(data, str):
            item.error = data
            continue
        digest = f"{state.digest(data)}-{__version__}"
        entry = cache.get(item.path) if cache is not None else None
        if isinstance(entry, dict) and entry.get("hash") == digest:
            settings = entry.get("rule")
            error = entry.get("error")
            if isinstance(settings, dict):
                item.rule = Rule(item.name, item.path, item.scope, settings)
                continue
            if isinstance(error, str) and error:
                item.error = error
                continue
        judge(item, data)
        if cache is not None and item.error != SLOW:
            if item.rule is not None:
                cache.put(item.path, {"hash": digest, "rule": settings_of(item.rule)})
            else:
                cache.put(item.path, {"hash": digest, "error": item.error})
    if cache is not None:
        cache.save()
    return files


def settings_of(rule: Rule) -> dict[str, object]:
    return {
        "events": sorted(rule.events),
        "tools": sorted(rule.tools),
        "paths": list(rule.paths),
        "content": rule.content,
        "strict": rule.strict,
    }


def trusted_folders(ctx: Context, found: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """``found`` without the project's folder when the user has not trusted the
    project's policy (SPEC §7): its rules are not read at all, and the user's rules
    it would replace apply."""
    kept = []
    for scope, folder in found:
        if scope == PROJECT and not ctx.trust(os.path.dirname(os.path.dirname(folder))).trusted:
            continue
        kept.append((scope, folder))
    return kept


def rules(ctx: Context, found: list[tuple[str, str]]) -> list[Rule]:
    """The rules that apply, in name order; invalid ones are logged and skipped. A
    project's rules apply only when the user trusts the project."""
    out = []
    for item in load(ctx.env, trusted_folders(ctx, found)):
        if item.rule is not None:
            out.append(item.rule)
        elif item.error:
            log(f"custom rule {item.path} is invalid and skipped: {item.error}")
    return out


def problems(env: Mapping[str, str], folders: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """``(path, reason)`` for every invalid rule file in ``folders``, validated afresh.
    User rules that a project rule replaces are checked too: they apply in other
    projects."""
    files = load(env, folders, cached=False, replaced=True)
    return [(item.path, item.error) for item in files if item.error]
