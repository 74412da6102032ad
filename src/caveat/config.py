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

A file that does not parse, or a value of the wrong type, yields a warning and the
default for it — never a crash, and never text in the model's context on tool events.
Reading is cheap when there is no file (two ``stat`` calls); a file is parsed with
``tomllib`` only when its content changed since the last run (a cache in the state
folder keyed by content hash).
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.event import Event
    from caveat.state import JsonCache

FILENAME = "config.toml"
CACHE_FILE = "config.cache.json"
_CACHE_VERSION = 1

# The settings themselves (defaults and the record guards read) live with the guards'
# context, so that a call without any config file needs no module of this one.
from caveat.guards.base import DEFAULTS as DEFAULTS  # noqa: E402
from caveat.guards.base import Config as Config  # noqa: E402
from caveat.guards.base import config_dir  # noqa: E402
from caveat.guards.base import defaults as defaults  # noqa: E402

_BOOL_TABLES = ("guards", "strict")


def user_path(env: Mapping[str, str]) -> str:
    return os.path.join(config_dir(env), FILENAME)


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
        if cache is None:
            from caveat.state import JsonCache

            cache = JsonCache(env, CACHE_FILE, _CACHE_VERSION)
        layers.append(_read(path, cache, warnings))
        sources.append(path)
    if cache is not None:
        cache.save()
    user, project = layers
    locked = _locks(user, warnings)
    values = defaults()
    _apply(values, user, "user", paths[0] or "", warnings, frozenset())
    _apply(values, project, "project", paths[1] or "", warnings, locked)
    for guard_id in env.get("CAVEAT_STRICT", "").replace(" ", "").split(","):
        if guard_id:
            values["strict"][guard_id] = True
    return Config(values, tuple(warnings), tuple(sources))


def _read(path: str, cache: JsonCache, warnings: list[str]) -> dict[str, object]:
    import zlib

    from caveat.state import read_bytes

    raw = read_bytes(path, 1 << 20)
    if raw is None:
        warnings.append(f"{path}: unreadable or larger than 1 MiB; ignored")
        return {}
    digest = f"{zlib.crc32(raw):08x}-{len(raw)}"
    entry = cache.get(path)
    if isinstance(entry, dict) and entry.get("hash") == digest:
        data = entry.get("data")
        if isinstance(data, dict):
            return data
    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib
    try:
        parsed: dict[str, object] = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        warnings.append(f"{path}: not valid TOML ({exc}); using the defaults instead")
        return {}
    try:
        from caveat.jsonio import dumps

        dumps(parsed)  # dates and times are not part of caveat's schema: do not cache them
        cache.put(path, {"hash": digest, "data": parsed})
    except TypeError:
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
        if table == "lock":
            if origin == "project":
                warnings.append(f"{path}: [lock] is read from the user config only; ignored")
            continue
        if table not in DEFAULTS:
            warnings.append(f"{path}: unknown table [{table}]; ignored")
            continue
        if not isinstance(keys, dict):
            warnings.append(f"{path}: {table} must be a table; ignored")
            continue
        for key, value in keys.items():
            dotted = f"{table}.{key}"
            if dotted in locked or f"{table}.*" in locked:
                continue
            if table in _BOOL_TABLES:
                ok = isinstance(value, bool)
                expected = "true or false"
            elif key not in DEFAULTS[table]:
                warnings.append(f"{path}: unknown key {dotted}; ignored")
                continue
            else:
                default = DEFAULTS[table][key]
                ok = type(value) is type(default)
                expected = type(default).__name__
                if isinstance(default, list):
                    ok = ok and all(isinstance(item, str) for item in value)
                    expected = "a list of strings"
            if not ok:
                warnings.append(f"{path}: {dotted} must be {expected}; using the default")
                continue
            values[table][key] = value


def narrow(config: Config, event: Event, root: str | None, env: Mapping[str, str]) -> Event:
    """``event`` without the edits to paths that ``[paths] exclude`` leaves out."""
    patterns = config.strings("paths", "exclude")
    if not patterns or not event.edits or not root:
        return event
    from caveat.patterns import PatternStore

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
