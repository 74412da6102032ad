"""The benchmark report: rows grouped in sections, printed as one table, written as
JSON with the machine and commit they were measured on, compared with an older file.

A row's headline is its ratio (to the interpreter floor, or 16 MB time / 1 MB time):
absolute times depend on the machine, ratios much less.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import subprocess
import sys

Row = dict[str, object]

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def row(section: str, name: str, ms: float | None, ratio: float | None, note: str = "") -> Row:
    return {"section": section, "name": name, "ms": ms, "ratio": ratio, "note": note}


def _git(*args: str) -> str:
    try:
        done = subprocess.run(
            ["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=10, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


def machine() -> dict[str, object]:
    """Where and on what the numbers were measured."""
    commit = _git("rev-parse", "--short=12", "HEAD")
    if commit and _git("status", "--porcelain", "--untracked-files=no"):
        commit += "+dirty"
    return {
        "commit": commit or "unknown",
        "timestamp": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": platform.processor(),
        "cpus": os.cpu_count(),
    }


def _key(item: Row) -> tuple[str, str]:
    return str(item["section"]), str(item["name"])


def _num(value: object) -> str:
    """Three significant digits at most, never scientific notation."""
    if not isinstance(value, (int, float)):
        return "n/a"
    size = abs(value)
    if size >= 100 or size == 0:
        return f"{value:.0f}"
    if size >= 1:
        return f"{value:.{2 if size < 10 else 1}f}"
    return f"{value:.{min(6, 2 - int(f'{size:e}'.split('e')[1]))}f}"


def render(report: dict[str, object], old: dict[str, object] | None = None) -> str:
    """The whole report as one table; with ``old``, each ratio beside the old one."""
    meta = report["meta"]
    assert isinstance(meta, dict)
    rows = report["rows"]
    assert isinstance(rows, list)
    before: dict[tuple[str, str], object] = {}
    head = (
        f"caveat bench  {meta['commit']}  {meta['timestamp']}  Python {meta['python']}  "
        f"{meta['cpus']} cpus  {meta['platform']}"
    )
    lines = [head]
    if old is not None:
        old_meta, old_rows = old.get("meta", {}), old.get("rows", [])
        assert isinstance(old_meta, dict) and isinstance(old_rows, list)
        before = {_key(r): r.get("ratio") for r in old_rows}
        lines.append(f"compared with {old_meta.get('commit')}  {old_meta.get('timestamp')}")
    columns = f"{'':50} {'ms':>9} {'ratio':>8}"
    if old is not None:
        columns += f" {'was':>8} {'change':>7}"
    lines.append(columns + "  note")
    section = None
    for item in rows:
        if item["section"] != section:
            section = item["section"]
            lines.append(f"{section}")
        line = f"  {str(item['name'])[:48]:48} {_num(item['ms']):>9} {_num(item['ratio']):>8}"
        if old is not None:
            was = before.get(_key(item))
            change = ""
            if isinstance(was, (int, float)) and was and isinstance(item["ratio"], (int, float)):
                change = f"{(item['ratio'] / was - 1) * 100:+.0f}%"
            line += f" {_num(was):>8} {change:>7}"
        lines.append(line + (f"  {item['note']}" if item["note"] else ""))
    return "\n".join(lines)


def write(path: str, report: dict[str, object]) -> None:
    with open(path, "w") as handle:
        json.dump(report, handle, indent=2)
        handle.write("\n")


def read(path: str) -> dict[str, object]:
    with open(path) as handle:
        loaded = json.load(handle)
    if not isinstance(loaded, dict) or not isinstance(loaded.get("rows"), list):
        raise SystemExit(f"{path}: not a report written by scripts/bench.py --json")
    return loaded
