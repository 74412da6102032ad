"""User and project configuration (SPEC §7).

``$XDG_CONFIG_HOME/caveat/config.toml`` (default ``~/.config/caveat/config.toml``)
is read first, then ``<git root>/.caveat/config.toml``; project values override user
values, except the keys the user locks::

    [guards]            # on/off per guard id
    eval = false
    [strict]            # opt-in deny, for guards that support it
    askuser = true
    [paths]
    exclude = ["generated/**", "third_party/**"]   # gitignore-style, from the git root
    [dependency]
    extra_manifests = ["deps/*.list"]
    [header]
    license = "Apache-2.0"
    exclude = ["docs/**"]
    [plans]
    folder = ".caveat/plans"
    [compaction]
    threshold_tokens = 150000
    [lock]
    keys = ["guards.eval", "strict.askuser"]        # user file only

The project's file is read only when the user trusts the project's policy
(``caveat trust``, see ``caveat.trust``); otherwise a warning says so and only the
user's file applies. A file that does not parse (nested too deep for the parser,
or not done within ``PARSE_S``), or a value of the wrong type, yields a warning and
the default for it — never a crash, never a lost lock, and never text in the
model's context on tool events.
Reading is cheap when there is no file (two ``stat`` calls); a file is parsed with
``tomllib`` only when its content changed since the last run (a cache in the state
folder keyed by content hash).
"""

from __future__ import annotations

import os
import sys

from caveat.settings import FILENAME
from caveat.settings import GLOBAL
from caveat.settings import USER
from caveat.settings import USER_KEYS
from caveat.settings import Config
from caveat.settings import config_dir
from caveat.settings import default
from caveat.settings import defaults
from caveat.settings import registry
from caveat.settings import table_defaults
from caveat.settings import user_path

__all__ = [
    "FILENAME", "GLOBAL", "USER", "USER_KEYS", "Config", "config_dir", "default", "defaults",
    "load", "narrow", "user_path",
]  # fmt: skip

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.common.state import JsonCache
    from caveat.event import Event

CACHE_FILE = "config.cache.json"
_CACHE_VERSION = 1

_BOOL_TABLES = ("guards", "strict")


def project_path(root: str | None) -> str | None:
    return os.path.join(root, ".caveat", FILENAME) if root else None


def load(env: Mapping[str, str], project_root: str | None) -> Config:
    """The configuration that applies under ``project_root`` (None: user only)."""
    warnings: list[str] = []
    sources: list[str] = []
    layers: list[dict[str, object]] = []
    paths = [user_path(env), project_path(project_root)]
    cache: JsonCache | None = None
    for path in paths:
        if not path or not os.path.isfile(path):
            layers.append({})
            continue
        if path is paths[1] and not _trusted(env, project_root, warnings):
            layers.append({})
            continue
        if cache is None:
            from caveat.common.state import JsonCache

            cache = JsonCache(env, CACHE_FILE, _CACHE_VERSION)
        # Only the project's file is parsed under a deadline: the user's own file is
        # never cut short, so the user's locks hold on a loaded machine too.
        layers.append(_read(path, cache, warnings, PARSE_S if path is paths[1] else 0.0))
        sources.append(path)
    if cache is not None:
        cache.save()
    user, project = layers
    locked = _locks(user, warnings)
    # Only the tables the files name; any other reads as its default.
    values = {table: dict(keys) for table, keys in GLOBAL.items()}
    _apply(values, user, "user", paths[0] or "", warnings, frozenset())
    _apply(values, project, "project", paths[1] or "", warnings, locked)
    for guard_id in env.get("CAVEAT_STRICT", "").replace(" ", "").split(","):
        if guard_id:
            values["strict"][guard_id] = True
    hold = env.get("CAVEAT_HOLD", "").strip().lower()
    if hold:  # the user's own choice (a plugin option): over both files, like strict
        _hold(values, "CAVEAT_HOLD", "mode", hold, warnings)
    return Config(values, tuple(warnings), tuple(sources))


def _trusted(env: Mapping[str, str], root: str | None, warnings: list[str]) -> bool:
    """Whether the project's policy may be read (SPEC §7 Trust); says why not."""
    from caveat import trust

    verdict = trust.verdict_safe(env, root)
    if verdict.trusted:
        return True
    if verdict.status == trust.LAPSED:
        why = f"has changed since it was trusted ({', '.join(verdict.changed)})"
    else:
        why = "is not trusted"
    warnings.append(
        f"{root}: the project's caveat policy {why}; its config.toml is ignored "
        f"(review it, then run `caveat trust {root}`)"
    )
    return False


# A project config is parsed inside this budget: whatever the file holds, the hook
# goes on with the defaults for the project's values rather than wait.
PARSE_S = 0.5


def _read(
    path: str, cache: JsonCache, warnings: list[str], budget: float = 0.0
) -> dict[str, object]:
    from caveat.common.state import digest as checksum
    from caveat.common.state import read_bytes

    raw = read_bytes(path, 1 << 20)
    if raw is None:
        warnings.append(f"{path}: unreadable or larger than 1 MiB; ignored")
        return {}
    digest = checksum(raw)
    entry = cache.get(path)
    if isinstance(entry, dict) and entry.get("hash") == digest:
        data = entry.get("data")
        if isinstance(data, dict):
            return data
    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib
    from caveat.common.budget import Overrun
    from caveat.common.budget import Timer

    try:
        with Timer(budget):  # 0: not armed
            parsed: dict[str, object] = tomllib.loads(raw.decode("utf-8"))
    except Overrun:
        warnings.append(f"{path}: took over {budget:g} s to parse; using the defaults instead")
        return {}
    except RecursionError:
        warnings.append(f"{path}: nested too deeply to parse; using the defaults instead")
        return {}
    except Exception as exc:  # any parse failure: defaults, never a silenced hook
        warnings.append(f"{path}: not valid TOML ({exc}); using the defaults instead")
        return {}
    try:
        from caveat.common.jsonio import dumps

        dumps(parsed)  # dates and times are not part of caveat's schema: do not cache them
        cache.put(path, {"hash": digest, "data": parsed})
    except (TypeError, ValueError, RecursionError):
        pass
    return parsed


def _locks(user: dict[str, object], warnings: list[str]) -> frozenset[str]:
    table = user.get("lock", {})
    keys = table.get("keys", []) if isinstance(table, dict) else None
    if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
        warnings.append("[lock] keys must be a list of dotted key names; no keys locked")
        return frozenset()
    return frozenset(keys)


def _apply(
    values: dict[str, dict[str, object]],
    layer: dict[str, object],
    origin: str,
    path: str,
    warnings: list[str],
    locked: frozenset[str],
) -> None:
    for table, keys in layer.items():
        if table in USER_KEYS:
            default = USER_KEYS[table]
            if origin == "project":
                warnings.append(f"{path}: {table} is read from the user config only; ignored")
            elif type(keys) is not type(default):
                expected = type(default).__name__
                warnings.append(f"{path}: {table} must be {expected}; using the default")
            else:
                values.setdefault(USER, dict(USER_KEYS))[table] = keys
            continue
        if table == "lock":
            if origin == "project":
                warnings.append(f"{path}: [lock] is read from the user config only; ignored")
            continue
        known = table_defaults(table)
        if known is None:
            from caveat.common.names import suggest

            tables = [*GLOBAL, *(t for spec in registry() for t in spec.settings), "lock"]
            hint = suggest(table, tables)
            warnings.append(f"{path}: unknown table [{table}]{hint}; ignored")
            continue
        if not isinstance(keys, dict):
            warnings.append(f"{path}: {table} must be a table; ignored")
            continue
        for key, value in keys.items():
            dotted = f"{table}.{key}"
            if dotted in locked or f"{table}.*" in locked:
                continue
            if table == "hold":
                _hold(values, path, key, value, warnings)
                continue
            if table in _BOOL_TABLES and key not in {spec.id for spec in registry()}:
                from caveat.common.names import suggest

                hint = suggest(key, [spec.id for spec in registry()])
                warnings.append(f"{path}: [{table}] {key}: no guard has that id{hint}; ignored")
                continue
            if table in _BOOL_TABLES:
                ok = isinstance(value, bool)
                expected = "true or false"
            elif key not in known:
                from caveat.common.names import suggest

                warnings.append(f"{path}: unknown key {dotted}{suggest(key, known)}; ignored")
                continue
            else:
                default = known[key]
                ok = type(value) is type(default)
                expected = type(default).__name__
                if isinstance(default, list):
                    ok = ok and all(isinstance(item, str) for item in value)
                    expected = "a list of strings"
            if not ok:
                warnings.append(f"{path}: {dotted} must be {expected}; using the default")
                continue
            values.setdefault(table, dict(known))[key] = value


def _hold(
    values: dict[str, dict[str, object]], path: str, key: str, value: object, warnings: list[str]
) -> None:
    """One ``[hold]`` key: ``mode``, or the id of a guard that holds, set to a mode."""
    from caveat.hold import MODES

    holding = [spec.id for spec in registry() if spec.holds]
    if key != "mode" and key not in holding:
        from caveat.common.names import suggest

        hint = suggest(key, ["mode", *holding])
        warnings.append(f"{path}: [hold] {key}: not 'mode' or a guard that holds{hint}; ignored")
        return
    if value not in MODES:
        shown = ", ".join(f'"{m}"' for m in MODES)
        warnings.append(f"{path}: hold.{key} must be one of {shown}; using the default")
        return
    values.setdefault("hold", {"mode": "once"})[key] = value


def narrow(config: Config, event: Event, root: str | None, env: Mapping[str, str]) -> Event:
    """``event`` without the edits to paths that ``[paths] exclude`` leaves out."""
    patterns = config.strings("paths", "exclude")
    if not patterns or not event.edits or not root:
        return event
    from caveat.common.patterns import PatternStore

    store = PatternStore(env)
    prefix = root.rstrip("/\\") + os.sep
    kept = tuple(
        edit
        for edit in event.edits
        if not (
            edit.path.startswith(prefix)
            and store.match(patterns, edit.path[len(prefix) :].replace(os.sep, "/"))
        )
    )
    return event if len(kept) == len(event.edits) else event.replace(edits=kept)
