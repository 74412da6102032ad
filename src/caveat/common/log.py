"""Faults go to one line on stderr, never to stdout (which carries only the envelope)."""

from __future__ import annotations

import os


def log(message: str) -> None:
    """``caveat: message`` on one line. A message may quote a payload, a project file
    or a request line, so it is escaped as a field (``caveat.common.term``, imported
    here only: this runs on the hook path on faults alone)."""
    from caveat.common.term import field

    line = "caveat: " + field(" ".join(message.split())) + "\n"
    try:
        os.write(2, line.encode("utf-8", "replace"))
    except OSError:
        pass
