"""The layout of Claude Code and the harnesses modelled on it: ``{"hooks": {EVENT:
[{"matcher": M, "hooks": [HANDLER, ...]}, ...]}}``, one matcher group a unit."""

from __future__ import annotations

from caveat.install.layout import Layout
from caveat.install.owner import owned

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.install.core import Found
    from caveat.install.core import Json


class Grouped(Layout):
    unit_name = '{"matcher", "hooks": [...]} groups'

    def wrap(self, event: str, matcher: str | None, handler: Json) -> Json:
        group: Json = {}
        if matcher is not None:
            group["matcher"] = matcher
        group["hooks"] = [handler]
        return group

    def where(self, event: str, unit: Json) -> Found:
        return event, unit.get("matcher"), unit["hooks"][0]

    def _unit_ok(self, unit: object) -> bool:
        return isinstance(unit, dict) and isinstance(unit.get("hooks", []), list)

    def handlers(self, unit: Json) -> list[Json]:
        return list(unit.get("hooks", []))

    def without(self, unit: Json, contract: str) -> Json | None:
        handlers = unit.get("hooks", [])
        kept = [h for h in handlers if not owned(h, contract)]
        if len(kept) == len(handlers):
            return unit
        return {**unit, "hooks": kept} if kept else None


GROUPED = Grouped()
