"""Kiro's layout: ``{"version": "v1", "hooks": [HANDLER, ...]}``, one list of
handlers, each naming its ``trigger`` and ``matcher``."""

from __future__ import annotations

from caveat.install.core import InstallError
from caveat.install.layout import Layout
from caveat.install.layout import with_hooks
from caveat.install.owner import owned

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.install.core import Found
    from caveat.install.core import Json


class Listed(Layout):
    """One list of handlers; each names its event (``trigger``)."""

    unit_name = "handler objects"

    def __init__(self, skeleton: Json, event_key: str) -> None:
        super().__init__(skeleton)
        self.event_key = event_key

    def where(self, event: str, unit: Json) -> Found:
        return str(unit.get(self.event_key)), unit.get("matcher"), unit

    def check(self, path: str, data: Json) -> None:
        hooks = data.get("hooks")
        if hooks is None:
            return
        if not isinstance(hooks, list) or not all(isinstance(h, dict) for h in hooks):
            raise InstallError(
                f'{path}: "hooks" is not a list of {self.unit_name}; fix the file first'
            )

    def found(self, data: Json, contract: str) -> list[Found]:
        hooks = data.get("hooks")
        units = hooks if isinstance(hooks, list) else []
        return [self.where("", h) for h in units if isinstance(h, dict) and owned(h, contract)]

    def merged(self, data: Json, contract: str, wanted: list[tuple[str, Json]]) -> Json:
        out = dict(data)
        todo = [unit for _, unit in wanted]
        new: list[Json] = []
        for unit in out.get("hooks") or []:
            if not owned(unit, contract):
                new.append(unit)
                continue
            key = self.where("", unit)[:2]
            same = [u for u in todo if self.where("", u)[:2] == key]
            if same:
                new.append(same[0])
                todo.remove(same[0])
        new.extend(todo)
        if new or "hooks" in out:
            out["hooks"] = new
        return out

    def removed(self, data: Json, contract: str, keep_empty: bool = False) -> tuple[Json, int]:
        hooks = data.get("hooks")
        if not isinstance(hooks, list):
            return data, 0
        kept = [h for h in hooks if not owned(h, contract)]
        if len(kept) == len(hooks):
            return data, 0
        return with_hooks(data, kept, keep_empty), len(hooks) - len(kept)
