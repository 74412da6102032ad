"""``caveat doctor``'s checks of the recent hook calls, as the audit log recorded
them: calls that could not start caveat, and calls whose input it could not use."""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.commands.doctor import Row


def launches(env: Mapping[str, str]) -> list[Row]:
    """Hook calls that could not start caveat (its package or interpreter gone), as
    the launcher recorded them in the audit log: those of the last day, since the
    launcher was last written (an install that rewrote it is the fix)."""
    import time

    from caveat import auditlog
    from caveat.install import launcher

    since = time.time() - 86400
    try:
        since = max(since, int(os.stat(launcher.shell_path(env)).st_mtime))  # log: seconds
    except OSError:
        pass
    faults = [
        r
        for r in auditlog.read(env, auditlog.Filter(since=since))
        if str(r.get("failed", "")).startswith("launch failed")
    ]
    if not faults:
        return []
    last = faults[-1]
    problem = (
        f"{len(faults)} hook call(s) could not start caveat, the latest at {last.get('time')}: "
        f"{last.get('failed')} (caveat log shows them); fix: caveat install --harness NAME "
        "for each harness caveat verify lists"
    )
    return [("launch", problem, "")]


def unusable(env: Mapping[str, str]) -> list[Row]:
    """Hook calls of the last day whose input, contract or arguments caveat could not
    use: a registration or harness sends what caveat cannot read."""
    import time

    from caveat import auditlog

    since = time.time() - 86400
    found = list(auditlog.read(env, auditlog.Filter(since=since, outcome="unusable")))
    if not found:
        return []
    last = found[-1]
    problem = (
        f"{len(found)} hook call(s) in the last day could not be used, the latest at "
        f"{last.get('time')}: {last.get('unusable')} from {last.get('contract') or '?'} "
        "(caveat log --outcome unusable shows them); fix: caveat verify --run, then "
        "caveat install --harness NAME"
    )
    return [("hook input", problem, "")]
