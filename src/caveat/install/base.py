"""What a harness's installer (``caveat.harnesses.<id>.install``) declares: each
registration (:class:`Entry`), and where and how they are written (:class:`Harness`).

How handlers sit in the file is the harness's layout (:mod:`caveat.install.layout`);
what a registration runs, :mod:`caveat.install.command` or, for HTTP hooks,
:mod:`caveat.install.endpoint`.
"""

from __future__ import annotations

import os

from caveat.install.core import InstallError
from caveat.install.core import home
from caveat.install.endpoint import Endpoint
from caveat.install.grouped import GROUPED

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from collections.abc import Mapping

    from caveat.install.command import Runtime
    from caveat.install.core import Found
    from caveat.install.core import Json
    from caveat.install.layout import Layout


class Entry:
    """One registration: a vendor event and matcher, and the tools it covers
    (caveat's canonical names; empty: any tool or no tool). ``guards`` narrows it to
    those guard ids (empty: every guard that handles the event and tools). ``hold``:
    the entry answers only with a hold (docs/holds.md), for a harness that drops
    pre-tool advice but honours a block."""

    __slots__ = ("event", "guards", "hold", "matcher", "tools", "vendor_event")

    def __init__(
        self,
        vendor_event: str,
        event: str,
        matcher: str | None = None,
        tools: frozenset[str] = frozenset(),
        guards: frozenset[str] = frozenset(),
        hold: bool = False,
    ) -> None:
        self.vendor_event = vendor_event
        self.event = event
        self.matcher = matcher
        self.tools = tools
        self.guards = guards
        self.hold = hold

    def words(self) -> tuple[str, ...]:
        """What the registration's command line says after its event: the guards it
        narrows to, if any. Without them the hook runs every guard the installed
        version has for the event, so an upgrade needs no reinstall."""
        words = ("--hold",) if self.hold else ()
        return words + (("--guards", ",".join(sorted(self.guards))) if self.guards else ())


class Harness:
    """How caveat registers with one harness."""

    __slots__ = (
        "command_events", "entries", "handler", "http_handler", "id", "layout",
        "local_file", "notes", "private", "project_file", "reads_claude", "skills",
        "trust_by_hash", "user_file", "why",
    )  # fmt: skip

    def __init__(
        self,
        harness_id: str,
        user_file: Callable[[Mapping[str, str]], str],
        project_file: str,  # relative to the project folder
        entries: tuple[Entry, ...],
        handler: Callable[[Runtime, Entry], Json],
        notes: tuple[str, ...] = (),
        *,
        why: str = "",
        layout: Layout | None = None,
        reads_claude: str = "",
        private: bool = False,
        http_handler: Callable[[Endpoint, Entry], Json] | None = None,
        local_file: str | None = None,
        command_events: frozenset[str] = frozenset(),
        skills: str | None = None,
        trust_by_hash: str = "",
    ) -> None:
        # The contract id: the registrations' ``--contract``, the name on the command line.
        self.id = harness_id
        self.user_file = user_file
        self.project_file = project_file
        self.entries = entries
        self.handler = handler
        self.notes = notes
        self.why = why  # one line: why these events (``caveat harnesses``)
        self.layout = GROUPED if layout is None else layout
        # The vendor's switch that stops it running Claude Code's hooks too (SPEC §8).
        self.reads_claude = reads_claude
        # The project file is the operator's local configuration: keep it out of git.
        self.private = private
        # HTTP registrations (``caveat serve``): the handler, and the project file for
        # them, uncommitted because the settings then hold the server's token.
        self.http_handler = http_handler
        self.local_file = local_file
        # Events the harness runs no HTTP hook for: these stay in command form even in
        # an HTTP install.
        self.command_events = command_events
        # Where the harness reads skills, under the home folder or the project (None:
        # it reads none): caveat's own skills are installed there.
        self.skills = skills
        # The harness's name when it trusts a hook by a hash of its definition and
        # asks again when that changes (:mod:`caveat.install.rehash`).
        self.trust_by_hash = trust_by_hash

    def path(self, env: Mapping[str, str], project: str | None, http: bool = False) -> str:
        if project is None:
            return self.user_file(env)
        relative = self.local_file if http and self.local_file else self.project_file
        return os.path.join(os.path.abspath(project), relative)

    def skills_folder(self, env: Mapping[str, str], project: str | None) -> str | None:
        if self.skills is None:
            return None
        base = home(env) if project is None else os.path.abspath(project)
        return os.path.join(base, self.skills)

    def paths(self, env: Mapping[str, str], project: str | None) -> list[str]:
        """Every file of this scope that may hold caveat's registrations, main one first."""
        found = [self.path(env, project)]
        if project is not None and self.local_file:
            found.append(self.path(env, project, http=True))
        return found

    def project_of(self, path: str) -> str | None:
        """The project folder a project file of this harness sits in, else None."""
        for relative in (self.project_file, self.local_file):
            suffix = os.sep + relative if relative else ""
            if suffix and path.endswith(suffix):
                return path[: -len(suffix)] or os.sep
        return None

    def units(self, target: Runtime | Endpoint) -> list[tuple[str, Json]]:
        """(vendor event, what the file stores) for every entry, in table order; an
        :class:`Endpoint` target makes HTTP registrations."""
        out = []
        for entry in self.entries:
            if isinstance(target, Endpoint) and entry.vendor_event in self.command_events:
                handler = self.handler(target.runtime(), entry)
            elif isinstance(target, Endpoint):
                if self.http_handler is None:
                    raise InstallError(f"{self.id} takes no HTTP hooks")
                handler = self.http_handler(target, entry)
            else:
                handler = self.handler(target, entry)
            out.append(
                (entry.vendor_event, self.layout.wrap(entry.vendor_event, entry.matcher, handler))
            )
        return out

    def wanted(self, target: Runtime | Endpoint) -> list[Found]:
        """(event, matcher, handler) for every entry, as verify compares them
        (:func:`caveat.install.compare.status`)."""
        return [self.layout.where(event, unit) for event, unit in self.units(target)]
