"""A known audit log for the ``caveat log`` and ``caveat stats`` tests: records in the
shape ``caveat.audit`` writes, spread over three UTC days."""

from __future__ import annotations

import json
import os


def record(
    when: str,
    guards: list[tuple[str, str, float]],
    received: str = "nothing",
    contract: str = "claude",
    session: str = "s1",
    ms: float = 5.0,
    path: str = "src/app.py",
) -> dict[str, object]:
    rows: list[dict[str, object]] = []
    for guard, outcome, took in guards:
        row: dict[str, object] = {"id": guard, "outcome": outcome, "ms": took}
        if outcome == "faulted":
            row["reason"] = "overrun"
        rows.append(row)
    return {
        "time": when,
        "contract": contract,
        "event": "PreToolUse",
        "tool": "Write",
        "project": "/work/app",
        "path": path,
        "session": session,
        "guards": rows,
        "received": received,
        "ms": ms,
    }


KNOWN = [
    record(
        "2026-11-29T10:00:00Z", [("eval", "advised", 2.0), ("dependency", "silent", 0.1)], "advice"
    ),
    record("2026-11-29T11:00:00Z", [("dependency", "advised", 1.0)], "advice", ms=12.0),
    record("2026-11-29T12:00:00Z", [("dependency", "advised", 1.5)], "advice", session="s2"),
    record("2026-11-30T09:00:00Z", [("dependency", "advised", 1.2)], "advice", "codex", "s3"),
    record("2026-11-30T09:30:00Z", [("askuser", "denied", 0.3)], "deny", ms=1.5),
    record("2026-11-30T10:00:00Z", [("custom", "faulted", 1500.0)], session="s4", ms=1510.0),
    record("2026-11-30T10:01:00Z", [("custom", "faulted", 1500.0)], session="s4", ms=1505.0),
    record("2026-11-30T10:02:00Z", [("custom", "faulted", 1500.0)], session="s4", ms=1502.0),
    record("2026-11-30T10:03:00Z", [("custom", "skipped", 0.0)], session="s4", ms=3.0),
    record("2026-12-01T08:00:00Z", [("eval", "silent", 0.2), ("git", "silent", 0.1)], ms=0.5),
    record("2026-12-01T08:05:00Z", [("git", "advised", 0.4)], "advice", "gemini", "s5", 25.0),
]
# Bars of the advice chart: (day, guard) pairs with advice.
BARS = {("2026-11-29", "eval"), ("2026-11-29", "dependency"), ("2026-11-30", "dependency")}
BARS |= {("2026-11-30", "askuser"), ("2026-12-01", "git")}


def write_log(state_dir: str, records: list[dict[str, object]] = KNOWN) -> None:
    folder = os.path.join(state_dir, "audit")
    os.makedirs(folder, mode=0o700, exist_ok=True)
    for item in records:
        day = str(item["time"])[:10]
        with open(os.path.join(folder, day + ".jsonl"), "a", encoding="ascii") as handle:
            handle.write(json.dumps(item, separators=(",", ":")) + "\n")
