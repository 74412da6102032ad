"""How handlers sit in a harness's file, one class per shape.

- :class:`~caveat.install.grouped.Grouped` (Claude Code and the harnesses modelled on
  it; :data:`~caveat.install.grouped.GROUPED`): ``{"hooks": {EVENT: [{"matcher": M,
  "hooks": [HANDLER, ...]}, ...]}}``;
- :class:`Flat` (Copilot, Cursor): ``{"version": 1, "hooks": {EVENT: [HANDLER, ...]}}``,
  each handler carrying its own ``matcher``;
- :class:`~caveat.install.listed.Listed` (Kiro): ``{"version": "v1", "hooks":
  [HANDLER, ...]}``, each handler naming its ``trigger`` and ``matcher``.

A layout wraps a harness's handlers into the units the file stores, merges them in,
takes caveat's handlers out, and lists them as ``(event, matcher, handler)`` for
``verify``. What is not caveat's (see :func:`caveat.install.owner.owned`) is kept, in
order; a unit of caveat's is replaced where it stands.
"""

from __future__ import annotations

from caveat.install.core import InstallError
from caveat.install.owner import owned

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.install.core import Found
    from caveat.install.core import Json


class Layout:
    """``hooks`` an object keyed by event, each holding a list of units; here a unit is
    a handler (:class:`Flat`); :class:`~caveat.install.grouped.Grouped` makes it a
    matcher group."""

    unit_name = "handlers"

    def __init__(self, skeleton: Json | None = None) -> None:
        self.skeleton: Json = skeleton or {}  # the top-level keys a new file starts with

    def wrap(self, event: str, matcher: str | None, handler: Json) -> Json:
        return handler

    def where(self, event: str, unit: Json) -> Found:
        """The (event, matcher, handler) a unit registers."""
        return event, unit.get("matcher"), unit

    def check(self, path: str, data: Json) -> None:
        hooks = data.get("hooks")
        if hooks is None:
            return
        if not isinstance(hooks, dict):
            raise InstallError(f'{path}: "hooks" is not an object; fix the file first')
        for event, units in hooks.items():
            if not isinstance(units, list) or not all(self._unit_ok(u) for u in units):
                raise InstallError(
                    f'{path}: "hooks.{event}" is not a list of {self.unit_name}; fix the file first'
                )

    def _unit_ok(self, unit: object) -> bool:
        return isinstance(unit, dict)

    # The unit's own handlers: a group holds several, a flat handler is its own.
    def handlers(self, unit: Json) -> list[Json]:
        return [unit]

    def without(self, unit: Json, contract: str) -> Json | None:
        """``unit`` less caveat's handlers; None when nothing of it is left."""
        return None if owned(unit, contract) else unit

    def found(self, data: Json, contract: str) -> list[Found]:
        hooks = data.get("hooks")
        out: list[Found] = []
        for event, units in hooks.items() if isinstance(hooks, dict) else ():
            for unit in units if isinstance(units, list) else ():
                if not isinstance(unit, dict):
                    continue
                for handler in self.handlers(unit):
                    if owned(handler, contract):
                        out.append((event, unit.get("matcher"), handler))
        return out

    def merged(self, data: Json, contract: str, wanted: list[tuple[str, Json]]) -> Json:
        """``data`` with caveat's registrations exactly ``wanted``: a unit that holds only
        caveat's handlers is replaced in place (by the wanted unit with its matcher),
        others lose caveat's handlers, new units go at the end of their event's list."""
        out = dict(data)
        hooks: Json = dict(out.get("hooks") or {})
        pending: dict[str, list[Json]] = {}
        for event, unit in wanted:
            pending.setdefault(event, []).append(unit)
        for event, units in list(hooks.items()):
            todo = pending.pop(event, [])
            new: list[Json] = []
            for unit in units:
                kept = self.without(unit, contract)
                if kept is unit:
                    new.append(unit)
                    continue
                if kept is None:
                    same = [u for u in todo if u.get("matcher") == unit.get("matcher")]
                    if same:
                        new.append(same[0])
                        todo.remove(same[0])
                    continue
                new.append(kept)
            new.extend(todo)
            if new or units == []:
                hooks[event] = new
            else:
                del hooks[event]
        hooks.update(pending)
        if hooks or "hooks" in out:
            out["hooks"] = hooks
        return out

    def removed(self, data: Json, contract: str, keep_empty: bool = False) -> tuple[Json, int]:
        """``data`` without caveat's handlers; containers emptied by the removal go too
        (the ``hooks`` object stays when ``keep_empty``: the operator had it so).
        Returns the count of handlers removed."""
        hooks = data.get("hooks")
        if not isinstance(hooks, dict):
            return data, 0
        total = 0
        new_hooks: Json = {}
        for event, units in hooks.items():
            kept: list[Json] = []
            count = 0
            for unit in units:
                left = self.without(unit, contract)
                count += len(self.handlers(unit)) - (
                    0 if left is None else len(self.handlers(left))
                )
                if left is not None:
                    kept.append(left)
            total += count
            if kept or not count:
                new_hooks[event] = kept
        if not total:
            return data, 0
        return with_hooks(data, new_hooks, keep_empty), total

    def bare(self, data: Json) -> bool:
        """Nothing but what a new file starts with (and an empty ``hooks``)."""
        rest = {k: v for k, v in data.items() if not (k == "hooks" and not v)}
        return rest == self.skeleton or not rest


class Flat(Layout):
    """Handlers straight under the event; ``version`` is the format's own key."""

    unit_name = "handler objects"


def with_hooks(data: Json, hooks: object, keep_empty: bool) -> Json:
    """``data`` with ``hooks`` in place; an emptied ``hooks`` goes unless the
    operator's file had it empty before caveat came."""
    out = dict(data)
    if hooks or keep_empty:
        out["hooks"] = hooks
    else:
        del out["hooks"]
    return out
