"""``caveat harnesses``: the harnesses caveat can install into, their files and events."""

from __future__ import annotations

import json
import os
from typing import Any

from caveat.common.term import field
from caveat.common.term import out
from caveat.harnesses import HARNESSES
from caveat.install.resolve import harness


def run_harnesses(as_json: bool) -> int:
    rows: list[dict[str, Any]] = []
    for name in HARNESSES:
        spec = harness(name)
        rows.append(
            {
                "name": name,
                "contract": spec.id,
                "user_file": spec.path(os.environ, None),
                "project_file": spec.project_file,
                "events": list(dict.fromkeys(e.vendor_event for e in spec.entries)),
                "why": spec.why,
            }
        )
    if as_json:
        out(json.dumps(rows, indent=2))
        return 0
    for row in rows:
        out(f"{row['name']:<12} {field(row['user_file'])}  |  <project>/{row['project_file']}")
        out(f"{'':<12} {', '.join(row['events'])}: {row['why']}")
    return 0
