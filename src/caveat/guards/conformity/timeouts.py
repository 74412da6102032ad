"""The advisory check of hook timeouts (``hooks-timeout-units``): a value that reads
as given in the other unit, seconds where the harness counts milliseconds or the
reverse. Takes a ``Doc`` (``caveat.guards.conformity.doc``) and returns a list of
``(problem, fix)``, as every conformity check does. The unit is the harness's
(``TIMEOUT_UNIT`` of its ``hookfile`` module).
"""

from __future__ import annotations

from caveat.guards.conformity import rules
from caveat.guards.conformity.hookfiles import OWNER
from caveat.guards.conformity.hookfiles import hooks_of
from caveat.harnesses.hookshape import timeout_ok

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.guards.conformity.doc import Doc
    from caveat.harnesses.hookshape import Issues


def _handlers(doc: Doc) -> list[tuple[str, dict[str, object]]]:
    """(where, handler) of each handler object, for the timeout check."""
    hooks = hooks_of(doc)
    out: list[tuple[str, dict[str, object]]] = []
    for event, groups in hooks.items() if isinstance(hooks, dict) else ():
        for i, group in enumerate(groups if isinstance(groups, list) else ()):
            if not isinstance(group, dict):
                continue
            nested = group.get("hooks")
            if not isinstance(nested, list):
                out.append((f"hooks.{event}[{i}]", group))
                continue
            for j, handler in enumerate(nested):
                if isinstance(handler, dict):
                    out.append((f"hooks.{event}[{i}].hooks[{j}]", handler))
    return out


def timeout_units(doc: Doc) -> Issues:
    issues: Issues = []
    owner = OWNER.get(doc.kind)
    if owner is None or not owner.TIMEOUT_UNIT:
        return []
    millis = owner.TIMEOUT_UNIT == "ms"
    harness = owner.NAME
    for at, handler in _handlers(doc):
        for key in ("timeout", "timeoutSec"):
            value = handler.get(key)
            if not isinstance(value, (int, float)) or not timeout_ok(value):
                continue
            if millis and handler.get("type", "command") != "command":
                continue  # Qwen's http hooks count seconds
            if millis and value < rules.MILLISECONDS_SUSPECT:
                problem = f"`{at}.{key}` is {value:g}, but {harness} counts milliseconds"
                issues.append((problem, f'give milliseconds: "{key}": {int(value * 1000)}'))
            elif not millis and value >= rules.SECONDS_SUSPECT:
                hours = f"{value / 3600:.1f}"
                problem = f"`{at}.{key}` is {value:g}, but {harness} counts seconds ({hours} h)"
                issues.append((problem, f'give seconds: "{key}": {max(1, int(value // 1000))}'))
    return issues
