"""caveat registered twice for one harness and event: in the user's file and a
project's, or in a settings file and the Claude Code plugin. A session in a project
runs the hooks of the user's file, the project's files and the enabled plugins side
by side, so each tool call starts caveat once for each. (Two registrations in one
project's two files are verify's own finding.)"""

from __future__ import annotations

import os
from typing import NamedTuple

from caveat.harnesses import HARNESSES
from caveat.install import pluginstate
from caveat.install.core import InstallError
from caveat.install.owner import invocation
from caveat.install.resolve import harness
from caveat.install.resolve import read

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping


class Place(NamedTuple):
    """Where caveat's registrations for one harness are: ``scope`` is "user", a
    project folder, or "plugin"; ``commands`` maps each event to what it runs."""

    scope: str
    label: str
    fix: str
    commands: dict[str, frozenset[str]]


def _files(name: str, env: Mapping[str, str], project: str | None) -> list[Place]:
    spec = harness(name)
    scope = "user" if project is None else project
    fix = f"caveat uninstall --harness {spec.id} " + (
        "--user" if project is None else f"--project {project}"
    )
    found = []
    for path in spec.paths(env, project):
        try:
            handlers = spec.layout.found(read(spec, path).data, spec.id)
        except (OSError, InstallError):
            continue  # verify reports an unreadable file
        commands: dict[str, set[str]] = {}
        for event, _, handler in handlers:
            commands.setdefault(event, set()).add(invocation(handler))
        if commands:
            frozen = {event: frozenset(run) for event, run in commands.items()}
            found.append(Place(scope, path, fix, frozen))
    return found


def _plugin(env: Mapping[str, str], project: str | None) -> list[Place]:
    runs = frozenset({"the plugin's bootstrap.sh"})
    return [
        Place("plugin", on.label(), on.fix(), dict.fromkeys(pluginstate.events(), runs))
        for on in pluginstate.enabled(env, project)
    ]


def _effect(name: str, first: Place, second: Place, events: list[str]) -> str:
    if "plugin" in (first.scope, second.scope):
        return (
            ", so each of them runs twice (Claude Code runs a plugin's hooks beside "
            "those of its settings files)"
        )
    if name == "claude" and all(first.commands[e] == second.commands[e] for e in events):
        return (
            ": Claude Code runs identical commands once, but the two run side by side as "
            "soon as one of them is rewritten (an install from another Python)"
        )
    return ", so each of them runs twice"


def found(env: Mapping[str, str], projects: list[str]) -> list[str]:
    """One line per pair of places that register caveat for the same harness and
    events, for sessions outside a project or in any of ``projects``: both places,
    what follows, and the fix."""
    folders = list(dict.fromkeys(os.path.abspath(p) for p in projects))
    lines: list[str] = []
    for name in HARNESSES:
        user = _files(name, env, None)
        for project in [None, *folders]:
            places = list(user)
            if project is not None:
                places += _files(name, env, project)
            if name == "claude":
                places += _plugin(env, project)
            for i, first in enumerate(places):
                for second in places[i + 1 :]:
                    if first.scope == second.scope:
                        continue
                    events = [e for e in first.commands if e in second.commands]
                    if not events:
                        continue
                    line = (
                        f"{name}: caveat's {', '.join(events)} hooks are registered both in "
                        f"{first.label} and in {second.label}"
                        f"{_effect(name, first, second, events)}; fix: remove one: "
                        f"{first.fix}, or {second.fix}"
                    )
                    if line not in lines:
                        lines.append(line)
    lines.extend(_shared_home(env, folders))
    return lines


def _shared_home(env: Mapping[str, str], folders: list[str]) -> list[str]:
    """Gemini CLI's and agy's registrations side by side. agy shares ``~/.gemini``
    with Gemini CLI and offers, on its first launch, to import Gemini CLI's
    configuration: a Gemini registration it took over runs caveat again, as Gemini
    CLI, beside caveat's own agy registration (Gemini's answers are not agy's)."""
    gemini = [p for s in (None, *folders) for p in _files("gemini", env, s)]
    agy = [p for s in (None, *folders) for p in _files("antigravity", env, s)]
    if not gemini or not agy:
        return []
    return [
        f"gemini, antigravity: caveat is registered for Gemini CLI in {gemini[0].label} and "
        f"for the Antigravity CLI in {agy[0].label}; agy offers to import Gemini CLI's "
        "configuration, and a Gemini registration it imported runs caveat a second time "
        "on each call; fix: if an agy hooks.json holds a caveat hook naming --contract gemini, "
        f"remove it there, or, where Gemini CLI is not used: {gemini[0].fix}"
    ]
